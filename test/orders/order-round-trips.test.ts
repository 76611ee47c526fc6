// An order's three requests in few round trips to PostgreSQL: what a write begins together leaves
// in one write to the socket (db/pg-pipeline.ts), so a cart of five lines in three stores costs
// as many as a cart of one line. Whatever the engine, a submit's statements run in the order that
// keeps two submits from waiting on each other crosswise: its products' locks, then the stock,
// then the stores' order numbers (events/stock-events.ts); and a lock refused refuses the write
// with its own error and keeps nothing, though the write's statements went out behind it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { AppError } from '../../src/errors.js';
import { writeOnce } from '../../src/idempotency/idempotency.js';
import { sqlOf } from '../../src/db/tx-sql.js';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { pgWritesOf, testEngine } from '../pg.js';
import { addToCart, call, californian, exampleA, post, type Item } from '../cart/cart-helpers.js';

const catalog = () => readFixture('cart-catalog.json');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(catalog());
});
// Each test with the fixture's stock.
beforeEach(() => importCatalog(t.database.db, catalog()));
afterAll(() => t.close());

type Trips = { create: number; customerInfo: number; submit: number };

/** An order of `items`, each request's writes to the server counted, and the server's answers to them. */
async function order(items: Item[]): Promise<{ writes: Trips; answers: Trips }> {
  const created = await pgWritesOf(() => addToCart(t, items));
  expect(created.answer.status).toBe(200);
  const id = created.answer.body.id;
  const identified = await pgWritesOf(() => post(t, '/cart/customerInfo', { id, buyer_identity: californian }));
  expect(identified.answer.status).toBe(200);
  const submitted = await pgWritesOf(() => post(t, '/cart/submit', { id }));
  expect(submitted.answer.status).toBe(200);
  return {
    writes: { create: created.writes, customerInfo: identified.writes, submit: submitted.writes },
    answers: { create: created.answers, customerInfo: identified.answers, submit: submitted.answers },
  };
}

const oneLine: Item[] = [{ variant_id: '2011', quantity: 1 }];

describe(`an order's round trips (${testEngine})`, () => {
  it.runIf(testEngine === 'postgresql')(
    'makes 4 + 3 + 3 writes to the server, each answered at once, for five lines in three stores as for one line',
    async () => {
      // The pool's connections made and the statements prepared first: only the order is counted.
      await order(oneLine);
      await order(exampleA);
      // Create: BEGIN with the cart and the SKUs' read; its lines with the stores' reads; its
      // entries with the discounts' read; COMMIT. Customer info and submit: BEGIN with the cart's
      // lock and its reads; then what each needs. Submit: the discounts with the products' locks,
      // the stock, the products' reads behind it and the order numbers; COMMIT with the orders,
      // the products' answers, the stock's version and the events.
      // The server answers each write's statements at once, in one write back (db/pg-batch.ts).
      const trips = { create: 4, customerInfo: 3, submit: 3 };
      expect(await order(oneLine)).toStrictEqual({ writes: trips, answers: trips });
      expect(await order(exampleA)).toStrictEqual({ writes: trips, answers: trips });
    },
  );

  it('locks the products before it takes their stock, reads them after it, and takes the stock before the order numbers', async () => {
    const created = await addToCart(t, exampleA);
    const id = created.body.id;
    await post(t, '/cart/customerInfo', { id, buyer_identity: californian });
    t.database.queries.length = 0;
    expect((await post(t, '/cart/submit', { id })).status).toBe(200);
    const texts = t.database.queries.map((event) => event.query);
    const first = (pattern: RegExp) => texts.findIndex((text) => pattern.test(text));
    const last = (pattern: RegExp) => texts.findLastIndex((text) => pattern.test(text));
    const locks = /SELECT DISTINCT "productId" FROM "Sku"/;
    const stock = /^UPDATE "Sku" SET "qtyAvailable"/;
    const numbers = /INSERT INTO "OrderNumberCounter"/;
    expect(texts.filter((text) => stock.test(text))).toHaveLength(exampleA.length);
    expect(first(locks)).toBeGreaterThanOrEqual(0);
    expect(last(locks)).toBeLessThan(first(stock));
    expect(last(stock)).toBeLessThan(first(numbers));
    // Their answers are written from rows read once the stock moved.
    const reads = /FROM "(Product|Sku)" WHERE "(id|productId)" IN \(SELECT "productId" FROM "Sku"/;
    expect(texts.filter((text) => reads.test(text))).toHaveLength(2);
    expect(last(stock)).toBeLessThan(first(reads));
  });

  it('begins no stock, lock or order number statement for a submit its cart alone refuses', async () => {
    const stockStatements = /^UPDATE "Sku"|"OrderNumberCounter"|FOR UPDATE|SELECT DISTINCT "productId"/;
    const refusedWith = async (id: string, code: string) => {
      t.database.queries.length = 0;
      const submit = await post(t, '/cart/submit', { id });
      expect(submit.body).toMatchObject({ code });
      expect(t.database.queries.map((event) => event.query).filter((text) => stockStatements.test(text))).toEqual([]);
    };
    // No buyer yet; then submitted once, and again.
    const id = (await addToCart(t, exampleA)).body.id;
    await refusedWith(id, 'BUYER_IDENTITY_MISSING');
    await post(t, '/cart/customerInfo', { id, buyer_identity: californian });
    expect((await post(t, '/cart/submit', { id })).status).toBe(200);
    await refusedWith(id, 'CART_ALREADY_SUBMITTED');
    // Every line removed: its stores' entries may stay, their order numbers untaken.
    const variants = exampleA.filter((item) => item.variant_id !== undefined);
    const emptied = (await addToCart(t, variants)).body.id;
    const none = variants.map((item) => ({ ...item, quantity: 0 }));
    const removed = await call(t, {
      method: 'PUT',
      url: '/cart',
      payload: { id: emptied, items: { storefront_cart_items_input: none } },
    });
    expect(removed.status).toBe(200);
    await post(t, '/cart/customerInfo', { id: emptied, buyer_identity: californian });
    await refusedWith(emptied, 'CART_EMPTY');
  });

  it('fails a write whose lock is refused with the lock’s error, and keeps nothing the work wrote meanwhile', async () => {
    const refused = new AppError('CART_NOT_FOUND', 'the lock found no cart');
    const storeId = 991_100;
    const answer = writeOnce(
      t.database.db,
      null,
      async (tx) => {
        await sqlOf(tx).all('SELECT 1 AS "n"');
        throw refused;
      },
      // A work that writes without reading first: its insert goes out behind the lock.
      async (tx) => {
        await sqlOf(tx).run(
          `INSERT INTO "Store" ("id", "name", "displayName", "marketplace", "currency", "marginRatePpm")
          VALUES (?, 'lock-refused.example', 'Refused', 'SHOPIFY', 'EUR', 0)`,
          [storeId],
        );
        return 'written';
      },
      { idOf: () => '', read: () => Promise.resolve('') },
    );
    await expect(answer).rejects.toBe(refused);
    expect(await t.database.db.store.count({ where: { id: storeId } })).toBe(0);
  });

  it('refuses a write to an expired cart with CART_EXPIRED and changes nothing, its reads sent behind the lock', async () => {
    const created = await addToCart(t, oneLine);
    const id = created.body.id;
    await t.database.db.cart.update({ where: { id }, data: { updatedAt: new Date(Date.now() - 30 * 86_400_000) } });
    const before = await t.database.db.cart.findUniqueOrThrow({ where: { id }, include: { buyerIdentity: true } });
    const refused = await post(t, '/cart/customerInfo', { id, buyer_identity: californian });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'CART_EXPIRED' });
    const submit = await post(t, '/cart/submit', { id });
    expect(submit.body).toMatchObject({ code: 'CART_EXPIRED' });
    expect(
      await t.database.db.cart.findUniqueOrThrow({ where: { id }, include: { buyerIdentity: true } }),
    ).toStrictEqual(before);
    expect(await t.database.db.order.count({ where: { cartId: id } })).toBe(0);
  });
});
