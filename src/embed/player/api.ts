// The player's client of the gateway's public GraphQL API: the shapes it reads back (checked
// against schema/schema.graphql by hand: the bundle carries no codegen), one fetch per operation
// (the documents it sends: documents.ts), and every failure turned into an ApiError with words a
// shopper can read (words.ts).
import { documents, imagesQuery, mediaQuery } from './documents.js';
import { ApiError, failedRequestError, toApiError, type BuyerField, type GraphQLErrorShape } from './words.js';

export { ApiError, asApiError, fieldLabels, goneCartCodes, toApiError, type BuyerField } from './words.js';

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

/** A store's shipping method: its price before tax (its tax counts in the store's tax). */
export interface ShippingMethod {
  id: string;
  code: string;
  label: string;
  price: Money;
}

export interface StoreEntry {
  id: string;
  /** The store's name, what the API's store arguments take. */
  store: string;
  /** The name shoppers see ("North Trail"). */
  storeName: string;
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

export type BuyerIdentity = Record<BuyerField, string | null>;

export interface Cart {
  id: string;
  cost: {
    id: string;
    isEstimated: boolean;
    subtotal: Money;
    tax: Money;
    shipping: Money;
    discount: Money;
    /** With its value in major units: what a submit expects. */
    total: Money & { value: number };
  };
  buyerIdentity: BuyerIdentity & { id: string };
  stores: StoreEntry[];
  discountCodes: { code: string; applicable: boolean }[];
  /** What the shopper should know: lines short of stock or repriced, codes that do not apply (why). */
  warnings: { code: string; message: string; store: string | null }[];
}

export type OrderStatus = 'SUBMITTED' | 'PLACED' | 'ACTION_REQUIRED' | 'FULFILLED' | 'CANCELLED' | 'FAILED';
export type CartStatus = 'IN_PROGRESS' | 'SUBMITTED' | 'COMPLETED' | 'FAILED';

export interface OrderLine {
  id: string;
  productId: string;
  title: string;
  variantTitle: string;
  quantity: number;
  lineTotal: Money;
}

export interface Order {
  id: string;
  /** The store's number of the order, what shoppers quote. */
  orderNumber: number;
  storeId: string;
  storeName: string;
  status: OrderStatus;
  requiredActions: { action: string; description: string }[];
  cost: { id: string; total: Money } | null;
  lines: OrderLine[];
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

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: GraphQLErrorShape[];
  /** REST-shaped refusals (401 UNAUTHENTICATED, 429 RATE_LIMITED) carry the code at the top. */
  code?: string;
  message?: string;
}

/** The most products one request asks the images of (aliases are limited: GRAPHQL_MAX_ALIASES). */
const imagesPerRequest = 20;

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

  /** An image's URL as an absolute URL; null for none or one that is not a URL. */
  private imageUrl(url: string | undefined): string | null {
    try {
      return url ? this.resolve(url) : null;
    } catch {
      return null;
    }
  }

  /** Runs one operation and answers its data; throws ApiError on any error. */
  async data(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> {
    const sentKey = this.apiKey !== null;
    let response: Response;
    try {
      response = await fetch(`${this.endpoint}/graphql`, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({ query, variables }),
      });
    } catch {
      throw await failedRequestError(this.endpoint, location.origin, (url) =>
        fetch(url, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' }),
      );
    }
    let answer: GraphQLAnswer;
    try {
      answer = (await response.json()) as GraphQLAnswer;
    } catch {
      throw toApiError(undefined, response.status || 500, sentKey);
    }
    if (!answer.errors && answer.code)
      throw toApiError({ message: answer.message, extensions: { code: answer.code } }, response.status, sentKey);
    const error = answer.errors?.[0];
    if (error) throw toApiError(error, response.status, sentKey);
    if (!answer.data) throw toApiError(undefined, response.status, sentKey);
    return answer.data;
  }

  /** Runs one operation and answers its root field `field`. */
  async run<T>(query: string, variables: Record<string, unknown>, field: string): Promise<T> {
    const data = (await this.data(query, variables))[field];
    if (data === undefined) throw new ApiError(`Something went wrong (no ${field}).`, 'UNKNOWN');
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

  /** Submits, bound to the total the buyer saw: another total is refused with CART_TOTAL_CHANGED. */
  submitCart(
    cartId: string,
    idempotencyKey: string,
    expectedTotal: Money & { value: number },
  ): Promise<CartStatusResult> {
    const total = { value: expectedTotal.value, currency: expectedTotal.currency };
    return this.run(documents.submitCart, { cartId, key: idempotencyKey, total }, 'submitCart');
  }

  /** The first image of each product (an absolute URL), null for a product without one or gone. */
  async productImages(productIds: string[]): Promise<Map<string, string | null>> {
    const images = new Map<string, string | null>();
    const requests: Promise<void>[] = [];
    for (let start = 0; start < productIds.length; start += imagesPerRequest) {
      const ids = productIds.slice(start, start + imagesPerRequest);
      const variables = Object.fromEntries(ids.map((id, index) => [`p${index}`, id]));
      requests.push(
        this.data(imagesQuery(ids.length), variables).then((data) => {
          ids.forEach((id, index) => {
            const product = data[`p${index}`] as { images?: string[] } | null | undefined;
            images.set(id, this.imageUrl(product?.images?.[0]));
          });
        }),
      );
    }
    await Promise.all(requests);
    return images;
  }
}
