// Property-based fuzzing (fast-check, fixed seed, bounded runs): random and malformed bodies,
// path ids, headers and GraphQL documents at every route. Whatever comes in: never a 5xx, every
// refusal in the documented error shape, and after every refused request the database is
// byte-for-byte what it was.
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, reasonPhrase } from '../../src/errors.js';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { californian, post } from '../cart/cart-helpers.js';

const seed = Number(process.env.FUZZ_SEED ?? 20261122);
const runs = Number(process.env.FUZZ_RUNS ?? 40);
let cases = 0;

let t: TestApp;
let cartId: string;
let submittedCartId: string;
let orderId: string;

beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
  cartId = (
    await post(t, '/cart', {
      items: {
        storefront_cart_items_input: [
          { variant_id: '2011', quantity: 1 },
          { variant_id: '2041', quantity: 2 },
        ],
      },
    })
  ).body.id;
  submittedCartId = (
    await post(t, '/cart', { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } })
  ).body.id;
  await post(t, '/cart/customerInfo', { id: submittedCartId, buyer_identity: californian });
  orderId = (await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id: submittedCartId })).body.orders[0]!.id;
});
afterAll(() => {
  console.info(`fuzz: ${cases} requests (seed ${seed}, ${runs} runs per property)`);
  return t.close();
});

const documentedCodes = new Set(Object.keys(errorStatus));

/** Sends one request; checks the answer; for a refusal, checks that nothing changed. */
async function probe(request: InjectOptions): Promise<void> {
  cases += 1;
  const before = await dumpDatabase(t.database);
  const response = await t.app.inject(request);
  const where = `${request.method} ${String(request.url).slice(0, 120)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as Record<string, unknown>;
    // A body that is not acceptable JSON (not JSON, a NUL, nesting past 64) is refused before
    // GraphQL sees it, in the REST error shape, as on every route.
    if (String(request.url).startsWith('/graphql') && body.code === undefined) {
      // GraphQL refusals of a whole document keep GraphQL's shape: errors with a code.
      const errors = body.errors as { extensions?: { code?: string } }[] | undefined;
      expect(errors?.[0]?.extensions?.code, where).toEqual(expect.any(String));
    } else {
      expect(body, where).toMatchObject({
        statusCode: response.statusCode,
        error: reasonPhrase[response.statusCode],
        message: expect.any(String),
      });
      expect(documentedCodes.has(String(body.code)), `${where}: ${String(body.code)}`).toBe(true);
    }
    expect(await dumpDatabase(t.database), where).toBe(before);
  } else if (String(request.url).startsWith('/graphql')) {
    const body = response.json() as {
      data?: Record<string, unknown> | null;
      errors?: { extensions?: { code?: string; http?: { status: number } } }[];
    };
    for (const error of body.errors ?? []) {
      expect(error.extensions?.code, where).toEqual(expect.any(String));
      expect(error.extensions?.code, where).not.toBe('INTERNAL_SERVER_ERROR');
    }
    // A mutation whose every field failed changed nothing.
    if (body.errors && Object.values(body.data ?? {}).every((value) => value === null))
      expect(await dumpDatabase(t.database), where).toBe(before);
  }
}

/** A JSON value of any shape, including the awkward ones. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, 0, -1, 1.5, 1e308, '', '0', '-1', 'abc', '💥', '\u0000', [], {}, true),
);

const idLike = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '01',
    '2011',
    '9999',
    '99999999999999999999',
    'abc',
    '%00',
    '..',
    '%2F',
    '2021 ',
    'NaN',
    'Infinity',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -10, max: 3000 }).map(String),
);

/** A valid body for each route, to mutate one field at a time. */
function routes() {
  return [
    {
      method: 'POST' as const,
      url: '/cart',
      body: { id: cartId, items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } },
    },
    {
      method: 'PUT' as const,
      url: '/cart',
      body: { id: cartId, items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 2 }] } },
    },
    {
      method: 'POST' as const,
      url: '/cart/customerInfo',
      body: { id: cartId, buyer_identity: { email: 'a@b.co', country_code: 'US' } },
    },
    { method: 'POST' as const, url: '/cart/add', body: { cart_id: cartId, item: { variant_id: '2021', quantity: 1 } } },
    {
      method: 'POST' as const,
      url: '/cart/update',
      body: { cart_id: cartId, item: { variant_id: '2021', quantity: 1 } },
    },
    { method: 'DELETE' as const, url: '/cart/items', body: { cart_id: cartId, variant_id: '2021' } },
    {
      method: 'POST' as const,
      url: '/cart/shippingMethod',
      body: { cart_id: cartId, store: 'north.example', shipping_method_id: 'express' },
    },
    { method: 'POST' as const, url: '/cart/submit', body: { id: submittedCartId } },
    { method: 'POST' as const, url: `/cart/cartStatus/${cartId}`, body: {} },
    { method: 'POST' as const, url: `/orders/${orderId}/status`, body: { status: 'PLACED' } },
    {
      method: 'POST' as const,
      url: '/graphql',
      body: { query: 'query ($id: ID!) { product(id: $id) { id } }', variables: { id: '201' } },
    },
  ];
}

/** Replaces the value at one path of a body (or adds a key) with something random. */
function mutate(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(body)) {
    const copy = [...body];
    copy[Number(head) % Math.max(copy.length, 1)] = mutate(copy[Number(head) % Math.max(copy.length, 1)], rest, value);
    return copy;
  }
  if (typeof body === 'object' && body !== null)
    return { ...body, [head]: mutate((body as Record<string, unknown>)[head], rest, value) };
  return { [head]: mutate(undefined, rest, value) };
}

const pathKeys = fc.array(
  fc.constantFrom(
    'id',
    'cart_id',
    'items',
    'storefront_cart_items_input',
    'shopify_cart_items_input',
    '0',
    'quantity',
    'variant_id',
    'product_id',
    'item',
    'buyer_identity',
    'email',
    'country_code',
    'store',
    'shipping_method_id',
    'status',
    'required_actions',
    'extra',
  ),
  { minLength: 0, maxLength: 4 },
);

describe('REST under random input', () => {
  it('bodies: valid ones with a field replaced, and arbitrary JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.oneof(fc.tuple(pathKeys, anyJson), fc.tuple(fc.constant(null), anyJson)),
        async (index, [path, value]) => {
          const route = routes()[index % routes().length]!;
          const payload = path === null ? value : mutate(route.body, path, value);
          await probe({
            method: route.method,
            url: route.url,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          });
        },
      ),
      { seed, numRuns: runs * 5 },
    );
  });

  it('bodies that are not JSON, or not what their content type says', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{"id":',
        '[1,',
        'null',
        '"str"',
        '{"items":{"storefront_cart_items_input":[{"quantity":1e999}]}}',
        '\u0000',
      ),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    );
    await fc.assert(
      fc.asyncProperty(fc.nat(), raw, contentType, async (index, payload, type) => {
        const route = routes()[index % routes().length]!;
        await probe({ method: route.method, url: route.url, headers: { 'content-type': type }, payload });
      }),
      { seed, numRuns: runs * 2 },
    );
  });

  it('path ids and query strings', async () => {
    const templates = [
      '/product/%s',
      '/product/%s/comparables',
      '/image/%s',
      '/image/comparables/%s',
      '/image/slug/%s',
      '/video/%s',
      '/video/comparables/slug/%s',
      '/cart/%s',
      '/orders/%s',
    ];
    await fc.assert(
      fc.asyncProperty(fc.nat(), idLike, fc.string({ maxLength: 30 }), async (index, id, query) => {
        const url = templates[index % templates.length]!.replace('%s', encodeURIComponent(id));
        await probe({ method: 'GET', url: `${url}?${encodeURIComponent(query)}=${encodeURIComponent(id)}` });
        await probe({ method: 'POST', url: `/cart/cartStatus/${encodeURIComponent(id)}` });
        await probe({ method: 'POST', url: `/orders/${encodeURIComponent(id)}/status`, payload: { status: 'PLACED' } });
        await probe({
          method: 'DELETE',
          url: `/cart/items?cart_id=${encodeURIComponent(id)}&variant_id=${encodeURIComponent(query)}`,
        });
      }),
      { seed, numRuns: runs },
    );
  });

  it('headers', async () => {
    const headerValue = fc.oneof(
      fc.string({ maxLength: 300 }).map((text) => text.replace(/[^\t\x20-\x7e]/g, '')),
      fc.constantFrom('', 'Bearer', 'Bearer ', 'x'.repeat(300)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        headerValue,
        headerValue,
        headerValue,
        headerValue,
        async (index, key, accept, requestId, host) => {
          const route = routes()[index % routes().length]!;
          await probe({
            method: route.method,
            url: route.url,
            headers: {
              'content-type': 'application/json',
              'idempotency-key': key,
              accept,
              'x-request-id': requestId,
              authorization: key,
              host,
              'x-forwarded-for': host,
              'x-forwarded-host': host,
            },
            payload: JSON.stringify(route.body),
          });
        },
      ),
      { seed, numRuns: runs },
    );
  });
});

describe('GraphQL under random input', () => {
  const documents = [
    'query ($id: ID!) { product(id: $id) { id title skus { skuId salePrice } similarProducts { priceTier product { id } } } }',
    'query ($id: ID, $slug: String) { image(id: $id, slug: $slug) { id products { id } } }',
    'query ($first: Int, $after: String) { products(first: $first, after: $after) { nodes { id } pageInfo { endCursor } } }',
    'query ($id: ID!) { cart(id: $id) { id cost { total { value } } } cartStatus(id: $id) { status } }',
    'mutation ($cartId: ID, $items: [CartItemInput!]!) { addCartItems(cartId: $cartId, items: $items) { id } }',
    'mutation ($cartId: ID!, $items: [CartItemInput!]!) { updateCartItems(cartId: $cartId, items: $items) { id } }',
    'mutation ($cartId: ID!, $ids: [ID!]!) { removeCartItems(cartId: $cartId, variantIds: $ids) { id } }',
    'mutation ($cartId: ID!, $b: BuyerIdentityInput!) { updateBuyerIdentity(cartId: $cartId, buyerIdentity: $b) { id } }',
    'mutation ($cartId: ID!, $store: String!, $m: String!) { selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $m) { id } }',
    'mutation ($cartId: ID!, $key: String) { submitCart(cartId: $cartId, idempotencyKey: $key) { status } }',
    'mutation ($orderId: ID!, $status: OrderStatus!) { updateOrderStatus(orderId: $orderId, status: $status) { status } }',
  ];
  const variableNames = [
    'id',
    'slug',
    'first',
    'after',
    'cartId',
    'items',
    'ids',
    'b',
    'store',
    'm',
    'key',
    'orderId',
    'status',
  ];
  const variables = fc.dictionary(
    fc.constantFrom(...variableNames),
    fc.oneof(anyJson, idLike, fc.constant(cartId), fc.constant([{ variantId: '2021', quantity: 1 }])),
    { maxKeys: 6 },
  );

  it('valid documents with random variables', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), variables, async (index, vars) => {
        await probe({
          method: 'POST',
          url: '/graphql',
          payload: { query: documents[index % documents.length], variables: vars },
        });
      }),
      { seed, numRuns: runs * 4 },
    );
  });

  it('broken documents: cut, spliced and random text', async () => {
    const broken = fc.oneof(
      fc.tuple(fc.nat(), fc.nat(), fc.string({ maxLength: 20 })).map(([index, at, insert]) => {
        const text = documents[index % documents.length]!;
        const cut = at % (text.length + 1);
        return text.slice(0, cut) + insert + text.slice(cut + (at % 7));
      }),
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{ __typename',
        'query { a'.repeat(50),
        '{ product(id: 1) { id } }',
        'subscription { x }',
        '{ products(first: -1) { nodes { id } } }',
      ),
    );
    await fc.assert(
      fc.asyncProperty(broken, fc.oneof(fc.constant(undefined), anyJson), async (query, vars) => {
        await probe({ method: 'POST', url: '/graphql', payload: { query, variables: vars } });
        await probe({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}` });
      }),
      { seed, numRuns: runs * 2 },
    );
  });

  it('request envelopes that are not GraphQL requests', async () => {
    await fc.assert(
      fc.asyncProperty(anyJson, async (payload) => {
        await probe({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
      }),
      { seed, numRuns: runs },
    );
  });
});
