// The transactional outbox. An event is a row written by the same transaction as the change it
// reports: if the change rolls back, so does its event; if it commits, the event is there to be
// delivered, by whichever process gets to it (delivery.ts), even after a crash. The transaction
// writes the events only, never one row per endpoint: the deliveries (one per webhook endpoint
// that wants the event) are written afterwards, in bounded batches (fanOut below), so that a
// write's cost does not grow with the number of endpoints.
import { randomUUID } from 'node:crypto';
import type { DbClient, Prisma } from '../db/database.js';
import type { EventType } from './events.model.js';
import { insertEvents, type EventRow } from './event.repository.js';
import { activeTracer, inSpan, traceparentOf } from '../tracing/tracing.js';

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

/**
 * Writes the events in `tx`, in the order given (their ids increase in that order). With tracing
 * on, in a span `outbox.write` whose traceparent the events keep: their deliveries' spans are its
 * children (delivery.ts), and their requests carry it on.
 */
export async function recordEvents(tx: DbClient, events: NewEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event): EventRow => ({
    messageId: `msg_${randomUUID().replaceAll('-', '')}`,
    type: event.type,
    data: event.data as Prisma.InputJsonValue,
    cartId: event.cartId ?? null,
    orderId: event.orderId ?? null,
    createdAt: now,
    fanOutPending: true,
  }));
  const tracer = activeTracer();
  if (!tracer) return insertEvents(tx, rows);
  const attributes = {
    'outbox.event.count': rows.length,
    'outbox.event.types': [...new Set(events.map((event) => event.type))],
  };
  await inSpan(tracer, 'outbox.write', { attributes }, (span) => {
    const traceparent = traceparentOf(span);
    return insertEvents(
      tx,
      rows.map((row) => ({ ...row, traceparent })),
    );
  });
}
