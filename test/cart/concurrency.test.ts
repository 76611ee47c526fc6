// 50 requests at once at one cart: no quantity lost, no cart shared, one set of orders.
// PostgreSQL only: the SQLite driver runs every transaction of a process on one connection, one
// after the other, so there these could not fail whatever the locking (they proved nothing). With
// the cart's row lock removed they fail here: adds are lost and a cart submits twice (tried by hand).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readFixture, testEngine, type TestApp } from '../helpers.js';
import { addToCart, californian, exampleA, post, type CartJson } from './cart-helpers.js';

const concurrent = 50;

let t: TestApp;
beforeAll(async () => {
  if (testEngine === 'postgresql') t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t?.close());

const times = <T>(count: number, run: (index: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, index) => run(index)));

describe.runIf(testEngine === 'postgresql')(`${concurrent} concurrent requests`, () => {
  it('adds to one cart through both route families lose no quantity', async () => {
    const cart = (await addToCart(t, [{ variant_id: '2021', quantity: 1 }])).body;
    const answers = await times(concurrent, (index) =>
      index % 2 === 0
        ? post(t, '/cart/add', { cart_id: cart.id, item: { variant_id: '2021', quantity: 2 } })
        : addToCart(
            t,
            [
              { variant_id: '2021', quantity: 2 },
              { variant_id: '2041', quantity: 1 },
            ],
            cart.id,
          ),
    );
    expect(answers.map((answer) => answer.status)).toStrictEqual(Array(concurrent).fill(200));
    const lines = await t.database.db.cartLine.findMany({
      where: { cartId: cart.id },
      orderBy: { position: 'asc' },
      select: { skuId: true, quantity: true },
    });
    console.info(`adds: ${concurrent} concurrent requests, 2021 × ${lines[0]?.quantity}, 2041 × ${lines[1]?.quantity}`);
    expect(lines).toStrictEqual([
      { skuId: 2021, quantity: 1 + 2 * concurrent },
      { skuId: 2041, quantity: concurrent / 2 },
    ]);
    // and the answers were each a consistent cart: the last one carries the total
    const quantities = answers
      .map((answer) => answer.body.stores[0]?.cart_lines[0]?.quantity ?? 0)
      .sort((a, b) => a - b);
    expect(quantities.at(-1)).toBe(1 + 2 * concurrent);
    expect(new Set(quantities).size).toBe(concurrent);
  });

  it('creations never share a cart', async () => {
    const before = await t.database.db.cart.count();
    const answers = await times(concurrent, (index) =>
      index % 2 === 0
        ? post(t, '/cart/add', { item: { variant_id: '2021', quantity: 1 } })
        : addToCart(t, [{ variant_id: '2021', quantity: 1 }]),
    );
    const ids = new Set(answers.map((answer) => answer.body.id));
    expect(ids.size).toBe(concurrent);
    expect(await t.database.db.cart.count()).toBe(before + concurrent);
    expect(answers.every((answer) => answer.body.stores[0]?.cart_lines[0]?.quantity === 1)).toBe(true);
  });

  it('submits of one cart produce exactly one set of orders', async () => {
    const cart = (await addToCart(t, exampleA)).body;
    await post(t, '/cart/customerInfo', { id: cart.id, buyer_identity: californian });
    const answers = await times(concurrent, () =>
      post<{ status: string; code?: string }>(t, '/cart/submit', { id: cart.id }),
    );
    const statuses = answers.map((answer) => answer.status);
    console.info(
      `submits: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 409).length} × 409`,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(
      answers
        .filter((answer) => answer.status === 409)
        .every((answer) => answer.body.code === 'CART_ALREADY_SUBMITTED'),
    ).toBe(true);
    expect(statuses.filter((status) => status === 409)).toHaveLength(concurrent - 1);
    expect(await t.database.db.order.count({ where: { cartId: cart.id } })).toBe(2);
    expect(await t.database.db.orderEvent.count({ where: { order: { cartId: cart.id } } })).toBe(2);
  });

  it('submits with one Idempotency-Key all get the one answer', async () => {
    const cart = (await addToCart(t, exampleA)).body;
    await post(t, '/cart/customerInfo', { id: cart.id, buyer_identity: californian });
    const answers = await times(concurrent, () =>
      post(t, '/cart/submit', { id: cart.id }, { 'idempotency-key': `race-${cart.id}` }),
    );
    expect(answers.map((answer) => answer.status)).toStrictEqual(Array(concurrent).fill(200));
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(concurrent - 1);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await t.database.db.order.count({ where: { cartId: cart.id } })).toBe(2);
  });

  it('mixed writes to one cart leave it consistent with their sum', async () => {
    const cart: CartJson = (await addToCart(t, [{ variant_id: '2051', quantity: 10 }])).body;
    const answers = await times(concurrent, (index) => {
      if (index % 5 === 0)
        return post(t, '/cart/customerInfo', { id: cart.id, buyer_identity: { city: `City ${index}` } });
      if (index % 5 === 1)
        return post(t, '/cart/update', { cart_id: cart.id, item: { variant_id: '2051', quantity: 10 } });
      return post(t, '/cart/add', { cart_id: cart.id, item: { variant_id: '2021', quantity: 1 } });
    });
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const lines = await t.database.db.cartLine.findMany({
      where: { cartId: cart.id },
      orderBy: { position: 'asc' },
      select: { skuId: true, quantity: true },
    });
    expect(lines).toStrictEqual([
      { skuId: 2051, quantity: 10 },
      { skuId: 2021, quantity: (concurrent * 3) / 5 },
    ]);
  });
});
