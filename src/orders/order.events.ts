// The events of submits and order updates, as webhook endpoints and the outbox get them: webhooks
// are an edge of their own, whose payloads have REST's shapes (events/events.model.ts), so an
// order in an event is what GET /orders/{id} shows of it (order.view.ts), frozen when the write
// commits. The services say what happened with records; these shape it.
import type { CartStatus, OrderStatus } from '../domain/order-status.js';
import type { NewEvent } from '../events/outbox.js';
import type { Order } from './order.model.js';
import { orderView } from './order.view.js';

/** A submit's events: the cart submitted with its orders, then each order created, in the cart's store order. */
export function submitEvents(cartId: string, status: CartStatus, orders: readonly Order[]): NewEvent[] {
  const views = orders.map(orderView);
  return [
    { type: 'cart.submitted', cartId, data: { cart_id: cartId, status, orders: views } },
    ...views.map((order): NewEvent => ({ type: 'order.created', cartId, orderId: order.id, data: { order } })),
  ];
}

/** An order moved from `from` to its status: status_changed, and action_required when it now needs actions. */
export function statusEvents(from: OrderStatus, order: Order): NewEvent[] {
  const view = orderView(order);
  const data = {
    order_id: order.id,
    cart_id: order.cartId,
    from,
    to: order.status,
    required_actions: view.required_actions,
    order: view,
  };
  const types =
    order.status === 'ACTION_REQUIRED'
      ? (['order.status_changed', 'order.action_required'] as const)
      : (['order.status_changed'] as const);
  return types.map((type): NewEvent => ({ type, cartId: order.cartId, orderId: order.id, data }));
}
