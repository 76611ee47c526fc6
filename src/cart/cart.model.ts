// A cart as both APIs show it: computed by the cart service from stored rows with the pricing
// rules of src/domain. Plain JSON values only (Money, ISO date strings), so a whole answer can be
// stored and replayed for an Idempotency-Key.
import type { Money } from '../domain/money.js';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { CartCost, Offer } from '../domain/pricing.js';
import type { CartStatus } from '../domain/order-status.js';
import type { Order } from '../orders/order.model.js';
import type { DiscountRefusal } from '../domain/discounts.js';

/** A cart line's `variant` (the SKU) or `product` (its product). */
export interface CartItemRef {
  id: string;
  title: string;
  marketplace: string;
  description: string | null;
  isAvailable: boolean;
  /** The SKU's sale price, or its retail price when it has none. */
  price: Money;
}

export interface CartLine {
  quantity: number;
  /**
   * The media item the line was added from, and its placement (`<media id>:<position>`): the first
   * named, kept when quantities merge.
   */
  mediaId: number | null;
  placementId: string | null;
  variant: CartItemRef;
  product: CartItemRef;
  /** What the store's discounts took off this line (absent in carts submitted before discounts). */
  discount?: Money;
}

export const lineWarningCodes = [
  'NOT_ENOUGH_STOCK',
  'VARIANT_UNAVAILABLE',
  'VARIANT_UNLISTED',
  'PRICE_CHANGED',
] as const;
export type LineWarningCode = (typeof lineWarningCodes)[number];

/** Something the buyer should know, that does not stop them shopping (submit refuses what it must). */
export interface CartWarning {
  code: LineWarningCode | DiscountRefusal;
  message: string;
  /** The store's name, when the warning is about one store. */
  store?: string;
  variantId?: string;
  /** The code as the buyer typed it, when the warning is about one. */
  discountCode?: string;
}

/** A discount code on the cart, and whether one of its discounts applies now. */
export interface CartDiscountCode {
  code: string;
  applicable: boolean;
}

export interface StoreEntry {
  storeId: number;
  /** The store's name: what requests name it by. */
  store: string;
  /**
   * The store's display name, what shoppers see (absent in carts submitted, and answers kept for an
   * Idempotency-Key, before stores had one: their name then).
   */
  storeName?: string;
  requestId: string | null;
  isSubmitted: boolean;
  cartLines: CartLine[];
  offer: Offer;
}

/** What shoppers see a store entry named: its display name, or its name where the entry has none. */
export const storeNameOf = (entry: StoreEntry): string => entry.storeName ?? entry.store;

export interface Cart {
  id: string;
  buyerIdentity: BuyerIdentity;
  stores: StoreEntry[];
  cost: CartCost;
  /** Absent in carts submitted before discounts and warnings. */
  discountCodes?: CartDiscountCode[];
  warnings?: CartWarning[];
}

export interface CartStatusAnswer {
  status: CartStatus;
  orders: Order[];
  cart: Cart;
}

/** One item of an add or update request, as both APIs receive it. */
export interface CartItemInput {
  variantId?: string | number | null;
  productId?: string | number | null;
  quantity: number;
  /** The media item the item is added from (attribution), and optionally its placement. */
  mediaId?: string | number | null;
  placementId?: string | null;
}
