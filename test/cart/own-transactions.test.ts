// A shopper's writes run in transactions of their own SQL, never the ORM's
// (db/own-transaction.ts): a cart with media and placements, lines changed and removed (a store's entry with them), a
// discount code with a per-buyer limit, a shipping method, the buyer, a submit with an
// Idempotency-Key and its replay, and the order cancelled. A write that met an ORM call would run
// again in the ORM's transaction (counted): the shopper's path then costs twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngine, type TestApp } from '../helpers.js';
import { addPlacements, attributionCatalog, buyer } from '../attribution/attribution-fixture.js';
import { call, post, type CartJson } from './cart-helpers.js';
import { ownTransactionCounts } from '../../src/db/own-transaction.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(attributionCatalog);
  await addPlacements(t.database.db);
});
afterAll(() => t?.close());

describe(`a shopper’s writes (${testEngine})`, () => {
  it('commit without the ORM’s transaction, none run again', async () => {
    const made = await post(t, '/discounts', {
      code: 'OWNTX',
      store: 'north.example',
      kind: 'PERCENTAGE',
      value: 10,
      per_buyer_limit: 1,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const before = ownTransactionCounts();
    const key = { 'idempotency-key': 'own-transactions-cart' };
    const items = [
      { variant_id: '1011', quantity: 1, media_id: 1, placement_id: '1:0' },
      { variant_id: '1021', quantity: 2, media_id: 2 },
      { variant_id: '2011', quantity: 1 },
    ];
    const cart = await post(t, '/cart', { items: { storefront_cart_items_input: items } }, key);
    expect(cart.status, JSON.stringify(cart.body)).toBe(200);
    const id = cart.body.id;
    const steps: [string, () => Promise<{ status: number; body: unknown }>][] = [
      ['replayed create', () => post(t, '/cart', { items: { storefront_cart_items_input: items } }, key)],
      ['update', () => post(t, '/cart/update', { cart_id: id, item: { variant_id: '1011', quantity: 3 } })],
      ['remove', () => call(t, { method: 'DELETE', url: '/cart/items', payload: { cart_id: id, variant_id: '2011' } })],
      ['codes', () => post(t, '/cart/discounts', { id, codes: ['owntx'] })],
      ['buyer', () => post(t, '/cart/customerInfo', { id, buyer_identity: buyer })],
      [
        'shipping',
        () => post(t, '/cart/shippingMethod', { cart_id: id, store: 'north.example', shipping_method_id: 'standard' }),
      ],
      ['submit', () => post(t, '/cart/submit', { id }, { 'idempotency-key': 'own-tx-submit' })],
      ['replayed submit', () => post(t, '/cart/submit', { id }, { 'idempotency-key': 'own-tx-submit' })],
    ];
    const answers: [string, number][] = [];
    const bodies = new Map<string, unknown>();
    for (const [name, send] of steps) {
      const answer = await send();
      answers.push([name, answer.status]);
      bodies.set(name, answer.body);
    }
    // The code applies: the discount's rows, its store and the buyer's uses were read.
    expect((bodies.get('codes') as CartJson).discount_codes).toStrictEqual([{ code: 'owntx', applicable: true }]);
    const orders = (bodies.get('replayed submit') as { orders: { id: string; store?: string }[] }).orders;
    const cancelled = await post(t, `/orders/${orders[0]!.id}/status`, { status: 'CANCELLED' });
    answers.push(['cancel', cancelled.status]);
    expect(answers).toStrictEqual([
      ['replayed create', 200],
      ['update', 200],
      ['remove', 200],
      ['codes', 200],
      ['buyer', 200],
      ['shipping', 200],
      ['submit', 200],
      ['replayed submit', 200],
      ['cancel', 200],
    ]);
    // What the cancel gave back: the stock the submit took, the code's use.
    const { db } = t.database;
    expect((await db.sku.findUniqueOrThrow({ where: { id: 1011 } })).qtyAvailable).toBe(500);
    const discount = await db.discount.findUniqueOrThrow({ where: { id: Number(made.body.id) } });
    expect([discount.timesUsed, await db.discountUse.count({ where: { discountId: discount.id } })]).toStrictEqual([
      0, 0,
    ]);
    const after = ownTransactionCounts();
    expect(after.again - before.again).toBe(0);
    // Every write but the two replays, which roll back what they locked.
    expect(after.committed - before.committed).toBe(8);
  });
});
