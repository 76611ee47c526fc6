// A cart as both APIs show it: computed by the cart service from stored rows with the pricing
// rules of src/domain. Plain JSON values only (Money, ISO date strings), so a whole answer can be
// stored and replayed for an Idempotency-Key.
import type { Money } from '../domain/money.js';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { CartCost, Offer, ShippingQuote } from '../domain/pricing.js';
import type { CartStatus, OrderStatus } from '../domain/order-status.js';

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
  variant: CartItemRef;
  product: CartItemRef;
}

export interface StoreEntry {
  storeId: number;
  /** The store's name. */
  store: string;
  requestId: string | null;
  isSubmitted: boolean;
  cartLines: CartLine[];
  offer: Offer;
}

export interface Cart {
  id: string;
  buyerIdentity: BuyerIdentity;
  stores: StoreEntry[];
  cost: CartCost;
}

export interface OrderEvent {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  type: OrderStatus;
}

export interface RequiredAction {
  action: string;
  description: string;
}

/** One line of an order, as it was sold: frozen at submit. */
export interface OrderLine {
  variantId: string;
  productId: string;
  /** The product's title. */
  title: string;
  /** The SKU's name. */
  variantTitle: string;
  variantValues: { variant: string; value: string }[];
  quantity: number;
  unitPrice: Money;
  lineTotal: Money;
}

/** An order's offer as it was at submit. */
export interface OrderCost {
  currency: string;
  subtotal: Money;
  margin: Money;
  shippingMethod: ShippingQuote | null;
  shipping: Money;
  tax: Money;
  total: Money;
}

export interface Order {
  id: string;
  cartId: string;
  storeId: number;
  status: OrderStatus;
  events: OrderEvent[];
  requiredActions: RequiredAction[];
  /** Empty, and cost null, for orders placed before orders kept their lines. */
  lines: OrderLine[];
  cost: OrderCost | null;
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
}
