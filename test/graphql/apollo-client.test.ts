// The web-app flow through Apollo Client itself, with its default normalized cache given only
// the generated possibleTypes (no typePolicies): media by slug with comparables, two products that
// share a comparable with different price tiers, a cart across two stores whose shipping methods
// share codes, buyer identity, shipping choice, submit and cart status. Afterwards every query of
// the flow is read back from the cache and must equal what the server answers for it, and Apollo
// must not have warned once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApolloClient, HttpLink, InMemoryCache, gql, type DocumentNode } from '@apollo/client';
import { print } from 'graphql';
import generated from '../../schema/possible-types.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** Two stores that both call their methods standard and express, at different prices. */
const catalog = {
  stores: [
    {
      id: 1,
      name: 'north.example',
      marketplace: 'shopify',
      currency: 'USD',
      margin_rate: 0.1,
      shipping_methods: [
        { id: 'standard', label: 'Standard', price: 5.99 },
        { id: 'express', label: 'Express', price: 14.99 },
      ],
      tax_rates: [{ country_code: 'US', province_code: 'CA', rate: 0.0725 }],
    },
    {
      id: 2,
      name: 'south.example',
      marketplace: 'woocommerce',
      currency: 'USD',
      margin_rate: 0.15,
      shipping_methods: [
        { id: 'standard', label: 'Standard', price: 2.5 },
        { id: 'express', label: 'Express', price: 9 },
      ],
      tax_rates: [{ country_code: 'US', rate: 0.0625 }],
    },
  ],
  products: [
    {
      id: 102,
      title: 'Budget Tent',
      price: 50,
      currency: 'USD',
      skus: [
        { sku_id: 1021, merchant_id: 1, name: 'Budget Tent', qty_available: 10, retail_price: 50, currency: 'USD' },
      ],
    },
    {
      id: 103,
      title: 'Luxury Tent',
      price: 150,
      currency: 'USD',
      skus: [
        { sku_id: 1031, merchant_id: 2, name: 'Luxury Tent', qty_available: 10, retail_price: 150, currency: 'USD' },
      ],
    },
    {
      id: 104,
      title: 'Classic Tent',
      price: 100,
      currency: 'USD',
      skus: [
        { sku_id: 1041, merchant_id: 1, name: 'Classic Tent', qty_available: 10, retail_price: 100, currency: 'USD' },
      ],
    },
  ],
  media: [{ type: 'image', id: 7, slug: 'camp-look', file_name: 'camp.jpg', product_ids: [102, 103] }],
  similar: [
    { product_id: 102, similar_product_id: 104 },
    { product_id: 103, similar_product_id: 104 },
  ],
};

// Money has no identity (it is a value), so every operation selects it the same way, through one
// fragment, as docs/graphql.md advises: a narrower selection replacing a wider one is what Apollo
// warns about for objects without ids.
const Amount = gql`
  fragment FlowAmount on Money { value currency displayValue }
`;

const ProductFields = gql`
  fragment FlowProduct on Product {
    id
    title
    price
    currency
    similarProducts { priceTier product { id title price } }
  }
`;

const LookBySlug = gql`
  ${ProductFields}
  query FlowLookBySlug($slug: String!) { image(slug: $slug) { id slug products { ...FlowProduct } } }
`;

const ProductPage = gql`
  ${ProductFields}
  query FlowProductPage($id: ID!) { product(id: $id) { ...FlowProduct skus { skuId salePrice retailPrice } } }
`;

const CartFields = gql`
  ${Amount}
  fragment FlowCart on Cart {
    id
    cost { id isEstimated subtotal { ...FlowAmount } tax { ...FlowAmount } shipping { ...FlowAmount } total { ...FlowAmount } }
    buyerIdentity { id firstName lastName address1 city provinceCode countryCode postalCode email }
    stores {
      id
      store
      storeId
      isSubmitted
      cartLines { id quantity variant { variantId title isAvailable price { ...FlowAmount } } product { productId title } }
      offer {
        id
        subtotal { ...FlowAmount }
        tax { ...FlowAmount }
        shipping { ...FlowAmount }
        shippingMethods { id code label price { ...FlowAmount } taxes { ...FlowAmount } total { ...FlowAmount } }
        selectedShippingMethod { id code label price { ...FlowAmount } }
      }
    }
  }
`;

const ReadCart = gql`
  ${CartFields}
  query FlowReadCart($id: ID!) { cart(id: $id) { ...FlowCart } }
`;

const CartStatus = gql`
  query FlowCartStatus($id: ID!) { cartStatus(id: $id) { status orders { id storeId status events { id type } } cart { id stores { id isSubmitted } } } }
`;

const AddItems = gql`
  ${CartFields}
  mutation FlowAddItems($items: [CartItemInput!]!) { addCartItems(cartId: null, items: $items) { ...FlowCart } }
`;

// Mutations select less than the queries do: the cache must merge, not lose or warn.
const Identify = gql`
  ${Amount}
  mutation FlowIdentify($cartId: ID!, $buyerIdentity: BuyerIdentityInput!) {
    updateBuyerIdentity(cartId: $cartId, buyerIdentity: $buyerIdentity) { id buyerIdentity { id firstName countryCode } cost { id isEstimated total { ...FlowAmount } } }
  }
`;

const ChooseShipping = gql`
  ${Amount}
  mutation FlowChooseShipping($cartId: ID!, $store: String!, $method: String!) {
    selectShippingMethod(cartId: $cartId, store: $store, shippingMethodId: $method) {
      id
      cost { id total { ...FlowAmount } }
      stores { id offer { id shipping { ...FlowAmount } selectedShippingMethod { id code price { ...FlowAmount } } } }
    }
  }
`;

const Submit = gql`
  mutation FlowSubmit($cartId: ID!) { submitCart(cartId: $cartId) { status orders { id storeId status } cart { id stores { id isSubmitted } } } }
`;

let t: TestApp;
let endpoint: string;
beforeAll(async () => {
  t = await createTestApp(catalog);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/graphql`;
});
afterAll(() => t.close());

/** What the server answers for a document now, without any client in between. */
async function raw(document: DocumentNode, variables: Record<string, unknown>): Promise<unknown> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

function withoutTypename(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTypename);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '__typename')
        .map(([key, inner]) => [key, withoutTypename(inner)]),
    );
  }
  return value;
}

/** Leaf values that differ between two answers, by path. */
function differences(expected: unknown, actual: unknown, path = ''): string[] {
  if (expected !== null && typeof expected === 'object' && actual !== null && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) =>
      differences(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    );
  }
  return Object.is(expected, actual)
    ? []
    : [`${path}: server ${JSON.stringify(expected)}, cache ${JSON.stringify(actual)}`];
}

describe('Apollo Client with a default InMemoryCache (possibleTypes only)', () => {
  it('shows exactly the server’s data through the whole web-app flow, without a warning', async () => {
    const warnings: string[] = [];
    const capture = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    const spies = [
      vi.spyOn(console, 'warn').mockImplementation(capture),
      vi.spyOn(console, 'error').mockImplementation(capture),
    ];
    const client = new ApolloClient({
      link: new HttpLink({ uri: endpoint }),
      cache: new InMemoryCache({ possibleTypes: generated.possibleTypes }),
    });
    const reads: [DocumentNode, Record<string, unknown>][] = [];
    const query = async (document: DocumentNode, variables: Record<string, unknown>) => {
      reads.push([document, variables]);
      const result = await client.query({ query: document, variables, fetchPolicy: 'network-only' });
      expect(result.error).toBeUndefined();
      return result.data as Record<string, unknown>;
    };
    const mutate = async (mutation: DocumentNode, variables: Record<string, unknown>) => {
      const result = await client.mutate({ mutation, variables });
      expect(result.error).toBeUndefined();
      return result.data as Record<string, unknown>;
    };

    try {
      await query(LookBySlug, { slug: 'camp-look' });
      await query(ProductPage, { id: '102' });
      await query(ProductPage, { id: '103' });
      const created = (await mutate(AddItems, {
        items: [
          { variantId: '1021', quantity: 1 },
          { variantId: '1031', quantity: 2 },
        ],
      })) as { addCartItems: { id: string } };
      const cartId = created.addCartItems.id;
      await query(ReadCart, { id: cartId });
      const buyer = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address1: '1 Analytical Way',
        city: 'Los Angeles',
        provinceCode: 'CA',
        countryCode: 'US',
        postalCode: '90001',
        email: 'ada@example.com',
      };
      await mutate(Identify, { cartId, buyerIdentity: buyer });
      await mutate(ChooseShipping, { cartId, store: 'south.example', method: 'express' });
      await query(ReadCart, { id: cartId });
      await mutate(Submit, { cartId });
      await query(CartStatus, { id: cartId });
      await query(ReadCart, { id: cartId });

      const mismatches: string[] = [];
      for (const [document, variables] of reads) {
        const cached = client.readQuery({ query: document, variables });
        mismatches.push(
          ...differences(await raw(document, variables), withoutTypename(cached)).map(
            (difference) => `${JSON.stringify(variables)}${difference}`,
          ),
        );
      }
      console.info(
        `Apollo Client flow: ${reads.length} queries read back from the cache, ${mismatches.length} mismatches, ${warnings.length} warnings`,
      );
      expect(mismatches).toStrictEqual([]);

      // The facts the old schema lost in the cache, checked outright.
      const look = client.readQuery({ query: LookBySlug, variables: { slug: 'camp-look' } }) as {
        image: { products: { id: string; similarProducts: { priceTier: string; product: { id: string } }[] }[] };
      };
      expect(
        look.image.products.map((product) => [
          product.id,
          product.similarProducts.map((similar) => [similar.product.id, similar.priceTier]),
        ]),
      ).toStrictEqual([
        ['102', [['104', 'HIGHER']]],
        ['103', [['104', 'LOWER']]],
      ]);
      const cart = client.readQuery({ query: ReadCart, variables: { id: cartId } }) as {
        cart: {
          stores: {
            offer: {
              shippingMethods: { code: string; price: { value: number } }[];
              selectedShippingMethod: { code: string };
            };
          }[];
        };
      };
      expect(
        cart.cart.stores.map((entry) => entry.offer.shippingMethods.map((method) => [method.code, method.price.value])),
      ).toStrictEqual([
        [
          ['standard', 5.99],
          ['express', 14.99],
        ],
        [
          ['standard', 2.5],
          ['express', 9],
        ],
      ]);
      expect(cart.cart.stores.map((entry) => entry.offer.selectedShippingMethod.code)).toStrictEqual([
        'standard',
        'express',
      ]);
    } finally {
      for (const spy of spies) spy.mockRestore();
      client.stop();
    }
    expect(warnings).toStrictEqual([]);
  });
});
