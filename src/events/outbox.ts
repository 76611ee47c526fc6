// The transactional outbox. An event is a row written by the same transaction as the change it
// reports: if the change rolls back, so does its event; if it commits, the event is there to be
// delivered, by whichever process gets to it (delivery.ts), even after a crash. The transaction
// writes the events only, never one row per endpoint: the deliveries (one per webhook endpoint
// that wants the event) are written afterwards, in bounded batches (fanOut below), so that a
// write's cost does not grow with the number of endpoints.
import { randomUUID } from 'node:crypto';
import type { DbClient, Prisma } from '../db/database.js';
import type { EventType } from './events.model.js';
import { insertEvents } from './event.repository.js';

export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
  cartId?: string;
  orderId?: string;
}

/** Whether an endpoint's event filter (null: all) takes this type. */
export function wants(filter: Prisma.JsonValue, type: EventType | string): boolean {
  return filter === null || (Array.isArray(filter) && filter.includes(type));
}

/** Writes the events in `tx`, in the order given (their ids increase in that order). */
export async function recordEvents(tx: DbClient, events: NewEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  await insertEvents(
    tx,
    events.map((event) => ({
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      type: event.type,
      data: event.data as Prisma.InputJsonValue,
      cartId: event.cartId ?? null,
      orderId: event.orderId ?? null,
      createdAt: now,
      fanOutPending: true,
    })),
  );
}
