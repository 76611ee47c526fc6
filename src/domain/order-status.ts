// The order status machine (docs/carts.md, "Submit, orders, cart status").
//   SUBMITTED → PLACED → FULFILLED
//   SUBMITTED | PLACED → ACTION_REQUIRED → PLACED
//   SUBMITTED | PLACED | ACTION_REQUIRED → CANCELLED
//   SUBMITTED → FAILED

export const orderStatuses = ['SUBMITTED', 'PLACED', 'ACTION_REQUIRED', 'FULFILLED', 'CANCELLED', 'FAILED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const cartStatuses = ['IN_PROGRESS', 'SUBMITTED', 'COMPLETED', 'FAILED'] as const;
export type CartStatus = (typeof cartStatuses)[number];

const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  SUBMITTED: ['PLACED', 'ACTION_REQUIRED', 'CANCELLED', 'FAILED'],
  PLACED: ['FULFILLED', 'ACTION_REQUIRED', 'CANCELLED'],
  ACTION_REQUIRED: ['PLACED', 'CANCELLED'],
  FULFILLED: [],
  CANCELLED: [],
  FAILED: [],
};

/**
 * The status changes and required actions GraphQL's cost estimate counts on one order: an
 * assumption, since an order may go back and forth between PLACED and ACTION_REQUIRED and an update
 * names its required actions; an order that holds more makes an answer larger than its estimate.
 */
export const maxOrderEvents = 20;
export const maxRequiredActions = 20;

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return transitions[from];
}

/** An order that may still change. */
export function isOpen(status: OrderStatus): boolean {
  return transitions[status].length > 0;
}

/**
 * IN_PROGRESS before submit; SUBMITTED while any order is open; once none is, COMPLETED when at
 * least one was fulfilled, else FAILED.
 */
export function cartStatusOf(orderStatuses: OrderStatus[]): CartStatus {
  if (orderStatuses.length === 0) return 'IN_PROGRESS';
  if (orderStatuses.some(isOpen)) return 'SUBMITTED';
  return orderStatuses.includes('FULFILLED') ? 'COMPLETED' : 'FAILED';
}
