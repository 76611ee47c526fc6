// A JPY store (no decimals) and a KWD store (three decimals) end to end, on the engine under test:
// import, cart, tax, shipping, submit; every amount checked to the minor unit in REST and GraphQL,
// with tax cases that round half up at the currency's own precision (not at cents). Then what the
// import refuses: codes that are not currencies of the pinned ISO 4217 table, prices finer than
// the currency's minor unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { CatalogValidationError, importCatalog } from '../../src/catalog/import/importer.js';
import { createTestApp, dumpDatabase, graphql, type TestApp } from '../helpers.js';
import { addToCart, call, post, type CartJson, type Item } from './cart-helpers.js';

const catalog = {
  stores: [
    {
      id: 1,
      name: 'tokyo.example',
      marketplace: 'shopify',
      currency: 'JPY',
      margin_rate: 0.15,
      shipping_methods: [
        { id: 'standard', label: 'Standard', price: 605 },
        { id: 'express', label: 'Express', price: 1500 },
      ],
      tax_rates: [{ country_code: 'JP', rate: 0.1 }, { rate: 0.08 }],
    },
    {
      id: 2,
      name: 'kuwait.example',
      marketplace: 'woocommerce',
      currency: 'KWD',
      margin_rate: 0.15,
      shipping_methods: [
        { id: 'standard', label: 'Standard', price: 1.25 },
        { id: 'express', label: 'Express', price: 3.5 },
      ],
      tax_rates: [{ country_code: 'KW', rate: 0.05 }, { rate: 0.15 }],
    },
  ],
  products: [
    {
      id: 301,
      title: 'Tenugui',
      price: 1200,
      currency: 'JPY',
      skus: [
        {
          sku_id: 3011,
          merchant_id: 1,
          name: 'Tenugui',
          qty_available: 10,
          sale_price: 1005,
          retail_price: 1200,
          currency: 'JPY',
        },
      ],
    },
    {
      id: 302,
      title: 'Gift Card',
      price: 3000,
      currency: 'JPY',
      skus: [
        {
          sku_id: 3021,
          merchant_id: 1,
          name: 'Gift Card',
          qty_available: 10,
          retail_price: 3000,
          currency: 'JPY',
          taxable: false,
        },
      ],
    },
    {
      id: 401,
      title: 'Dallah',
      price: 1.25,
      currency: 'KWD',
      skus: [
        {
          sku_id: 4011,
          merchant_id: 2,
          name: 'Dallah',
          qty_available: 10,
          sale_price: 1.005,
          retail_price: 1.25,
          currency: 'KWD',
        },
      ],
    },
    {
      id: 402,
      title: 'Bisht',
      price: 12.345,
      currency: 'KWD',
      skus: [
        {
          sku_id: 4021,
          merchant_id: 2,
          name: 'Bisht',
          qty_available: 10,
          retail_price: 12.345,
          currency: 'KWD',
          taxable: false,
        },
      ],
    },
  ],
};

const nbsp = '\u00a0';

/**
 * An amount as a reader writes it, "¥6,015" or "KWD 16.824" (always three decimals), → what both
 * APIs must answer for it. Derived from the text, not from money.ts, so the test does not check
 * the code against itself.
 */
function amount(text: string) {
  const match = /^(?:¥(\d{1,3}(?:,\d{3})*)|KWD (\d{1,3}(?:,\d{3})*\.\d{3}))$/.exec(text);
  if (!match) throw new Error(`not a JPY or KWD amount: ${text}`);
  const digits = (match[1] ?? match[2]!).replaceAll(',', '');
  return {
    currency: match[1] ? 'JPY' : 'KWD',
    minor: Number(digits.replace('.', '')),
    value: Number(digits),
    display: text.replace(' ', nbsp),
  };
}
const rest = (text: string) => {
  const { value, display, currency } = amount(text);
  return { value, display_value: display, currency };
};
const gql = (text: string) => {
  const { value, display, currency, minor } = amount(text);
  return { value, displayValue: display, currency, minorUnits: minor };
};

/** One store's cart at one step, every amount as text. */
interface Expected {
  store: string;
  /** [variant id, product id, quantity, unit price] */
  lines: [string, string, number, string][];
  subtotal: string;
  margin: string;
  /** [code, price, taxes, total] */
  methods: [string, string, string, string][];
  selected: string;
  /** The store's tax: taxable lines × rate, rounded, + the selected method's taxes. */
  tax: string;
  shipping: string;
  total: string;
  isEstimated: boolean;
}

function restOffer(expected: Expected) {
  const methods = expected.methods.map(([id, price, taxes, total]) => ({
    id,
    price: rest(price),
    taxes: rest(taxes),
    total: rest(total),
  }));
  return {
    subtotal: rest(expected.subtotal),
    margin: rest(expected.margin),
    not_available_ids: [],
    shipping_methods: methods,
    selected_shipping_method: methods.find((method) => method.id === expected.selected),
  };
}

function restCart(expected: Expected) {
  return {
    cost: {
      is_estimated: expected.isEstimated,
      subtotal: rest(expected.subtotal),
      tax: rest(expected.tax),
      shipping: rest(expected.shipping),
      total: rest(expected.total),
    },
    stores: [
      {
        store: expected.store,
        cart_lines: expected.lines.map(([variant, product, quantity, price]) => ({
          quantity,
          variant: { id: variant, price: rest(price) },
          product: { id: product, price: rest(price) },
        })),
        offer: restOffer(expected),
      },
    ],
  };
}

function graphqlCart(expected: Expected) {
  const methods = expected.methods.map(([code, price, taxes, total]) => ({
    code,
    price: gql(price),
    taxes: gql(taxes),
    total: gql(total),
  }));
  return {
    cost: {
      isEstimated: expected.isEstimated,
      subtotal: gql(expected.subtotal),
      tax: gql(expected.tax),
      shipping: gql(expected.shipping),
      total: gql(expected.total),
    },
    stores: [
      {
        store: expected.store,
        cartLines: expected.lines.map(([variantId, productId, quantity, price]) => ({
          quantity,
          variant: { variantId, price: gql(price) },
          product: { productId, price: gql(price) },
        })),
        offer: {
          subtotal: gql(expected.subtotal),
          margin: gql(expected.margin),
          tax: gql(expected.tax),
          shipping: gql(expected.shipping),
          shippingMethods: methods,
          selectedShippingMethod: { code: expected.selected },
        },
      },
    ],
  };
}

interface MoneyData {
  value: number;
  displayValue: string;
  currency: string;
  minorUnits: number;
}
interface CartData {
  cost: Record<'subtotal' | 'tax' | 'shipping' | 'total', MoneyData> & { isEstimated: boolean };
  stores: {
    store: string;
    cartLines: {
      quantity: number;
      variant: { variantId: string; price: MoneyData };
      product: { productId: string; price: MoneyData };
    }[];
    offer: Record<'subtotal' | 'margin' | 'tax' | 'shipping', MoneyData> & {
      shippingMethods: { code: string; price: MoneyData; taxes: MoneyData; total: MoneyData }[];
      selectedShippingMethod: { code: string } | null;
    };
  }[];
}

// Parsed from plain strings: typed here by hand, so that codegen (test/gql) does not pick them up.
const cartSelection = `
  cost { isEstimated subtotal { ...Amount } tax { ...Amount } shipping { ...Amount } total { ...Amount } }
  stores {
    store
    cartLines { quantity variant { variantId price { ...Amount } } product { productId price { ...Amount } } }
    offer {
      subtotal { ...Amount } margin { ...Amount } tax { ...Amount } shipping { ...Amount }
      shippingMethods { code price { ...Amount } taxes { ...Amount } total { ...Amount } }
      selectedShippingMethod { code }
    }
  }
`;
const amountFragment = 'fragment Amount on Money { value displayValue currency minorUnits }';
const CartQuery = parse(
  `query CurrencyCart($id: ID!) { cart(id: $id) { ${cartSelection} } } ${amountFragment}`,
) as TypedDocumentNode<{ cart: CartData | null }, { id: string }>;
const StatusQuery = parse(
  `query CurrencyCartStatus($id: ID!) { cartStatus(id: $id) { status orders { storeId status } cart { ${cartSelection} } } } ${amountFragment}`,
) as TypedDocumentNode<
  { cartStatus: { status: string; orders: { storeId: string; status: string }[]; cart: CartData } | null },
  { id: string }
>;

interface StatusJson {
  status: string;
  orders: { status: string }[];
  cart: { stores: { store: string; is_submitted: boolean; offer: unknown }[] };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(catalog);
});
afterAll(() => t.close());

/** The cart through REST (the answer given) and GraphQL (read again) must both be `expected`. */
async function expectCart(answer: { status: number; body: CartJson }, expected: Expected) {
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject(restCart(expected));
  const read = await graphql(t.app, CartQuery, { id: answer.body.id });
  expect(read.errors).toBeUndefined();
  expect(read.data?.cart).toStrictEqual(graphqlCart(expected));
}

const identify = (id: string, buyerIdentity: object) =>
  post<{ cart: CartJson }>(t, '/cart/customerInfo', { id, buyer_identity: buyerIdentity });
const chooseShipping = (id: string, store: string, method: string) =>
  post(t, '/cart/shippingMethod', { cart_id: id, store, shipping_method_id: method });
const add = (items: Item[], id?: string) => addToCart(t, items, id);

async function submitAndCheck(id: string, expected: Expected) {
  const before = await graphql(t.app, CartQuery, { id });
  const submitted = await post<StatusJson>(t, '/cart/submit', { id });
  expect(submitted.status).toBe(200);
  expect(submitted.body.status).toBe('SUBMITTED');
  expect(submitted.body.orders.map((order) => order.status)).toStrictEqual(['SUBMITTED']);
  expect(submitted.body.cart.stores).toMatchObject([
    { store: expected.store, is_submitted: true, offer: restOffer(expected) },
  ]);

  // The order as stored: its amounts in the currency's minor units.
  const [order] = await t.database.db.order.findMany({ where: { cartId: id } });
  expect(order).toMatchObject({
    currency: amount(expected.total).currency,
    subtotalMinor: BigInt(amount(expected.subtotal).minor),
    shippingMinor: BigInt(amount(expected.shipping).minor),
    taxMinor: BigInt(amount(expected.tax).minor),
    totalMinor: BigInt(amount(expected.total).minor),
    shippingMethodId: expected.selected,
  });

  // After submit, REST and GraphQL still answer the same amounts.
  await expectCart(await call<CartJson>(t, { method: 'GET', url: `/cart/${id}` }), expected);
  const status = await graphql(t.app, StatusQuery, { id });
  expect(status.errors).toBeUndefined();
  expect(status.data?.cartStatus).toStrictEqual({
    status: 'SUBMITTED',
    orders: [{ storeId: expect.any(String), status: 'SUBMITTED' }],
    cart: before.data?.cart,
  });
}

describe('the import', () => {
  it("stores prices in each currency's minor unit and answers them in major units", async () => {
    const sku = (id: number) => t.database.db.sku.findUniqueOrThrow({ where: { id } });
    expect([
      (await sku(3011)).salePriceMinor,
      (await sku(3011)).retailPriceMinor,
      (await sku(4011)).salePriceMinor,
      (await sku(4021)).retailPriceMinor,
    ]).toStrictEqual([1005, 1200, 1005, 12345]);
    const methods = await t.database.db.shippingMethod.findMany({ orderBy: [{ storeId: 'asc' }, { position: 'asc' }] });
    expect(methods.map((method) => [method.storeId, method.code, method.priceMinor])).toStrictEqual([
      [1, 'standard', 605],
      [1, 'express', 1500],
      [2, 'standard', 1250],
      [2, 'express', 3500],
    ]);
    const dallah = await call<{
      price: number;
      currency: string;
      skus: { sale_price: number; retail_price: number }[];
    }>(t, { method: 'GET', url: '/product/401' });
    expect(dallah.body).toMatchObject({
      price: 1.25,
      currency: 'KWD',
      skus: [{ sale_price: 1.005, retail_price: 1.25 }],
    });
    const tenugui = await call<{
      price: number;
      currency: string;
      skus: { sale_price: number; retail_price: number }[];
    }>(t, { method: 'GET', url: '/product/301' });
    expect(tenugui.body).toMatchObject({
      price: 1200,
      currency: 'JPY',
      skus: [{ sale_price: 1005, retail_price: 1200 }],
    });
  });
});

describe('a JPY cart: whole yen, taxes rounded half up to the yen', () => {
  const tokyo = {
    store: 'tokyo.example',
    methods: [
      ['standard', '¥605', '¥48', '¥653'],
      ['express', '¥1,500', '¥120', '¥1,620'],
    ] as [string, string, string, string][],
    selected: 'standard',
    shipping: '¥605',
    isEstimated: true,
  };
  const buyer = {
    first_name: 'Hanako',
    last_name: 'Yamada',
    address_1: '1-1 Chiyoda',
    city: 'Tokyo',
    province_code: '13',
    country_code: 'JP',
    postal_code: '100-0001',
    email: 'hanako@example.com',
  };
  let id: string;

  it('one ¥1,005 item, before the destination is known (8 %): ¥1,005 × 8 % = ¥80.4 → ¥80', async () => {
    const answer = await add([{ variant_id: '3011', quantity: 1 }]);
    id = answer.body.id;
    // margin 1,005 × 15 % = 150.75 → 151; tax 80 + the standard method's 605 × 8 % = 48.4 → 48
    await expectCart(answer, {
      ...tokyo,
      lines: [['3011', '301', 1, '¥1,005']],
      subtotal: '¥1,005',
      margin: '¥151',
      tax: '¥128',
      total: '¥1,738',
    });
  });

  it('a KWD item cannot join it: a cart has one currency', async () => {
    const answer = await add([{ variant_id: '4011', quantity: 1 }], id);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'CURRENCY_MISMATCH' });
  });

  it('3 × ¥1,005 and a ¥3,000 gift card that is not taxed', async () => {
    const answer = await add(
      [
        { variant_id: '3011', quantity: 2 },
        { variant_id: '3021', quantity: 1 },
      ],
      id,
    );
    // margin 6,015 × 15 % = 902.25 → 902; tax 3,015 × 8 % = 241.2 → 241, + 48
    await expectCart(answer, {
      ...tokyo,
      lines: [
        ['3011', '301', 3, '¥1,005'],
        ['3021', '302', 1, '¥3,000'],
      ],
      subtotal: '¥6,015',
      margin: '¥902',
      tax: '¥289',
      total: '¥6,909',
    });
  });

  it('a buyer in Japan (10 %): ¥3,015 × 10 % = ¥301.5 → ¥302 and ¥605 × 10 % = ¥60.5 → ¥61, half up', async () => {
    const answer = await identify(id, buyer);
    expect(answer.status).toBe(200);
    await expectCart(
      { status: answer.status, body: answer.body.cart },
      {
        ...tokyo,
        isEstimated: false,
        lines: [
          ['3011', '301', 3, '¥1,005'],
          ['3021', '302', 1, '¥3,000'],
        ],
        methods: [
          ['standard', '¥605', '¥61', '¥666'],
          ['express', '¥1,500', '¥150', '¥1,650'],
        ],
        subtotal: '¥6,015',
        margin: '¥902',
        tax: '¥363',
        total: '¥6,983',
      },
    );
  });

  const final: Expected = {
    ...tokyo,
    isEstimated: false,
    lines: [
      ['3011', '301', 3, '¥1,005'],
      ['3021', '302', 1, '¥3,000'],
    ],
    methods: [
      ['standard', '¥605', '¥61', '¥666'],
      ['express', '¥1,500', '¥150', '¥1,650'],
    ],
    selected: 'express',
    subtotal: '¥6,015',
    margin: '¥902',
    tax: '¥452',
    shipping: '¥1,500',
    total: '¥7,967',
  };

  it('express shipping chosen', async () => {
    await expectCart(await chooseShipping(id, 'tokyo.example', 'express'), final);
  });

  it('submitted: the order holds ¥6,015 + ¥1,500 + ¥452 = ¥7,967', async () => {
    await submitAndCheck(id, final);
  });
});

describe('a KWD cart: three decimals, taxes rounded half up to the fils', () => {
  const kuwait = { store: 'kuwait.example', selected: 'standard', shipping: 'KWD 1.250' };
  const buyer = {
    first_name: 'Fatima',
    last_name: 'Al-Sabah',
    address_1: 'Block 1, Street 1',
    city: 'Kuwait City',
    country_code: 'KW',
    postal_code: '13001',
    email: 'fatima@example.com',
  };
  let id: string;

  it('one 1.005 KWD item, before the destination is known (15 %)', async () => {
    const answer = await add([{ variant_id: '4011', quantity: 1 }]);
    id = answer.body.id;
    // 1.005 × 15 % = 0.15075 → 0.151; standard 1.250 × 15 % = 0.1875 → 0.188; margin 0.15075 → 0.151
    await expectCart(answer, {
      ...kuwait,
      isEstimated: true,
      lines: [['4011', '401', 1, 'KWD 1.005']],
      methods: [
        ['standard', 'KWD 1.250', 'KWD 0.188', 'KWD 1.438'],
        ['express', 'KWD 3.500', 'KWD 0.525', 'KWD 4.025'],
      ],
      subtotal: 'KWD 1.005',
      margin: 'KWD 0.151',
      tax: 'KWD 0.339',
      total: 'KWD 2.594',
    });
  });

  const inKuwait: [string, string, string, string][] = [
    ['standard', 'KWD 1.250', 'KWD 0.063', 'KWD 1.313'],
    ['express', 'KWD 3.500', 'KWD 0.175', 'KWD 3.675'],
  ];

  it('a buyer in Kuwait (5 %): 1.005 × 5 % = 0.05025 → 0.050 and 1.250 × 5 % = 0.0625 → 0.063, half up', async () => {
    const answer = await identify(id, buyer);
    await expectCart(
      { status: answer.status, body: answer.body.cart },
      {
        ...kuwait,
        isEstimated: false,
        lines: [['4011', '401', 1, 'KWD 1.005']],
        methods: inKuwait,
        subtotal: 'KWD 1.005',
        margin: 'KWD 0.151',
        tax: 'KWD 0.113',
        total: 'KWD 2.368',
      },
    );
  });

  it('3 × 1.005 and a 12.345 bisht that is not taxed: 3.015 × 5 % = 0.15075 → 0.151', async () => {
    const answer = await add(
      [
        { variant_id: '4011', quantity: 2 },
        { variant_id: '4021', quantity: 1 },
      ],
      id,
    );
    // margin 15.360 × 15 % = 2.304; tax 0.151 + 0.063
    await expectCart(answer, {
      ...kuwait,
      isEstimated: false,
      lines: [
        ['4011', '401', 3, 'KWD 1.005'],
        ['4021', '402', 1, 'KWD 12.345'],
      ],
      methods: inKuwait,
      subtotal: 'KWD 15.360',
      margin: 'KWD 2.304',
      tax: 'KWD 0.214',
      total: 'KWD 16.824',
    });
  });

  const final: Expected = {
    ...kuwait,
    isEstimated: false,
    lines: [
      ['4011', '401', 3, 'KWD 1.005'],
      ['4021', '402', 1, 'KWD 12.345'],
    ],
    methods: inKuwait,
    selected: 'express',
    subtotal: 'KWD 15.360',
    margin: 'KWD 2.304',
    tax: 'KWD 0.326',
    shipping: 'KWD 3.500',
    total: 'KWD 19.186',
  };

  it('express shipping chosen', async () => {
    await expectCart(await chooseShipping(id, 'kuwait.example', 'express'), final);
  });

  it('submitted: the order holds 15.360 + 3.500 + 0.326 = 19.186 KWD', async () => {
    await submitAndCheck(id, final);
  });
});

describe('the import refuses', () => {
  async function problemsOf(document: unknown) {
    const before = await dumpDatabase(t.database);
    const error = await importCatalog(t.database.db, document).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CatalogValidationError);
    expect(await dumpDatabase(t.database)).toBe(before);
    return (error as CatalogValidationError).problems;
  }
  const store = (id: number, currency: unknown) => ({
    id,
    name: `store-${id}.example`,
    marketplace: 'shopify',
    currency,
  });

  it('codes that are not currencies of ISO 4217, each with its path and why', async () => {
    const problems = await problemsOf({
      stores: [
        store(11, 'XYZ'),
        store(12, 'CLF'),
        store(13, 'XAU'),
        store(14, 'XTS'),
        store(15, 'BGN'),
        store(16, 'jpy'),
        store(17, 42),
      ],
      products: [
        {
          id: 901,
          title: 'Gold bar',
          price: 1,
          currency: 'XXX',
          skus: [
            { sku_id: 9011, merchant_id: 13, name: 'Gold bar', qty_available: 1, retail_price: 1, currency: 'JPY' },
          ],
        },
      ],
    });
    expect(problems).toStrictEqual([
      {
        path: '$.stores[0].currency',
        message: 'must be a currency code of ISO 4217 (List One of 2026-01-01) such as "USD", got "XYZ"',
      },
      {
        path: '$.stores[1].currency',
        message: 'must be a currency, got "CLF": an ISO 4217 fund code or unit of account, not money a buyer pays with',
      },
      {
        path: '$.stores[2].currency',
        message:
          'must be a currency, got "XAU": an ISO 4217 code without a minor unit (precious metal, unit of account, testing or no currency)',
      },
      {
        path: '$.stores[3].currency',
        message:
          'must be a currency, got "XTS": an ISO 4217 code without a minor unit (precious metal, unit of account, testing or no currency)',
      },
      {
        path: '$.stores[4].currency',
        message: 'must be a current currency, got "BGN": withdrawn from ISO 4217, replaced by "EUR"',
      },
      {
        path: '$.stores[5].currency',
        message: 'must be an ISO 4217 currency code in capital letters ("JPY"), got "jpy"',
      },
      {
        path: '$.stores[6].currency',
        message: 'must be a currency code of ISO 4217 (List One of 2026-01-01) such as "USD", got 42',
      },
      {
        path: '$.products[0].currency',
        message:
          'must be a currency, got "XXX": an ISO 4217 code without a minor unit (precious metal, unit of account, testing or no currency)',
      },
      { path: '$.products[0].skus[0].currency', message: 'cannot be checked: store 13 has no valid currency' },
    ]);
  });

  it("prices finer than the currency's minor unit: no half yen, no fourth decimal of a dinar", async () => {
    const problems = await problemsOf({
      stores: [{ ...store(2, 'KWD'), shipping_methods: [{ id: 'standard', label: 'Standard', price: 1.2345 }] }],
      products: [
        {
          id: 301,
          title: 'Tenugui',
          price: 1500.5,
          currency: 'JPY',
          skus: [
            {
              sku_id: 3011,
              merchant_id: 1,
              name: 'Tenugui',
              qty_available: 10,
              sale_price: 0.5,
              retail_price: 1200,
              currency: 'JPY',
            },
          ],
        },
      ],
    });
    expect(problems).toStrictEqual([
      { path: '$.stores[0].shipping_methods[0].price', message: '1.2345 has more decimals than KWD has (3)' },
      { path: '$.products[0].skus[0].sale_price', message: '0.5 has more decimals than JPY has (0)' },
      { path: '$.products[0].price', message: '1500.5 has more decimals than JPY has (0)' },
    ]);
  });
});
