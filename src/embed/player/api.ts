// The player's client of the gateway's public GraphQL API: the shapes it reads back (checked
// against schema/schema.graphql by hand: the bundle carries no codegen), one fetch per operation
// (the documents it sends: documents.ts), and every failure turned into an ApiError with words a
// shopper can read.
import { documents, mediaQuery } from './documents.js';

export interface Money {
  displayValue: string;
  currency: string;
}

export interface VariantOption {
  name: string;
  values: string[];
}

export interface Sku {
  skuId: string;
  merchantId: string;
  name: string;
  inStock: boolean;
  qtyAvailable: number;
  /** What it sells for (sale, else retail price), as the API formats it. */
  priceMoney: { displayValue: string } | null;
  currency: string;
  status: string;
  variantValues: { variant: string; value: string }[];
}

export interface Product {
  id: string;
  title: string;
  brand: string | null;
  priceMoney: { displayValue: string };
  currency: string;
  isAvailable: boolean;
  /** Its pictures' URLs (absolute, or paths on the gateway), the first shown in the panel. */
  images: string[];
  variants: VariantOption[];
  skus: Sku[];
}

export interface Placement {
  id: string;
  x: number | null;
  y: number | null;
  startMs: number | null;
  endMs: number | null;
  product: { id: string };
}

export interface Media {
  id: string;
  kind: 'IMAGE' | 'VIDEO';
  slug: string;
  /** What it shows, in words: the image's alt text, the video's accessible name. */
  alt: string | null;
  url: string | null;
  posterUrl: string | null;
  /** A video's captions (WebVTT). */
  captionsUrl: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  products: Product[];
  placements: Placement[];
}

export interface CartLine {
  id: string;
  quantity: number;
  mediaId: string | null;
  placementId: string | null;
  variant: { variantId: string; title: string; isAvailable: boolean; price: Money };
  product: { productId: string; title: string };
  discount: Money;
}

export interface ShippingMethod {
  id: string;
  code: string;
  label: string;
  total: Money;
}

export interface StoreEntry {
  id: string;
  store: string;
  storeId: string;
  isSubmitted: boolean;
  cartLines: CartLine[];
  offer: {
    id: string;
    subtotal: Money;
    tax: Money;
    shipping: Money;
    notAvailableIds: string[];
    shippingMethods: ShippingMethod[];
    selectedShippingMethod: { id: string; code: string } | null;
    discount: Money;
    discounts: { discountId: string; code: string | null; amount: Money }[];
  };
}

export interface BuyerIdentity {
  firstName: string | null;
  lastName: string | null;
  address1: string | null;
  city: string | null;
  provinceCode: string | null;
  countryCode: string | null;
  postalCode: string | null;
  email: string | null;
  phone: string | null;
}

export type BuyerField = keyof BuyerIdentity;

export interface Cart {
  id: string;
  cost: {
    id: string;
    isEstimated: boolean;
    subtotal: Money;
    tax: Money;
    shipping: Money;
    discount: Money;
    total: Money;
  };
  buyerIdentity: BuyerIdentity & { id: string };
  stores: StoreEntry[];
  discountCodes: { code: string; applicable: boolean }[];
  /** What the shopper should know: lines short of stock or repriced, codes that do not apply (why). */
  warnings: { code: string; message: string }[];
}

export type OrderStatus = 'SUBMITTED' | 'PLACED' | 'ACTION_REQUIRED' | 'FULFILLED' | 'CANCELLED' | 'FAILED';
export type CartStatus = 'IN_PROGRESS' | 'SUBMITTED' | 'COMPLETED' | 'FAILED';

export interface Order {
  id: string;
  storeId: string;
  status: OrderStatus;
  requiredActions: { action: string; description: string }[];
  cost: { id: string; total: Money } | null;
}

export interface CartStatusResult {
  status: CartStatus;
  orders: Order[];
  cart: Cart;
}

export interface CartItemInput {
  variantId: string;
  quantity: number;
  mediaId?: string;
  placementId?: string;
}

/** An error in words, with the API's code (or NETWORK) and, for form errors, its fields. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: string[] = [],
    readonly fieldMessages: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Any failure as an ApiError: those of the API as they are, anything else in general words. */
export const asApiError = (error: unknown): ApiError =>
  error instanceof ApiError ? error : new ApiError('Something went wrong. Please try again.', 'UNKNOWN');

/** The codes after which a cart id is of no more use: start a new cart. */
export const goneCartCodes = new Set(['CART_EXPIRED', 'CART_NOT_FOUND']);

const words: Record<string, string> = {
  NETWORK: 'Could not reach the shop. Check your connection and try again.',
  UNAUTHENTICATED: 'The shop did not accept this player’s API key.',
  FORBIDDEN: 'This player is not allowed to do that.',
  RATE_LIMITED: 'Too many requests just now. Please wait a moment and try again.',
  SERVICE_UNAVAILABLE: 'The shop is briefly unavailable. Please try again in a moment.',
  INTERNAL_SERVER_ERROR: 'The shop ran into a problem. Please try again.',
  MEDIA_NOT_FOUND: 'This image or video could not be found.',
  PRODUCT_NOT_FOUND: 'This product could not be found.',
  CART_EMPTY: 'Your cart is empty: add a product first.',
  PRODUCTS_UNAVAILABLE:
    'Some items are no longer available in the quantity asked. Lower the quantity or remove them, then try again.',
  CART_ALREADY_SUBMITTED: 'This cart was already ordered.',
  CART_TOO_LARGE: 'Your cart is full: remove something first.',
  CURRENCY_MISMATCH:
    'This item is sold in another currency than the items in your cart. Order those first, then add it.',
  VARIANT_NOT_FOUND: 'This option is no longer sold.',
  SHIPPING_METHOD_NOT_FOUND: 'This shipping method is no longer offered.',
  IDEMPOTENCY_KEY_REUSED: 'This order attempt conflicts with another one. Please try again.',
};

export const fieldLabels: Record<BuyerField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  address1: 'Address',
  city: 'City',
  provinceCode: 'Province',
  postalCode: 'Postal code',
  countryCode: 'Country',
  email: 'Email',
  phone: 'Phone',
};

interface GraphQLErrorShape {
  message?: string;
  extensions?: { code?: string; details?: { fields?: unknown; messages?: unknown } };
}

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: GraphQLErrorShape[];
}

/** The ApiError of one GraphQL error, in words. */
export function toApiError(error: GraphQLErrorShape | undefined, status = 0): ApiError {
  const code = error?.extensions?.code ?? (status >= 500 ? 'SERVICE_UNAVAILABLE' : 'UNKNOWN');
  const details = error?.extensions?.details;
  const fields = Array.isArray(details?.fields)
    ? details.fields.filter((field): field is string => typeof field === 'string')
    : [];
  const fieldMessages: Record<string, string> = {};
  if (details?.messages && typeof details.messages === 'object') {
    for (const [field, text] of Object.entries(details.messages))
      if (typeof text === 'string') fieldMessages[field] = text;
  }
  let message = words[code];
  if (code === 'BUYER_IDENTITY_MISSING')
    message = `Please fill in: ${fields.map((field) => fieldLabels[field as BuyerField] ?? field).join(', ')}.`;
  else if (code === 'BUYER_IDENTITY_INVALID')
    message = `Please check: ${fields.map((field) => fieldLabels[field as BuyerField] ?? field).join(', ')}.`;
  message ??= error?.message ? `${error.message}.`.replace(/\.\.$/, '.') : `Something went wrong (${code}).`;
  return new ApiError(message, code, fields, fieldMessages);
}

/** A UUID for an idempotency key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function freshKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export class ShopApi {
  constructor(
    readonly endpoint: string,
    readonly apiKey: string | null,
  ) {}

  headers(accept = 'application/json'): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    return headers;
  }

  /** A path or URL of the gateway (media files are often paths) as an absolute URL. */
  resolve(url: string): string {
    return new URL(url, `${this.endpoint}/`).href;
  }

  /** Runs one operation and answers its root field; throws ApiError on any error. */
  async run<T>(query: string, variables: Record<string, unknown>, field: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.endpoint}/graphql`, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({ query, variables }),
      });
    } catch {
      throw new ApiError(words.NETWORK ?? 'Could not reach the shop.', 'NETWORK');
    }
    let answer: GraphQLAnswer & { code?: string; message?: string };
    try {
      answer = (await response.json()) as GraphQLAnswer & { code?: string; message?: string };
    } catch {
      throw toApiError(undefined, response.status || 500);
    }
    // REST-shaped refusals (401 UNAUTHENTICATED, 429 RATE_LIMITED) carry the code at the top.
    if (!answer.errors && answer.code)
      throw toApiError({ message: answer.message, extensions: { code: answer.code } }, response.status);
    const error = answer.errors?.[0];
    if (error) throw toApiError(error, response.status);
    const data = answer.data?.[field];
    if (data === undefined) throw toApiError(undefined, response.status);
    return data as T;
  }

  media(kind: 'image' | 'video', by: { id: string } | { slug: string }): Promise<Media | null> {
    const [argument, value] = 'id' in by ? (['id', by.id] as const) : (['slug', by.slug] as const);
    return this.run<Media | null>(mediaQuery(kind, argument), { by: value }, 'media');
  }

  cartStatus(cartId: string): Promise<CartStatusResult | null> {
    return this.run(documents.cartStatus, { cartId }, 'cartStatus');
  }

  addCartItems(cartId: string | null, items: CartItemInput[]): Promise<Cart> {
    return this.run(documents.addCartItems, { cartId, items }, 'addCartItems');
  }

  updateCartItems(cartId: string, items: CartItemInput[]): Promise<Cart> {
    return this.run(documents.updateCartItems, { cartId, items }, 'updateCartItems');
  }

  removeCartItems(cartId: string, variantIds: string[]): Promise<Cart> {
    return this.run(documents.removeCartItems, { cartId, variantIds }, 'removeCartItems');
  }

  selectShippingMethod(cartId: string, store: string, shippingMethodId: string): Promise<Cart> {
    return this.run(
      documents.selectShippingMethod,
      { cartId, store, method: shippingMethodId },
      'selectShippingMethod',
    );
  }

  updateBuyerIdentity(cartId: string, buyerIdentity: Partial<BuyerIdentity>): Promise<Cart> {
    return this.run(documents.updateBuyerIdentity, { cartId, buyer: buyerIdentity }, 'updateBuyerIdentity');
  }

  updateCartDiscountCodes(cartId: string, codes: string[]): Promise<Cart> {
    return this.run(documents.updateCartDiscountCodes, { cartId, codes }, 'updateCartDiscountCodes');
  }

  submitCart(cartId: string, idempotencyKey: string): Promise<CartStatusResult> {
    return this.run(documents.submitCart, { cartId, key: idempotencyKey }, 'submitCart');
  }
}
