// Shared steps of the cart tests: REST calls that return status and JSON, and compact views of
// the amounts in a cart answer.
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../helpers.js';

export interface MoneyJson {
  value: number;
  display_value: string;
  currency: string;
}

export interface CartJson {
  id: string;
  cost: {
    is_estimated: boolean;
    subtotal: MoneyJson;
    tax: MoneyJson;
    shipping: MoneyJson;
    discount: MoneyJson;
    total: MoneyJson;
  };
  buyer_identity: Record<string, string | null>;
  stores: {
    store: string;
    request_id: string | null;
    is_submitted: boolean;
    store_name: string;
    cart_lines: {
      quantity: number;
      variant: {
        id: string;
        is_available: boolean;
        price: MoneyJson;
        title: string;
        description: string | null;
        marketplace: string;
      };
      product: { id: string };
      discount: MoneyJson;
    }[];
    offer: {
      subtotal: MoneyJson;
      margin: MoneyJson;
      not_available_ids: string[];
      shipping_methods: { id: string; label: string; price: MoneyJson; taxes: MoneyJson; total: MoneyJson }[];
      selected_shipping_method: { id: string; price: MoneyJson; taxes: MoneyJson; total: MoneyJson } | null;
      discount: MoneyJson;
      discounts: { discount_id: string; code: string | null; kind: string; amount: MoneyJson }[];
    };
  }[];
  discount_codes: { code: string; applicable: boolean }[];
  warnings: { code: string; message: string; store?: string; variant_id?: string; discount_code?: string }[];
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

export async function call<T = Record<string, unknown>>(t: TestApp, options: InjectOptions): Promise<Answer<T>> {
  const response = await t.app.inject(options);
  return {
    status: response.statusCode,
    body: (response.body === '' ? null : response.json()) as T,
    headers: response.headers,
  };
}

export const post = <T = CartJson>(t: TestApp, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call<T>(t, { method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }), headers });

export interface Item {
  quantity: number;
  variant_id?: string;
  product_id?: string;
}

export const addToCart = (t: TestApp, items: Item[], id?: string) =>
  post(t, '/cart', { ...(id ? { id } : {}), items: { storefront_cart_items_input: items } });

/** [store, subtotal, margin, tax of the selected method, selected method] per store, in major units. */
export function storeAmounts(cart: CartJson) {
  return cart.stores.map((entry) => [
    entry.store,
    entry.offer.subtotal.value,
    entry.offer.margin.value,
    entry.offer.selected_shipping_method?.id ?? null,
    entry.offer.selected_shipping_method?.taxes.value ?? null,
  ]);
}

export function costAmounts(cart: CartJson) {
  const { cost } = cart;
  return {
    is_estimated: cost.is_estimated,
    subtotal: cost.subtotal.value,
    shipping: cost.shipping.value,
    tax: cost.tax.value,
    total: cost.total.value,
  };
}

export const californian = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_1: '1 Analytical Way',
  city: 'Los Angeles',
  province_code: 'CA',
  country_code: 'US',
  postal_code: '90001',
  email: 'ada@example.com',
};

/** Example A: north 2 × 44.99 + 12.50 + 25.00 (not taxable), south 3 × 19.99 + 3.35. */
export const exampleA: Item[] = [
  { variant_id: '2011', quantity: 2 },
  { variant_id: '2021', quantity: 1 },
  { variant_id: '2041', quantity: 3 },
  { product_id: '203', quantity: 1 },
  { variant_id: '2051', quantity: 1 },
];
