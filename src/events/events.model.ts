// The events this service emits, as webhooks (Standard Webhooks: {type, timestamp, data}) and
// live updates. `data` uses the REST shapes (snake_case), so that a receiver sees what
// GET /orders/{id} and cart status show.

export const eventTypes = ['cart.submitted', 'order.created', 'order.status_changed', 'order.action_required'] as const;

export type EventType = (typeof eventTypes)[number];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (eventTypes as readonly string[]).includes(value);
}
