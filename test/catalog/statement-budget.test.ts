// SQL statements per operation, held to a budget: each catalog REST route and GraphQL query costs
// the same number of statements for a media item of 2 products as for one of 20 (each product with
// 2 SKUs and 5 comparables), and no more than its budget. A resolver or route that starts issuing a
// statement per product (N+1), or one more per request, turns this red. Measured cold (the catalog
// cache off); the budgets are what each costs today on both engines (the catalog version read
// behind the ETag included): lower one when a change saves a statement. With the cache on, a warm
// answer costs at most the version check (test/catalog/cache.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, graphql as send, type TestApp } from '../helpers.js';
import { graphql } from '../gql/index.js';

function catalog() {
  const products = Array.from({ length: 40 }, (_, index) => {
    const id = 1000 + index;
    return {
      id,
      title: `Product ${id}`,
      brand: 'Acme',
      price: 10 + index,
      currency: 'USD',
      variants: [{ name: 'Size', visual: false, values: ['S', 'M'] }],
      skus: ['S', 'M'].map((size, n) => ({
        sku_id: id * 10 + n,
        merchant_id: 1,
        name: `SKU ${size}`,
        qty_available: 3,
        retail_price: 10 + index,
        currency: 'USD',
        variant_values: [{ variant: 'Size', value: size }],
      })),
    };
  });
  const similar = products.flatMap((product, index) =>
    Array.from({ length: 5 }, (_, n) => ({
      product_id: product.id,
      similar_product_id: products[(index + n + 1) % products.length]!.id,
    })),
  );
  const placed = (ids: number[]) =>
    ids.map((productId, position) => ({ product_id: productId, x: 0.1 + position / 100, y: 0.5 }));
  const twenty = products.slice(0, 20).map((product) => product.id);
  const two = products.slice(0, 2).map((product) => product.id);
  return {
    stores: [{ id: 1, name: 'store.example', marketplace: 'shopify', currency: 'USD' }],
    products,
    media: [
      { type: 'image', id: 1, slug: 'twenty', file_name: 'a.jpg', product_ids: twenty, placements: placed(twenty) },
      { type: 'image', id: 2, slug: 'two', file_name: 'b.jpg', product_ids: two, placements: placed(two) },
    ],
    similar,
  };
}

const ImageProducts = graphql(`
  query BudgetImage($id: ID!) {
    image(id: $id) {
      id slug url
      products { id title brand priceMoney { displayValue minorUnits } variants { name values } skus { skuId name qtyAvailable inStock salePrice } similarProducts { priceTier product { id title skus { skuId } } } }
      placements { id x y product { id title } }
    }
  }
`);

const ProductDetail = graphql(`
  query BudgetProduct($id: ID!) {
    product(id: $id) { id title skus { skuId qtyAvailable } similarProducts { priceTier product { id title } } media(first: 5) { nodes { id slug } } }
  }
`);

const ProductList = graphql(`
  query BudgetProducts($first: Int!) {
    products(brand: "Acme", first: $first) { nodes { id title skus { skuId qtyAvailable } } pageInfo { hasNextPage } }
  }
`);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(catalog(), { CATALOG_CACHE_MAX_ENTRIES: '0' });
});
afterAll(() => t.close());

async function statementsFor(run: () => Promise<void>): Promise<number> {
  t.database.queries.length = 0;
  await run();
  return t.database.queries.length;
}

const rest = (url: string) => async () => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
};

/** A comparables route, whose every product must come with its 5 comparables. */
const comparables = (url: string, count: number) => async () => {
  const response = await t.app.inject({ method: 'GET', url });
  const products = (response.json() as { products: { similar_products: unknown[] }[] }).products;
  expect(products.map((product) => product.similar_products.length)).toStrictEqual(
    Array.from({ length: count }, () => 5),
  );
};

/** The image query, whose every product must come with its 5 comparables and their SKUs. */
const image = (id: string, count: number) => async () => {
  const products = (await send(t.app, ImageProducts, { id })).data?.image?.products ?? [];
  expect(
    products.map((product) => product.similarProducts.map((similar) => similar.product.skus.length)),
  ).toStrictEqual(Array.from({ length: count }, () => [2, 2, 2, 2, 2]));
};

/** Each operation for a small and a large answer (2 and 20 products, or 2 and 20 in a list), and its budget. */
const operations: { name: string; budget: number; small: () => Promise<void>; large: () => Promise<void> }[] = [
  { name: 'GET /image/{id}', budget: 3, small: rest('/image/2'), large: rest('/image/1') },
  { name: 'GET /image/slug/{slug}', budget: 3, small: rest('/image/slug/two'), large: rest('/image/slug/twenty') },
  {
    name: 'GET /image/comparables/{id}',
    budget: 4,
    small: comparables('/image/comparables/2', 2),
    large: comparables('/image/comparables/1', 20),
  },
  {
    name: 'GET /image/{id}/placements',
    budget: 3,
    small: rest('/image/2/placements'),
    large: rest('/image/1/placements'),
  },
  { name: 'GET /product/{id}', budget: 2, small: rest('/product/1000'), large: rest('/product/1019') },
  {
    name: 'GET /product/{id}/comparables',
    budget: 3,
    small: rest('/product/1000/comparables'),
    large: rest('/product/1019/comparables'),
  },
  {
    name: 'GET /product/{id}/media',
    budget: 3,
    small: rest('/product/1000/media'),
    large: rest('/product/1001/media'),
  },
  {
    name: 'GraphQL image { products { skus similarProducts } placements }',
    budget: 9,
    small: image('2', 2),
    large: image('1', 20),
  },
  {
    name: 'GraphQL product { skus similarProducts media }',
    budget: 6,
    small: async () => expect((await send(t.app, ProductDetail, { id: '1000' })).data?.product?.id).toBe('1000'),
    large: async () => expect((await send(t.app, ProductDetail, { id: '1019' })).data?.product?.id).toBe('1019'),
  },
  {
    name: 'GraphQL products(brand) { skus }',
    budget: 3,
    small: async () => expect((await send(t.app, ProductList, { first: 2 })).data?.products.nodes).toHaveLength(2),
    large: async () => expect((await send(t.app, ProductList, { first: 20 })).data?.products.nodes).toHaveLength(20),
  },
];

describe('SQL statements per operation', () => {
  it.each(operations)(
    '$name: the same for a small and a large answer, within $budget',
    async ({ name, budget, small, large }) => {
      const few = await statementsFor(small);
      const many = await statementsFor(large);
      console.info(`${name}: ${few} statements (small), ${many} (large); budget ${budget}`);
      expect(many, `${name}: a statement per product?`).toBe(few);
      expect(many, name).toBeLessThanOrEqual(budget);
    },
  );
});
