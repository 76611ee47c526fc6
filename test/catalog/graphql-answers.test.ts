// GraphQL answers of catalog-only queries are kept as sent, until what they hold changes: a repeated query
// is answered with those bytes before Apollo runs. Nothing per caller (carts, orders, webhooks) is
// ever kept, nor an answer with errors; an import is seen at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Operations Apollo ran (every outcome), from /metrics. */
async function executed(): Promise<number> {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  return [...text.matchAll(/^graphql_operations_total\{[^}]*\} (\d+)/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

async function post(query: string, variables?: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query, ...(variables ? { variables } : {}) },
  });
  return { status: response.statusCode, body: response.body, type: response.headers['content-type'] };
}

const imageQuery =
  'query Image($id: ID!) { image(id: $id) { id slug products { id title skus { skuId name } similarProducts { priceTier product { id title } } } } }';

describe('kept GraphQL answers', () => {
  it('answers a repeated catalog query with the bytes it sent, without running it (POST and GET alike)', async () => {
    const first = await post(imageQuery, { id: '1' });
    expect(first.status).toBe(200);
    const before = await executed();
    const again = await post(imageQuery, { id: '1' });
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(imageQuery)}&variables=${encodeURIComponent(JSON.stringify({ id: '1' }))}`,
    });
    expect(await executed()).toBe(before + 1); // the GET's variables are text: its key differs once
    expect(again.body).toBe(first.body);
    expect(again.type).toBe(first.type);
    expect(viaGet.body).toBe(first.body);
    const other = await post(imageQuery, { id: '3' });
    expect(JSON.parse(other.body)).toMatchObject({ data: { image: { id: '3', products: [] } } });
  });

  it('never keeps carts or a query that reads anything but the catalog', async () => {
    const created = JSON.parse(
      (await post('mutation { addCartItems(items: [{ variantId: "1201", quantity: 1 }]) { id } }')).body,
    ) as { data: { addCartItems: { id: string } } };
    const cartId = created.data.addCartItems.id;
    for (const query of [
      `{ cart(id: "${cartId}") { id stores { store } } }`,
      `{ product(id: "12") { id } cart(id: "${cartId}") { id } }`,
      '{ __typename product(id: "12") { id } }',
    ]) {
      const before = await executed();
      await post(query);
      await post(query);
      expect(await executed(), query).toBe(before + 2);
    }
    const before = await executed();
    await post(`mutation { updateCartItems(cartId: "${cartId}", items: [{ variantId: "1201", quantity: 3 }]) { id } }`);
    const cart = JSON.parse((await post(`{ cart(id: "${cartId}") { stores { cartLines { quantity } } } }`)).body) as {
      data: { cart: { stores: { cartLines: { quantity: number }[] }[] } };
    };
    expect(cart.data.cart.stores[0]?.cartLines[0]?.quantity).toBe(3);
    expect(await executed()).toBe(before + 2);
  });

  it('keeps no answer with errors', async () => {
    const query = '{ product(id: "999") { id } }';
    const before = await executed();
    const first = await post(query);
    await post(query);
    expect(JSON.parse(first.body)).toMatchObject({ errors: [{ extensions: { code: 'PRODUCT_NOT_FOUND' } }] });
    expect(await executed()).toBe(before + 2);
  });

  it('answers anew once an import changed the catalog', async () => {
    const query = '{ product(id: "14") { id title } }';
    await post(query);
    const fixture = readFixture('catalog.json') as { products: Record<string, unknown>[] };
    await importCatalog(t.database.db, { products: [{ ...fixture.products[3], title: 'Upper Jacket, renamed' }] });
    expect(JSON.parse((await post(query)).body)).toStrictEqual({
      data: { product: { id: '14', title: 'Upper Jacket, renamed' } },
      extensions: { cost: { estimated: 3, limit: 50_000 } },
    });
  });

  it('keeps nothing with CATALOG_CACHE_MAX_ENTRIES=0', async () => {
    const uncached = await createTestApp(readFixture('catalog.json'), { CATALOG_CACHE_MAX_ENTRIES: '0' });
    try {
      const count = async () => {
        const text = (await uncached.app.inject({ method: 'GET', url: '/metrics' })).body;
        return [...text.matchAll(/^graphql_operations_total\{[^}]*\} (\d+)/gm)].reduce(
          (sum, match) => sum + Number(match[1]),
          0,
        );
      };
      for (let round = 0; round < 3; round += 1)
        await uncached.app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: imageQuery, variables: { id: '1' } },
        });
      expect(await count()).toBe(3);
    } finally {
      await uncached.close();
    }
  });
});
