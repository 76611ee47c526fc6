// Carts through both REST route families, with exact amounts. Worked examples
// are spelled out in the test names; see test/fixtures/cart-catalog.json for the catalog.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import {
  addToCart,
  call,
  californian,
  costAmounts,
  exampleA,
  post,
  storeAmounts,
  type Answer,
  type CartJson,
} from './cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

async function newCart(items = exampleA): Promise<CartJson> {
  const answer = await addToCart(t, items);
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('POST /cart', () => {
  it('creates a cart with an opaque, unguessable id', async () => {
    const [a, b] = [await newCart(), await newCart()];
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(a.id).not.toBe(b.id);
  });

  it('example A, estimated (no address, north 6 %, south no rate): north 127.48 / margin 15.30 / standard taxes 0.36, south 63.32 / 9.50 / ground 0; cost 190.80 + 13.24 + 6.51 = 210.55', async () => {
    const cart = await newCart();
    expect(storeAmounts(cart)).toStrictEqual([
      ['north.example', 127.48, 15.3, 'standard', 0.36],
      ['south.example', 63.32, 9.5, 'ground', 0],
    ]);
    expect(costAmounts(cart)).toStrictEqual({
      is_estimated: true,
      subtotal: 190.8,
      shipping: 13.24,
      tax: 6.51,
      total: 210.55,
    });
    expect(cart.cost.total).toStrictEqual({ value: 210.55, display_value: '$210.55', currency: 'USD' });
  });

  it('answers every documented field of a cart', async () => {
    const cart = await newCart([{ variant_id: '2011', quantity: 2 }]);
    expect(Object.keys(cart)).toStrictEqual(['id', 'cost', 'buyer_identity', 'stores', 'discount_codes', 'warnings']);
    expect(cart.buyer_identity).toStrictEqual({
      first_name: null,
      last_name: null,
      address_1: null,
      address_2: null,
      city: null,
      province_code: null,
      country_code: null,
      postal_code: null,
      email: null,
      phone: null,
    });
    expect(cart.stores).toStrictEqual([
      {
        store: 'north.example',
        request_id: null,
        cart_lines: [
          {
            quantity: 2,
            variant: {
              id: '2011',
              title: 'Rain Shell S',
              marketplace: 'shopify',
              description: 'Size: S',
              is_available: true,
              price: { value: 44.99, display_value: '$44.99', currency: 'USD' },
            },
            product: {
              id: '201',
              title: 'Rain Shell',
              marketplace: 'shopify',
              description: 'A light rain shell.',
              is_available: true,
              price: { value: 44.99, display_value: '$44.99', currency: 'USD' },
            },
            media_id: null,
            placement_id: null,
            discount: { value: 0, display_value: '$0.00', currency: 'USD' },
          },
        ],
        offer: {
          subtotal: { value: 89.98, display_value: '$89.98', currency: 'USD' },
          margin: { value: 10.8, display_value: '$10.80', currency: 'USD' },
          not_available_ids: [],
          shipping_methods: [
            {
              id: 'standard',
              label: 'Standard',
              price: { value: 5.99, display_value: '$5.99', currency: 'USD' },
              taxes: { value: 0.36, display_value: '$0.36', currency: 'USD' },
              total: { value: 6.35, display_value: '$6.35', currency: 'USD' },
            },
            {
              id: 'express',
              label: 'Express',
              price: { value: 14.99, display_value: '$14.99', currency: 'USD' },
              taxes: { value: 0.9, display_value: '$0.90', currency: 'USD' },
              total: { value: 15.89, display_value: '$15.89', currency: 'USD' },
            },
          ],
          selected_shipping_method: {
            id: 'standard',
            label: 'Standard',
            price: { value: 5.99, display_value: '$5.99', currency: 'USD' },
            taxes: { value: 0.36, display_value: '$0.36', currency: 'USD' },
            total: { value: 6.35, display_value: '$6.35', currency: 'USD' },
          },
          discount: { value: 0, display_value: '$0.00', currency: 'USD' },
          discounts: [],
        },
        is_submitted: false,
        store_name: 'North Outfitters',
      },
    ]);
    expect([cart.discount_codes, cart.warnings]).toStrictEqual([[], []]);
  });

  it('with an id adds to the cart: quantities merge, lines and stores keep their first order', async () => {
    const cart = await newCart([
      { variant_id: '2041', quantity: 1 },
      { variant_id: '2011', quantity: 1 },
    ]);
    const more = await addToCart(
      t,
      [
        { variant_id: '2011', quantity: 2 },
        { variant_id: '2021', quantity: 1 },
        { variant_id: '2041', quantity: 1 },
      ],
      cart.id,
    );
    expect(more.body.id).toBe(cart.id);
    expect(
      more.body.stores.map((entry) => [entry.store, entry.cart_lines.map((line) => [line.variant.id, line.quantity])]),
    ).toStrictEqual([
      ['south.example', [['2041', 2]]],
      [
        'north.example',
        [
          ['2011', 3],
          ['2021', 1],
        ],
      ],
    ]);
  });

  it('accepts items.shopify_cart_items_input, and both lists together: the alias first, as the contract names them', async () => {
    const old = await post(t, '/cart', { items: { shopify_cart_items_input: [{ variant_id: '2021', quantity: 2 }] } });
    expect(old.body.stores[0]?.cart_lines[0]?.quantity).toBe(2);
    const both = await post(t, '/cart', {
      items: {
        storefront_cart_items_input: [{ variant_id: '2011', quantity: 1 }],
        shopify_cart_items_input: [{ variant_id: '2021', quantity: 1 }],
      },
    });
    expect(both.body.stores[0]?.cart_lines.map((line) => line.variant.id)).toStrictEqual(['2021', '2011']);
  });

  it('takes a product_id alone for a product with one SKU, and numeric ids', async () => {
    const cart = await post(t, '/cart', {
      items: {
        storefront_cart_items_input: [
          { product_id: '202', quantity: 1 },
          { variant_id: 2041, quantity: 1 },
        ],
      },
    });
    expect(cart.body.stores.map((entry) => entry.cart_lines[0]?.variant.id)).toStrictEqual(['2021', '2041']);
  });

  it('creates an empty cart from an empty request: zero cost', async () => {
    const cart = await post(t, '/cart', {});
    expect(cart.status).toBe(200);
    expect(cart.body.stores).toStrictEqual([]);
    expect(costAmounts(cart.body)).toStrictEqual({ is_estimated: true, subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });
});

describe('availability', () => {
  it('lists unavailable variants in not_available_ids and marks their lines: out of stock, more than in stock, status, product', async () => {
    const cart = await newCart([
      { variant_id: '2013', quantity: 1 }, // in_stock false
      { variant_id: '2012', quantity: 2 }, // 1 available
      { variant_id: '2071', quantity: 1 }, // status UNAVAILABLE
      { variant_id: '2011', quantity: 1 },
      { variant_id: '2061', quantity: 1 }, // product not available
    ]);
    expect(cart.stores.map((entry) => entry.offer.not_available_ids)).toStrictEqual([
      ['2013', '2012', '2071'],
      ['2061'],
    ]);
    expect(cart.stores[0]?.cart_lines.map((line) => line.variant.is_available)).toStrictEqual([
      false,
      false,
      false,
      true,
    ]);
    // unavailable lines stay in the subtotal: 49.99 + 2 × 49.99 + 10 + 44.99
    expect(cart.stores[0]?.offer.subtotal.value).toBe(204.96);
  });

  it('a store without shipping methods selects none and charges no shipping', async () => {
    const cart = await newCart([{ variant_id: '2091', quantity: 3 }]);
    expect(cart.stores[0]?.offer.shipping_methods).toStrictEqual([]);
    expect(cart.stores[0]?.offer.selected_shipping_method).toBeNull();
    expect(costAmounts(cart)).toStrictEqual({ is_estimated: true, subtotal: 3, shipping: 0, tax: 0, total: 3 });
  });
});

describe('POST /cart/customerInfo', () => {
  it('example A in California (north 7.25 %, south 8.25 %): taxes 7.43 + 0.43 and 5.22 + 0.60; cost 190.80 + 13.24 + 13.68 = 217.72', async () => {
    const cart = await newCart();
    const answer = await post<{ cart: CartJson }>(t, '/cart/customerInfo', {
      id: cart.id,
      buyer_identity: californian,
    });
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toStrictEqual(['cart']);
    expect(storeAmounts(answer.body.cart)).toStrictEqual([
      ['north.example', 127.48, 15.3, 'standard', 0.43],
      ['south.example', 63.32, 9.5, 'ground', 0.6],
    ]);
    expect(costAmounts(answer.body.cart)).toStrictEqual({
      is_estimated: false,
      subtotal: 190.8,
      shipping: 13.24,
      tax: 13.68,
      total: 217.72,
    });
    expect(answer.body.cart.buyer_identity).toStrictEqual({ ...californian, address_2: null, phone: null });
  });

  it('example A in Texas (north US 5 %, south US 6.25 %, no postal code): estimated, tax 5.12 + 0.30 and 3.96 + 0.45', async () => {
    const cart = await newCart();
    const answer = await post<{ cart: CartJson }>(t, '/cart/customerInfo', {
      id: cart.id,
      buyer_identity: { country_code: 'US', province_code: 'TX' },
    });
    // north: 102.48 × 5 % = 5.124; 5.99 × 5 % = 0.2995. south: 63.32 × 6.25 % = 3.9575; 7.25 × 6.25 % = 0.453125
    expect(costAmounts(answer.body.cart)).toStrictEqual({
      is_estimated: true,
      subtotal: 190.8,
      shipping: 13.24,
      tax: 9.83,
      total: 213.87,
    });
  });

  it('rounds half up: 12.50 × 5 % = 0.625 → 0.63 (Texas), plus standard shipping tax 0.30', async () => {
    const cart = await newCart([{ variant_id: '2021', quantity: 1 }]);
    const answer = await post<{ cart: CartJson }>(t, '/cart/customerInfo', {
      id: cart.id,
      buyer_identity: { country_code: 'US', province_code: 'TX', postal_code: '73301' },
    });
    expect(costAmounts(answer.body.cart)).toStrictEqual({
      is_estimated: false,
      subtotal: 12.5,
      shipping: 5.99,
      tax: 0.93,
      total: 19.42,
    });
  });

  it('keeps earlier fields on a partial update, and null clears one', async () => {
    const cart = await newCart();
    await post(t, '/cart/customerInfo', { id: cart.id, buyer_identity: californian });
    const second = await post<{ cart: CartJson }>(t, '/cart/customerInfo', {
      id: cart.id,
      buyer_identity: { phone: '+1 555 0100', postal_code: null },
    });
    expect(second.body.cart.buyer_identity).toStrictEqual({
      ...californian,
      address_2: null,
      phone: '+1 555 0100',
      postal_code: null,
    });
    expect(second.body.cart.cost.is_estimated).toBe(true);
  });

  it('refuses invalid fields with BUYER_IDENTITY_INVALID naming them, and changes nothing', async () => {
    const cart = await newCart();
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart/customerInfo', {
      id: cart.id,
      buyer_identity: { first_name: 'Ada', email: 'nope', country_code: 'USA', city: 7 },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      statusCode: 422,
      code: 'BUYER_IDENTITY_INVALID',
      error: 'Unprocessable Entity',
      details: { fields: ['city', 'country_code', 'email'] },
    });
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});

describe('POST /cart/shippingMethod', () => {
  it('example A in California with express for north: tax 7.43 + 1.09 and 5.82; cost 190.80 + 22.24 + 14.34 = 227.38', async () => {
    const cart = await newCart();
    await post(t, '/cart/customerInfo', { id: cart.id, buyer_identity: californian });
    const answer = await post(t, '/cart/shippingMethod', {
      cart_id: cart.id,
      store: 'north.example',
      shipping_method_id: 'express',
    });
    expect(answer.status).toBe(200);
    expect(storeAmounts(answer.body)[0]).toStrictEqual(['north.example', 127.48, 15.3, 'express', 1.09]);
    expect(costAmounts(answer.body)).toStrictEqual({
      is_estimated: false,
      subtotal: 190.8,
      shipping: 22.24,
      tax: 14.34,
      total: 227.38,
    });
  });

  it('refuses an unknown method or a store not in the cart with SHIPPING_METHOD_NOT_FOUND', async () => {
    const cart = await newCart();
    const method = await post(t, '/cart/shippingMethod', {
      cart_id: cart.id,
      store: 'north.example',
      shipping_method_id: 'teleport',
    });
    expect(method.status).toBe(422);
    expect(method.body).toMatchObject({
      code: 'SHIPPING_METHOD_NOT_FOUND',
      details: { available: ['standard', 'express'] },
    });
    const store = await post(t, '/cart/shippingMethod', {
      cart_id: cart.id,
      store: 'euro.example',
      shipping_method_id: 'std',
    });
    expect(store.body).toMatchObject({ statusCode: 422, code: 'SHIPPING_METHOD_NOT_FOUND' });
  });
});

describe('PUT /cart', () => {
  it('sets quantities, adds absent variants, 0 removes; a store without lines leaves, and comes back last', async () => {
    const cart = await newCart([
      { variant_id: '2041', quantity: 1 },
      { variant_id: '2011', quantity: 5 },
    ]);
    const put = (items: object[]) =>
      call<CartJson>(t, {
        method: 'PUT',
        url: '/cart',
        payload: { id: cart.id, items: { storefront_cart_items_input: items } },
      });
    const first = await put([
      { variant_id: '2011', quantity: 2 },
      { variant_id: '2021', quantity: 4 },
      { variant_id: '2041', quantity: 0 },
    ]);
    expect(first.status).toBe(200);
    expect(
      first.body.stores.map((entry) => [entry.store, entry.cart_lines.map((line) => [line.variant.id, line.quantity])]),
    ).toStrictEqual([
      [
        'north.example',
        [
          ['2011', 2],
          ['2021', 4],
        ],
      ],
    ]);
    const second = await put([{ variant_id: '2041', quantity: 1 }]);
    expect(second.body.stores.map((entry) => entry.store)).toStrictEqual(['north.example', 'south.example']);
  });

  it('needs the cart id', async () => {
    const answer = await call(t, {
      method: 'PUT',
      url: '/cart',
      payload: { items: { storefront_cart_items_input: [] } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the other route family', () => {
  it('POST /cart/add creates a cart without cart_id, then adds to it', async () => {
    const created = await post(t, '/cart/add', { item: { variant_id: '2021', quantity: 2 } });
    expect(created.status).toBe(200);
    const added = await post(t, '/cart/add', { cart_id: created.body.id, item: { variant_id: '2021', quantity: 3 } });
    expect(added.body.id).toBe(created.body.id);
    expect(added.body.stores[0]?.cart_lines[0]?.quantity).toBe(5);
  });

  it('POST /cart/update sets the quantity of a variant in the cart, and changes nothing for one that is not', async () => {
    const cart = await newCart([{ variant_id: '2021', quantity: 2 }]);
    const updated = await post(t, '/cart/update', { cart_id: cart.id, item: { variant_id: '2021', quantity: 7 } });
    expect(updated.body.stores[0]?.cart_lines[0]?.quantity).toBe(7);
    const absent = await post(t, '/cart/update', { cart_id: cart.id, item: { variant_id: '2011', quantity: 1 } });
    expect(absent.status).toBe(200);
    expect(absent.body).toStrictEqual(updated.body);
    const removed = await post(t, '/cart/update', { cart_id: cart.id, item: { variant_id: '2021', quantity: 0 } });
    expect(removed.body.stores).toStrictEqual([]);
  });

  it('DELETE /cart/items removes a variant whatever its quantity, from a JSON body or the query string', async () => {
    const cart = await newCart([
      { variant_id: '2021', quantity: 9 },
      { variant_id: '2011', quantity: 1 },
      { variant_id: '2041', quantity: 1 },
    ]);
    const byBody = await call<CartJson>(t, {
      method: 'DELETE',
      url: '/cart/items',
      payload: { cart_id: cart.id, variant_id: '2021' },
    });
    expect(byBody.status).toBe(200);
    expect(byBody.body.stores.map((entry) => entry.cart_lines.map((line) => line.variant.id))).toStrictEqual([
      ['2011'],
      ['2041'],
    ]);
    const byQuery = await call<CartJson>(t, {
      method: 'DELETE',
      url: `/cart/items?cart_id=${cart.id}&variant_id=2041`,
    });
    expect(byQuery.body.stores.map((entry) => entry.store)).toStrictEqual(['north.example']);
    const missing = await call(t, { method: 'DELETE', url: '/cart/items', payload: { cart_id: cart.id } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { fields: ['variant_id'] } });
  });

  it('DELETE /cart/items takes each field from the body, else the query string', async () => {
    const cart = await newCart([
      { variant_id: '2021', quantity: 1 },
      { variant_id: '2011', quantity: 1 },
    ]);
    const answer = await call<CartJson>(t, {
      method: 'DELETE',
      url: `/cart/items?cart_id=${cart.id}&variant_id=2021`,
      payload: {},
    });
    expect(answer.status).toBe(200);
    expect(answer.body.stores[0]?.cart_lines.map((line) => line.variant.id)).toStrictEqual(['2011']);
  });

  it('quantity 0 removes a line whose SKU the catalog no longer lists', async () => {
    const cart = await newCart([
      { variant_id: '2021', quantity: 1 },
      { variant_id: '2011', quantity: 1 },
    ]);
    await t.database.db.sku.update({ where: { id: 2021 }, data: { listed: false } });
    try {
      const listed = await call<CartJson>(t, { method: 'GET', url: `/cart/${cart.id}` });
      expect(listed.body.stores[0]?.offer.not_available_ids).toStrictEqual(['2021']);
      const updated = await post(t, '/cart/update', { cart_id: cart.id, item: { variant_id: '2021', quantity: 0 } });
      expect(updated.status).toBe(200);
      expect(updated.body.stores[0]?.cart_lines.map((line) => line.variant.id)).toStrictEqual(['2011']);
      // adding it again is refused: it is not for sale
      expect(
        (await post(t, '/cart/add', { cart_id: cart.id, item: { variant_id: '2021', quantity: 1 } })).body,
      ).toMatchObject({ code: 'VARIANT_NOT_FOUND' });
    } finally {
      await t.database.db.sku.update({ where: { id: 2021 }, data: { listed: true } });
    }
  });

  it('GET /cart/:id answers the cart as the writes did', async () => {
    const cart = await newCart();
    const got = await call<CartJson>(t, { method: 'GET', url: `/cart/${cart.id}` });
    expect(got.status).toBe(200);
    expect(got.body).toStrictEqual(cart);
  });
});

describe('refused requests change nothing', () => {
  let cart: CartJson;
  let before: string;
  beforeEach(async () => {
    cart = await newCart([{ variant_id: '2011', quantity: 1 }]);
    before = await dumpDatabase(t.database);
  });

  const cases: [string, () => Promise<Answer<unknown>>, number, string][] = [
    [
      'an unknown variant',
      () =>
        addToCart(
          t,
          [
            { variant_id: '2021', quantity: 1 },
            { variant_id: '9999', quantity: 1 },
          ],
          cart.id,
        ),
      422,
      'VARIANT_NOT_FOUND',
    ],
    [
      'a variant id that is not a number',
      () => addToCart(t, [{ variant_id: 'abc', quantity: 1 }], cart.id),
      422,
      'VARIANT_NOT_FOUND',
    ],
    [
      'a variant of another product',
      () => addToCart(t, [{ variant_id: '2011', product_id: '202', quantity: 1 }], cart.id),
      422,
      'VARIANT_PRODUCT_MISMATCH',
    ],
    [
      'a product with several SKUs and no variant',
      () => addToCart(t, [{ product_id: '201', quantity: 1 }], cart.id),
      422,
      'VARIANT_REQUIRED',
    ],
    [
      'a product without SKUs',
      () => addToCart(t, [{ product_id: '210', quantity: 1 }], cart.id),
      422,
      'VARIANT_NOT_FOUND',
    ],
    ['an unknown product', () => addToCart(t, [{ product_id: '999', quantity: 1 }], cart.id), 404, 'PRODUCT_NOT_FOUND'],
    [
      'an item in another currency',
      () =>
        addToCart(
          t,
          [
            { variant_id: '2021', quantity: 1 },
            { variant_id: '2081', quantity: 1 },
          ],
          cart.id,
        ),
      422,
      'CURRENCY_MISMATCH',
    ],
    [
      'quantity 0 when adding',
      () => addToCart(t, [{ variant_id: '2021', quantity: 0 }], cart.id),
      400,
      'VALIDATION_FAILED',
    ],
    ['quantity 1000', () => addToCart(t, [{ variant_id: '2021', quantity: 1000 }], cart.id), 400, 'VALIDATION_FAILED'],
    [
      'a merged quantity over 999',
      () => addToCart(t, [{ variant_id: '2011', quantity: 999 }], cart.id),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a fractional quantity',
      () =>
        post(t, '/cart', {
          id: cart.id,
          items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1.5 }] },
        }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a quantity as a string',
      () =>
        post(t, '/cart', {
          id: cart.id,
          items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: '2' }] },
        }),
      400,
      'VALIDATION_FAILED',
    ],
    ['an item without ids', () => addToCart(t, [{ quantity: 1 }], cart.id), 400, 'VALIDATION_FAILED'],
    [
      'a negative quantity in an update',
      () =>
        call(t, {
          method: 'PUT',
          url: '/cart',
          payload: { id: cart.id, items: { storefront_cart_items_input: [{ variant_id: '2011', quantity: -1 }] } },
        }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown cart',
      () => addToCart(t, [{ variant_id: '2021', quantity: 1 }], 'no-such-cart-id-at-all'),
      404,
      'CART_NOT_FOUND',
    ],
    [
      'an unknown cart on /cart/add',
      () => post(t, '/cart/add', { cart_id: 'no-such-cart', item: { variant_id: '2021', quantity: 1 } }),
      404,
      'CART_NOT_FOUND',
    ],
    ['an unknown cart on GET', () => call(t, { method: 'GET', url: '/cart/no-such-cart' }), 404, 'CART_NOT_FOUND'],
    [
      'an unknown cart on customerInfo',
      () => post(t, '/cart/customerInfo', { id: 'nope', buyer_identity: {} }),
      404,
      'CART_NOT_FOUND',
    ],
    [
      'malformed JSON',
      () =>
        call(t, {
          method: 'POST',
          url: '/cart',
          headers: { 'content-type': 'application/json' },
          payload: '{"items": [',
        }),
      400,
      'INVALID_JSON',
    ],
    [
      'a body that is not an object',
      () =>
        call(t, { method: 'POST', url: '/cart', headers: { 'content-type': 'application/json' }, payload: '[1, 2]' }),
      400,
      'VALIDATION_FAILED',
    ],
    [
      'buyer_identity that is not an object',
      () => post(t, '/cart/customerInfo', { id: cart.id, buyer_identity: 'Ada' }),
      400,
      'VALIDATION_FAILED',
    ],
  ];

  for (const [name, request, status, code] of cases) {
    it(`${name} → ${status} ${code}`, async () => {
      const answer = await request();
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ statusCode: status, code });
      expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
      expect(await dumpDatabase(t.database)).toBe(before);
    });
  }
});
