// Orders as records: what submit sold is frozen (lines, cost, buyer identity), whatever the
// catalog does afterwards; submit takes stock and a cancelled or failed order gives it back; carts
// that are not submitted expire and are swept, orders never go with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { sweep } from '../../src/cart/cart.sweeper.js';
import { CartRepository } from '../../src/cart/cart.repository.js';
import { CartLifetime } from '../../src/cart/cart.lifetime.js';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { testEngine } from '../pg.js';
import { addToCart, call, californian, exampleA, post } from '../cart/cart-helpers.js';

interface Fixture {
  stores: { shipping_methods?: { price: number }[]; tax_rates?: { rate: number }[]; margin_rate?: number }[];
  products: {
    is_available?: boolean;
    skus: { sku_id: number; sale_price?: number | null; retail_price?: number; qty_available: number }[];
  }[];
}

const fixture = () => readFixture('cart-catalog.json') as Fixture;

/** Every price, rate, method and availability changed, and one SKU of the cart unlisted. */
function everythingChanged(): Fixture {
  const changed = fixture();
  for (const store of changed.stores) {
    for (const method of store.shipping_methods ?? []) method.price = Math.round(method.price * 3 * 100) / 100;
    for (const rate of store.tax_rates ?? []) rate.rate = Math.min(0.5, rate.rate * 2);
    store.margin_rate = 0.3;
  }
  for (const product of changed.products) {
    product.is_available = !(product.is_available ?? true);
    for (const sku of product.skus) {
      if (sku.sale_price) sku.sale_price = Math.round(sku.sale_price * 3 * 100) / 100;
      if (sku.retail_price) sku.retail_price = Math.round(sku.retail_price * 3 * 100) / 100;
      sku.qty_available = 0;
    }
  }
  // The cart's Camp Mug (2021) leaves the catalog.
  const mug = changed.products.find((product) => product.skus.some((sku) => sku.sku_id === 2021));
  if (mug) mug.skus = mug.skus.filter((sku) => sku.sku_id !== 2021);
  return changed;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(fixture());
});
afterAll(() => t.close());

async function readyCart(items = exampleA): Promise<string> {
  await importCatalog(t.database.db, fixture());
  const cart = await addToCart(t, items);
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
  return cart.body.id;
}

const qty = async (skuId: number) => (await t.database.db.sku.findUniqueOrThrow({ where: { id: skuId } })).qtyAvailable;
const orderQuery = `query ($id: ID!) { order(id: $id) { id status lines { id variantId productId title variantTitle quantity unitPrice { minorUnits currency } lineTotal { minorUnits } }
  cost { id currency subtotal { minorUnits } margin { minorUnits } shipping { minorUnits } tax { minorUnits } total { minorUnits } shippingMethod { id code price { minorUnits } } } } }`;
const statusQuery = `query ($id: ID!) { cartStatus(id: $id) { status cart { id cost { total { minorUnits } } stores { id cartLines { quantity variant { variantId price { minorUnits } isAvailable } } offer { subtotal { minorUnits } selectedShippingMethod { code total { minorUnits } } } } } } }`;

describe('an order is a snapshot', () => {
  it('answers byte for byte the same after an import that changes every price, rate, method and availability', async () => {
    const id = await readyCart();
    const submitted = await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id });
    expect(submitted.status).toBe(200);
    const orderId = submitted.body.orders[0]!.id;
    const answers = async () => ({
      status: (await call(t, { method: 'POST', url: `/cart/cartStatus/${id}` })).body,
      cart: (await call(t, { method: 'GET', url: `/cart/${id}` })).body,
      order: (await call(t, { method: 'GET', url: `/orders/${orderId}` })).body,
      graphqlOrder: (
        await t.app.inject({
          method: 'POST',
          url: '/graphql',
          payload: { query: orderQuery, variables: { id: orderId } },
        })
      ).json(),
      graphqlStatus: (
        await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: statusQuery, variables: { id } } })
      ).json(),
    });
    const before = await answers();
    await importCatalog(t.database.db, everythingChanged());
    expect(JSON.stringify(await answers())).toBe(JSON.stringify(before));

    // The order carries what the confirmation page needs, to the cent.
    expect(before.order).toMatchObject({
      lines: [
        {
          variant_id: '2011',
          product_id: '201',
          title: 'Rain Shell',
          variant_title: 'Rain Shell S',
          variant_values: [{ variant: 'Size', value: 'S' }],
          quantity: 2,
          unit_price: { value: 44.99 },
          line_total: { value: 89.98 },
        },
        { variant_id: '2021', quantity: 1, unit_price: { value: 12.5 }, line_total: { value: 12.5 } },
        { variant_id: '2031', quantity: 1, unit_price: { value: 25 }, line_total: { value: 25 } },
      ],
      cost: {
        currency: 'USD',
        subtotal: { value: 127.48 },
        margin: { value: 15.3 },
        shipping_method: { id: 'standard', price: { value: 5.99 } },
        shipping: { value: 5.99 },
      },
    });
    const order = before.order as {
      cost: {
        subtotal: { value: number };
        shipping: { value: number };
        tax: { value: number };
        total: { value: number };
      };
    };
    expect(order.cost.total.value).toBeCloseTo(
      order.cost.subtotal.value + order.cost.shipping.value + order.cost.tax.value,
      10,
    );
    expect(
      (before.graphqlOrder as { data: { order: { lines: unknown[]; cost: { id: string } } } }).data.order.cost.id,
    ).toBe(orderId);
  });

  it('keeps orders when anything tries to delete their cart', async () => {
    const id = await readyCart();
    await post(t, '/cart/submit', { id });
    await expect(t.database.db.cart.delete({ where: { id } })).rejects.toThrow();
    expect(await t.database.db.order.count({ where: { cartId: id } })).toBe(2);
  });
});

describe('stock', () => {
  it('submit takes each line from its SKU; a cart the stock cannot cover is 422 PRODUCTS_UNAVAILABLE and changes nothing', async () => {
    const first = await readyCart([{ variant_id: '2012', quantity: 1 }]);
    const second = await readyCart([{ variant_id: '2012', quantity: 1 }]);
    expect(await qty(2012)).toBe(1);
    expect((await post(t, '/cart/submit', { id: first })).status).toBe(200);
    expect(await qty(2012)).toBe(0);
    const before = await dumpDatabase(t.database);
    const refused = await post(t, '/cart/submit', { id: second });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'PRODUCTS_UNAVAILABLE', details: { variant_ids: ['2012'] } });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('a cancelled or failed order gives its stock back, once', async () => {
    const id = await readyCart([
      { variant_id: '2021', quantity: 3 },
      { variant_id: '2041', quantity: 2 },
    ]);
    const start = [await qty(2021), await qty(2041)];
    const submitted = await post<{ orders: { id: string; store_id?: number }[] }>(t, '/cart/submit', { id });
    expect([await qty(2021), await qty(2041)]).toStrictEqual([start[0]! - 3, start[1]! - 2]);
    const [north, south] = submitted.body.orders;
    expect((await post(t, `/orders/${north!.id}/status`, { status: 'CANCELLED' })).status).toBe(200);
    expect((await post(t, `/orders/${south!.id}/status`, { status: 'FAILED' })).status).toBe(200);
    expect([await qty(2021), await qty(2041)]).toStrictEqual(start);
    // final states: a second cancel is refused and gives nothing back
    expect((await post(t, `/orders/${north!.id}/status`, { status: 'CANCELLED' })).status).toBe(422);
    expect([await qty(2021), await qty(2041)]).toStrictEqual(start);
  });

  it('a submit and a cancel lock the products before the stock rows, and write their answers before the commit', async () => {
    // The catalog's part (catalog/stock-answers.ts, told through events/stock-events.ts): on
    // PostgreSQL the products' rows are locked before any stock row, in every writer of stock
    // (no crosswise waits with an import); the answer texts and the stock commit together.
    const statementsOf = async (request: () => Promise<unknown>) => {
      t.database.queries.length = 0;
      await request();
      return t.database.queries.map((query) => query.query);
    };
    const order = (statements: string[]) => {
      const at = (pattern: RegExp) => statements.findIndex((statement) => pattern.test(statement));
      return {
        productLock: at(/^SELECT "id"(?: AS "productId")? FROM "Product" WHERE .* FOR UPDATE$/),
        stock: at(/^UPDATE (?:[`"](?:main|public)[`"]\.)?[`"]Sku[`"] SET [`"]qtyAvailable[`"]/),
        answers: at(/^INSERT INTO "ProductAnswer"/),
        commit: statements.lastIndexOf('COMMIT'),
      };
    };
    const id = await readyCart([{ variant_id: '2021', quantity: 1 }]);
    let orderId = '';
    const submit = order(
      await statementsOf(async () => {
        orderId = (await post<{ orders: { id: string }[] }>(t, '/cart/submit', { id })).body.orders[0]!.id;
      }),
    );
    const cancel = order(await statementsOf(() => post(t, `/orders/${orderId}/status`, { status: 'CANCELLED' })));
    for (const statements of [submit, cancel]) {
      if (testEngine === 'postgresql') {
        expect(statements.productLock).toBeGreaterThanOrEqual(0);
        expect(statements.productLock).toBeLessThan(statements.stock);
      }
      expect(statements.stock).toBeGreaterThanOrEqual(0);
      expect(statements.answers).toBeGreaterThan(statements.stock);
      expect(statements.commit).toBeGreaterThan(statements.answers);
    }
  });

  it('an import sets qty_available to what the store’s document says', async () => {
    await readyCart([{ variant_id: '2021', quantity: 1 }]);
    await t.database.db.sku.update({ where: { id: 2021 }, data: { qtyAvailable: 3 } });
    await importCatalog(t.database.db, fixture());
    expect(await qty(2021)).toBe(100);
  });
});

describe('cart lifetimes', () => {
  const ttl = 60;
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp(fixture(), { CART_TTL_SECONDS: String(ttl) });
  });
  afterAll(() => short.close());

  const age = (cartId: string, seconds: number) =>
    short.database.db.cart.update({
      where: { id: cartId },
      data: { updatedAt: new Date(Date.now() - seconds * 1000) },
    });

  it('answers 404 CART_EXPIRED on every route and GraphQL once a cart is idle past CART_TTL_SECONDS, changing nothing', async () => {
    const cart = await addToCart(short, [{ variant_id: '2021', quantity: 1 }]);
    const id = cart.body.id;
    await age(id, ttl - 5);
    expect((await call(short, { method: 'GET', url: `/cart/${id}` })).status).toBe(200);
    await age(id, ttl + 5);
    const before = await dumpDatabase(short.database);
    const requests = [
      { method: 'GET' as const, url: `/cart/${id}` },
      { method: 'POST' as const, url: `/cart/cartStatus/${id}` },
      {
        method: 'POST' as const,
        url: '/cart',
        payload: { id, items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } },
      },
      {
        method: 'PUT' as const,
        url: '/cart',
        payload: { id, items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 2 }] } },
      },
      {
        method: 'POST' as const,
        url: '/cart/add',
        payload: { cart_id: id, item: { variant_id: '2021', quantity: 1 } },
      },
      {
        method: 'POST' as const,
        url: '/cart/update',
        payload: { cart_id: id, item: { variant_id: '2021', quantity: 1 } },
      },
      { method: 'POST' as const, url: '/cart/customerInfo', payload: { id, buyer_identity: { city: 'Oakland' } } },
      {
        method: 'POST' as const,
        url: '/cart/shippingMethod',
        payload: { cart_id: id, store: 'north.example', shipping_method_id: 'express' },
      },
      { method: 'DELETE' as const, url: '/cart/items', payload: { cart_id: id, variant_id: '2021' } },
      { method: 'POST' as const, url: '/cart/submit', payload: { id } },
    ];
    for (const request of requests) {
      const answer = await call(short, request);
      expect(answer.status, request.url).toBe(404);
      expect(answer.body, request.url).toMatchObject({ code: 'CART_EXPIRED' });
    }
    const graphql = await short.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `{ cart(id: "${id}") { id } }` },
    });
    expect(graphql.json().errors[0].extensions).toMatchObject({ code: 'CART_EXPIRED', http: { status: 404 } });
    const mutation = await short.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `mutation { addCartItems(cartId: "${id}", items: [{variantId: "2021", quantity: 1}]) { id } }`,
      },
    });
    expect(mutation.json().errors[0].extensions).toMatchObject({ code: 'CART_EXPIRED' });
    expect(await dumpDatabase(short.database)).toBe(before);
  });

  it('the sweeper removes expired carts and old idempotency records, never submitted carts or their orders', async () => {
    const expired = (await addToCart(short, [{ variant_id: '2021', quantity: 1 }])).body.id;
    const fresh = (await addToCart(short, [{ variant_id: '2021', quantity: 1 }])).body.id;
    const done = (await addToCart(short, [{ variant_id: '2021', quantity: 1 }])).body.id;
    await post(short, '/cart/customerInfo', { id: done, buyer_identity: californian });
    expect((await post(short, '/cart/submit', { id: done })).status).toBe(200);
    await age(expired, ttl + 5);
    await age(done, ttl * 1000);
    await short.database.db.idempotencyRecord.create({
      data: {
        scope: 's',
        key: 'old',
        owner: 's',
        requestHash: 'h',
        statusCode: 200,
        body: '{}',
        resourceId: 'c',
        bytes: 10,
        createdAt: new Date(Date.now() - 25 * 3600 * 1000),
      },
    });
    // an old event whose deliveries are done goes; one still waiting to be delivered stays
    const old = new Date(Date.now() - 31 * 86_400_000);
    await short.database.db.webhookEndpoint.create({
      data: { id: 'whep_sweep', url: 'http://127.0.0.1:9/', secret: 'whsec_x' },
    });
    for (const [messageId, status] of [
      ['msg_done', 'delivered'],
      ['msg_waiting', 'pending'],
    ] as const) {
      const event = await short.database.db.event.create({
        data: { messageId, type: 'order.created', data: {}, createdAt: old },
      });
      await short.database.db.webhookDelivery.create({
        data: {
          id: `dlv_${messageId}`,
          endpointId: 'whep_sweep',
          eventId: event.id,
          status,
          nextAttemptAt: old,
          createdAt: old,
        },
      });
    }
    const report = await sweep(short.database.db, new CartLifetime(ttl * 1000), new CartRepository(), { batchSize: 1 });
    expect(report.events).toBe(1);
    expect(
      (await short.database.db.event.findMany({ where: { messageId: { in: ['msg_done', 'msg_waiting'] } } })).map(
        (event) => event.messageId,
      ),
    ).toStrictEqual(['msg_waiting']);
    expect(report.carts).toBeGreaterThanOrEqual(1);
    expect(report.idempotencyRecords).toBe(1);
    const left = new Set((await short.database.db.cart.findMany({ select: { id: true } })).map((cart) => cart.id));
    expect([left.has(expired), left.has(fresh), left.has(done)]).toStrictEqual([false, true, true]);
    expect(await short.database.db.order.count({ where: { cartId: done } })).toBe(1);
    expect((await call(short, { method: 'POST', url: `/cart/cartStatus/${done}` })).status).toBe(200);
  });
});
