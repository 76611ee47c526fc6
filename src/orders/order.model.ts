// An order as both APIs show it: created per store when a cart is submitted, with what it sold
// and for how much frozen at that moment. Plain JSON values only (Money, ISO date strings).
import type { Money } from '../domain/money.js';
import type { AppliedDiscount, ShippingQuote } from '../domain/pricing.js';
import type { OrderStatus } from '../domain/order-status.js';

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
  /** What the store's discounts took off the line (absent on orders placed before discounts). */
  discount?: Money;
  /** The media item (and its placement) the cart line was added from; null when none. */
  mediaId: number | null;
  placementId: string | null;
}

/** An order's offer as it was at submit. */
export interface OrderCost {
  currency: string;
  subtotal: Money;
  margin: Money;
  shippingMethod: ShippingQuote | null;
  shipping: Money;
  tax: Money;
  /** The discounts applied, frozen at submit (absent on orders placed before discounts: none). */
  discount?: Money;
  discounts?: AppliedDiscount[];
  /** subtotal + shipping + tax - discount. */
  total: Money;
}

export interface Order {
  id: string;
  cartId: string;
  storeId: number;
  /** The store's order number, what shoppers quote: 1001 for its first order, then 1002, … */
  orderNumber: number;
  /** The store's display name as it was at submit. */
  storeName: string;
  status: OrderStatus;
  events: OrderEvent[];
  requiredActions: RequiredAction[];
  /** Empty, and cost null, for orders placed before orders kept their lines. */
  lines: OrderLine[];
  cost: OrderCost | null;
}

/** Orders in the order of a cart's store entries (`storeOrder`); a store not among them last, by id. */
export function inStoreOrder(orders: Order[], storeOrder: readonly number[]): Order[] {
  const rank = (storeId: number) => {
    const index = storeOrder.indexOf(storeId);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return orders.sort((a, b) => rank(a.storeId) - rank(b.storeId) || a.storeId - b.storeId);
}
