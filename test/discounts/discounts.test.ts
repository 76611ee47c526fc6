// Store discounts end to end on the engine under test: the admin API (REST and GraphQL alike),
// each kind on a cart to the minor unit (the worked example of docs/discounts.md among them), JPY and KWD,
// combinability, and a warning for each reason a code does not apply or a line is in trouble.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { createTestApp, graphql, type TestApp } from '../helpers.js';
import { addToCart, call, californian as ada, post, type CartJson } from '../cart/cart-helpers.js';

const catalog = {
  stores: [
    {
      id: 1,
      name: 'north.example',
      marketplace: 'shopify',
      currency: 'USD',
      margin_rate: 0.12,
      shipping_methods: [{ id: 'standard', label: 'Standard', price: 5.99 }],
      tax_rates: [{ country_code: 'US', province_code: 'CA', rate: 0.0725 }],
    },
    {
      id: 2,
      name: 'south.example',
      marketplace: 'woocommerce',
      currency: 'USD',
      margin_rate: 0.1,
      shipping_methods: [{ id: 'standard', label: 'Standard', price: 3 }],
    },
    {
      id: 3,
      name: 'tokyo.example',
      marketplace: 'shopify',
      currency: 'JPY',
      margin_rate: 0.1,
      shipping_methods: [{ id: 'standard', label: 'Standard', price: 605 }],
      tax_rates: [{ rate: 0.1 }],
    },
    {
      id: 4,
      name: 'kuwait.example',
      marketplace: 'shopify',
      currency: 'KWD',
      margin_rate: 0.1,
      shipping_methods: [{ id: 'standard', label: 'Standard', price: 1.25 }],
      tax_rates: [{ rate: 0.05 }],
    },
    {
      id: 5,
      name: 'pickup.example',
      marketplace: 'shopify',
      currency: 'USD',
      margin_rate: 0.1,
      shipping_methods: [{ id: 'pickup', label: 'Pick up', price: 0 }],
    },
  ],
  products: [
    {
      id: 101,
      title: 'Rain Shell',
      price: 44.99,
      currency: 'USD',
      skus: [
        { sku_id: 1011, merchant_id: 1, name: 'Rain Shell M', qty_available: 10, sale_price: 44.99, currency: 'USD' },
      ],
    },
    {
      id: 102,
      title: 'Sticker',
      price: 1.25,
      currency: 'USD',
      skus: [{ sku_id: 1021, merchant_id: 1, name: 'Sticker', qty_available: 50, retail_price: 1.25, currency: 'USD' }],
    },
    {
      id: 103,
      title: 'Gift Card',
      price: 25,
      currency: 'USD',
      skus: [
        {
          sku_id: 1031,
          merchant_id: 1,
          name: 'Gift Card',
          qty_available: 50,
          retail_price: 25,
          currency: 'USD',
          taxable: false,
        },
      ],
    },
    {
      id: 201,
      title: 'Socks',
      price: 19.99,
      currency: 'USD',
      skus: [{ sku_id: 2011, merchant_id: 2, name: 'Socks', qty_available: 10, retail_price: 19.99, currency: 'USD' }],
    },
    {
      id: 301,
      title: 'Tenugui',
      price: 1005,
      currency: 'JPY',
      skus: [{ sku_id: 3011, merchant_id: 3, name: 'Tenugui', qty_available: 10, retail_price: 1005, currency: 'JPY' }],
    },
    {
      id: 501,
      title: 'Mug',
      price: 9,
      currency: 'USD',
      skus: [{ sku_id: 5011, merchant_id: 5, name: 'Mug', qty_available: 10, retail_price: 9, currency: 'USD' }],
    },
    {
      id: 401,
      title: 'Dallah',
      price: 1.005,
      currency: 'KWD',
      skus: [
        { sku_id: 4011, merchant_id: 4, name: 'Dallah', qty_available: 10, retail_price: 1.005, currency: 'KWD' },
        { sku_id: 4012, merchant_id: 4, name: 'Dallah gilt', qty_available: 10, retail_price: 2.002, currency: 'KWD' },
      ],
    },
  ],
};

// The cart tests' buyer, the email's case changed: per-buyer limits count it in lower case.
const californian = { ...ada, email: 'Ada@Example.com' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(catalog);
});
afterAll(() => t.close());

let made = 0;
/** A discount made through the REST admin API (each test's codes are its own). */
async function discount(body: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const answer = await post<{ id: string } & Record<string, unknown>>(t, '/discounts', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  made += 1;
  return answer.body;
}

/** A Californian cart of these items with these codes. */
async function cartWith(items: [string, number][], codes: string[]): Promise<CartJson> {
  const cart = await addToCart(
    t,
    items.map(([variant_id, quantity]) => ({ variant_id, quantity })),
  );
  expect(cart.status).toBe(200);
  await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: californian });
  const coded = await post<CartJson>(t, '/cart/discounts', { id: cart.body.id, codes });
  expect(coded.status, JSON.stringify(coded.body)).toBe(200);
  return coded.body;
}

const lineDiscounts = (cart: CartJson) =>
  cart.stores.flatMap((entry) => entry.cart_lines.map((line) => [line.variant.id, line.discount.value]));
const codesOf = (cart: CartJson) =>
  cart.warnings.map((warning) => [warning.code, warning.discount_code ?? warning.variant_id]);

describe('amounts', () => {
  it('the worked example: 10 % off, half to even per line, tax on what is left, to the cent', async () => {
    await discount({ code: 'WORKED10', store: 'north.example', kind: 'PERCENTAGE', value: 10 });
    const cart = await cartWith(
      [
        ['1011', 2],
        ['1021', 1],
        ['1031', 1],
      ],
      ['worked10'],
    );
    // 10 % of 89.98 = 8.998 → 9.00; of 1.25 = 0.125 → 0.12 (half to even); of 25.00 = 2.50.
    expect(lineDiscounts(cart)).toEqual([
      ['1011', 9],
      ['1021', 0.12],
      ['1031', 2.5],
    ]);
    const offer = cart.stores[0]!.offer;
    expect(offer.discounts.map((applied) => [applied.code, applied.kind, applied.amount.value])).toEqual([
      ['WORKED10', 'PERCENTAGE', 11.62],
    ]);
    // Taxable 80.98 + 1.13 = 82.11 × 7.25 % = 5.953 → 5.95; shipping 5.99 × 7.25 % = 0.434 → 0.43.
    expect([
      cart.cost.subtotal.value,
      cart.cost.shipping.value,
      cart.cost.tax.value,
      cart.cost.discount.value,
      cart.cost.total.value,
    ]).toEqual([116.23, 5.99, 6.38, 11.62, 116.98]);
    expect(cart.discount_codes).toEqual([{ code: 'worked10', applicable: true }]);
    expect(cart.warnings).toEqual([]);
  });

  it('a fixed amount allocated by the largest remainder: the parts add up to it exactly', async () => {
    await discount({ code: 'TENOFF', store: 'north.example', kind: 'FIXED_AMOUNT', value: 10 });
    const cart = await cartWith(
      [
        ['1011', 2],
        ['1021', 1],
        ['1031', 1],
      ],
      ['TENOFF'],
    );
    // 10.00 × 89.98 / 116.23 = 7.7415… , × 1.25 / 116.23 = 0.1075…, × 25 / 116.23 = 2.1509…: 7.74 + 0.10 + 2.15 = 9.99, the last cent to 0.1075.
    expect(lineDiscounts(cart)).toEqual([
      ['1011', 7.74],
      ['1021', 0.11],
      ['1031', 2.15],
    ]);
    expect(cart.cost.discount.value).toBe(10);
    // Never below zero: 10.00 off one sticker takes 1.25.
    const small = await cartWith([['1021', 1]], ['TENOFF']);
    expect(lineDiscounts(small)).toEqual([['1021', 1.25]]);
  });

  it('free shipping takes the selected method and its tax; JPY and KWD exact', async () => {
    await discount({ code: 'SHIPFREE', store: 'north.example', kind: 'FREE_SHIPPING' });
    const cart = await cartWith([['1011', 1]], ['SHIPFREE']);
    // Tax on 44.99 only: 3.2617… → 3.26; shipping 5.99 stays in shipping, taken off as the discount.
    expect([cart.cost.shipping.value, cart.cost.tax.value, cart.cost.discount.value, cart.cost.total.value]).toEqual([
      5.99, 3.26, 5.99, 48.25,
    ]);
    await discount({ code: 'YEN15', store: 'tokyo.example', kind: 'PERCENTAGE', value: 15 });
    const yen = await cartWith([['3011', 3]], ['YEN15']);
    // 15 % of ¥3,015 = 452.25 → ¥452; tax 10 % of 2,563 = 256.3 → 256, of shipping 605 → 61 (60.5 half up).
    expect([yen.cost.discount.value, yen.cost.tax.value, yen.cost.total.value]).toEqual([
      452,
      317,
      3015 + 605 + 317 - 452,
    ]);
    await discount({ code: 'KWD1', store: 'kuwait.example', kind: 'FIXED_AMOUNT', value: 1.001 });
    const dinar = await cartWith(
      [
        ['4011', 1],
        ['4012', 1],
      ],
      ['kwd1'],
    );
    // 1.001 over 1.005 and 2.002: 0.3345543… and 0.6664456… → 0.334 + 0.666 = 1.000, the last fils to the larger remainder (the first line's).
    expect(lineDiscounts(dinar)).toEqual([
      ['4011', 0.335],
      ['4012', 0.666],
    ]);
    expect(dinar.cost.discount.value).toBe(1.001);
  });

  it('combines what combines; of those that do not, the one worth more, the other warned', async () => {
    await discount({
      code: 'COMBO5',
      store: 'south.example',
      kind: 'PERCENTAGE',
      value: 5,
      combines_with_others: true,
    });
    await discount({ store: 'south.example', kind: 'FREE_SHIPPING', minimum_subtotal: 30, combines_with_others: true });
    await discount({ code: 'SOLO20', store: 'south.example', kind: 'PERCENTAGE', value: 20 });
    await discount({ code: 'SOLO2', store: 'south.example', kind: 'FIXED_AMOUNT', value: 2 });
    // 2 × 19.99 = 39.98: 5 % (2.00) + free shipping (3.00) together = 5.00; SOLO20 alone = 8.00 wins; SOLO2 alone = 2.00.
    const cart = await cartWith([['2011', 2]], ['COMBO5', 'SOLO20', 'SOLO2']);
    expect(cart.stores[0]!.offer.discounts.map((applied) => applied.code)).toEqual(['SOLO20']);
    expect(cart.cost.discount.value).toBe(8);
    expect(codesOf(cart)).toEqual([
      ['DISCOUNT_NOT_COMBINABLE', 'COMBO5'],
      ['DISCOUNT_NOT_COMBINABLE', 'SOLO2'],
    ]);
    // Without SOLO20: the automatic free shipping with COMBO5 (5.00) beats SOLO2 (2.00).
    const other = await post<CartJson>(t, '/cart/discounts', { id: cart.id, codes: ['COMBO5', 'SOLO2'] });
    expect(other.body.stores[0]!.offer.discounts.map((applied) => [applied.code, applied.amount.value])).toEqual([
      ['COMBO5', 2],
      [null, 3],
    ]);
    expect(other.body.discount_codes).toEqual([
      { code: 'COMBO5', applicable: true },
      { code: 'SOLO2', applicable: false },
    ]);
  });
});

describe('warnings', () => {
  it('names why each code does not apply', async () => {
    const day = 86_400_000;
    await discount({ code: 'OFF', store: 'north.example', kind: 'PERCENTAGE', value: 5, enabled: false });
    await discount({
      code: 'SOON',
      store: 'north.example',
      kind: 'PERCENTAGE',
      value: 5,
      starts_at: new Date(Date.now() + day).toISOString(),
    });
    await discount({
      code: 'OLD',
      store: 'north.example',
      kind: 'PERCENTAGE',
      value: 5,
      starts_at: '2020-01-01T00:00:00Z',
      ends_at: '2021-01-01T00:00:00Z',
    });
    await discount({ code: 'SOUTHONLY', store: 'south.example', kind: 'PERCENTAGE', value: 5 });
    await discount({ code: 'BIGSPEND', store: 'north.example', kind: 'PERCENTAGE', value: 5, minimum_subtotal: 500 });
    const usedUp = await discount({
      code: 'USEDUP',
      store: 'north.example',
      kind: 'PERCENTAGE',
      value: 5,
      usage_limit: 2,
    });
    const once = await discount({
      code: 'ONCE',
      store: 'north.example',
      kind: 'PERCENTAGE',
      value: 5,
      per_buyer_limit: 1,
    });
    await t.database.db.discount.update({ where: { id: Number(usedUp.id) }, data: { timesUsed: 2 } });
    // The buyer (by email, whatever its case) used ONCE before.
    await t.database.db.discountUse.create({
      data: { discountId: Number(once.id), orderId: 'earlier-order', buyerEmail: 'ada@example.com', amountMinor: 100n },
    });
    const cart = await cartWith(
      [['1011', 1]],
      ['NOPE', 'OFF', 'SOON', 'OLD', 'SOUTHONLY', 'BIGSPEND', 'USEDUP', 'ONCE'],
    );
    expect(codesOf(cart)).toEqual([
      ['DISCOUNT_CODE_UNKNOWN', 'NOPE'],
      ['DISCOUNT_DISABLED', 'OFF'],
      ['DISCOUNT_NOT_STARTED', 'SOON'],
      ['DISCOUNT_EXPIRED', 'OLD'],
      ['DISCOUNT_STORE_NOT_IN_CART', 'SOUTHONLY'],
      ['DISCOUNT_MINIMUM_NOT_MET', 'BIGSPEND'],
      ['DISCOUNT_USAGE_LIMIT_REACHED', 'USEDUP'],
      ['DISCOUNT_BUYER_LIMIT_REACHED', 'ONCE'],
    ]);
    expect(cart.warnings.find((warning) => warning.code === 'DISCOUNT_MINIMUM_NOT_MET')).toMatchObject({
      store: 'north.example',
      message: expect.stringContaining('$500.00'),
    });
    expect(cart.cost.discount.value).toBe(0);
    expect(cart.discount_codes.every((code) => !code.applicable)).toBe(true);
    // An edit of the discount changes the cart at once.
    await call(t, { method: 'PATCH', url: `/discounts/${usedUp.id}`, payload: { usage_limit: 3 } });
    const later = await call<CartJson>(t, { method: 'GET', url: `/cart/${cart.id}` });
    expect(later.body.discount_codes.find((code) => code.code === 'USEDUP')).toEqual({
      code: 'USEDUP',
      applicable: true,
    });
  });

  it('warns of short stock, unavailable and unlisted variants, and changed prices; submit still refuses them', async () => {
    const cart = await cartWith(
      [
        ['1011', 3],
        ['1021', 2],
        ['1031', 1],
        ['2011', 1],
      ],
      [],
    );
    const db = t.database.db;
    await db.sku.update({ where: { id: 1011 }, data: { qtyAvailable: 2 } });
    await db.sku.update({ where: { id: 1021 }, data: { status: 'UNAVAILABLE' } });
    await db.sku.update({ where: { id: 1031 }, data: { listed: false } });
    await db.sku.update({ where: { id: 2011 }, data: { retailPriceMinor: 2199 } });
    try {
      const now = (await call<CartJson>(t, { method: 'GET', url: `/cart/${cart.id}` })).body;
      expect(now.warnings.map((warning) => [warning.code, warning.variant_id, warning.store])).toEqual([
        ['NOT_ENOUGH_STOCK', '1011', 'north.example'],
        ['VARIANT_UNAVAILABLE', '1021', 'north.example'],
        ['VARIANT_UNLISTED', '1031', 'north.example'],
        ['PRICE_CHANGED', '2011', 'south.example'],
      ]);
      expect(now.warnings[3]!.message).toContain('$19.99 to $21.99');
      const refused = await post<{ code: string; details: { variant_ids: string[] } }>(t, '/cart/submit', {
        id: cart.id,
      });
      expect([refused.status, refused.body.code, refused.body.details.variant_ids]).toEqual([
        422,
        'PRODUCTS_UNAVAILABLE',
        ['1011', '1021', '1031'],
      ]);
      // Setting the quantity again is the buyer seeing the new price: the warning goes.
      const seen = await post<CartJson>(t, '/cart/update', {
        cart_id: cart.id,
        item: { variant_id: '2011', quantity: 2 },
      });
      expect(seen.body.warnings.map((warning) => warning.code)).not.toContain('PRICE_CHANGED');
    } finally {
      await db.sku.update({ where: { id: 1011 }, data: { qtyAvailable: 10 } });
      await db.sku.update({ where: { id: 1021 }, data: { status: 'AVAILABLE' } });
      await db.sku.update({ where: { id: 1031 }, data: { listed: true } });
      await db.sku.update({ where: { id: 2011 }, data: { retailPriceMinor: 1999 } });
    }
  });
});

interface OrderJson {
  id: string;
  status: string;
  lines: { variant_id: string; line_total: { value: number }; discount: { value: number } }[];
  cost: {
    subtotal: { value: number };
    shipping: { value: number };
    tax: { value: number };
    discount: { value: number };
    total: { value: number };
    discounts: { code: string | null; amount: { value: number } }[];
  };
}
const submit = (cartId: string) => post<{ code?: string; orders: OrderJson[] }>(t, '/cart/submit', { id: cartId });
const timesUsed = async (id: string) =>
  (await t.database.db.discount.findUniqueOrThrow({ where: { id: Number(id) } })).timesUsed;

describe('submit', () => {
  it('freezes the discounts into the order and counts the use; editing the discount later changes neither', async () => {
    const frozen = await discount({
      code: 'FREEZE10',
      store: 'north.example',
      kind: 'PERCENTAGE',
      value: 10,
      usage_limit: 5,
    });
    const cart = await cartWith(
      [
        ['1011', 2],
        ['1021', 1],
        ['1031', 1],
      ],
      ['FREEZE10'],
    );
    const submitted = await submit(cart.id);
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const order = submitted.body.orders[0]!;
    // The submit answers the order as written, not read back: the same as a read of it.
    expect((await call<OrderJson>(t, { method: 'GET', url: `/orders/${order.id}` })).body).toStrictEqual(order);
    // The worked example, frozen: the same amounts as the cart showed.
    expect(order.lines.map((line) => [line.variant_id, line.discount.value])).toEqual([
      ['1011', 9],
      ['1021', 0.12],
      ['1031', 2.5],
    ]);
    expect([
      order.cost.subtotal.value,
      order.cost.shipping.value,
      order.cost.tax.value,
      order.cost.discount.value,
      order.cost.total.value,
    ]).toEqual([116.23, 5.99, 6.38, 11.62, 116.98]);
    expect(order.cost.discounts.map((applied) => [applied.code, applied.amount.value])).toEqual([['FREEZE10', 11.62]]);
    expect(await timesUsed(frozen.id)).toBe(1);
    const row = await t.database.db.order.findUniqueOrThrow({ where: { id: order.id } });
    expect([Number(row.discountMinor), Number(row.totalMinor)]).toEqual([1162, 11698]);
    // Media performance counts what each line brought: its total less its discount.
    const rows = await t.database.db.orderLine.findMany({
      where: { orderId: order.id },
      orderBy: { position: 'asc' },
      select: { lineTotalMinor: true },
    });
    expect(rows.map((line) => Number(line.lineTotalMinor))).toEqual([8998 - 900, 125 - 12, 2500 - 250]);
    await call(t, { method: 'PATCH', url: `/discounts/${frozen.id}`, payload: { value: 50 } });
    const later = await call<OrderJson>(t, { method: 'GET', url: `/orders/${order.id}` });
    expect([later.body.cost.discount.value, later.body.cost.total.value]).toEqual([11.62, 116.98]);
    // Cancelled: the use is given back (once).
    expect((await post(t, `/orders/${order.id}/status`, { status: 'CANCELLED' })).status).toBe(200);
    expect(await timesUsed(frozen.id)).toBe(0);
    expect(await t.database.db.discountUse.count({ where: { orderId: order.id } })).toBe(0);
  });

  it('prices the submit as the cart is then: a code used up meanwhile is a warning, and the order is placed without it', async () => {
    const last = await discount({
      code: 'LASTONE',
      store: 'south.example',
      kind: 'FIXED_AMOUNT',
      value: 1,
      usage_limit: 1,
    });
    const first = await cartWith([['2011', 1]], ['LASTONE']);
    const second = await cartWith([['2011', 1]], ['LASTONE']);
    expect(second.discount_codes).toEqual([{ code: 'LASTONE', applicable: true }]);
    expect((await submit(first.id)).body.orders[0]!.cost.discount.value).toBe(1);
    const again = await call<CartJson>(t, { method: 'GET', url: `/cart/${second.id}` });
    expect(codesOf(again.body)).toEqual([['DISCOUNT_USAGE_LIMIT_REACHED', 'LASTONE']]);
    expect((await submit(second.id)).body.orders[0]!.cost.discount.value).toBe(0);
    expect(await timesUsed(last.id)).toBe(1);
  });

  it('uses a code with 3 uses left exactly 3 times when 12 carts submit at once; a submit that lost the race changes nothing', async () => {
    const few = await discount({ code: 'FEW3', store: 'south.example', kind: 'PERCENTAGE', value: 10, usage_limit: 3 });
    await t.database.db.sku.update({ where: { id: 2011 }, data: { qtyAvailable: 100 } });
    const carts = await Promise.all(Array.from({ length: 12 }, () => cartWith([['2011', 1]], ['FEW3'])));
    const answers = await Promise.all(carts.map((cart) => submit(cart.id)));
    // A submit priced with the code that found it used up when counting it is refused (it would charge more than it priced);
    // one that started after the last use was counted is placed without it.
    const discounted = answers.filter(
      (answer) => answer.status === 200 && answer.body.orders[0]!.cost.discount.value > 0,
    );
    const lost = answers.filter((answer) => answer.status === 422);
    expect(discounted).toHaveLength(3);
    expect(lost.every((answer) => answer.body.code === 'DISCOUNT_USAGE_LIMIT_REACHED')).toBe(true);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(12 - lost.length);
    expect(await timesUsed(few.id)).toBe(3);
    expect(await t.database.db.discountUse.count({ where: { discountId: Number(few.id) } })).toBe(3);
    // Stock was taken once per order placed, none for a refused submit.
    expect((await t.database.db.sku.findUniqueOrThrow({ where: { id: 2011 } })).qtyAvailable).toBe(
      100 - (12 - lost.length),
    );
  });

  it('uses nothing up for a discount that took nothing off (free shipping of a free method)', async () => {
    const free = await discount({ code: 'PICKUPFREE', store: 'pickup.example', kind: 'FREE_SHIPPING', usage_limit: 1 });
    const cart = await cartWith([['5011', 1]], ['PICKUPFREE']);
    const order = (await submit(cart.id)).body.orders[0]!;
    expect([order.cost.discount.value, order.cost.total.value]).toEqual([0, 9]);
    expect(await timesUsed(free.id)).toBe(0);
  });

  it('keeps to a per-buyer limit, by email whatever its case', async () => {
    const welcome = await discount({
      code: 'WELCOME',
      store: 'south.example',
      kind: 'PERCENTAGE',
      value: 10,
      per_buyer_limit: 1,
    });
    const first = await cartWith([['2011', 1]], ['WELCOME']);
    const second = await cartWith([['2011', 1]], ['WELCOME']);
    expect((await submit(first.id)).body.orders[0]!.cost.discount.value).toBeGreaterThan(0);
    const again = await call<CartJson>(t, { method: 'GET', url: `/cart/${second.id}` });
    expect(codesOf(again.body)).toEqual([['DISCOUNT_BUYER_LIMIT_REACHED', 'WELCOME']]);
    expect((await submit(second.id)).body.orders[0]!.cost.discount.value).toBe(0);
    expect(
      await t.database.db.discountUse.findMany({
        where: { discountId: Number(welcome.id) },
        select: { buyerEmail: true },
      }),
    ).toEqual([{ buyerEmail: 'ada@example.com' }]);
  });
});

describe('the admin API', () => {
  it('checks values in the store currency, dates, limits and codes unique per store whatever their case', async () => {
    const bad = async (body: Record<string, unknown>) =>
      (await post<{ code: string; details: { field: string } }>(t, '/discounts', body)).body;
    expect(await bad({ store: 'tokyo.example', kind: 'FIXED_AMOUNT', value: 10.5 })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'value' },
    });
    expect(await bad({ store: 'kuwait.example', kind: 'FIXED_AMOUNT', value: 1.0005 })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'value' },
    });
    expect(await bad({ store: 'north.example', kind: 'PERCENTAGE' })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'value' },
    });
    expect(await bad({ store: 'north.example', kind: 'FREE_SHIPPING', value: 3 })).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'value' },
    });
    expect(
      await bad({
        store: 'north.example',
        kind: 'PERCENTAGE',
        value: 5,
        starts_at: '2026-02-01T00:00:00Z',
        ends_at: '2026-01-01T00:00:00Z',
      }),
    ).toMatchObject({ details: { field: 'ends_at' } });
    expect(await bad({ store: 'north.example', kind: 'PERCENTAGE', value: 5, starts_at: 'tomorrow' })).toMatchObject({
      details: { field: 'starts_at' },
    });
    expect(
      await bad({ store: 'north.example', kind: 'PERCENTAGE', value: 5, ends_at: '2026-02-30T00:00:00Z' }),
    ).toMatchObject({ details: { field: 'ends_at' } });
    // Past the year 9999 once in UTC: no ISO 8601 form of four digits to answer it with.
    expect(
      await bad({ store: 'north.example', kind: 'PERCENTAGE', value: 5, ends_at: '9999-12-31T23:00:00-05:00' }),
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'ends_at' } });
    expect(
      await bad({ store: 'north.example', kind: 'PERCENTAGE', value: 5, starts_at: '0001-01-01T00:30:00+01:00' }),
    ).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'starts_at' } });
    expect(await bad({ store: 'north.example', kind: 'PERCENTAGE', value: 5, usage_limit: 0 })).toMatchObject({
      details: { field: 'usage_limit' },
    });
    expect(await bad({ store: 'north.example', kind: 'PERCENTAGE', value: 5, code: 'two words' })).toMatchObject({
      details: { field: 'code' },
    });
    expect(await bad({ store: 'north.example', kind: 'BOGO', value: 5 })).toMatchObject({ code: 'VALIDATION_FAILED' });
    const first = await discount({ code: 'Unique-1', store: 'north.example', kind: 'PERCENTAGE', value: 5 });
    expect(await bad({ code: 'UNIQUE-1', store: 'north.example', kind: 'PERCENTAGE', value: 6 })).toMatchObject({
      code: 'DISCOUNT_CODE_TAKEN',
    });
    // Another store may have the same code.
    await discount({ code: 'unique-1', store: 'south.example', kind: 'PERCENTAGE', value: 6 });
    const patched = await call<Record<string, unknown>>(t, {
      method: 'PATCH',
      url: `/discounts/${first.id}`,
      payload: { kind: 'FREE_SHIPPING', minimum_subtotal: 10 },
    });
    expect(patched.body).toMatchObject({
      kind: 'FREE_SHIPPING',
      value: null,
      minimum_subtotal: 10,
      code: 'Unique-1',
      store: 'north.example',
      currency: 'USD',
      times_used: 0,
    });
  });

  it("answers the same in GraphQL: create, update, list, read, and a cart's codes", async () => {
    const create = parse(
      `mutation ($input: CreateDiscountInput!) { createDiscount(input: $input) { id code store kind value minimumSubtotal { value currency minorUnits } startsAt usageLimit combinesWithOthers enabled timesUsed } }`,
    );
    const created = await graphql<
      { createDiscount: Record<string, unknown> & { id: string } },
      Record<string, unknown>
    >(t.app, create, {
      input: {
        code: 'GRAPH7',
        store: 'kuwait.example',
        kind: 'PERCENTAGE',
        value: 7.5,
        minimumSubtotal: 0.5,
        startsAt: '2026-01-01T00:00:00Z',
        usageLimit: 9,
      },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createDiscount).toMatchObject({
      code: 'GRAPH7',
      store: 'kuwait.example',
      kind: 'PERCENTAGE',
      value: 7.5,
      minimumSubtotal: { value: 0.5, currency: 'KWD', minorUnits: 500 },
      startsAt: '2026-01-01T00:00:00.000Z',
      usageLimit: 9,
      combinesWithOthers: false,
      enabled: true,
      timesUsed: 0,
    });
    const id = created.data!.createDiscount.id;
    // A day the month does not have, or a year past 9999 in UTC, is refused, not rolled over.
    for (const startsAt of ['2026-02-30T00:00:00Z', '9999-12-31T23:00:00-05:00']) {
      const refused = await graphql<unknown, Record<string, unknown>>(t.app, create, {
        input: { store: 'kuwait.example', kind: 'PERCENTAGE', value: 1, startsAt },
      });
      expect([refused.status, refused.errors?.map((error) => error.extensions.code)], startsAt).toStrictEqual([
        400,
        ['BAD_USER_INPUT'],
      ]);
    }
    const rest = await call<Record<string, unknown>>(t, { method: 'GET', url: `/discounts/${id}` });
    expect(rest.body).toMatchObject({
      id,
      code: 'GRAPH7',
      value: 7.5,
      minimum_subtotal: 0.5,
      starts_at: '2026-01-01T00:00:00.000Z',
      usage_limit: 9,
    });
    const update = parse(
      `mutation ($id: ID!, $input: UpdateDiscountInput!) { updateDiscount(id: $id, input: $input) { id usageLimit startsAt code enabled } }`,
    );
    await graphql(t.app, update, { id, input: { enabled: false } });
    // null clears what can be cleared; a null switch leaves it as it is.
    const updated = await graphql<{ updateDiscount: Record<string, unknown> }, Record<string, unknown>>(t.app, update, {
      id,
      input: { usageLimit: null, startsAt: null, enabled: null },
    });
    expect(updated.data!.updateDiscount).toEqual({
      id,
      usageLimit: null,
      startsAt: null,
      code: 'GRAPH7',
      enabled: false,
    });
    await graphql(t.app, update, { id, input: { enabled: true } });
    const list = parse(
      `query ($store: String) { discounts(store: $store) { id code } one: discount(id: "${id}") { id } }`,
    );
    const listed = await graphql<
      { discounts: { id: string; code: string }[]; one: { id: string } },
      Record<string, unknown>
    >(t.app, list, { store: 'kuwait.example' });
    expect(listed.data!.discounts.map((found) => found.code)).toContain('GRAPH7');
    expect(listed.data!.one.id).toBe(id);
    const missing = await graphql<unknown, Record<string, never>>(t.app, parse(`{ discount(id: "999999") { id } }`));
    expect(missing.errors?.[0]?.extensions.code).toBe('DISCOUNT_NOT_FOUND');

    const cart = await addToCart(t, [{ variant_id: '4011', quantity: 1 }]);
    const codes =
      parse(`mutation ($cartId: ID!, $codes: [String!]!) { updateCartDiscountCodes(cartId: $cartId, codes: $codes) {
      cost { discount { minorUnits } total { minorUnits } }
      discountCodes { code applicable }
      warnings { code discountCode store variantId }
      stores { offer { discount { minorUnits } discounts { discountId code kind amount { minorUnits currency } } } cartLines { discount { minorUnits } } }
    } }`);
    const answer = await graphql<Record<string, unknown>, Record<string, unknown>>(t.app, codes, {
      cartId: cart.body.id,
      codes: ['graph7', 'MISSING'],
    });
    expect(answer.errors).toBeUndefined();
    // 7.5 % of 1.005 KWD = 0.075375 → 0.075.
    expect(answer.data!.updateCartDiscountCodes).toEqual({
      cost: { discount: { minorUnits: 75 }, total: { minorUnits: 1005 + 1250 + 47 + 63 - 75 } },
      discountCodes: [
        { code: 'graph7', applicable: true },
        { code: 'MISSING', applicable: false },
      ],
      warnings: [{ code: 'DISCOUNT_CODE_UNKNOWN', discountCode: 'MISSING', store: null, variantId: null }],
      stores: [
        {
          offer: {
            discount: { minorUnits: 75 },
            discounts: [
              { discountId: id, code: 'GRAPH7', kind: 'PERCENTAGE', amount: { minorUnits: 75, currency: 'KWD' } },
            ],
          },
          cartLines: [{ discount: { minorUnits: 75 } }],
        },
      ],
    });
    const rested = await call<CartJson>(t, { method: 'GET', url: `/cart/${cart.body.id}` });
    expect(rested.body.cost.discount.value).toBe(0.075);
    expect(made).toBeGreaterThan(0);
  });
});
