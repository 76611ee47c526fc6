// The demo catalog is what its script writes: scripts/demo-catalog.mjs run again writes
// prisma/seed/demo-catalog.json byte for byte (so the script can be changed and run instead of the
// document edited by hand), and every file the document names on this gateway (/media/files/: the
// media items' files, posters and captions, the products' pictures) is in prisma/seed/media, the
// products' pictures small JPEGs (they are checked in).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const checkedIn = join(root, 'prisma', 'seed', 'demo-catalog.json');
const mediaDir = join(root, 'prisma', 'seed', 'media');
const filesPrefix = '/media/files/';

interface DemoCatalog {
  products: { id: number; images: string[] }[];
  media: { url?: string; poster_url?: string; captions_url?: string }[];
}

describe('the demo catalog', () => {
  it('is what scripts/demo-catalog.mjs writes', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'demo-catalog-'));
    try {
      const written = join(scratch, 'demo-catalog.json');
      execFileSync(process.execPath, [join(root, 'scripts', 'demo-catalog.mjs'), written], { stdio: 'pipe' });
      expect(readFileSync(written, 'utf8') === readFileSync(checkedIn, 'utf8')).toBe(true);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('names only files it has, each product with a picture of its own on this gateway', () => {
    const catalog = JSON.parse(readFileSync(checkedIn, 'utf8')) as DemoCatalog;
    const named = [
      ...catalog.media.flatMap((media) => [media.url, media.poster_url, media.captions_url]),
      ...catalog.products.flatMap((product) => product.images),
    ].filter((url): url is string => url !== undefined);
    expect(named.filter((url) => !url.startsWith(filesPrefix))).toStrictEqual([]);
    const missing = named.filter((url) => {
      try {
        return !statSync(join(mediaDir, url.slice(filesPrefix.length))).isFile();
      } catch {
        return true;
      }
    });
    expect(missing).toStrictEqual([]);

    const pictures = catalog.products.map((product) => product.images[0] ?? `product ${product.id}: none`);
    expect(pictures.filter((url) => !url.startsWith(`${filesPrefix}products/`))).toStrictEqual([]);
    expect(new Set(pictures).size).toBe(catalog.products.length);
    let total = 0;
    for (const url of pictures) {
      const bytes = readFileSync(join(mediaDir, url.slice(filesPrefix.length)));
      expect([url, bytes.subarray(0, 3).toString('hex')]).toStrictEqual([url, 'ffd8ff']);
      expect(bytes.length, url).toBeLessThan(20_000);
      total += bytes.length;
    }
    expect(total).toBeLessThan(1_500_000);
  });
});
