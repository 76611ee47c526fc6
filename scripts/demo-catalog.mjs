// Writes prisma/seed/demo-catalog.json (or the file named as its argument): the demo catalog loaded
// on first start. Deterministic (seeded), so re-running it writes the same file, byte for byte
// (test/architecture/demo-catalog.test.ts). Five stores (USD, EUR, JPY), 60 products with options
// and SKUs (some out of stock or unavailable), each with its picture (drawn by
// scripts/product-pictures.mjs), 15 media items with their alt texts, files, placements and (videos)
// captions, curated comparables in every price tier. The media files are made by
// scripts/make-demo-media.sh and served at /media/files/.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

let seed = 20261121;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const stores = [
  {
    id: 7,
    name: 'north-trail.example',
    display_name: 'North Trail',
    marketplace: 'shopify',
    currency: 'USD',
    margin_rate: 0.12,
    shipping_methods: [
      { id: 'standard', label: 'Standard (5–7 days)', price: 5.99 },
      { id: 'express', label: 'Express (2 days)', price: 14.99 },
    ],
    tax_rates: [
      { country_code: 'US', province_code: 'CA', rate: 0.0725 },
      { country_code: 'US', province_code: 'NY', rate: 0.04 },
      { country_code: 'US', rate: 0.05 },
      { rate: 0.06 },
    ],
  },
  {
    id: 12,
    name: 'lumen-home.example',
    display_name: 'Lumen Home',
    marketplace: 'shopify',
    currency: 'USD',
    margin_rate: 0.1,
    shipping_methods: [
      { id: 'ground', label: 'Ground', price: 7.5 },
      { id: 'priority', label: 'Priority', price: 18 },
    ],
    tax_rates: [
      { country_code: 'US', province_code: 'WA', rate: 0.065 },
      { country_code: 'US', rate: 0.06 },
    ],
  },
  {
    id: 21,
    name: 'petal-and-pine.example',
    display_name: 'Petal & Pine',
    marketplace: 'woocommerce',
    currency: 'USD',
    margin_rate: 0.15,
    shipping_methods: [
      { id: 'economy', label: 'Economy', price: 4.5 },
      { id: 'two-day', label: 'Two-day', price: 11 },
      { id: 'overnight', label: 'Overnight', price: 24.95 },
    ],
    tax_rates: [
      { country_code: 'US', province_code: 'TX', rate: 0.0625 },
      { country_code: 'US', rate: 0.055 },
    ],
  },
  {
    id: 33,
    name: 'atelier-nord.example',
    display_name: 'Atelier Nord',
    marketplace: 'shopify',
    currency: 'EUR',
    margin_rate: 0.08,
    shipping_methods: [
      { id: 'standard', label: 'Standard', price: 4.9 },
      { id: 'express', label: 'Express', price: 12.9 },
    ],
    tax_rates: [{ country_code: 'DE', rate: 0.19 }, { country_code: 'FR', rate: 0.2 }, { rate: 0.21 }],
  },
  {
    id: 40,
    name: 'kodama-ceramics.example',
    display_name: 'Kodama Ceramics',
    marketplace: 'amazon',
    currency: 'JPY',
    margin_rate: 0.1,
    shipping_methods: [
      { id: 'yamato', label: 'Yamato standard', price: 800 },
      { id: 'air', label: 'Air', price: 2400 },
    ],
    tax_rates: [{ country_code: 'JP', rate: 0.1 }],
  },
];

const sizes = ['XS', 'S', 'M', 'L', 'XL'];
const shoeSizes = ['7', '8', '9', '10', '11'];

// [store, category, brand, title, price, options]: options are [name, visual, values].
const catalog = [
  [
    7,
    'Jackets',
    'North Trail',
    'Ridgeline Rain Shell',
    189,
    [
      ['Size', false, sizes.slice(1, 4)],
      ['Color', true, ['Moss', 'Slate']],
    ],
  ],
  [7, 'Jackets', 'North Trail', 'Summit Down Parka', 329, [['Size', false, sizes.slice(1, 5)]]],
  [
    7,
    'Jackets',
    'Cairn & Co',
    'Trailhead Softshell',
    149,
    [
      ['Size', false, sizes.slice(0, 4)],
      ['Color', true, ['Black', 'Rust']],
    ],
  ],
  [7, 'Jackets', 'Cairn & Co', 'Packable Wind Jacket', 89, [['Size', false, sizes.slice(1, 4)]]],
  [7, 'Jackets', 'North Trail', 'Alpine Insulated Vest', 129, [['Size', false, sizes.slice(1, 4)]]],
  [
    7,
    'Fleece',
    'North Trail',
    'Grid Fleece Half-Zip',
    79,
    [
      ['Size', false, sizes.slice(1, 5)],
      ['Color', true, ['Heather', 'Navy']],
    ],
  ],
  [7, 'Fleece', 'Cairn & Co', 'Sherpa Pullover', 99, [['Size', false, sizes.slice(1, 4)]]],
  [7, 'Fleece', 'North Trail', 'Lightweight Fleece Jacket', 69, [['Size', false, sizes.slice(1, 4)]]],
  [7, 'Footwear', 'Switchback', 'Trail Runner 3', 139, [['Size', false, shoeSizes]]],
  [7, 'Footwear', 'Switchback', 'Waterproof Hiking Boot', 209, [['Size', false, shoeSizes.slice(1, 5)]]],
  [7, 'Footwear', 'Switchback', 'Camp Slide', 45, [['Size', false, shoeSizes.slice(0, 4)]]],
  [7, 'Footwear', 'Cairn & Co', 'Approach Shoe', 159, [['Size', false, shoeSizes.slice(1, 4)]]],
  [7, 'Packs', 'Cairn & Co', 'Daypack 22L', 95, [['Color', true, ['Olive', 'Black', 'Sand']]]],
  [7, 'Packs', 'North Trail', 'Overnight Pack 45L', 229, [['Torso', false, ['S/M', 'M/L']]]],
  [7, 'Packs', 'Cairn & Co', 'Hip Pack 3L', 39, []],
  [7, 'Packs', 'North Trail', 'Hydration Vest 8L', 119, [['Size', false, ['S/M', 'L/XL']]]],
  [7, 'Camp', 'Switchback', 'Ultralight Tent 2P', 399, []],
  [7, 'Camp', 'Switchback', 'Down Sleeping Bag 20°F', 279, [['Length', false, ['Regular', 'Long']]]],
  [7, 'Camp', 'Cairn & Co', 'Insulated Sleeping Pad', 149, []],
  [7, 'Camp', 'Cairn & Co', 'Titanium Cook Pot', 59, []],
  [12, 'Lighting', 'Lumen', 'Arc Floor Lamp', 249, [['Finish', true, ['Brass', 'Matte Black']]]],
  [12, 'Lighting', 'Lumen', 'Mushroom Table Lamp', 129, [['Color', true, ['Cream', 'Sage', 'Terracotta']]]],
  [12, 'Lighting', 'Lumen', 'Rechargeable Lantern', 59, []],
  [12, 'Lighting', 'Haus Studio', 'Paper Pendant Shade', 89, [['Diameter', false, ['45 cm', '60 cm']]]],
  [12, 'Candles', 'Haus Studio', 'Cedar & Smoke Candle', 38, [['Size', false, ['8 oz', '14 oz']]]],
  [12, 'Candles', 'Haus Studio', 'Fig Leaf Candle', 34, []],
  [12, 'Candles', 'Lumen', 'Beeswax Taper Set', 24, [['Color', true, ['Natural', 'Charcoal']]]],
  [12, 'Kitchen', 'Haus Studio', 'Stoneware Mug Set', 48, [['Glaze', true, ['Speckled', 'Midnight']]]],
  [12, 'Kitchen', 'Haus Studio', 'Linen Apron', 42, [['Color', true, ['Flax', 'Indigo']]]],
  [12, 'Kitchen', 'Lumen', 'Pour-Over Coffee Set', 72, []],
  [12, 'Textiles', 'Haus Studio', 'Waffle Throw Blanket', 98, [['Color', true, ['Oat', 'Clay', 'Fog']]]],
  [
    12,
    'Textiles',
    'Haus Studio',
    'Linen Duvet Cover',
    229,
    [
      ['Size', false, ['Full/Queen', 'King']],
      ['Color', true, ['White', 'Sand']],
    ],
  ],
  [21, 'Plants', 'Petal & Pine', 'Fiddle Leaf Fig', 85, [['Pot', true, ['Nursery', 'Ceramic']]]],
  [21, 'Plants', 'Petal & Pine', 'Snake Plant', 45, [['Size', false, ['Small', 'Medium', 'Large']]]],
  [21, 'Plants', 'Petal & Pine', 'Monstera Deliciosa', 68, [['Size', false, ['Medium', 'Large']]]],
  [21, 'Plants', 'Greenhouse Co', 'Pothos Hanging Basket', 32, []],
  [21, 'Planters', 'Greenhouse Co', 'Terracotta Planter Trio', 39, []],
  [21, 'Planters', 'Greenhouse Co', 'Self-Watering Planter', 54, [['Color', true, ['White', 'Charcoal']]]],
  [21, 'Planters', 'Petal & Pine', 'Woven Basket Planter', 46, [['Size', false, ['Medium', 'Large']]]],
  [21, 'Skincare', 'Dew Botanica', 'Rosehip Face Oil', 36, [['Size', false, ['15 ml', '30 ml']]]],
  [21, 'Skincare', 'Dew Botanica', 'Hyaluronic Serum', 42, []],
  [21, 'Skincare', 'Dew Botanica', 'Clay Cleansing Mask', 28, []],
  [21, 'Skincare', 'Greenhouse Co', 'Aloe Recovery Gel', 18, []],
  [21, 'Skincare', 'Dew Botanica', 'Overnight Repair Cream', 58, []],
  [
    33,
    'Knitwear',
    'Atelier Nord',
    'Merino Crew Sweater',
    129,
    [
      ['Size', false, sizes.slice(1, 5)],
      ['Color', true, ['Ecru', 'Forest']],
    ],
  ],
  [33, 'Knitwear', 'Atelier Nord', 'Cashmere Beanie', 79, [['Color', true, ['Camel', 'Grey']]]],
  [33, 'Knitwear', 'Atelier Nord', 'Chunky Cardigan', 189, [['Size', false, sizes.slice(1, 4)]]],
  [33, 'Knitwear', 'Fjell', 'Ribbed Scarf', 59, []],
  [33, 'Bags', 'Fjell', 'Waxed Canvas Tote', 95, [['Color', true, ['Olive', 'Navy']]]],
  [33, 'Bags', 'Fjell', 'Leather Crossbody', 165, []],
  [33, 'Bags', 'Atelier Nord', 'Roll-Top Backpack', 139, []],
  [33, 'Accessories', 'Fjell', 'Wool Mittens', 45, [['Size', false, ['S/M', 'L/XL']]]],
  [33, 'Accessories', 'Atelier Nord', 'Leather Card Holder', 49.5, [['Color', true, ['Tan', 'Black']]]],
  [33, 'Accessories', 'Fjell', 'Reflective Wristband', 12.9, []],
  [40, 'Ceramics', 'Kodama', 'Hand-Thrown Tea Bowl', 4800, [['Glaze', true, ['Ash', 'Tenmoku']]]],
  [40, 'Ceramics', 'Kodama', 'Kyusu Teapot', 12800, []],
  [40, 'Ceramics', 'Kodama', 'Sake Set', 9600, []],
  [40, 'Ceramics', 'Kodama', 'Small Dish Set of 5', 3500, []],
  [40, 'Ceramics', 'Mori Kiln', 'Flower Vase', 7200, [['Height', false, ['15 cm', '25 cm']]]],
  [40, 'Ceramics', 'Mori Kiln', 'Rice Bowl Pair', 4200, []],
];

const storeById = new Map(stores.map((store) => [store.id, store]));
const minorDigits = { USD: 2, EUR: 2, JPY: 0 };
const round = (value, currency) => Number(value.toFixed(minorDigits[currency]));
const slugify = (text) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');

function combinations(options) {
  return options.reduce(
    (combos, [name, , values]) =>
      combos.flatMap((combo) => values.map((value) => [...combo, { variant: name, value }])),
    [[]],
  );
}

let skuId = 10001;
const products = catalog.map(([storeId, category, brand, title, price, options], index) => {
  const store = storeById.get(storeId);
  const id = 101 + index;
  const currency = store.currency;
  const combos = combinations(options);
  const skus = combos.map((values, position) => {
    const label = values.map((value) => value.value).join(' / ');
    const onSale = random() < 0.3;
    const roll = random();
    const outOfStock = roll < 0.1;
    const unavailable = !outOfStock && roll < 0.14;
    const retail = price;
    const sale = onSale ? round(price * (currency === 'JPY' ? 0.9 : 0.85), currency) : price;
    return {
      sku_id: skuId++,
      external_id: `${slugify(store.name.split('.')[0])}-${id}-${position + 1}`,
      merchant_id: storeId,
      name: label ? `${title} – ${label}` : title,
      in_stock: !outOfStock,
      qty_available: outOfStock ? 0 : 1 + Math.floor(random() * 40),
      sale_price: sale,
      retail_price: retail,
      currency,
      status: unavailable ? 'UNAVAILABLE' : 'AVAILABLE',
      type: 'PHYSICAL',
      taxable: !['Plants'].includes(category),
      tax_type: ['Jackets', 'Fleece', 'Footwear', 'Knitwear', 'Accessories'].includes(category) ? 'APPAREL' : 'DEFAULT',
      date_created: new Date(
        Date.UTC(2026, Math.floor(random() * 6), 1 + Math.floor(random() * 27), 9, 0, 0),
      ).toISOString(),
      date_last_modified: new Date(
        Date.UTC(2026, 6 + Math.floor(random() * 4), 1 + Math.floor(random() * 27), 12, 30, 0),
      ).toISOString(),
      variant_values: values,
      sku_dimensions: [{ weight: round(0.1 + random() * 3, 'USD'), type: 'kg' }],
    };
  });
  const description = `${title} by ${brand}. ${pick(['Built to last for years of everyday use.', 'Made in small batches from responsibly sourced materials.', 'A customer favourite, restocked every season.', 'Designed and tested by our in-house team.'])}`;
  // Once the number of its pictures on the store's CDN (which nothing could load offline): still
  // drawn, so that every later draw keeps its value.
  random();
  return {
    id,
    external_id: `${slugify(brand)}-${slugify(title)}`,
    title,
    description,
    brand,
    url: `https://${store.name}/products/${slugify(title)}`,
    price,
    currency,
    category,
    // One discontinued product, to show how an unavailable product looks everywhere.
    is_available: title !== 'Beeswax Taper Set',
    // Its picture, on this gateway (drawn by scripts/product-pictures.mjs).
    images: [`/media/files/products/${slugify(title)}.jpg`],
    native_checkout: store.marketplace === 'shopify',
    variants: options.map(([name, visual, values]) => ({ name, visual, values })),
    skus,
  };
});

// Curated comparables: within a category, up to three others, cheaper, close and dearer.
const tierOf = (base, other) => (other * 100 < base * 90 ? 'lower' : other * 100 > base * 110 ? 'higher' : 'similar');
const similar = [];
const byCategory = new Map();
for (const product of products)
  byCategory.set(product.category, [...(byCategory.get(product.category) ?? []), product]);
for (const product of products) {
  const others = byCategory.get(product.category).filter((other) => other.id !== product.id);
  const chosen = [];
  for (const tier of ['lower', 'similar', 'higher']) {
    const candidates = others.filter((other) => tierOf(product.price, other.price) === tier && !chosen.includes(other));
    if (candidates.length > 0)
      chosen.push(candidates.sort((a, b) => Math.abs(a.price - product.price) - Math.abs(b.price - product.price))[0]);
  }
  for (const other of others) if (chosen.length < 2 && !chosen.includes(other)) chosen.push(other);
  for (const other of chosen) similar.push({ product_id: product.id, similar_product_id: other.id });
}
const tiers = new Set(
  similar.map((pair) =>
    tierOf(
      products.find((p) => p.id === pair.product_id).price,
      products.find((p) => p.id === pair.similar_product_id).price,
    ),
  ),
);
if (tiers.size !== 3) throw new Error(`demo catalog lacks a price tier: ${[...tiers]}`);

const idOf = (title) => products.find((product) => product.title === title).id;
// Where a media item's products are placed, in order: fractions of its width and height.
const spots = [
  [0.3, 0.35],
  [0.68, 0.42],
  [0.45, 0.7],
  [0.22, 0.78],
  [0.75, 0.8],
  [0.55, 0.2],
];
// Every demo video plays the same 12-second clip (demo-clip.mp4, with its captions).
const clipMs = 12000;

/**
 * A media item's placements: an image's products at the spots; a video's each at its spot for a
 * moment (the clip's length split among them, each shown 1.5 s longer than its share, the last until
 * the end), then its first product for the whole video.
 */
function placementsOf(type, productIds) {
  const spotted = productIds.map((productId, index) => ({
    product_id: productId,
    x: spots[index][0],
    y: spots[index][1],
  }));
  if (type === 'image') return spotted;
  const share = clipMs / productIds.length;
  return [
    ...spotted.map((placement, index) => ({
      ...placement,
      start_ms: index * share,
      end_ms: Math.min(clipMs, (index + 1) * share + 1500),
    })),
    { product_id: productIds[0], start_ms: 0, end_ms: clipMs },
  ];
}

// [type, slug, platform, the titles of its products, its alt text]
const media = [
  [
    'image',
    'autumn-ridge-layers',
    'instagram',
    ['Ridgeline Rain Shell', 'Grid Fleece Half-Zip', 'Trail Runner 3', 'Daypack 22L'],
    'A hiker on an autumn ridge in a moss-green rain shell over a heather half-zip fleece, with trail running shoes and an olive daypack.',
  ],
  [
    'image',
    'first-night-out',
    'pinterest',
    [
      'Ultralight Tent 2P',
      'Down Sleeping Bag 20°F',
      'Insulated Sleeping Pad',
      'Titanium Cook Pot',
      'Rechargeable Lantern',
    ],
    'A two-person tent pitched at dusk, a down sleeping bag on an insulated pad inside, a titanium pot on the stove and a lantern glowing beside it.',
  ],
  [
    'image',
    'cozy-reading-corner',
    'instagram',
    ['Arc Floor Lamp', 'Waffle Throw Blanket', 'Cedar & Smoke Candle', 'Stoneware Mug Set'],
    'A reading corner: a brass arc floor lamp over an armchair with an oat waffle throw, a lit candle and a speckled stoneware mug on the side table.',
  ],
  [
    'image',
    'sunday-slow-morning',
    'instagram',
    ['Pour-Over Coffee Set', 'Stoneware Mug Set', 'Linen Apron', 'Fig Leaf Candle', 'Beeswax Taper Set'],
    'A kitchen counter on a slow morning: a pour-over coffee set, speckled mugs, a flax linen apron on a hook, a fig leaf candle and natural beeswax tapers.',
  ],
  [
    'image',
    'urban-jungle-shelf',
    'pinterest',
    [
      'Fiddle Leaf Fig',
      'Snake Plant',
      'Pothos Hanging Basket',
      'Terracotta Planter Trio',
      'Self-Watering Planter',
      'Woven Basket Planter',
    ],
    'A sunny shelf of houseplants: a fiddle leaf fig, a snake plant, a hanging pothos, three terracotta pots, a white self-watering planter and a woven basket planter.',
  ],
  [
    'image',
    'glow-routine',
    'instagram',
    ['Rosehip Face Oil', 'Hyaluronic Serum', 'Clay Cleansing Mask', 'Overnight Repair Cream'],
    'A bathroom shelf with a skincare routine laid out: rosehip face oil, a hyaluronic serum, a jar of clay cleansing mask and an overnight repair cream.',
  ],
  [
    'image',
    'nordic-winter-edit',
    'instagram',
    ['Merino Crew Sweater', 'Cashmere Beanie', 'Ribbed Scarf', 'Wool Mittens', 'Waxed Canvas Tote'],
    'A winter outfit laid flat: an ecru merino crew sweater, a camel cashmere beanie, a ribbed scarf, wool mittens and an olive waxed canvas tote.',
  ],
  [
    'image',
    'tea-ceremony-table',
    'pinterest',
    ['Hand-Thrown Tea Bowl', 'Kyusu Teapot', 'Small Dish Set of 5'],
    'A low wooden table set for tea: a hand-thrown tea bowl with an ash glaze, a kyusu teapot and a set of small dishes.',
  ],
  [
    'image',
    'bedroom-refresh',
    'pinterest',
    ['Linen Duvet Cover', 'Mushroom Table Lamp', 'Paper Pendant Shade', 'Monstera Deliciosa'],
    'A bright bedroom: a bed with a white linen duvet cover, a sage mushroom lamp on the nightstand, a paper pendant shade overhead and a monstera in the corner.',
  ],
  [
    'video',
    'rain-shell-field-test',
    'youtube',
    ['Ridgeline Rain Shell', 'Trailhead Softshell', 'Packable Wind Jacket', 'Waterproof Hiking Boot'],
    'A hiker tests a moss-green rain shell in a downpour, then a softshell and a packable wind jacket, in waterproof hiking boots on a muddy trail.',
  ],
  [
    'video',
    'ultralight-pack-list',
    'youtube',
    ['Overnight Pack 45L', 'Ultralight Tent 2P', 'Hydration Vest 8L', 'Hip Pack 3L', 'Camp Slide', 'Approach Shoe'],
    'An ultralight overnight kit unpacked piece by piece: a 45-litre pack, a two-person tent, a hydration vest, a hip pack, camp slides and approach shoes.',
  ],
  [
    'video',
    'winter-cabin-tour',
    'tiktok',
    ['Summit Down Parka', 'Sherpa Pullover', 'Chunky Cardigan', 'Arc Floor Lamp', 'Cedar & Smoke Candle'],
    'A tour of a snowed-in cabin: a down parka and a sherpa pullover by the door, then a chunky cardigan, a brass floor lamp and a lit cedar candle inside.',
  ],
  [
    'video',
    'plant-care-101',
    'tiktok',
    ['Monstera Deliciosa', 'Fiddle Leaf Fig', 'Self-Watering Planter', 'Aloe Recovery Gel'],
    "Houseplant care at a sunny window: a monstera and a fiddle leaf fig repotted, one into a white self-watering planter, and aloe gel for the gardener's hands.",
  ],
  [
    'video',
    'commuter-carry',
    'youtube',
    [
      'Roll-Top Backpack',
      'Leather Crossbody',
      'Leather Card Holder',
      'Reflective Wristband',
      'Lightweight Fleece Jacket',
      'Alpine Insulated Vest',
    ],
    'What a cyclist carries to work: a roll-top backpack, a leather crossbody bag with a card holder, a reflective wristband, a fleece jacket and an insulated vest.',
  ],
  [
    'video',
    'kiln-opening-day',
    'instagram',
    ['Flower Vase', 'Sake Set', 'Rice Bowl Pair', 'Hand-Thrown Tea Bowl'],
    'A potter opens the kiln and lifts out the new pieces: a flower vase, a sake set, a pair of rice bowls and a tea bowl.',
  ],
].map(([type, slug, platform, titles, alt], index) => {
  const productIds = titles.map(idOf);
  const files =
    type === 'image'
      ? { url: `/media/files/${slug}.jpg`, width: 800, height: 1000 }
      : {
          url: '/media/files/demo-clip.mp4',
          poster_url: `/media/files/${slug}-poster.jpg`,
          width: 360,
          height: 640,
          duration_ms: clipMs,
          captions_url: '/media/files/demo-clip.vtt',
        };
  return {
    type,
    id: 1 + index,
    slug,
    file_name: `${slug}.${type === 'image' ? 'jpg' : 'mp4'}`,
    platform,
    alt,
    product_ids: productIds,
    ...files,
    placements: placementsOf(type, productIds),
  };
});

const document = { version: 1, stores, products, media, similar };
writeFileSync(
  process.argv[2] ?? join(root, 'prisma', 'seed', 'demo-catalog.json'),
  `${JSON.stringify(document, null, 2)}\n`,
);
console.log(
  `demo catalog: ${stores.length} stores, ${products.length} products, ${products.reduce((n, p) => n + p.skus.length, 0)} skus, ${media.length} media, ${similar.length} similar pairs`,
);
