// Domain events: what a write tells the world, recorded on its transaction. The services say what
// happened (a cart submitted, an order created or moved on); when the transaction commits, the
// events are rows of the outbox (delivered as webhooks, outbox.ts) and the carts and orders they
// concern have told their live subscribers (change-feed.ts). A write that rolls back, or a replay
// of a stored answer, tells nobody anything.
import type { UnitOfWork } from '../db/transaction.js';
import type { Change, ChangePublisher } from './change-feed.js';
import { recordEvents, type NewEvent } from './outbox.js';

/** The carts and orders an event concerns, for their live subscribers: cart.* its cart, order.* its order. */
function changesOf(event: NewEvent): Change[] {
  if (event.type.startsWith('cart.') && event.cartId) return [{ kind: 'cart', id: event.cartId }];
  if (event.type.startsWith('order.') && event.orderId) return [{ kind: 'order', id: event.orderId }];
  return [];
}

const keyOf = (change: Change) => `${change.kind}:${change.id}`;

export class DomainEvents {
  constructor(private readonly feed: ChangePublisher) {}

  /**
   * Records events on the write's transaction, in this order (their outbox ids increase in it),
   * written at `now` when the transaction commits; their carts and orders change for live
   * subscribers then, each once.
   */
  record(unit: UnitOfWork, events: NewEvent[], now: Date): void {
    if (events.length === 0) return;
    unit.beforeCommit((tx) => recordEvents(tx, events, now));
    const changes = new Map<string, Change>();
    for (const change of events.flatMap(changesOf)) changes.set(keyOf(change), change);
    this.feed.publish(unit, [...changes.values()]);
  }

  /**
   * A cart or order changed without an event of its own (a cart's lines, say): its live subscribers
   * hear of it after the commit.
   */
  changed(unit: UnitOfWork, changes: Change[]): void {
    this.feed.publish(unit, changes);
  }
}
