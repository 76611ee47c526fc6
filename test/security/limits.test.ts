// Request limits: items per request, lines per cart, requests per minute, GraphQL depth, cost,
// batching and introspection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, type TestApp } from '../helpers.js';
import { post } from '../cart/cart-helpers.js';

/** 260 one-SKU products in one store, enough to overfill a cart; and 60 more of a store each. */
function wideCatalog() {
  const product = (id: number, skuId: number, storeId: number) => ({
    id,
    title: `Thing ${id}`,
    price: 1,
    currency: 'USD',
    skus: [
      { sku_id: skuId, merchant_id: storeId, name: `Thing ${id}`, qty_available: 10, retail_price: 1, currency: 'USD' },
    ],
    variants: [{ name: 'Size', values: ['S'] }],
  });
  return {
    stores: Array.from({ length: 61 }, (_, index) => ({
      id: 1 + index,
      name: index === 0 ? 'wide.example' : `store-${index}.example`,
      marketplace: 'shopify',
      currency: 'USD',
    })),
    products: [
      ...Array.from({ length: 260 }, (_, index) => product(1 + index, 1001 + index, 1)),
      ...Array.from({ length: 60 }, (_, index) => product(301 + index, 3001 + index, 2 + index)),
    ],
    media: [
      {
        type: 'image',
        id: 1,
        slug: 'wide',
        file_name: 'w.jpg',
        product_ids: Array.from({ length: 30 }, (_, index) => index + 1),
      },
    ],
    similar: Array.from({ length: 30 }, (_, index) => ({ product_id: 1, similar_product_id: index + 2 })),
  };
}

const items = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({ variant_id: String(1001 + from + index), quantity: 1 }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(wideCatalog(), { GRAPHQL_MAX_DEPTH: '5', GRAPHQL_MAX_COMPLEXITY: '2000' });
});
afterAll(() => t.close());

describe('cart size', () => {
  it('refuses more than 100 items in one request with 422 TOO_MANY_ITEMS', async () => {
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart', { items: { storefront_cart_items_input: items(0, 101) } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'TOO_MANY_ITEMS', details: { max: 100, count: 101 } });
    expect(await dumpDatabase(t.database)).toBe(before);
    expect((await post(t, '/cart', { items: { storefront_cart_items_input: items(0, 100) } })).status).toBe(200);
  });

  it('refuses a 251st line with 422 CART_TOO_LARGE, changing nothing', async () => {
    const cart = await post(t, '/cart', { items: { storefront_cart_items_input: items(0, 100) } });
    await post(t, '/cart', { id: cart.body.id, items: { storefront_cart_items_input: items(100, 100) } });
    const full = await post(t, '/cart', { id: cart.body.id, items: { storefront_cart_items_input: items(200, 50) } });
    expect(full.body.stores[0]?.cart_lines).toHaveLength(250);
    const before = await dumpDatabase(t.database);
    const over = await post(t, '/cart/add', { cart_id: cart.body.id, item: { variant_id: '1251', quantity: 1 } });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'CART_TOO_LARGE', details: { max: 250, lines: 251 } });
    expect(await dumpDatabase(t.database)).toBe(before);
    // more of a line already there is fine
    expect(
      (await post(t, '/cart/add', { cart_id: cart.body.id, item: { variant_id: '1001', quantity: 1 } })).status,
    ).toBe(200);
  });

  it('refuses lines of a 51st store with 422 CART_TOO_LARGE, changing nothing: each store is an order and an event per webhook endpoint', async () => {
    const ofStores = (count: number, from = 0) =>
      Array.from({ length: count }, (_, index) => ({ variant_id: String(3001 + from + index), quantity: 1 }));
    const cart = await post(t, '/cart', { items: { storefront_cart_items_input: ofStores(50) } });
    expect(cart.status).toBe(200);
    expect(cart.body.stores).toHaveLength(50);
    const before = await dumpDatabase(t.database);
    const over = await post(t, '/cart/add', { cart_id: cart.body.id, item: { variant_id: '3051', quantity: 1 } });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ code: 'CART_TOO_LARGE', details: { max_stores: 50, stores: 51 } });
    expect(await dumpDatabase(t.database)).toBe(before);
    expect((await post(t, '/cart', { items: { storefront_cart_items_input: ofStores(51) } })).body).toMatchObject({
      code: 'CART_TOO_LARGE',
    });
    // More of a store already in the cart is fine.
    expect(
      (await post(t, '/cart/add', { cart_id: cart.body.id, item: { variant_id: '3001', quantity: 1 } })).status,
    ).toBe(200);
  });
});

describe('rate limits', () => {
  it('answer 429 RATE_LIMITED with Retry-After past RATE_LIMIT_MAX a minute, per key, probes exempt', async () => {
    const keyA = 'rate-key-a-0123456789abcdef';
    const keyB = 'rate-key-b-0123456789abcdef';
    const limited = await createTestApp(null, { RATE_LIMIT_MAX: '3', API_KEYS: `${keyA}:client,${keyB}:client` });
    try {
      const get = (key: string, url = '/product/1') =>
        limited.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } });
      for (let n = 0; n < 3; n += 1) expect((await get(keyA)).statusCode).toBe(404);
      const over = await get(keyA);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED', error: 'Too Many Requests' });
      expect((await get(keyB)).statusCode).toBe(404);
      expect((await get(keyA, '/healthz')).statusCode).toBe(200);
      // wrong keys count against the client address: guessing is limited too
      const guesses = [];
      for (let n = 0; n < 4; n += 1) guesses.push((await get(`wrong-key-${n}-0123456789abcdef`)).statusCode);
      expect(guesses).toStrictEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });

  it('count by client address when the service runs open', async () => {
    const limited = await createTestApp(null, { RATE_LIMIT_MAX: '2' });
    try {
      const get = (ip: string) => limited.app.inject({ method: 'GET', url: '/product/1', remoteAddress: ip });
      expect((await get('10.0.0.1')).statusCode).toBe(404);
      expect((await get('10.0.0.1')).statusCode).toBe(404);
      expect((await get('10.0.0.1')).statusCode).toBe(429);
      expect((await get('10.0.0.2')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('GraphQL cost', () => {
  const run = (query: string, variables?: object) =>
    t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });

  it('allows an ordinary comparables query', async () => {
    const response = await run(
      '{ image(id: "1") { products { id skus { skuId } similarProducts(limit: 3) { priceTier product { id } } } } }',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().errors).toBeUndefined();
  });

  it('refuses an operation deeper than GRAPHQL_MAX_DEPTH with 400 QUERY_TOO_COMPLEX, through fragments too', async () => {
    const deep = await run(
      '{ image(id: "1") { products { similarProducts { product { skus { variantValues { variant } } } } } } }',
    );
    expect(deep.statusCode).toBe(400);
    expect(deep.json().errors[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      http: { status: 400 },
      details: { depth: 7, max_depth: 5 },
    });
    const viaFragment = await run(
      'query { image(id: "1") { ...P } } fragment P on Media { products { similarProducts { product { skus { variantValues { variant } } } } } }',
    );
    expect(viaFragment.json().errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses an operation whose estimated cost is over GRAPHQL_MAX_COMPLEXITY', async () => {
    const response = await run(
      '{ products(first: 100) { nodes { id title similarProducts(limit: 50) { priceTier product { id title } } } } }',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { max_complexity: 2000 },
    });
    // the same shape with smaller pages fits
    expect(
      (await run('{ products(first: 5) { nodes { id similarProducts(limit: 5) { priceTier } } } }')).json().errors,
    ).toBeUndefined();
  });

  it('judges a document again for other variables: a verdict it remembers is for the same text, operation and variables only', async () => {
    const query =
      'query Page($first: Int!, $limit: Int) { products(first: $first) { nodes { id similarProducts(limit: $limit) { priceTier product { id title } } } } }';
    for (let round = 0; round < 2; round += 1)
      expect((await run(query, { first: 5, limit: 5 })).json().errors, `round ${round}`).toBeUndefined();
    const costly = await run(query, { first: 100, limit: 50 });
    expect([costly.statusCode, costly.json().errors[0].extensions.code]).toStrictEqual([400, 'QUERY_TOO_COMPLEX']);
  });

  it('caps list arguments', async () => {
    expect((await run('{ products(first: 101) { nodes { id } } }')).json().errors[0].extensions.code).toBe(
      'VALIDATION_FAILED',
    );
    // a page of 1000 costs too much before its cap is reached
    expect((await run('{ products(first: 1000) { nodes { id } } }')).json().errors[0].extensions.code).toBe(
      'QUERY_TOO_COMPLEX',
    );
    expect(
      (await run('{ product(id: "1") { similarProducts(limit: 51) { priceTier } } }')).json().errors[0].extensions.code,
    ).toBe('VALIDATION_FAILED');
  });

  it('refuses batched operations', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: [{ query: '{ product(id: "1") { id } }' }, { query: '{ product(id: "2") { id } }' }],
    });
    expect(response.statusCode).toBe(400);
  });

  it('switches introspection off with GRAPHQL_INTROSPECTION=false', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    expect((await run(introspection)).json().data.__schema.queryType.name).toBe('Query');
    const closed = await createTestApp(null, { GRAPHQL_INTROSPECTION: 'false', GRAPHQL_SANDBOX: 'false' });
    try {
      const response = await closed.app.inject({ method: 'POST', url: '/graphql', payload: { query: introspection } });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const page = await closed.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(page.body).not.toMatch(/sandbox/i);
    } finally {
      await closed.close();
    }
  });
});
