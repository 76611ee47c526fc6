// A submit bound to the total the buyer saw (REST `expected_total`, GraphQL `expectedTotal`), the
// same scenarios through both APIs: the total the cart answer showed places the orders, which add
// up to it; a price changed or a discount code used up since is 409 CART_TOTAL_CHANGED with the
// cart's cost and warnings as its cart answer shows them now, and writes nothing; a malformed
// total is 400 VALIDATION_FAILED naming the field; a refusal keeps nothing for its Idempotency-Key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, dumpDatabase, graphql as send, readFixture, type TestApp } from '../helpers.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { addToCart, californian, exampleA, post, type CartJson } from './cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- read by codegen: the query below spreads it by name
const ExpectedTotalMoney = graphql(`
  fragment ExpectedTotalMoney on Money { value displayValue currency minorUnits }
`);

const ShownCart = graphql(`
  query ShownCart($id: ID!) {
    cart(id: $id) {
      cost {
        isEstimated
        subtotal { ...ExpectedTotalMoney }
        tax { ...ExpectedTotalMoney }
        shipping { ...ExpectedTotalMoney }
        discount { ...ExpectedTotalMoney }
        total { ...ExpectedTotalMoney }
      }
      warnings { code message store variantId discountCode }
    }
  }
`);

const SubmitExpecting = graphql(`
  mutation SubmitExpecting($cartId: ID!, $expectedTotal: MoneyInput, $key: String) {
    submitCart(cartId: $cartId, expectedTotal: $expectedTotal, idempotencyKey: $key) { status replayed orders { id } }
  }
`);

/** What a submit answered, alike for both APIs. */
interface Outcome {
  /** The HTTP status (REST) or `extensions.http.status` (GraphQL). */
  status: number;
  code: string | null;
  details: Record<string, unknown> | null;
  orders: number;
  replayed: boolean;
}

/** One API: the cart as its cart answer shows it, and its submit. */
interface Api {
  name: string;
  /** The cart's cost and warnings as the API's cart answer shows them, and its total as sent back. */
  shown(id: string): Promise<{ cost: unknown; warnings: unknown; total: { value: number; currency: string } }>;
  submit(id: string, expected?: unknown, key?: string): Promise<Outcome>;
  /** How the API names a field of the expected total. */
  field: (name: 'value' | 'currency') => string;
}

const rest: Api = {
  name: 'REST',
  async shown(id) {
    const answer = await t.app.inject({ method: 'GET', url: `/cart/${id}` });
    const cart = answer.json<CartJson>();
    // The whole Money as the answer holds it: its display_value is ignored.
    return { cost: cart.cost, warnings: cart.warnings, total: cart.cost.total };
  },
  async submit(id, expected, key) {
    const body = { id, ...(expected === undefined ? {} : { expected_total: expected }) };
    const answer = await post<Record<string, unknown>>(t, '/cart/submit', body, key ? { 'idempotency-key': key } : {});
    return {
      status: answer.status,
      code: (answer.body.code as string | undefined) ?? null,
      details: (answer.body.details as Record<string, unknown> | undefined) ?? null,
      orders: (answer.body.orders as unknown[] | undefined)?.length ?? 0,
      replayed: answer.headers['idempotent-replayed'] === 'true',
    };
  },
  field: (name) => `expected_total.${name}`,
};

const gql: Api = {
  name: 'GraphQL',
  async shown(id) {
    const cart = (await send(t.app, ShownCart, { id })).data!.cart!;
    return {
      cost: cart.cost,
      warnings: cart.warnings,
      total: { value: cart.cost.total.value, currency: cart.cost.total.currency },
    };
  },
  async submit(id, expected, key) {
    const answer = await send(t.app, SubmitExpecting, {
      cartId: id,
      expectedTotal: expected as { value: number; currency: string } | undefined,
      key,
    });
    const error = answer.errors?.[0];
    return {
      status: error?.extensions.http?.status ?? answer.status,
      code: error?.extensions.code ?? null,
      details: error?.extensions.details ?? null,
      orders: answer.data?.submitCart.orders.length ?? 0,
      replayed: answer.data?.submitCart.replayed ?? false,
    };
  },
  field: (name) => `expectedTotal.${name}`,
};

/** A Californian cart of example A (north and south), with the catalog (prices, stock) as the fixture has it. */
async function readyCart(codes: string[] = []): Promise<string> {
  await importCatalog(t.database.db, readFixture('cart-catalog.json'));
  const { id } = (await addToCart(t, exampleA)).body;
  await post(t, '/cart/customerInfo', { id, buyer_identity: californian });
  if (codes.length > 0) expect((await post(t, '/cart/discounts', { id, codes })).status).toBe(200);
  return id;
}

/** The orders' totals of a cart, as stored, in minor units. */
async function orderTotals(cartId: string): Promise<number> {
  const orders = await t.database.db.order.findMany({ where: { cartId } });
  return orders.reduce((sum, order) => sum + Number(order.totalMinor), 0);
}

/** Submits expecting `expected` and checks that the refusal wrote nothing at all. */
async function refused(api: Api, id: string, expected: unknown, key?: string): Promise<Outcome> {
  const before = await dumpDatabase(t.database);
  const outcome = await api.submit(id, expected, key);
  expect(await dumpDatabase(t.database)).toBe(before);
  return outcome;
}

let codes = 0;
/** A discount of north.example, 5.00 off, with one use: the test's own code. */
async function oneUseCode(): Promise<string> {
  codes += 1;
  const code = `ONCE${codes}`;
  const body = { code, store: 'north.example', kind: 'FIXED_AMOUNT', value: 5, usage_limit: 1 };
  expect((await post(t, '/discounts', body)).status).toBe(201);
  return code;
}

describe.each([rest, gql])('submit with an expected total ($name)', (api) => {
  it('places the orders when the cart still costs the total shown; they add up to it', async () => {
    const id = await readyCart();
    const { total } = await api.shown(id);
    // Example A in California: north 141.33, south 76.39.
    expect(total).toMatchObject({ value: 217.72, currency: 'USD' });
    const outcome = await api.submit(id, total);
    expect(outcome).toMatchObject({ status: 200, code: null, orders: 2 });
    expect(await orderTotals(id)).toBe(21772);
  });

  it('a price changed since: 409 CART_TOTAL_CHANGED with the cost and warnings the cart shows now, nothing written', async () => {
    const id = await readyCart();
    const seen = await api.shown(id);
    // 2 × 44.99 → 2 × 45.49 at north.example, taxed at 7.25 % in California: 1.00 and 0.07 of tax.
    await t.database.db.sku.update({ where: { id: 2011 }, data: { salePriceMinor: 4549 } });
    const outcome = await refused(api, id, seen.total);
    expect(outcome).toMatchObject({ status: 409, code: 'CART_TOTAL_CHANGED', orders: 0 });
    const now = await api.shown(id);
    expect(now.total.value).toBe(218.79);
    expect(outcome.details).toStrictEqual({ cost: now.cost, warnings: now.warnings });
    expect(now.warnings).toMatchObject([{ code: 'PRICE_CHANGED' }]);
    // The buyer looked again: the total shown now places the orders.
    expect(await api.submit(id, now.total)).toMatchObject({ status: 200, orders: 2 });
    expect(await orderTotals(id)).toBe(21879);
  });

  it('a discount code used up since: 409 with its warning; no order, no stock taken, no use counted', async () => {
    const code = await oneUseCode();
    const first = await readyCart([code]);
    const second = await readyCart([code]);
    const seen = await api.shown(second);
    expect(seen.warnings).toStrictEqual([]);
    expect((await api.submit(first)).status).toBe(200);
    const outcome = await refused(api, second, seen.total);
    expect(outcome).toMatchObject({ status: 409, code: 'CART_TOTAL_CHANGED' });
    const now = await api.shown(second);
    expect(outcome.details).toStrictEqual({ cost: now.cost, warnings: now.warnings });
    expect(now.warnings).toMatchObject([{ code: 'DISCOUNT_USAGE_LIMIT_REACHED', store: 'north.example' }]);
    expect(now.total.value).toBeGreaterThan(seen.total.value);
  });

  it('without an expected total, the same submit places the order without the used-up code, as before', async () => {
    const code = await oneUseCode();
    const first = await readyCart([code]);
    const second = await readyCart([code]);
    expect((await api.submit(first)).status).toBe(200);
    expect(await api.submit(second)).toMatchObject({ status: 200, orders: 2 });
  });

  it("a well-formed total in another currency than the cart's is CART_TOTAL_CHANGED too", async () => {
    const id = await readyCart();
    const { total } = await api.shown(id);
    expect(await refused(api, id, { value: total.value, currency: 'EUR' })).toMatchObject({
      status: 409,
      code: 'CART_TOTAL_CHANGED',
    });
  });

  it.each([
    ['more decimals than the currency has', { value: 217.725, currency: 'USD' }, 'value'],
    ['a fraction of a yen', { value: 1.5, currency: 'JPY' }, 'value'],
    ['a negative amount', { value: -217.72, currency: 'USD' }, 'value'],
    ['an amount past the safe integers', { value: 1e300, currency: 'USD' }, 'value'],
    ['a code in lower case', { value: 217.72, currency: 'usd' }, 'currency'],
    ['an unknown code', { value: 217.72, currency: 'XYZ' }, 'currency'],
    ['a code without a minor unit (gold)', { value: 217.72, currency: 'XAU' }, 'currency'],
  ] as const)('refuses %s with 400 VALIDATION_FAILED naming the field, writing nothing', async (_name, sent, name) => {
    const id = await readyCart();
    const outcome = await refused(api, id, sent);
    expect(outcome).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', orders: 0 });
    expect(outcome.details).toStrictEqual({ field: api.field(name) });
  });

  it('a refused submit keeps nothing for its key: the same key then submits with the total shown, and replays that', async () => {
    const id = await readyCart();
    const seen = await api.shown(id);
    await t.database.db.sku.update({ where: { id: 2011 }, data: { salePriceMinor: 4549 } });
    const key = `expected-${api.name}`;
    expect((await refused(api, id, seen.total, key)).code).toBe('CART_TOTAL_CHANGED');
    expect((await refused(api, id, seen.total, key)).code).toBe('CART_TOTAL_CHANGED');
    const now = await api.shown(id);
    expect(await api.submit(id, now.total, key)).toMatchObject({ status: 200, orders: 2, replayed: false });
    expect(await api.submit(id, now.total, key)).toMatchObject({ status: 200, orders: 2, replayed: true });
    // The key names the submit of that total: another total with it is another request.
    expect((await refused(api, id, seen.total, key)).code).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('the expected total as each API types it', () => {
  it.each([
    ['a value that is text', { value: '217.72', currency: 'USD' }, 'body/expected_total/value'],
    ['no currency', { value: 217.72 }, 'body/expected_total'],
    ['text instead of an object', 'USD 217.72', 'body/expected_total'],
  ])('REST refuses %s with 400 VALIDATION_FAILED at its path', async (_name, sent, path) => {
    const id = await readyCart();
    const outcome = await refused(rest, id, sent);
    expect(outcome).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(outcome.details).toMatchObject({ problems: [{ path }] });
  });

  it('GraphQL refuses a value that is not a Float with BAD_USER_INPUT, before any resolver runs', async () => {
    const id = await readyCart();
    const outcome = await refused(gql, id, { value: '217.72', currency: 'USD' });
    expect(outcome).toMatchObject({ status: 400, code: 'BAD_USER_INPUT', orders: 0 });
  });
});
