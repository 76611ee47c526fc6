// Idempotency-Key on every cart-changing request: the same key and request replay the first
// answer (Idempotent-Replayed: true); another request with the key is 409; keys live 24 h. What
// is kept is bounded: large answers as the id of their cart or order, and each caller's records
// within a budget that the sweeper enforces.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../src/cart/cart.sweeper.js';
import { CartRepository } from '../../src/cart/cart.repository.js';
import { CartLifetime } from '../../src/cart/cart.lifetime.js';
import { maxStoredAnswerBytes } from '../../src/idempotency/idempotency.js';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { call, californian, post, type CartJson } from '../cart/cart-helpers.js';

let t: TestApp;
const keyA = 'client-a-key-0123456789abcdef';
const keyB = 'client-b-key-0123456789abcdef';
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'), { API_KEYS: `${keyA}:client,${keyB}:admin` });
});
afterAll(() => t.close());

const as = (apiKey: string, idempotencyKey?: string) => ({
  authorization: `Bearer ${apiKey}`,
  ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
});
const addBody = { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } };

async function newCart(): Promise<string> {
  return (await post(t, '/cart', addBody, as(keyA))).body.id;
}

describe('Idempotency-Key without API keys', () => {
  it('keeps keys per client address: another client never gets the first one’s cart', async () => {
    const open = await createTestApp(readFixture('cart-catalog.json'));
    try {
      const send = (ip: string) =>
        open.app.inject({
          method: 'POST',
          url: '/cart',
          payload: addBody,
          headers: { 'idempotency-key': 'order-1' },
          remoteAddress: ip,
        });
      const first = await send('10.1.0.1');
      const other = await send('10.1.0.2');
      expect(other.headers['idempotent-replayed']).toBeUndefined();
      expect(other.json().id).not.toBe(first.json().id);
      expect((await send('10.1.0.1')).headers['idempotent-replayed']).toBe('true');
    } finally {
      await open.close();
    }
  });
});

describe('Idempotency-Key on REST', () => {
  it('a repeated cart creation creates one cart and replays its answer', async () => {
    const before = await t.database.db.cart.count();
    const first = await post(t, '/cart', addBody, as(keyA, 'create-1'));
    const again = await post(t, '/cart', addBody, as(keyA, 'create-1'));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body).toStrictEqual(first.body);
    expect(await t.database.db.cart.count()).toBe(before + 1);
  });

  it('holds on every cart-changing route: the repeat changes nothing', async () => {
    const id = await newCart();
    const orderCart = await newCart();
    await post(t, '/cart/customerInfo', { id: orderCart, buyer_identity: californian }, as(keyA));
    const order = (await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id: orderCart }, as(keyA))).body
      .orders[0]!.id;
    const requests = [
      { method: 'POST' as const, url: '/cart', payload: { id, ...addBody } },
      {
        method: 'PUT' as const,
        url: '/cart',
        payload: { id, items: { storefront_cart_items_input: [{ variant_id: '2041', quantity: 2 }] } },
      },
      {
        method: 'POST' as const,
        url: '/cart/add',
        payload: { cart_id: id, item: { variant_id: '2021', quantity: 3 } },
      },
      {
        method: 'POST' as const,
        url: '/cart/update',
        payload: { cart_id: id, item: { variant_id: '2021', quantity: 9 } },
      },
      { method: 'POST' as const, url: '/cart/customerInfo', payload: { id, buyer_identity: { city: 'Oakland' } } },
      {
        method: 'POST' as const,
        url: '/cart/shippingMethod',
        payload: { cart_id: id, store: 'north.example', shipping_method_id: 'express' },
      },
      { method: 'DELETE' as const, url: '/cart/items', payload: { cart_id: id, variant_id: '2041' } },
      { method: 'POST' as const, url: `/orders/${order}/status`, payload: { status: 'PLACED' }, admin: true },
    ];
    for (const [index, request] of requests.entries()) {
      const headers = as(request.admin ? keyB : keyA, `route-${index}`);
      const first = await call(t, { method: request.method, url: request.url, payload: request.payload, headers });
      expect(first.status, request.url).toBe(200);
      const state = await dumpDatabase(t.database);
      const again = await call(t, { method: request.method, url: request.url, payload: request.payload, headers });
      expect(again.headers['idempotent-replayed'], request.url).toBe('true');
      expect(again.body).toStrictEqual(first.body);
      expect(await dumpDatabase(t.database)).toBe(state);
    }
  });

  it('refuses the same key with another request with 409 IDEMPOTENCY_KEY_REUSED, changing nothing', async () => {
    const id = await newCart();
    await post(t, '/cart/add', { cart_id: id, item: { variant_id: '2021', quantity: 1 } }, as(keyA, 'reuse-1'));
    const before = await dumpDatabase(t.database);
    const other = await post(
      t,
      '/cart/add',
      { cart_id: id, item: { variant_id: '2021', quantity: 2 } },
      as(keyA, 'reuse-1'),
    );
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED', error: 'Conflict' });
    const elsewhere = await post(t, '/cart', addBody, as(keyA, 'reuse-1'));
    expect(elsewhere.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('keeps keys per API key: another client may use the same key', async () => {
    const a = await post(t, '/cart', addBody, as(keyA, 'shared-name'));
    const b = await post(t, '/cart', addBody, as(keyB, 'shared-name'));
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.id).not.toBe(a.body.id);
  });

  it('keeps nothing of a refused request: the database is as before and a retry runs again', async () => {
    const id = await newCart();
    const before = await dumpDatabase(t.database);
    const first = await post(
      t,
      '/cart/add',
      { cart_id: id, item: { variant_id: '9999', quantity: 1 } },
      as(keyA, 'refused-1'),
    );
    expect(first.status).toBe(422);
    expect(await dumpDatabase(t.database)).toBe(before);
    const again = await post(
      t,
      '/cart/add',
      { cart_id: id, item: { variant_id: '9999', quantity: 1 } },
      as(keyA, 'refused-1'),
    );
    expect(again.status).toBe(422);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs concurrent repeats once: the others wait and get the same answer', async () => {
    const id = await newCart();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(t, '/cart/add', { cart_id: id, item: { variant_id: '2021', quantity: 5 } }, as(keyA, `race-${id}`)),
      ),
    );
    expect(answers.map((answer) => answer.status)).toStrictEqual(Array(20).fill(200));
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect((await t.database.db.cartLine.findFirstOrThrow({ where: { cartId: id, skuId: 2021 } })).quantity).toBe(6);
  });

  it('checks the key: 1 to 255 visible ASCII characters', async () => {
    for (const key of ['k'.repeat(256), 'with space', 'caf\u00e9']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/cart',
        payload: addBody,
        headers: { authorization: `Bearer ${keyA}`, 'idempotency-key': key },
      });
      expect(answer.statusCode, key).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('forgets keys after 24 hours', async () => {
    const first = await post(t, '/cart', addBody, as(keyA, 'old-key'));
    await t.database.db.idempotencyRecord.updateMany({
      where: { key: 'old-key' },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const later = await post(t, '/cart', addBody, as(keyA, 'old-key'));
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.id).not.toBe(first.body.id);
    await t.database.db.idempotencyRecord.updateMany({
      where: { key: 'old-key' },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    expect(
      (await sweep(t.database.db, new CartLifetime(864_000_000), new CartRepository())).idempotencyRecords,
    ).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.idempotencyRecord.count({ where: { key: 'old-key' } })).toBe(0);
  });
});

describe('Idempotency-Key on GraphQL', () => {
  it('keeps nothing of a refused mutation (errors in a 200 answer): the retry runs again', async () => {
    const id = await newCart();
    const payload = { query: `mutation { submitCart(cartId: "${id}") { status } }` };
    const refused = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers: as(keyA, 'gql-refused') });
    expect(refused.json().errors[0].extensions.code).toBe('BUYER_IDENTITY_MISSING');
    await post(t, '/cart/customerInfo', { id, buyer_identity: californian }, as(keyA));
    const retried = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers: as(keyA, 'gql-refused') });
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(retried.json()).toStrictEqual({
      data: { submitCart: { status: 'SUBMITTED' } },
      extensions: { cost: { estimated: 2, limit: 50_000 } },
    });
  });

  it('replays a mutation sent again with the same key', async () => {
    const payload = {
      query: 'mutation { addCartItems(cartId: null, items: [{variantId: "2021", quantity: 1}]) { id } }',
    };
    const first = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers: as(keyA, 'gql-1') });
    const again = await t.app.inject({ method: 'POST', url: '/graphql', payload, headers: as(keyA, 'gql-1') });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toStrictEqual(first.json());
    const cart = (first.json() as { data: { addCartItems: CartJson } }).data.addCartItems;
    expect(await t.database.db.cart.count({ where: { id: cart.id } })).toBe(1);
  });

  it('binds the key to the whole document: the same mutation under another alias is IDEMPOTENCY_KEY_REUSED and applies nothing', async () => {
    const id = await newCart();
    const add = (alias: string) => ({
      query: `mutation { ${alias}: addCartItems(cartId: "${id}", items: [{variantId: "2021", quantity: 1}]) { id } }`,
    });
    const first = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: add('first'),
      headers: as(keyA, 'gql-alias'),
    });
    expect(first.json().errors).toBeUndefined();
    const before = await dumpDatabase(t.database);
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: add('second'),
      headers: as(keyA, 'gql-alias'),
    });
    expect(renamed.json().errors[0].extensions).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      http: { status: 409 },
    });
    expect(await dumpDatabase(t.database)).toBe(before);
    const again = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: add('first'),
      headers: as(keyA, 'gql-alias'),
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toStrictEqual(first.json());
    expect((await t.database.db.cartLine.findFirstOrThrow({ where: { cartId: id, skuId: 2021 } })).quantity).toBe(2);
  });

  it('keeps each mutation field of one document apart, and replays them all', async () => {
    const id = await newCart();
    const query = `mutation { a: addCartItems(cartId: "${id}", items: [{variantId: "2021", quantity: 1}]) { id } b: addCartItems(cartId: "${id}", items: [{variantId: "2021", quantity: 2}]) { lines: stores { cartLines { quantity } } } }`;
    const first = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query },
      headers: as(keyA, 'gql-two'),
    });
    expect(first.json().data.b.lines[0].cartLines[0].quantity).toBe(4);
    const again = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query },
      headers: as(keyA, 'gql-two'),
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toStrictEqual(first.json());
    expect((await t.database.db.cartLine.findFirstOrThrow({ where: { cartId: id, skuId: 2021 } })).quantity).toBe(4);
  });

  it('refuses another document even where only a later field’s answer is left (the sweeper removed the first)', async () => {
    const id = await newCart();
    const add = (quantity: number) =>
      `addCartItems(cartId: "${id}", items: [{variantId: "2021", quantity: ${quantity}}]) { id }`;
    await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `mutation { a: ${add(1)} b: ${add(2)} }` },
      headers: as(keyA, 'gql-later'),
    });
    await t.database.db.idempotencyRecord.deleteMany({ where: { key: 'gql-later', part: '0' } });
    const other = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `mutation { ${add(5)} }` },
      headers: as(keyA, 'gql-later'),
    });
    expect(other.json().errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await t.database.db.cartLine.findFirstOrThrow({ where: { cartId: id, skuId: 2021 } })).quantity).toBe(4);
  });

  it('refuses the same key with other variables', async () => {
    const id = await newCart();
    const query =
      'mutation ($id: ID!, $n: Int!) { addCartItems(cartId: $id, items: [{variantId: "2021", quantity: $n}]) { id } }';
    await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query, variables: { id, n: 1 } },
      headers: as(keyA, 'gql-vars'),
    });
    const other = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query, variables: { id, n: 2 } },
      headers: as(keyA, 'gql-vars'),
    });
    expect(other.json().errors[0].extensions.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await t.database.db.cartLine.findFirstOrThrow({ where: { cartId: id, skuId: 2021 } })).quantity).toBe(2);
  });
});

describe('Idempotency-Key replays of a submit', () => {
  // What is kept is the submit's record as it was answered; each API shapes it at its edge, the
  // first time and on every replay alike (even once its orders moved on), and a key of one API is
  // never the other's.
  const submittable = async () => {
    const id = await newCart();
    await post(t, '/cart/customerInfo', { id, buyer_identity: californian }, as(keyA));
    return id;
  };
  const place = async (orderId: string) =>
    expect((await post(t, `/orders/${orderId}/status`, { status: 'PLACED' }, as(keyB))).status).toBe(200);

  it('REST replays its answer byte for byte, in its own shape', async () => {
    const id = await submittable();
    const submit = () =>
      t.app.inject({ method: 'POST', url: '/cart/submit', payload: { id }, headers: as(keyA, 'bytes-rest') });
    const first = await submit();
    await place(first.json().orders[0].id);
    const again = await submit();
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(first.json()).toMatchObject({ status: 'SUBMITTED', orders: [{ cart_id: id }], cart: { id } });
  });

  it('GraphQL replays its answer byte for byte, in its own shape; the REST key is not its', async () => {
    const id = await submittable();
    const query =
      `mutation { submitCart(cartId: "${id}") { status orders { id cartId status lines { variantId quantity } } ` +
      'cart { id buyerIdentity { firstName countryCode } } } }';
    const submit = () =>
      t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: as(keyA, 'bytes-rest') });
    const first = await submit();
    expect(first.json().errors).toBeUndefined();
    await place(first.json().data.submitCart.orders[0].id);
    const again = await submit();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(first.json().data.submitCart).toMatchObject({
      status: 'SUBMITTED',
      orders: [{ cartId: id, status: 'SUBMITTED', lines: [{ variantId: '2021', quantity: 1 }] }],
      cart: { id, buyerIdentity: { firstName: californian.first_name, countryCode: californian.country_code } },
    });
  });
});

describe('Idempotency-Key storage', () => {
  /** 260 one-SKU products in one store: a cart of 250 lines answers about 90 KB. */
  function wideCatalog() {
    return {
      stores: [{ id: 1, name: 'wide.example', marketplace: 'shopify', currency: 'USD' }],
      products: Array.from({ length: 260 }, (_, index) => ({
        id: 1 + index,
        title: `Thing ${index + 1}`,
        price: 1,
        currency: 'USD',
        skus: [
          {
            sku_id: 1001 + index,
            merchant_id: 1,
            name: `Thing ${index + 1}`,
            qty_available: 10,
            retail_price: 1,
            currency: 'USD',
          },
        ],
        variants: [{ name: 'Size', values: ['S'] }],
      })),
    };
  }
  const items = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({ variant_id: String(1001 + from + index), quantity: 1 }));

  let wide: TestApp;
  let cartId: string;
  beforeAll(async () => {
    wide = await createTestApp(wideCatalog(), { API_KEYS: `${keyA}:client,${keyB}:admin` });
    cartId = (await post(wide, '/cart', { items: { storefront_cart_items_input: items(0, 100) } }, as(keyA))).body.id;
    await post(wide, '/cart', { id: cartId, items: { storefront_cart_items_input: items(100, 100) } }, as(keyA));
    await post(wide, '/cart', { id: cartId, items: { storefront_cart_items_input: items(200, 50) } }, as(keyA));
  });
  afterAll(() => wide.close());

  const storedBytes = async () =>
    (await wide.database.db.idempotencyRecord.aggregate({ _sum: { bytes: true } }))._sum.bytes ?? 0;

  it('keeps an answer over the cap as its cart id: storage per request stays bounded whatever the cart’s size', async () => {
    const requests = 20;
    const before = await storedBytes();
    let answerBytes = 0;
    for (let n = 0; n < requests; n += 1) {
      const answer = await post(
        wide,
        '/cart/update',
        { cart_id: cartId, item: { variant_id: '1001', quantity: 1 + (n % 3) } },
        as(keyA, `bulk-${n}`),
      );
      expect(answer.status).toBe(200);
      answerBytes = Buffer.byteLength(JSON.stringify(answer.body));
    }
    expect(answerBytes).toBeGreaterThan(5 * maxStoredAnswerBytes);
    const records = await wide.database.db.idempotencyRecord.findMany({ where: { key: { startsWith: 'bulk-' } } });
    expect(records).toHaveLength(requests);
    for (const record of records) {
      expect(record.body).toBeNull();
      expect(record.resourceId).toBe(cartId);
      // What the record really holds: its text columns.
      const text = [record.scope, record.key, record.part, record.owner, record.requestHash, record.resourceId].join(
        '',
      );
      expect(record.bytes).toBe(Buffer.byteLength(text));
    }
    expect((await storedBytes()) - before).toBeLessThan(requests * 512);
  });

  it('replays a large answer with the same status and shape, read as the cart is now', async () => {
    const update = { cart_id: cartId, item: { variant_id: '1002', quantity: 3 } };
    const first = await post(wide, '/cart/update', update, as(keyA, 'large-1'));
    const again = await post(wide, '/cart/update', update, as(keyA, 'large-1'));
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toStrictEqual(first.body);
    // Not applied again, and answered as the cart is now once it changed.
    await post(wide, '/cart/update', { cart_id: cartId, item: { variant_id: '1003', quantity: 5 } }, as(keyA));
    const later = await post(wide, '/cart/update', update, as(keyA, 'large-1'));
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(later.body).toStrictEqual(
      (await call(wide, { method: 'GET', url: `/cart/${cartId}`, headers: as(keyA) })).body,
    );
    expect(later.body.stores[0]?.cart_lines.find((line) => line.variant.id === '1002')?.quantity).toBe(3);
    // The same key with another request is still refused.
    expect(
      (await post(wide, '/cart/update', { ...update, item: { variant_id: '1002', quantity: 4 } }, as(keyA, 'large-1')))
        .body,
    ).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('replays large GraphQL answers, submits and order updates the same way', async () => {
    const mutation = {
      query: `mutation { addCartItems(cartId: "${cartId}", items: [{variantId: "1004", quantity: 1}]) { id stores { cartLines { quantity variant { variantId title marketplace price { displayValue currency } } } } } }`,
    };
    const byGraphQL = await wide.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: mutation,
      headers: as(keyA, 'large-gql'),
    });
    expect(byGraphQL.body.length).toBeGreaterThan(maxStoredAnswerBytes);
    const byGraphQLAgain = await wide.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: mutation,
      headers: as(keyA, 'large-gql'),
    });
    expect(byGraphQLAgain.headers['idempotent-replayed']).toBe('true');
    expect(byGraphQLAgain.json()).toStrictEqual(byGraphQL.json());

    await post(wide, '/cart/customerInfo', { id: cartId, buyer_identity: californian }, as(keyA));
    const submit = await post<{ orders: { id: string }[] }>(
      wide,
      '/cart/submit',
      { id: cartId },
      as(keyA, 'large-submit'),
    );
    const submitAgain = await post(wide, '/cart/submit', { id: cartId }, as(keyA, 'large-submit'));
    expect(submitAgain.status).toBe(200);
    expect(submitAgain.headers['idempotent-replayed']).toBe('true');
    expect(submitAgain.body).toStrictEqual(submit.body);

    const orderId = submit.body.orders[0]!.id;
    const status = {
      method: 'POST' as const,
      url: `/orders/${orderId}/status`,
      payload: { status: 'PLACED' },
      headers: as(keyB, 'large-status'),
    };
    const placed = await call(wide, status);
    const placedAgain = await call(wide, status);
    expect(placedAgain.status).toBe(200);
    expect(placedAgain.headers['idempotent-replayed']).toBe('true');
    expect(placedAgain.body).toStrictEqual(placed.body);
    const kept = await wide.database.db.idempotencyRecord.findMany({
      where: { key: { in: ['large-gql', 'large-submit', 'large-status'] } },
      orderBy: { key: 'asc' },
    });
    expect(kept.map((record) => [record.key, record.body, record.resourceId])).toStrictEqual([
      ['large-gql', null, cartId],
      ['large-status', null, orderId],
      ['large-submit', null, cartId],
    ]);
  });
});

describe('Idempotency-Key storage budget', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp(readFixture('cart-catalog.json'), { API_KEYS: `${keyA}:client,${keyB}:client` });
  });
  afterAll(() => b.close());

  it('the sweeper keeps each caller within its budget, removing its oldest records first, in bounded batches', async () => {
    const keys = Array.from({ length: 5 }, (_, n) => `budget-${n}`);
    const carts: string[] = [];
    for (const [n, key] of keys.entries()) {
      carts.push((await post(b, '/cart', addBody, as(keyA, key))).body.id);
      // Minutes apart, oldest first.
      await b.database.db.idempotencyRecord.updateMany({
        where: { key },
        data: { createdAt: new Date(Date.now() - (keys.length - n) * 60_000) },
      });
    }
    // Another caller, within the budget: untouched.
    await post(b, '/cart', addBody, as(keyB, 'budget-other'));
    const records = await b.database.db.idempotencyRecord.findMany({
      where: { key: { in: keys } },
      orderBy: { createdAt: 'asc' },
    });
    const owner = records[0]!.owner;
    expect(new Set(records.map((record) => record.owner))).toStrictEqual(new Set([owner]));
    // Room for the two newest records only.
    const budget = records[3]!.bytes + records[4]!.bytes;
    const left = async () =>
      (await b.database.db.idempotencyRecord.findMany({ orderBy: { createdAt: 'asc' } })).map((record) => record.key);
    const lifetime = new CartLifetime(864_000_000);
    const repository = new CartRepository();

    const bounded = await sweep(b.database.db, lifetime, repository, {
      idempotencyBudgetBytes: budget,
      batchSize: 1,
      maxBatches: 2,
    });
    expect(bounded.idempotencyOverBudget).toBe(2);
    expect(await left()).toStrictEqual([...keys.slice(2), 'budget-other']);
    const rest = await sweep(b.database.db, lifetime, repository, { idempotencyBudgetBytes: budget });
    expect(rest.idempotencyOverBudget).toBe(1);
    expect(await left()).toStrictEqual([...keys.slice(3), 'budget-other']);
    expect(
      (await sweep(b.database.db, lifetime, repository, { idempotencyBudgetBytes: budget })).idempotencyOverBudget,
    ).toBe(0);

    // A removed key is forgotten: the same request runs again as new. A kept one still replays.
    const forgotten = await post(b, '/cart', addBody, as(keyA, 'budget-0'));
    expect(forgotten.headers['idempotent-replayed']).toBeUndefined();
    expect(forgotten.body.id).not.toBe(carts[0]);
    const kept = await post(b, '/cart', addBody, as(keyA, 'budget-4'));
    expect(kept.headers['idempotent-replayed']).toBe('true');
    expect(kept.body.id).toBe(carts[4]);
  });
});
