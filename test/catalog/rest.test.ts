// Every catalog REST path against exact expected values from test/fixtures/catalog.json.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as Record<string, unknown>, headers: response.headers };
};

const trailJacketSkus = [
  {
    sku_id: 1101,
    product_id: 11,
    external_id: 'alpha-11-s',
    merchant_id: 1,
    name: 'Trail Jacket S',
    in_stock: true,
    qty_available: 5,
    sale_price: 90,
    retail_price: 100,
    currency: 'USD',
    status: 'AVAILABLE',
    type: 'PHYSICAL',
    taxable: true,
    tax_type: 'APPAREL',
    date_created: '2026-01-05T10:00:00.000Z',
    date_last_modified: '2026-02-01T08:30:00.000Z',
    variant_values: [
      { variant: 'Size', value: 'S' },
      { variant: 'Color', value: 'Moss' },
    ],
    sku_dimensions: [{ weight: 0.4, type: 'kg' }],
  },
  {
    sku_id: 1102,
    product_id: 11,
    external_id: 'alpha-11-m',
    merchant_id: 1,
    name: 'Trail Jacket M',
    in_stock: false,
    qty_available: 0,
    sale_price: null,
    retail_price: 100,
    currency: 'USD',
    status: 'AVAILABLE',
    type: 'PHYSICAL',
    taxable: true,
    tax_type: 'APPAREL',
    // "+02:00" in the document: stored and answered in UTC
    date_created: '2026-01-05T08:00:00.000Z',
    date_last_modified: null,
    variant_values: [
      { variant: 'Size', value: 'M' },
      { variant: 'Color', value: 'Moss' },
    ],
    sku_dimensions: [],
  },
];

const trailJacket = {
  id: 11,
  external_id: 'alpha-11',
  title: 'Trail Jacket',
  brand: 'Alpha',
  url: 'https://alpha.example/products/trail-jacket',
  price: 100,
  currency: 'USD',
  category: 'Jackets',
  is_available: true,
  images: ['https://alpha.example/i/11-1.jpg', 'https://alpha.example/i/11-2.jpg'],
  native_checkout: true,
  variants: [
    { name: 'Size', visual: false, values: ['S', 'M'] },
    { name: 'Color', visual: true, values: ['Moss'] },
  ],
  skus: trailJacketSkus,
};

const woolScarf = {
  id: 16,
  external_id: null,
  title: 'Wool Scarf',
  brand: null,
  url: null,
  price: 25.5,
  currency: 'EUR',
  category: null,
  is_available: true,
  images: [],
  native_checkout: false,
  variants: [],
  skus: [
    {
      sku_id: 1601,
      product_id: 16,
      external_id: null,
      merchant_id: 2,
      name: 'Wool Scarf',
      in_stock: true,
      qty_available: 9,
      sale_price: 19.9,
      retail_price: 25.5,
      currency: 'EUR',
      status: 'AVAILABLE',
      type: 'PHYSICAL',
      taxable: false,
      tax_type: null,
      date_created: null,
      date_last_modified: null,
      variant_values: [],
      sku_dimensions: [],
    },
  ],
};

const lookOneInfo = { id: 1, slug: 'look-one', file_name: 'look-one.jpg', platform: 'instagram' };
const clipTwoInfo = { id: 2, slug: 'clip-two', file_name: 'clip-two.mp4', platform: null };

describe('GET /product/{id}', () => {
  it('answers the product with variants and SKUs, exactly the documented fields', async () => {
    const { status, body } = await get('/product/11');
    expect(status).toBe(200);
    expect(body).toStrictEqual(trailJacket);
  });

  it('answers absent optional strings as null and lists as []', async () => {
    expect((await get('/product/16')).body).toStrictEqual(woolScarf);
  });
});

describe('SKUs a re-import no longer lists', () => {
  it('disappear from the product', async () => {
    const other = await createTestApp();
    try {
      const jacket = (readFixture('catalog.json') as { products: { skus: unknown[] }[] }).products[0]!;
      await importCatalog(other.database.db, { products: [{ ...jacket, skus: jacket.skus.slice(1) }] });
      const response = await other.app.inject({ method: 'GET', url: '/product/11' });
      expect((response.json() as { skus: { sku_id: number }[] }).skus.map((sku) => sku.sku_id)).toStrictEqual([1102]);
    } finally {
      await other.close();
    }
  });
});

describe('GET /product/{id}/comparables', () => {
  it('adds curated similar products in document order, each with its price tier', async () => {
    const { status, body } = await get('/product/11/comparables');
    expect(status).toBe(200);
    const similar = body.similar_products as Record<string, unknown>[];
    expect(similar.map((product) => [product.id, product.price, product.price_tier])).toStrictEqual([
      [15, 110.01, 'higher'],
      [12, 89.99, 'lower'],
      [13, 90, 'similar'],
      [14, 110, 'similar'],
    ]);
    const { similar_products: _similar, ...product } = body;
    expect(product).toStrictEqual(trailJacket);
  });

  it('gives similar products every catalog product field but similar_products', async () => {
    const { body } = await get('/product/12/comparables');
    expect(body.similar_products).toStrictEqual([{ ...trailJacket, price_tier: 'higher' }]);
  });

  it('answers [] for a product without comparables', async () => {
    expect((await get('/product/16/comparables')).body.similar_products).toStrictEqual([]);
  });
});

describe('image routes', () => {
  it('GET /image/{id} lists the products in document order without similar_products', async () => {
    const { status, body } = await get('/image/1');
    expect(status).toBe(200);
    expect(body).toStrictEqual({ image_info: lookOneInfo, products: [trailJacket, woolScarf] });
  });

  it('GET /image/slug/{slug} answers the same media', async () => {
    expect((await get('/image/slug/look-one')).body).toStrictEqual({
      image_info: lookOneInfo,
      products: [trailJacket, woolScarf],
    });
  });

  it('GET /image/comparables/{id} adds similar_products to each product', async () => {
    const { status, body } = await get('/image/comparables/1');
    expect(status).toBe(200);
    const products = body.products as Record<string, unknown>[];
    expect(body.image_info).toStrictEqual(lookOneInfo);
    expect(products.map((product) => product.id)).toStrictEqual([11, 16]);
    expect((products[0]?.similar_products as { id: number }[]).map((product) => product.id)).toStrictEqual([
      15, 12, 13, 14,
    ]);
    expect(products[1]?.similar_products).toStrictEqual([]);
  });

  it('GET /image/comparables/slug/{slug} answers the same as by id', async () => {
    expect((await get('/image/comparables/slug/look-one')).body).toStrictEqual(
      (await get('/image/comparables/1')).body,
    );
  });

  it('answers an image without products with an empty list', async () => {
    expect((await get('/image/3')).body).toStrictEqual({
      image_info: { id: 3, slug: 'empty-look', file_name: 'empty.jpg', platform: 'pinterest' },
      products: [],
    });
  });
});

describe('video routes', () => {
  it('GET /video/{id} uses video_info and keeps document order', async () => {
    const { status, body } = await get('/video/2');
    expect(status).toBe(200);
    expect(Object.keys(body)).toStrictEqual(['video_info', 'products']);
    expect(body.video_info).toStrictEqual(clipTwoInfo);
    expect((body.products as { id: number }[]).map((product) => product.id)).toStrictEqual([15, 11]);
    expect((body.products as Record<string, unknown>[])[1]).toStrictEqual(trailJacket);
  });

  it('GET /video/slug/{slug} answers the same as by id', async () => {
    expect((await get('/video/slug/clip-two')).body).toStrictEqual((await get('/video/2')).body);
  });

  it('GET /video/comparables/{id} and /video/comparables/slug/{slug} add similar_products', async () => {
    const byId = await get('/video/comparables/2');
    const bySlug = await get('/video/comparables/slug/clip-two');
    expect(byId.status).toBe(200);
    expect(bySlug.body).toStrictEqual(byId.body);
    const products = byId.body.products as { id: number; similar_products: { id: number; price_tier: string }[] }[];
    expect(
      products.map((product) => [product.id, product.similar_products.map((similar) => similar.price_tier)]),
    ).toStrictEqual([
      [15, []],
      [11, ['higher', 'lower', 'similar', 'similar']],
    ]);
  });
});
