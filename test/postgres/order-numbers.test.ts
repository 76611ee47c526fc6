// Order numbers under concurrent submits, on PostgreSQL across two real gateway processes: 50 carts
// of two stores, each cart of products no other cart has (so that nothing but the store's number
// makes them wait for each other), some carts of both stores in either order, submitted at once,
// half through each process. Every submit succeeds; each store's numbers are 1001 onwards, each
// once, and increase in the order the submits committed (the order of their order.created events,
// written just before each commit).
import { describe, expect, it } from 'vitest';
import { californian } from '../cart/cart-helpers.js';
import { testEngine } from '../pg.js';
import { json, servedAfter503 } from '../process/gateway.js';
import { oneStore, twoGateways, type Race } from './two-processes.js';

const carts = 50;
const stores = [oneStore, { ...oneStore, id: 2, name: 'two.example', display_name: 'Two Goods' }];

/** Product (and SKU) n + 1 of store 1 + n % 2, plenty in stock. */
const products = Array.from({ length: carts + carts / 5 }, (_, n) => ({
  id: n + 1,
  title: `Product ${n + 1}`,
  price: 10,
  currency: 'USD',
  skus: [
    {
      sku_id: n + 1,
      merchant_id: 1 + (n % 2),
      name: `SKU ${n + 1}`,
      qty_available: 100,
      retail_price: 10,
      currency: 'USD',
    },
  ],
}));

/**
 * Cart n's products: its own (n + 1), and for every fifth cart (k = n / 5) one of the other store,
 * first or last: 52, 54, … (store 2) for the carts of store 1, 51, 53, … for those of store 2.
 */
function itemsOf(n: number): { variant_id: string; quantity: number }[] {
  const own = { variant_id: String(n + 1), quantity: 1 };
  if (n % 5 !== 0) return [own];
  const k = n / 5;
  const other = { variant_id: String(carts + k + (k % 2 === 0 ? 2 : 0)), quantity: 1 };
  return n % 10 === 0 ? [own, other] : [other, own];
}

/** Cart n, with a buyer, made through the process that will submit it: its id. */
async function readyCart(race: Race, n: number): Promise<string> {
  const base = race.base(n);
  const cart = await json('POST', `${base}/cart`, { items: { storefront_cart_items_input: itemsOf(n) } });
  expect([cart.status, cart.body]).toMatchObject([200, {}]);
  await json('POST', `${base}/cart/customerInfo`, { id: cart.body.id, buyer_identity: californian });
  return String(cart.body.id);
}

describe.runIf(testEngine === 'postgresql')('order numbers of 50 concurrent submits across two processes', () => {
  const race = twoGateways({ stores, products });

  it('are unique per store, from 1001, without a gap, increasing in commit order', async () => {
    // The carts a few at a time (what is raced is their submits).
    const ids: string[] = [];
    for (let first = 0; first < carts; first += 5) {
      ids.push(...(await Promise.all(Array.from({ length: 5 }, (_, offset) => readyCart(race, first + offset)))));
    }
    const started = Date.now();
    const retried = { count: 0 };
    // All at once, each through the process that made its cart. A 503 (no connection free in time on
    // a busy machine: nothing written) is retried after its Retry-After, as a client does; the key
    // makes any retry safe.
    const answers = await Promise.all(
      ids.map((id, n) =>
        servedAfter503(
          () => json('POST', `${race.base(n)}/cart/submit`, { id }, { 'idempotency-key': `n-${id}` }),
          retried,
          4,
        ),
      ),
    );
    const elapsed = Date.now() - started;
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toStrictEqual([]);

    const db = race.fixture().database.db;
    const orders = await db.order.findMany({ select: { id: true, storeId: true, orderNumber: true, storeName: true } });
    // The answers say what the database has.
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
    const answered = answers.flatMap((answer) =>
      (answer.body.orders as { id: string; order_number: number; store_name: string }[]).map((order) => ({
        id: order.id,
        orderNumber: order.order_number,
        storeName: order.store_name,
      })),
    );
    expect(answered.sort(byId)).toStrictEqual(orders.map(({ storeId: _, ...order }) => order).sort(byId));
    const created = await db.event.findMany({
      where: { type: 'order.created' },
      orderBy: { id: 'asc' },
      select: { orderId: true },
    });
    const committed = new Map(created.map((event, position) => [event.orderId!, position]));
    const perStore = [1, 2].map((storeId) => {
      const ofStore = orders.filter((order) => order.storeId === storeId);
      const inCommitOrder = [...ofStore].sort((a, b) => committed.get(a.id)! - committed.get(b.id)!);
      return {
        names: [...new Set(ofStore.map((order) => order.storeName))],
        numbers: inCommitOrder.map((order) => order.orderNumber),
      };
    });
    console.info(
      `order numbers: ${carts} carts, ${orders.length} orders across 2 processes in ${elapsed} ms ` +
        `(${retried.count} submits retried after a 503) → ` +
        perStore
          .map(({ numbers }) => `${numbers.length} numbered ${Math.min(...numbers)}–${Math.max(...numbers)}`)
          .join(', '),
    );
    for (const [index, { names, numbers }] of perStore.entries()) {
      expect(names).toStrictEqual([index === 0 ? 'one.example' : 'Two Goods']);
      expect(numbers).toStrictEqual(numbers.map((_, position) => 1001 + position));
    }
    expect(perStore.map(({ numbers }) => numbers.length)).toStrictEqual([30, 30]);
  }, 120_000);
});

describe.skipIf(testEngine === 'postgresql')('order numbers of 50 concurrent submits across two processes', () => {
  it.skip('runs with npm run test:pg (TEST_DATABASE=postgresql)', () => {});
});
