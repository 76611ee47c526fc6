// Order numbers and the names shoppers see: each store numbers its orders from 1001, on its own;
// carts and orders show the store's display name (the import's display_name, else its name). In
// REST, GraphQL and the order events; answers kept from before (a submitted cart's snapshot, an
// Idempotency-Key's answer) still show them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import type { Prisma } from '../../src/db/database.js';
import { graphql } from '../gql/index.js';
import { createTestApp, graphql as send, readFixture, type TestApp } from '../helpers.js';
import { addToCart, call, californian, post, type CartJson, type Item } from '../cart/cart-helpers.js';

interface OrderJson {
  id: string;
  cart_id: string;
  status: string;
  order_number: number;
  store_name: string;
}

interface StatusJson {
  status: string;
  orders: OrderJson[];
  cart: { id: string; stores: { store: string; store_name: string }[] };
}

type Fixture = { stores: Record<string, unknown>[] };

/** One unit from north (store 1, "North Outfitters"), one from south (store 2, no display name). */
const north: Item = { variant_id: '2021', quantity: 1 };
const south: Item = { variant_id: '2041', quantity: 1 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

async function readyCart(items: Item[]): Promise<string> {
  const cart = await addToCart(t, items);
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
  return cart.body.id;
}

const submit = (id: string, key?: string) =>
  post<StatusJson>(t, '/cart/submit', { id }, key ? { 'idempotency-key': key } : {});
const cartStatus = (id: string) => post<StatusJson>(t, `/cart/cartStatus/${id}`, {});
const numbers = (answer: { body: StatusJson }) =>
  answer.body.orders.map((order) => [order.store_name, order.order_number]);

/** Imports the fixture with north's display name changed (the fixture's own when null). */
async function northNamed(displayName: string | null): Promise<void> {
  const fixture = structuredClone(readFixture('cart-catalog.json')) as Fixture;
  if (displayName !== null) fixture.stores[0]!.display_name = displayName;
  await importCatalog(t.database.db, fixture);
}

const SubmitNumbered = graphql(`
  mutation SubmitNumbered($cartId: ID!) {
    submitCart(cartId: $cartId) {
      orders { id orderNumber storeId storeName }
      cart { stores { store storeName } }
    }
  }
`);

const NumberedOrder = graphql(`
  query NumberedOrder($id: ID!) {
    order(id: $id) { orderNumber storeName }
  }
`);

const CartStoreNames = graphql(`
  query CartStoreNames($id: ID!) {
    cartStatus(id: $id) {
      orders { orderNumber storeName }
      cart { stores { store storeName } }
    }
  }
`);

describe('order numbers', () => {
  it("number each store's orders from 1001, each store on its own, in the submit's answer and every read", async () => {
    const both = await submit(await readyCart([north, south]));
    expect(both.status).toBe(200);
    expect(numbers(both)).toStrictEqual([
      ['North Outfitters', 1001],
      ['south.example', 1001],
    ]);
    expect(both.body.cart.stores.map((entry) => [entry.store, entry.store_name])).toStrictEqual([
      ['north.example', 'North Outfitters'],
      ['south.example', 'south.example'],
    ]);
    const northOnly = await submit(await readyCart([north]));
    expect(numbers(northOnly)).toStrictEqual([['North Outfitters', 1002]]);
    const again = await submit(await readyCart([south, north]));
    expect(numbers(again)).toStrictEqual([
      ['south.example', 1002],
      ['North Outfitters', 1003],
    ]);

    const order = await call<OrderJson>(t, { method: 'GET', url: `/orders/${again.body.orders[1]!.id}` });
    expect([order.body.order_number, order.body.store_name]).toStrictEqual([1003, 'North Outfitters']);
    const status = await cartStatus(both.body.cart.id);
    expect(numbers(status)).toStrictEqual(numbers(both));
    expect(status.body.cart.stores.map((entry) => entry.store_name)).toStrictEqual([
      'North Outfitters',
      'south.example',
    ]);
    const stored = await t.database.db.order.findMany({
      where: { cartId: both.body.cart.id },
      orderBy: { storeId: 'asc' },
      select: { storeId: true, orderNumber: true, storeName: true },
    });
    expect(stored).toStrictEqual([
      { storeId: 1, orderNumber: 1001, storeName: 'North Outfitters' },
      { storeId: 2, orderNumber: 1001, storeName: 'south.example' },
    ]);
  });

  it('are in GraphQL: submitCart, order, cartStatus', async () => {
    const submitted = await send(t.app, SubmitNumbered, { cartId: await readyCart([north]) });
    expect(submitted.errors).toBeUndefined();
    const { orders, cart } = submitted.data!.submitCart;
    const last = await t.database.db.order.aggregate({ where: { storeId: 1 }, _max: { orderNumber: true } });
    expect(orders.map((order) => [order.storeId, order.storeName, order.orderNumber])).toStrictEqual([
      ['1', 'North Outfitters', last._max.orderNumber],
    ]);
    expect(cart.stores).toStrictEqual([{ store: 'north.example', storeName: 'North Outfitters' }]);
    const read = await send(t.app, NumberedOrder, { id: orders[0]!.id });
    expect(read.data?.order).toStrictEqual({ orderNumber: orders[0]!.orderNumber, storeName: 'North Outfitters' });
  });

  it("are in the submit's events, as webhook endpoints get them", async () => {
    const answer = await submit(await readyCart([north, south]));
    const events = await t.database.db.event.findMany({
      where: { cartId: answer.body.cart.id },
      orderBy: { id: 'asc' },
      select: { type: true, data: true },
    });
    const expected = answer.body.orders.map((order) => ({
      order_number: order.order_number,
      store_name: order.store_name,
    }));
    expect(events.map((event) => event.type)).toStrictEqual(['cart.submitted', 'order.created', 'order.created']);
    expect(events[0]!.data).toMatchObject({ orders: expected });
    expect(events.slice(1).map((event) => event.data)).toMatchObject(expected.map((order) => ({ order })));
  });

  it('are unique and without a gap when submits of one store run at once', async () => {
    const before = await t.database.db.order.aggregate({ where: { storeId: 1 }, _max: { orderNumber: true } });
    // Of three products, so that their stock locks leave the submits free to run side by side.
    const products = ['2011', '2021', '2031'];
    const ids = await Promise.all(
      Array.from({ length: 9 }, (_, n) => readyCart([{ variant_id: products[n % 3]!, quantity: 1 }])),
    );
    const answers = await Promise.all(ids.map((id) => submit(id)));
    expect(answers.map((answer) => answer.status)).toStrictEqual(ids.map(() => 200));
    const given = answers.map((answer) => answer.body.orders[0]!.order_number).sort((a, b) => a - b);
    const first = before._max.orderNumber! + 1;
    expect(given).toStrictEqual(ids.map((_, index) => first + index));
  });
});

describe('store display names', () => {
  it('an order keeps the name it was placed under; carts show the name the store has now', async () => {
    const placed = await submit(await readyCart([north]));
    await northNamed('North Outfitters Co.');
    try {
      const order = await call<OrderJson>(t, { method: 'GET', url: `/orders/${placed.body.orders[0]!.id}` });
      expect(order.body.store_name).toBe('North Outfitters');
      // A submitted cart answers as it was submitted.
      expect((await cartStatus(placed.body.cart.id)).body.cart.stores[0]!.store_name).toBe('North Outfitters');
      const open = await addToCart(t, [north]);
      expect(open.body.stores.map((entry: CartJson['stores'][number]) => entry.store_name)).toStrictEqual([
        'North Outfitters Co.',
      ]);
      const next = await submit(await readyCart([north]));
      expect(next.body.orders[0]!.store_name).toBe('North Outfitters Co.');
    } finally {
      await northNamed(null);
    }
  });

  it("a cart submitted before stores had display names shows the store's name", async () => {
    const placed = await submit(await readyCart([north, south]));
    const id = placed.body.cart.id;
    // Its snapshot as it was written then: entries without storeName.
    const row = await t.database.db.cart.findUniqueOrThrow({ where: { id }, select: { snapshot: true } });
    const snapshot = row.snapshot as Prisma.JsonObject & { stores: Prisma.JsonObject[] };
    for (const entry of snapshot.stores) delete entry.storeName;
    await t.database.db.cart.update({ where: { id }, data: { snapshot } });
    const status = await cartStatus(id);
    expect(status.body.cart.stores.map((entry) => [entry.store, entry.store_name])).toStrictEqual([
      ['north.example', 'north.example'],
      ['south.example', 'south.example'],
    ]);
    // The orders keep theirs.
    expect(status.body.orders.map((order) => order.store_name)).toStrictEqual(['North Outfitters', 'south.example']);
    const graph = await send(t.app, CartStoreNames, { id });
    expect(graph.data?.cartStatus?.cart.stores).toStrictEqual([
      { store: 'north.example', storeName: 'north.example' },
      { store: 'south.example', storeName: 'south.example' },
    ]);
  });
});

describe('an answer kept for an Idempotency-Key before orders had numbers', () => {
  it('is replayed as the cart is now, numbers included', async () => {
    const first = await submit(await readyCart([north, south]), 'before-numbers');
    expect(first.status).toBe(200);
    // The kept answer as it was written then: orders without a number or a store name.
    const record = await t.database.db.idempotencyRecord.findFirstOrThrow({ where: { key: 'before-numbers' } });
    const kept = JSON.parse(record.body!) as { orders: Record<string, unknown>[] };
    for (const order of kept.orders) {
      delete order.orderNumber;
      delete order.storeName;
    }
    await t.database.db.idempotencyRecord.updateMany({
      where: { key: 'before-numbers' },
      data: { body: JSON.stringify(kept) },
    });
    const replayed = await submit(first.body.cart.id, 'before-numbers');
    expect([replayed.status, replayed.headers['idempotent-replayed']]).toStrictEqual([200, 'true']);
    expect(numbers(replayed)).toStrictEqual(numbers(first));
  });
});
