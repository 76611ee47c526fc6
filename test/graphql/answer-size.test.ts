// How large an answer can get: GraphQL's cost estimate sizes every catalog list by the most it can
// return (the catalog's shape, measured at import), so that no answer holds more than it
// estimated; and the answer budget stops an execution (and a REST media answer) past
// ANSWER_MAX_OBJECTS records or ANSWER_MAX_BYTES of text, whatever the estimate said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { DbNull } from '@prisma/client/runtime/client';
import { measureUnmeasuredShape, shapeOf } from '../../src/catalog/catalog-shape.repository.js';
import { bulkCatalog } from '../bulk-catalog.js';
import { AnswerBudget } from '../../src/catalog/answer-budget.js';
import { CatalogCache } from '../../src/catalog/catalog.cache.js';
import { CatalogChanges } from '../../src/catalog/catalog-changes.js';
import type { CatalogRepository } from '../../src/catalog/catalog.repository.js';
import type { SkuRecord } from '../../src/catalog/catalog.model.js';
import { createCatalogLoaders } from '../../src/catalog/loaders.js';
import { AppError } from '../../src/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** 12 products of 40 SKUs, each similar to the 11 others; one image shows all 12. */
const shape = { products: 12, skusPerProduct: 40, similarPerProduct: 11 };

interface Answer {
  status: number;
  body: {
    data?: unknown;
    errors?: { message: string; path?: unknown; extensions: { code: string; details?: Record<string, unknown> } }[];
    extensions?: { cost?: { estimated: number; limit: number } };
  };
}

async function post(t: TestApp, query: string, variables?: Record<string, unknown>): Promise<Answer> {
  const response = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });
  return { status: response.statusCode, body: response.json() as Answer['body'] };
}

/**
 * What an answer holds, counted as the estimate counts: each field 1 plus what it holds, a list
 * each of its items (1 plus what the item holds).
 */
function answerCost(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let cost = 0;
  for (const field of Object.values(value)) {
    if (Array.isArray(field)) for (const item of field) cost += 1 + answerCost(item);
    else cost += 1 + answerCost(field);
  }
  return cost;
}

/** Documents over every catalog list, with aliases, fragments and variables. */
const documents: { query: string; variables?: Record<string, unknown> }[] = [
  { query: '{ product(id: 1) { id skus { skuId variantValues { variant value } } } }' },
  {
    query:
      '{ product(id: 1) { images variants { name values } similarProducts { priceTier product { id skus { skuId } } } } }',
  },
  { query: '{ image(id: 1) { products { id skus { skuId } } placements { id product { id } } } }' },
  {
    query:
      'query ($n: Int) { products(first: $n) { nodes { ...P } } } fragment P on Product { id similarProducts(limit: 3) { product { id } } skus { skuId } }',
    variables: { n: 12 },
  },
  { query: '{ a: product(id: 2) { skus { skuId } } b: product(id: 3) { skus { skuId name } } }' },
  {
    query:
      '{ searchProducts(query: "bulk", first: 5) { edges { node { id skus { skuId } } } facets { brands { value count } categories { value count } } } }',
  },
];

describe('the cost estimate against what answers hold', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(bulkCatalog(shape));
  });
  afterAll(() => t.close());

  it('estimates no answer below what it holds', async () => {
    for (const { query, variables } of documents) {
      const { status, body } = await post(t, query, variables);
      expect(status, query).toBe(200);
      expect(body.errors, query).toBeUndefined();
      expect(answerCost(body.data), query).toBeLessThanOrEqual(body.extensions!.cost!.estimated);
    }
  });

  it('sizes a list by the most the catalog holds, or by first or limit when smaller', async () => {
    // every product has the most SKUs (40) and comparables (11): the estimate is what comes back
    const exact = [
      '{ product(id: 1) { skus { skuId } } }',
      '{ product(id: 1) { similarProducts { product { id } } } }',
      '{ image(id: 1) { products { id } placements { id } } }',
    ];
    for (const query of exact) {
      const { body } = await post(t, query);
      expect(body.extensions!.cost!.estimated, query).toBe(answerCost(body.data));
    }
    expect((await post(t, '{ product(id: 1) { skus { skuId } } }')).body.extensions!.cost!.estimated).toBe(1 + 40 * 2);
    const page = await post(t, '{ product(id: 1) { similarProducts(limit: 3) { priceTier } } }');
    expect(page.body.extensions!.cost!.estimated).toBe(1 + 3 * 2);
    expect((page.body.data as { product: { similarProducts: unknown[] } }).product.similarProducts).toHaveLength(3);
    expect(
      (await post(t, '{ product(id: 1) { similarProducts(limit: 50) { priceTier } } }')).body.extensions!.cost!
        .estimated,
    ).toBe(1 + 11 * 2);
  });

  it('follows an import that makes a list longer: the next estimate counts it', async () => {
    const before = (await post(t, '{ product(id: 5) { skus { skuId } } }')).body.extensions!.cost!.estimated;
    const grown = bulkCatalog({ ...shape, skusPerProduct: 60 }) as { products: unknown[] };
    await importCatalog(t.database.db, { products: grown.products.slice(4, 5) });
    const { body } = await post(t, '{ product(id: 5) { skus { skuId } } }');
    expect([before, body.extensions!.cost!.estimated]).toStrictEqual([1 + 40 * 2, 1 + 60 * 2]);
    expect(answerCost(body.data)).toBe(1 + 60 * 2);
  });
});

describe('a catalog whose shape is not known', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(bulkCatalog(shape));
  });
  afterAll(() => t.close());

  it('refuses its lists (the estimate fails closed) until the shape is measured, and answers what needs no size', async () => {
    // an import by code that kept no shape
    await t.database.db.catalogMeta.update({ where: { id: 1 }, data: { shape: DbNull } });
    const refused = await post(t, '{ product(id: 1) { skus { skuId } } }');
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { reason: 'the size "skusPerProduct" of the list field "skus" is not known' },
    });
    expect((await post(t, '{ product(id: 1) { id title } }')).status).toBe(200);
    // what a start does for such a catalog
    expect(await measureUnmeasuredShape(t.database.db)).toBe(true);
    expect((await post(t, '{ product(id: 1) { skus { skuId } } }')).body.extensions!.cost!.estimated).toBe(1 + 40 * 2);
  });
});

describe("the shape's sizes that orders keep", () => {
  it('never shrink: an order keeps the variant values its SKU had', async () => {
    const t = await createTestApp(bulkCatalog(shape));
    try {
      const catalog = bulkCatalog(shape) as { products: { skus: { variant_values: unknown[] }[] }[] };
      const product = catalog.products[0]!;
      const values = (count: number) => Array.from({ length: count }, (_, n) => ({ variant: 'Size', value: `V${n}` }));
      const shapeNow = async () => shapeOf((await t.database.db.catalogMeta.findUnique({ where: { id: 1 } }))?.shape);
      await importCatalog(t.database.db, {
        products: [{ ...product, skus: product.skus.map((sku) => ({ ...sku, variant_values: values(3) })) }],
      });
      expect((await shapeNow())?.valuesPerSku).toBe(3);
      await importCatalog(t.database.db, {
        products: [{ ...product, skus: product.skus.map((sku) => ({ ...sku, variant_values: values(1) })) }],
      });
      expect((await shapeNow())?.valuesPerSku).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe('the documents that once took the process down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A limit the old estimate (5 items a list) let these documents under.
    t = await createTestApp(bulkCatalog(shape), { GRAPHQL_MAX_COMPLEXITY: '1000' });
  });
  afterAll(() => t.close());

  it('refuses comparables with their SKUs, through fields, fragments and aliases, before running them', async () => {
    const documents = [
      '{ products(first: 5, category: "Bulk") { nodes { id similarProducts { product { id skus { skuId } } } } } }',
      '{ products(first: 5) { nodes { ...S } } } fragment S on Product { id similarProducts { product { ...K } } } fragment K on Product { id skus { skuId } }',
      '{ a: product(id: 1) { skus { skuId } } b: product(id: 2) { skus { skuId } } c: product(id: 3) { similarProducts { product { skus { skuId } } } } }',
    ];
    for (const query of documents) {
      const { status, body } = await post(t, query);
      expect(status, query).toBe(400);
      expect(body.errors?.[0]?.extensions.code, query).toBe('QUERY_TOO_COMPLEX');
      expect(body.data, query).toBeUndefined();
    }
  });
});

describe('the answer budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The estimate let through (a limit far above), the budget at 300 records; 128 KiB of REST text (a product's is about 16 KiB: the image's 190 KiB, with comparables 2.3 MiB).
    t = await createTestApp(bulkCatalog(shape), {
      GRAPHQL_MAX_COMPLEXITY: '10000000',
      ANSWER_MAX_OBJECTS: '300',
      ANSWER_MAX_BYTES: '131072',
    });
  });
  afterAll(() => t.close());

  it('stops an execution past ANSWER_MAX_OBJECTS with 400 ANSWER_TOO_LARGE and no data, run as written or compiled', async () => {
    // 5 products × 11 comparables × 40 SKUs: 2,200 SKUs
    const query = '{ products(first: 5) { nodes { id similarProducts { product { id skus { skuId } } } } } }';
    for (let run = 0; run < 3; run += 1) {
      const { status, body } = await post(t, query);
      expect(status, `run ${run}`).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors![0]).toMatchObject({
        extensions: { code: 'ANSWER_TOO_LARGE', details: { max_objects: 300 } },
      });
      expect(body.errors![0]!.path).toBeUndefined();
    }
    // under the budget, the same shape answers
    const small = await post(
      t,
      '{ products(first: 2) { nodes { id similarProducts(limit: 2) { product { id skus { skuId } } } } } }',
    );
    expect(small.status).toBe(200);
    expect(answerCost(small.body.data)).toBeLessThanOrEqual(small.body.extensions!.cost!.estimated);
  });

  it('asks the database for no more SKUs than the answer may still hold, and refuses a batch past it unread', async () => {
    const asked: (number | undefined)[] = [];
    const sku = (productId: number) => ({ productId }) as SkuRecord;
    const repository = {
      skusOfProducts: async (ids: readonly number[], limit?: number) => {
        asked.push(limit);
        return ids.flatMap((id) => Array.from({ length: 40 }, () => sku(id))).slice(0, limit);
      },
    } as unknown as CatalogRepository;
    const cache = new CatalogCache(new CatalogChanges(repository, 60_000), { maxEntries: 0 });
    const loaders = createCatalogLoaders(repository, cache, new Set(), new AnswerBudget(100));
    await expect(loaders.skusOfProduct.loadMany([1, 2])).resolves.toHaveLength(2);
    // 80 read, but counted only as the service hands them out: 100 still free for this batch
    await expect(loaders.skusOfProduct.loadMany([3, 4, 5])).resolves.toSatisfy((results: unknown[]) =>
      results.every((result) => result instanceof AppError && result.code === 'ANSWER_TOO_LARGE'),
    );
    expect(asked).toStrictEqual([101, 101]);
  });

  it('counts aliases and fragments alike', async () => {
    const aliases = `{ ${Array.from({ length: 10 }, (_, n) => `p${n}: product(id: ${n + 1}) { ...S }`).join(' ')} } fragment S on Product { skus { skuId } }`;
    const { status, body } = await post(t, aliases);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions.code).toBe('ANSWER_TOO_LARGE');
  });

  it('refuses a REST media answer past ANSWER_MAX_BYTES with 400 ANSWER_TOO_LARGE, and serves the one that fits', async () => {
    const comparables = await t.app.inject({ method: 'GET', url: '/image/comparables/1' });
    expect(comparables.statusCode).toBe(400);
    expect(comparables.json()).toMatchObject({ code: 'ANSWER_TOO_LARGE', details: { max_bytes: 131072 } });
    const slug = await t.app.inject({ method: 'GET', url: '/image/comparables/slug/bulk' });
    expect(slug.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/image/1' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/product/1/comparables' })).statusCode).toBe(400);
    // a page of search results is made of the same texts
    const search = await t.app.inject({ method: 'GET', url: '/search/products?q=bulk&limit=12' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ code: 'ANSWER_TOO_LARGE' });
    const fewer = await t.app.inject({ method: 'GET', url: '/search/products?q=bulk&limit=2' });
    expect(fewer.statusCode).toBe(200);
    expect((fewer.json() as { products: unknown[] }).products).toHaveLength(2);
    // one product with its 40 SKUs fits
    const product = await t.app.inject({ method: 'GET', url: '/product/1' });
    expect(product.statusCode).toBe(200);
    expect((product.json() as { skus: unknown[] }).skus).toHaveLength(40);
  });
});
