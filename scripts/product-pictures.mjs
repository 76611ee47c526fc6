// Draws the demo catalog's product pictures (prisma/seed/media/products/<slug>.jpg, each product's
// `images[0]` in prisma/seed/demo-catalog.json, served at /media/files/products/): for each product,
// the region of the first demo picture that places it (an image, else a video's poster), around its
// placement's x/y, with its category, title and brand written over it. 300 × 300 JPEGs of a few KB,
// checked in, so that neither the install nor the server needs this; it needs Debian's Chromium
// (/usr/bin/chromium, driven by playwright-core, a dev dependency) and is kept to show how they were
// made and to make them again: node scripts/product-pictures.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mediaDir = join(root, 'prisma', 'seed', 'media');
const catalog = JSON.parse(readFileSync(join(root, 'prisma', 'seed', 'demo-catalog.json'), 'utf8'));
const size = 300;
/** The side of the region taken around a placement, as a fraction of the picture's width. */
const region = 0.4;
const filesPrefix = '/media/files/';

/** A file under /media/files/ as a data URL (the page is set from a string: it has no origin to load from). */
const dataUrl = (url) =>
  `data:image/jpeg;base64,${readFileSync(join(mediaDir, url.slice(filesPrefix.length))).toString('base64')}`;

/** Where each product is first placed: the picture (an image's, else a video's poster), its size and the x/y. */
function firstPlacements() {
  const found = new Map();
  const ordered = [
    ...catalog.media.filter((m) => m.type === 'image'),
    ...catalog.media.filter((m) => m.type !== 'image'),
  ];
  for (const media of ordered) {
    const picture = media.type === 'image' ? media.url : media.poster_url;
    for (const placement of media.placements) {
      if (placement.x === undefined || found.has(placement.product_id)) continue;
      // The picture's name is written across its foot (scripts/make-demo-media.sh): the region stays above it.
      const foot = media.type === 'image' ? 150 : 100;
      found.set(placement.product_id, { picture, width: media.width, height: media.height, foot, ...placement });
    }
  }
  return found;
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function tileHtml(product, place) {
  // The region, in the picture's pixels, kept inside it; then scaled to the tile.
  const side = Math.round(place.width * region);
  const left = Math.min(Math.max(0, Math.round(place.x * place.width - side / 2)), place.width - side);
  const top = Math.min(Math.max(0, Math.round(place.y * place.height - side / 2)), place.height - place.foot - side);
  const scale = size / side;
  return `<!DOCTYPE html><html><head><style>
html, body { margin: 0; }
.tile {
  position: relative; width: ${size}px; height: ${size}px; overflow: hidden;
  background: url('${dataUrl(place.picture)}') no-repeat;
  background-size: ${place.width * scale}px ${place.height * scale}px;
  background-position: ${-left * scale}px ${-top * scale}px;
  font-family: 'DejaVu Sans', sans-serif; color: #fff;
  display: grid; align-content: end; gap: 6px; padding: 22px; box-sizing: border-box;
}
.tile::before {
  content: ''; position: absolute; inset: 0; background: linear-gradient(rgb(0 0 0 / 0.1), rgb(0 0 0 / 0.62) 70%);
}
.tile > * { position: relative; margin: 0; text-shadow: 0 1px 3px rgb(0 0 0 / 0.6); }
.category { font-size: 14px; letter-spacing: 0.12em; text-transform: uppercase; }
.title { font-size: 30px; font-weight: bold; line-height: 1.15; }
.brand { font-size: 17px; }
</style></head><body><div class="tile">
<p class="category">${escapeHtml(product.category ?? '')}</p>
<p class="title">${escapeHtml(product.title)}</p>
<p class="brand">${escapeHtml(product.brand ?? '')}</p>
</div></body></html>`;
}

const places = firstPlacements();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  let bytes = 0;
  for (const product of catalog.products) {
    const path = product.images[0];
    const place = places.get(product.id);
    if (!path?.startsWith(`${filesPrefix}products/`) || !place)
      throw new Error(`product ${product.id}: no picture or placement`);
    await page.setContent(tileHtml(product, place));
    const jpeg = await page.screenshot({ type: 'jpeg', quality: 72 });
    const file = join(mediaDir, path.slice(filesPrefix.length));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, jpeg);
    bytes += jpeg.length;
  }
  console.log(`${catalog.products.length} product pictures, ${Math.round(bytes / 1024)} KiB in all`);
} finally {
  await browser.close();
}
