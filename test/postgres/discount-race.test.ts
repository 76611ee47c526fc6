// A discount code's usage limit under concurrent checkouts, on PostgreSQL across two real gateway
// processes: 50 carts with a code that has 10 uses left, submitted at once, half through each
// process. The code is used exactly 10 times; every other submit is either refused (422
// DISCOUNT_USAGE_LIMIT_REACHED: it priced the discount and lost the race, nothing written) or
// placed without the discount (it started after the last use was counted).
import { describe, expect, it } from 'vitest';
import { testEngine } from '../pg.js';
import { json } from '../process/gateway.js';
import { oneSkuCatalog, oneUnitCart, raceSkuId, submitAll, twoGateways } from './two-processes.js';

const uses = 10;
const carts = 50;

describe.runIf(testEngine === 'postgresql')('a code with 10 uses left, 50 carts across two processes', () => {
  const race = twoGateways(oneSkuCatalog('Lamp', 1_000));

  it(`is used exactly ${uses} times`, async () => {
    const created = await json('POST', `${race.base(0)}/discounts`, {
      code: 'TEN',
      store: 'one.example',
      kind: 'FIXED_AMOUNT',
      value: 5,
      usage_limit: uses,
    });
    expect(created.status).toBe(201);
    const ids = await Promise.all(
      Array.from({ length: carts }, async (_value, n) => {
        const id = await oneUnitCart(race.base(n));
        const coded = await json('POST', `${race.base(n)}/cart/discounts`, { id, codes: ['ten'] });
        expect(coded.body.discount_codes).toEqual([{ code: 'ten', applicable: true }]);
        return id;
      }),
    );
    const answers = await submitAll(race, ids);
    const orders = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => (answer.body.orders as { cost: { discount: { value: number } } }[])[0]!);
    const discounted = orders.filter((order) => order.cost.discount.value === 5).length;
    const refused = answers.filter(
      (answer) => answer.status === 422 && answer.body.code === 'DISCOUNT_USAGE_LIMIT_REACHED',
    ).length;
    const db = race.fixture().database.db;
    const discount = await db.discount.findUniqueOrThrow({ where: { id: Number(created.body.id) } });
    const rows = await db.discountUse.count({ where: { discountId: discount.id } });
    const stock = (await db.sku.findUniqueOrThrow({ where: { id: raceSkuId } })).qtyAvailable;
    console.info(
      `discount race: ${carts} carts, ${uses} uses, 2 processes → ${discounted} discounted orders, ${orders.length - discounted} without, ${refused} refused (lost the race)`,
    );
    expect([discounted, discount.timesUsed, rows]).toStrictEqual([uses, uses, uses]);
    const others = answers
      .filter((answer) => answer.status !== 200 && answer.body.code !== 'DISCOUNT_USAGE_LIMIT_REACHED')
      .map((answer) => `${answer.status} ${String(answer.body.code)}`);
    expect(orders.length + refused, `neither an order nor the limit's 422: ${others.join(', ')}`).toBe(carts);
    expect(stock).toBe(1_000 - orders.length);
    expect(await db.order.count()).toBe(orders.length);
  }, 60_000);
});

describe.skipIf(testEngine === 'postgresql')('a code with 10 uses left, 50 carts across two processes', () => {
  it.skip('runs with npm run test:pg (TEST_DATABASE=postgresql)', () => {});
});
