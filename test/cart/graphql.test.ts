// Carts, submit and orders through GraphQL, and agreement with REST to the cent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql/index.js';
import { createTestApp, graphql as send, readFixture, type TestApp } from '../helpers.js';
import { addToCart, californian, exampleA, post, type CartJson } from './cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- read by codegen: the operations below spread the fragment by name
const TestCartFields = graphql(`
  fragment TestCartFields on Cart {
    id
    cost {
      isEstimated
      subtotal { value displayValue currency minorUnits }
      tax { value minorUnits }
      shipping { value minorUnits }
      total { value displayValue minorUnits }
    }
    buyerIdentity { firstName lastName address1 address2 city provinceCode countryCode postalCode email phone }
    stores {
      store
      storeId
      requestId
      isSubmitted
      cartLines {
        quantity
        variant { variantId title marketplace description isAvailable price { value minorUnits } }
        product { productId title }
      }
      offer {
        subtotal { minorUnits }
        margin { minorUnits }
        tax { minorUnits }
        shipping { minorUnits }
        notAvailableIds
        shippingMethods { id code label price { minorUnits } taxes { minorUnits } total { minorUnits } }
        selectedShippingMethod { id code taxes { minorUnits } }
      }
    }
  }
`);

const AddItems = graphql(`
  mutation AddItems($cartId: ID, $items: [CartItemInput!]!) {
    addCartItems(cartId: $cartId, items: $items) { ...TestCartFields }
  }
`);

const UpdateItems = graphql(`
  mutation UpdateItems($cartId: ID!, $items: [CartItemInput!]!, $addMissing: Boolean) {
    updateCartItems(cartId: $cartId, items: $items, addMissing: $addMissing) { id stores { cartLines { quantity variant { variantId } } } }
  }
`);

const RemoveItems = graphql(`
  mutation RemoveItems($cartId: ID!, $variantIds: [ID!]!) {
    removeCartItems(cartId: $cartId, variantIds: $variantIds) { id stores { store cartLines { variant { variantId } } } }
  }
`);

const Identify = graphql(`
  mutation Identify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {
    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { ...TestCartFields }
  }
`);

const ChooseShipping = graphql(`
  mutation ChooseShipping($cartId: ID!, $store: String!, $method: String!) {
    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) { ...TestCartFields }
  }
`);

const Submit = graphql(`
  mutation Submit($cartId: ID!, $key: String) {
    submitCart(cartId: $cartId, idempotencyKey: $key) {
      status
      replayed
      orders { id cartId storeId status events { id createdAt type } requiredActions { action description } }
      cart { id stores { store requestId isSubmitted cartLines { quantity } } }
    }
  }
`);

const UpdateOrder = graphql(`
  mutation UpdateOrder($orderId: ID!, $status: OrderStatus!, $actions: [RequiredActionInput!]) {
    updateOrderStatus(orderId: $orderId, status: $status, requiredActions: $actions) { id status events { type } requiredActions { action description } }
  }
`);

const ReadCart = graphql(`
  query ReadCart($id: ID!) {
    cart(id: $id) { ...TestCartFields }
    cartStatus(id: $id) { status orders { id status } cart { id stores { cartLines { quantity } } } }
  }
`);

const californiaInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Analytical Way',
  city: 'Los Angeles',
  provinceCode: 'CA',
  countryCode: 'US',
  postalCode: '90001',
  email: 'ada@example.com',
};

const itemsA = [
  { variantId: '2011', quantity: 2 },
  { variantId: '2021', quantity: 1 },
  { variantId: '2041', quantity: 3 },
  { productId: '203', quantity: 1 },
  { variantId: '2051', quantity: 1 },
];

describe('cart mutations', () => {
  it('addCartItems creates a cart when cartId is null: example A estimated, 210.55 ($210.55, 21055 minor units)', async () => {
    const { data, errors } = await send(t.app, AddItems, { cartId: null, items: itemsA });
    expect(errors).toBeUndefined();
    const cart = data!.addCartItems;
    expect(cart.cost).toStrictEqual({
      isEstimated: true,
      subtotal: { value: 190.8, displayValue: '$190.80', currency: 'USD', minorUnits: 19080 },
      tax: { value: 6.51, minorUnits: 651 },
      shipping: { value: 13.24, minorUnits: 1324 },
      total: { value: 210.55, displayValue: '$210.55', minorUnits: 21055 },
    });
    expect(
      cart.stores.map((entry) => [
        entry.store,
        entry.storeId,
        entry.offer.subtotal.minorUnits,
        entry.offer.margin.minorUnits,
        entry.offer.tax.minorUnits,
        entry.offer.selectedShippingMethod?.code,
      ]),
    ).toStrictEqual([
      ['north.example', '1', 12748, 1530, 651, 'standard'],
      ['south.example', '2', 6332, 950, 0, 'ground'],
    ]);
    expect(cart.buyerIdentity).toStrictEqual({
      firstName: null,
      lastName: null,
      address1: null,
      address2: null,
      city: null,
      provinceCode: null,
      countryCode: null,
      postalCode: null,
      email: null,
      phone: null,
    });
  });

  it('updateBuyerIdentity and selectShippingMethod: example A in California with express, 227.38', async () => {
    const created = await send(t.app, AddItems, { cartId: null, items: itemsA });
    const cartId = created.data!.addCartItems.id;
    const identified = await send(t.app, Identify, { cartId, buyerIdentity: californiaInput });
    expect(identified.data?.updateBuyerIdentity.cost.total.minorUnits).toBe(21772);
    const chosen = await send(t.app, ChooseShipping, { cartId, store: 'north.example', method: 'express' });
    expect(chosen.data?.selectShippingMethod.cost).toMatchObject({
      isEstimated: false,
      total: { minorUnits: 22738, displayValue: '$227.38' },
    });
  });

  it('updateCartItems sets only variants in the cart unless addMissing; removeCartItems removes', async () => {
    const created = await send(t.app, AddItems, { cartId: null, items: [{ variantId: '2021', quantity: 1 }] });
    const cartId = created.data!.addCartItems.id;
    const lines = (
      result: Awaited<
        ReturnType<
          typeof send<
            { updateCartItems: { stores: { cartLines: { quantity: number; variant: { variantId: string } }[] }[] } },
            unknown
          >
        >
      >,
    ) =>
      result.data?.updateCartItems.stores.flatMap((entry) =>
        entry.cartLines.map((line) => [line.variant.variantId, line.quantity]),
      );
    expect(
      lines(
        await send(t.app, UpdateItems, {
          cartId,
          items: [
            { variantId: '2021', quantity: 4 },
            { variantId: '2041', quantity: 2 },
          ],
        }),
      ),
    ).toStrictEqual([['2021', 4]]);
    expect(
      lines(await send(t.app, UpdateItems, { cartId, items: [{ variantId: '2041', quantity: 2 }], addMissing: true })),
    ).toStrictEqual([
      ['2021', 4],
      ['2041', 2],
    ]);
    const removed = await send(t.app, RemoveItems, { cartId, variantIds: ['2021', '9999'] });
    expect(removed.data?.removeCartItems.stores).toStrictEqual([
      { store: 'south.example', cartLines: [{ variant: { variantId: '2041' } }] },
    ]);
  });

  it('errors carry the REST codes and statuses', async () => {
    const created = await send(t.app, AddItems, { cartId: null, items: [{ variantId: '2021', quantity: 1 }] });
    const cartId = created.data!.addCartItems.id;
    const cases: [
      Promise<{
        errors?: { extensions: { code: string; http?: { status: number }; details?: Record<string, unknown> } }[];
      }>,
      string,
      number,
    ][] = [
      [send(t.app, AddItems, { cartId: 'nope', items: [{ variantId: '2021', quantity: 1 }] }), 'CART_NOT_FOUND', 404],
      [send(t.app, AddItems, { cartId, items: [{ variantId: '2081', quantity: 1 }] }), 'CURRENCY_MISMATCH', 422],
      [send(t.app, AddItems, { cartId, items: [{ productId: '201', quantity: 1 }] }), 'VARIANT_REQUIRED', 422],
      [send(t.app, AddItems, { cartId, items: [{ variantId: '2021', quantity: 0 }] }), 'VALIDATION_FAILED', 400],
      [
        send(t.app, Identify, { cartId, buyerIdentity: { email: 'nope', countryCode: 'ZZ' } }),
        'BUYER_IDENTITY_INVALID',
        422,
      ],
      [
        send(t.app, ChooseShipping, { cartId, store: 'north.example', method: 'teleport' }),
        'SHIPPING_METHOD_NOT_FOUND',
        422,
      ],
      [send(t.app, Submit, { cartId }), 'BUYER_IDENTITY_MISSING', 422],
      [
        send(t.app, UpdateOrder, { orderId: '00000000-0000-4000-8000-000000000000', status: 'PLACED' }),
        'ORDER_NOT_FOUND',
        404,
      ],
    ];
    for (const [result, code, status] of cases) {
      const { errors } = await result;
      expect(errors?.[0]?.extensions).toMatchObject({ code, http: { status } });
    }
    const invalid = await send(t.app, Identify, { cartId, buyerIdentity: { email: 'nope', countryCode: 'ZZ' } });
    expect(invalid.errors?.[0]?.extensions.details).toMatchObject({ fields: ['countryCode', 'email'] });
  });
});

describe('submit and orders', () => {
  it('submitCart creates the orders, replays with the same key, and updateOrderStatus moves them', async () => {
    const created = await send(t.app, AddItems, { cartId: null, items: itemsA });
    const cartId = created.data!.addCartItems.id;
    await send(t.app, Identify, { cartId, buyerIdentity: californiaInput });
    const first = await send(t.app, Submit, { cartId, key: 'gql-key' });
    expect(first.errors).toBeUndefined();
    expect(first.data?.submitCart).toMatchObject({ status: 'SUBMITTED', replayed: false });
    expect(
      first.data?.submitCart.orders.map((order) => [
        order.storeId,
        order.status,
        order.events.map((event) => event.type),
      ]),
    ).toStrictEqual([
      ['1', 'SUBMITTED', ['SUBMITTED']],
      ['2', 'SUBMITTED', ['SUBMITTED']],
    ]);
    const replay = await send(t.app, Submit, { cartId, key: 'gql-key' });
    expect(replay.data?.submitCart).toStrictEqual({ ...first.data!.submitCart, replayed: true });
    const again = await send(t.app, Submit, { cartId });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'CART_ALREADY_SUBMITTED', http: { status: 409 } });

    const orderId = first.data!.submitCart.orders[0]!.id;
    const actions = [{ action: 'CompletePaymentChallenge', description: 'Confirm the payment' }];
    const required = await send(t.app, UpdateOrder, { orderId, status: 'ACTION_REQUIRED', actions });
    expect(required.data?.updateOrderStatus).toMatchObject({ status: 'ACTION_REQUIRED', requiredActions: actions });
    const illegal = await send(t.app, UpdateOrder, { orderId, status: 'FULFILLED' });
    expect(illegal.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_ORDER_TRANSITION', http: { status: 422 } });

    const other = first.data!.submitCart.orders[1]!.id;
    const byId = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: `mutation { updateOrderStatus(id: "${other}", status: PLACED) { status } }` },
    });
    expect(byId.json()).toStrictEqual({
      data: { updateOrderStatus: { status: 'PLACED' } },
      extensions: { cost: { estimated: 2, limit: 50_000 } },
    });
    const neither = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: 'mutation { updateOrderStatus(status: PLACED) { status } }' },
    });
    expect(neither.json().errors[0].extensions.code).toBe('VALIDATION_FAILED');
    await send(t.app, UpdateOrder, { orderId: other, status: 'CANCELLED' });

    const read = await send(t.app, ReadCart, { id: cartId });
    expect(read.data?.cartStatus).toMatchObject({
      status: 'SUBMITTED',
      orders: [{ id: orderId, status: 'ACTION_REQUIRED' }, { status: 'CANCELLED' }],
    });
    // GraphQL keeps every line of a store
    expect(read.data?.cartStatus?.cart.stores.map((entry) => entry.cartLines.length)).toStrictEqual([3, 2]);
  });
});

describe('REST and GraphQL agree to the cent', () => {
  it('on the same cart, read both ways', async () => {
    const rest = await addToCart(t, exampleA);
    await post(t, '/cart/customerInfo', {
      id: rest.body.id,
      buyer_identity: { ...californian, province_code: 'NY', postal_code: '10001' },
    });
    await post(t, '/cart/shippingMethod', {
      cart_id: rest.body.id,
      store: 'south.example',
      shipping_method_id: 'priority',
    });
    const restCart = (await t.app.inject({ method: 'GET', url: `/cart/${rest.body.id}` })).json() as CartJson;
    const { data } = await send(t.app, ReadCart, { id: rest.body.id });
    const cart = data!.cart!;
    const cents = (value: number) => Math.round(value * 100);
    expect([
      cart.cost.subtotal.minorUnits,
      cart.cost.shipping.minorUnits,
      cart.cost.tax.minorUnits,
      cart.cost.total.minorUnits,
    ]).toStrictEqual(
      [restCart.cost.subtotal, restCart.cost.shipping, restCart.cost.tax, restCart.cost.total].map((money) =>
        cents(money.value),
      ),
    );
    expect(
      cart.stores.map((entry) => [
        entry.offer.subtotal.minorUnits,
        entry.offer.margin.minorUnits,
        entry.offer.selectedShippingMethod?.code,
        entry.offer.selectedShippingMethod?.taxes.minorUnits,
      ]),
    ).toStrictEqual(
      restCart.stores.map((entry) => [
        cents(entry.offer.subtotal.value),
        cents(entry.offer.margin.value),
        entry.offer.selected_shipping_method?.id,
        cents(entry.offer.selected_shipping_method?.taxes.value ?? 0),
      ]),
    );
    // New York: north 4 % → 102.48 × 4 % = 4.0992 → 4.10, standard 5.99 × 4 % = 0.2396 → 0.24;
    // south US 6.25 % → 3.9575 → 3.96, priority 19.00 × 6.25 % = 1.1875 → 1.19
    expect(cart.cost.tax.minorUnits).toBe(410 + 24 + 396 + 119);
    expect(cart.cost.total.minorUnits).toBe(19080 + 599 + 1900 + 949);
  });
});
