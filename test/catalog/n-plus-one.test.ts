// The comparables of a media item cost a constant number of SQL statements, whatever the number
// of products: one query per level of the tree (media, links, products, SKUs, comparables, ...).
// Measured with the catalog cache off (the cold path); with it, a warm answer costs at most the
// version check (test/catalog/cache.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';
import { graphql } from '../gql/index.js';

const similarPerProduct = 5;

/** 40 products with 2 SKUs each, 5 comparables each; media 1 shows 20 products, media 2 shows 2. */
function catalogOfSize() {
  const products = Array.from({ length: 40 }, (_, index) => {
    const id = 1000 + index;
    return {
      id,
      title: `Product ${id}`,
      price: 10 + index,
      currency: 'USD',
      skus: [0, 1].map((n) => ({ sku_id: id * 10 + n, merchant_id: 1, name: `SKU ${n}`, qty_available: 3, retail_price: 10 + index, currency: 'USD' })),
    };
  });
  const similar = products.flatMap((product, index) =>
    Array.from({ length: similarPerProduct }, (_, n) => ({ product_id: product.id, similar_product_id: products[(index + n + 1) % products.length]!.id })),
  );
  return {
    stores: [{ id: 1, name: 'store.example', marketplace: 'shopify', currency: 'USD' }],
    products,
    media: [
      { type: 'image', id: 1, slug: 'twenty', file_name: 'a.jpg', product_ids: products.slice(0, 20).map((p) => p.id) },
      { type: 'image', id: 2, slug: 'two', file_name: 'b.jpg', product_ids: products.slice(0, 2).map((p) => p.id) },
    ],
    similar,
  };
}

const Comparables = graphql(`
  query ImageComparables($id: ID!) {
    image(id: $id) {
      id
      products { id title skus { skuId salePrice } similarProducts { priceTier product { id skus { skuId } } } }
    }
  }
`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(catalogOfSize(), { CATALOG_CACHE_MAX_ENTRIES: '0' });
});
afterAll(() => t.close());

async function statementsFor(run: () => Promise<unknown>): Promise<number> {
  t.database.queries.length = 0;
  await run();
  return t.database.queries.length;
}

describe('no N+1 on comparables', () => {
  it('REST /image/comparables/{id} issues the same few statements for 2 and for 20 products × 5 comparables', async () => {
    const rest = (id: number) => async () => {
      const response = await t.app.inject({ method: 'GET', url: `/image/comparables/${id}` });
      const products = (response.json() as { products: { similar_products: unknown[] }[] }).products;
      expect(products.every((product) => product.similar_products.length === similarPerProduct)).toBe(true);
      return products.length;
    };
    const two = await statementsFor(rest(2));
    const twenty = await statementsFor(rest(1));
    console.info(`REST comparables: ${two} SQL statements for 2 products, ${twenty} for 20 products × ${similarPerProduct} comparables`);
    expect(twenty).toBe(two);
    // 7 levels, plus the catalog version behind the ETag
    expect(twenty).toBeLessThanOrEqual(8);
  });

  it('GraphQL image { products { similarProducts } } does the same', async () => {
    const query = (id: string) => async () => {
      const { data } = await send(t.app, Comparables, { id });
      expect(data?.image?.products.every((product) => product.similarProducts.length === similarPerProduct)).toBe(true);
    };
    const two = await statementsFor(query('2'));
    const twenty = await statementsFor(query('1'));
    console.info(`GraphQL comparables: ${two} SQL statements for 2 products, ${twenty} for 20 products × ${similarPerProduct} comparables`);
    expect(twenty).toBe(two);
    expect(twenty).toBeLessThanOrEqual(8);
  });
});
