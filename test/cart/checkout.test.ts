// Submit, orders and cart status through REST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { addToCart, call, californian, exampleA, post, type CartJson, type Item } from './cart-helpers.js';

interface OrderJson {
  id: string;
  cart_id: string;
  status: string;
  events: { id: string; created_at: string; type: string }[];
  required_actions: { action: string; description: string }[];
}

interface StatusJson {
  status: string;
  orders: OrderJson[];
  cart: {
    id: string;
    buyer_identity: Record<string, unknown>;
    stores: (Omit<CartJson['stores'][number], 'cart_lines'> & {
      cart_lines: CartJson['stores'][number]['cart_lines'][number] | null;
    })[];
  };
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

/** A cart ready to submit; the catalog (and so its stock, which submits take) as the fixture has it. */
async function readyCart(items: Item[] = exampleA, identity: object = californian): Promise<string> {
  await importCatalog(t.database.db, readFixture('cart-catalog.json'));
  const cart = await addToCart(t, items);
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: identity });
  return cart.body.id;
}

const submit = (id: string, key?: string) =>
  post<StatusJson>(t, '/cart/submit', { id }, key ? { 'idempotency-key': key } : {});
const cartStatus = (id: string) =>
  call<StatusJson>(t, {
    method: 'POST',
    url: `/cart/cartStatus/${id}`,
    headers: { 'content-type': 'application/json' },
    payload: '',
  });
const setStatus = (orderId: string, body: object) => post<OrderJson>(t, `/orders/${orderId}/status`, body);

describe('POST /cart/cartStatus/{cart_id}', () => {
  it('answers IN_PROGRESS without orders before submit; empty JSON body accepted; single-object cart_lines; no cost', async () => {
    const id = await readyCart();
    const answer = await cartStatus(id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('IN_PROGRESS');
    expect(answer.body.orders).toStrictEqual([]);
    expect(Object.keys(answer.body.cart)).toStrictEqual(['id', 'stores', 'buyer_identity']);
    const first = answer.body.cart.stores[0];
    expect(first?.cart_lines).toMatchObject({ quantity: 2, variant: { id: '2011' }, product: { id: '201' } });
    expect(Array.isArray(first?.cart_lines)).toBe(false);
    expect(Object.keys(first ?? {})).toStrictEqual([
      'store',
      'request_id',
      'cart_lines',
      'offer',
      'is_submitted',
      'store_name',
    ]);
  });

  it('accepts a body of {} and no body at all', async () => {
    const id = await readyCart();
    expect((await post(t, `/cart/cartStatus/${id}`, {})).status).toBe(200);
    expect((await call(t, { method: 'POST', url: `/cart/cartStatus/${id}` })).status).toBe(200);
  });

  it('404 CART_NOT_FOUND for an unknown cart', async () => {
    const answer = await cartStatus('unknown-cart');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'CART_NOT_FOUND' });
  });
});

describe('POST /cart/submit', () => {
  it('creates one SUBMITTED order per store with one event, and marks each store submitted with a request_id', async () => {
    const id = await readyCart();
    const answer = await submit(id);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('SUBMITTED');
    expect(answer.body.orders).toHaveLength(2);
    for (const order of answer.body.orders) {
      expect(order.id).toMatch(uuid);
      expect(order.cart_id).toBe(id);
      expect(order.status).toBe('SUBMITTED');
      expect(order.events).toHaveLength(1);
      expect(order.events[0]).toMatchObject({ type: 'SUBMITTED' });
      expect(order.events[0]?.id).toMatch(uuid);
      expect(order.events[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(order.required_actions).toStrictEqual([]);
    }
    expect(answer.body.cart.stores.map((entry) => [entry.store, entry.is_submitted])).toStrictEqual([
      ['north.example', true],
      ['south.example', true],
    ]);
    expect(answer.body.cart.stores.every((entry) => uuid.test(entry.request_id ?? ''))).toBe(true);
    const stored = await t.database.db.order.findMany({ where: { cartId: id }, orderBy: { storeId: 'asc' } });
    // north: 127.48 + 5.99 + 7.86; south: 63.32 + 7.25 + 5.82 (example A in California)
    expect(
      stored.map((order) => [
        order.storeId,
        order.subtotalMinor,
        order.shippingMinor,
        order.taxMinor,
        order.totalMinor,
      ]),
    ).toStrictEqual([
      [1, 12748n, 599n, 786n, 14133n],
      [2, 6332n, 725n, 582n, 7639n],
    ]);
    expect((await cartStatus(id)).body).toStrictEqual(answer.body);
  });

  it('refuses a second submit with 409 CART_ALREADY_SUBMITTED, and every change to a submitted cart', async () => {
    const id = await readyCart();
    await submit(id);
    const before = await dumpDatabase(t.database);
    const attempts = [
      submit(id),
      addToCart(t, [{ variant_id: '2021', quantity: 1 }], id),
      call(t, {
        method: 'PUT',
        url: '/cart',
        payload: { id, items: { storefront_cart_items_input: [{ variant_id: '2011', quantity: 1 }] } },
      }),
      post(t, '/cart/add', { cart_id: id, item: { variant_id: '2021', quantity: 1 } }),
      post(t, '/cart/update', { cart_id: id, item: { variant_id: '2011', quantity: 1 } }),
      call(t, { method: 'DELETE', url: '/cart/items', payload: { cart_id: id, variant_id: '2011' } }),
      post(t, '/cart/customerInfo', { id, buyer_identity: { phone: '1' } }),
      post(t, '/cart/shippingMethod', { cart_id: id, store: 'north.example', shipping_method_id: 'express' }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ statusCode: 409, code: 'CART_ALREADY_SUBMITTED', error: 'Conflict' });
    }
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('replays the first answer for the same Idempotency-Key, marked Idempotent-Replayed', async () => {
    const id = await readyCart();
    const first = await submit(id, 'key-1');
    const again = await submit(id, 'key-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).toStrictEqual(first.body);
    expect(await t.database.db.order.count({ where: { cartId: id } })).toBe(2);
  });

  it('refuses the same Idempotency-Key for another cart with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const one = await readyCart();
    const other = await readyCart();
    await submit(one, 'key-2');
    const before = await dumpDatabase(t.database);
    const answer = await submit(other, 'key-2');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it.each([
    ['an empty cart', [], californian, 'CART_EMPTY', undefined],
    [
      'a cart without buyer identity',
      exampleA,
      {},
      'BUYER_IDENTITY_MISSING',
      { fields: ['first_name', 'last_name', 'address_1', 'city', 'country_code', 'postal_code', 'email'] },
    ],
    [
      'a buyer identity without email',
      exampleA,
      { ...californian, email: null },
      'BUYER_IDENTITY_MISSING',
      { fields: ['email'] },
    ],
    [
      'a cart with an out-of-stock variant',
      [
        { variant_id: '2013', quantity: 1 },
        { variant_id: '2011', quantity: 1 },
      ],
      californian,
      'PRODUCTS_UNAVAILABLE',
      { variant_ids: ['2013'] },
    ],
    [
      'a cart asking more than in stock',
      [{ variant_id: '2012', quantity: 2 }],
      californian,
      'PRODUCTS_UNAVAILABLE',
      { variant_ids: ['2012'] },
    ],
  ] as [string, Item[], object, string, object | undefined][])(
    'refuses %s with 422 %s and changes nothing',
    async (_name, items, identity, code, details) => {
      const id = items.length > 0 ? await readyCart(items, identity) : (await post(t, '/cart', {})).body.id;
      if (items.length === 0) await post(t, '/cart/customerInfo', { id, buyer_identity: identity });
      const before = await dumpDatabase(t.database);
      const answer = await submit(id);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ statusCode: 422, code, ...(details ? { details } : {}) });
      expect(await dumpDatabase(t.database)).toBe(before);
    },
  );

  it('needs the cart id, and 404s an unknown one', async () => {
    expect((await post(t, '/cart/submit', {})).body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect((await submit('unknown-cart')).body).toMatchObject({ statusCode: 404, code: 'CART_NOT_FOUND' });
  });
});

describe('order status updates and the cart status', () => {
  async function submitted() {
    const id = await readyCart();
    const answer = await submit(id);
    const [north, south] = answer.body.orders;
    return { id, north: north!, south: south! };
  }

  it('SUBMITTED → PLACED → FULFILLED with one event each; the cart COMPLETES once no order is open', async () => {
    const { id, north, south } = await submitted();
    const placed = await setStatus(north.id, { status: 'PLACED' });
    expect(placed.status).toBe(200);
    expect(placed.body.status).toBe('PLACED');
    expect(placed.body.events.map((event) => event.type)).toStrictEqual(['SUBMITTED', 'PLACED']);
    await setStatus(north.id, { status: 'FULFILLED' });
    expect((await cartStatus(id)).body.status).toBe('SUBMITTED');
    await setStatus(south.id, { status: 'CANCELLED' });
    const final = await cartStatus(id);
    expect(final.body.status).toBe('COMPLETED');
    expect(
      final.body.orders.map((order) => [order.id, order.status, order.events.map((event) => event.type)]),
    ).toStrictEqual([
      [north.id, 'FULFILLED', ['SUBMITTED', 'PLACED', 'FULFILLED']],
      [south.id, 'CANCELLED', ['SUBMITTED', 'CANCELLED']],
    ]);
  });

  it('FAILED when every order ends without fulfilment', async () => {
    const { id, north, south } = await submitted();
    await setStatus(north.id, { status: 'FAILED' });
    await setStatus(south.id, { status: 'CANCELLED' });
    expect((await cartStatus(id)).body.status).toBe('FAILED');
  });

  it('ACTION_REQUIRED lists required actions, which clear on the next transition', async () => {
    const { north } = await submitted();
    const actions = [
      { action: 'CompletePaymentChallenge', description: 'Open https://pay.example/3ds to confirm the payment' },
    ];
    const required = await setStatus(north.id, { status: 'ACTION_REQUIRED', required_actions: actions });
    expect(required.body).toMatchObject({ status: 'ACTION_REQUIRED', required_actions: actions });
    const placed = await setStatus(north.id, { status: 'PLACED' });
    expect(placed.body.required_actions).toStrictEqual([]);
    expect(placed.body.events.map((event) => event.type)).toStrictEqual(['SUBMITTED', 'ACTION_REQUIRED', 'PLACED']);
  });

  it.each([
    ['SUBMITTED → FULFILLED', [], 'FULFILLED'],
    ['PLACED → FAILED', ['PLACED'], 'FAILED'],
    ['PLACED → PLACED', ['PLACED'], 'PLACED'],
    ['CANCELLED → PLACED', ['CANCELLED'], 'PLACED'],
    ['FULFILLED → CANCELLED', ['PLACED', 'FULFILLED'], 'CANCELLED'],
  ])('refuses %s with 422 INVALID_ORDER_TRANSITION and changes nothing', async (_name, path, to) => {
    const { north } = await submitted();
    for (const status of path) await setStatus(north.id, { status });
    const before = await dumpDatabase(t.database);
    const answer = await setStatus(north.id, { status: to });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'INVALID_ORDER_TRANSITION', details: { to } });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('refuses bad input with 400 VALIDATION_FAILED and unknown orders with 404 ORDER_NOT_FOUND', async () => {
    const { north } = await submitted();
    expect((await setStatus(north.id, { status: 'SHIPPED' })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect((await setStatus(north.id, {})).body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect((await setStatus(north.id, { status: 'ACTION_REQUIRED' })).body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
    });
    expect(
      (await setStatus(north.id, { status: 'PLACED', required_actions: [{ action: 'x', description: 'y' }] })).body,
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await setStatus('00000000-0000-4000-8000-000000000000', { status: 'PLACED' })).body).toMatchObject({
      statusCode: 404,
      code: 'ORDER_NOT_FOUND',
    });
    expect((await setStatus('not-a-uuid', { status: 'PLACED' })).body).toMatchObject({
      statusCode: 404,
      code: 'ORDER_NOT_FOUND',
    });
  });
});
