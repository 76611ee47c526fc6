// The transactional outbox. An event is a row written by the same transaction as the change it
// reports, together with one pending delivery per webhook endpoint that wants it: if the change
// rolls back, so do its event and deliveries; if it commits, they are there to be delivered, by
// whichever process gets to them (delivery.ts), even after a crash.
import { randomUUID } from 'node:crypto';
import type { DbClient, Prisma } from '../db/database.js';
import type { EventType } from './events.model.js';

export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
  cartId?: string;
  orderId?: string;
}

/** Whether an endpoint's event filter (null: all) takes this type. */
export function wants(filter: Prisma.JsonValue, type: EventType): boolean {
  return filter === null || (Array.isArray(filter) && filter.includes(type));
}

/** Writes the events and their deliveries in `tx`, in the order given. */
export async function recordEvents(tx: DbClient, events: NewEvent[], now: Date): Promise<void> {
  if (events.length === 0) return;
  const endpoints = await tx.webhookEndpoint.findMany({ where: { enabled: true }, select: { id: true, events: true } });
  for (const event of events) {
    const row = await tx.event.create({
      data: {
        messageId: `msg_${randomUUID().replaceAll('-', '')}`,
        type: event.type,
        data: event.data as Prisma.InputJsonValue,
        cartId: event.cartId ?? null,
        orderId: event.orderId ?? null,
        createdAt: now,
      },
      select: { id: true },
    });
    const takers = endpoints.filter((endpoint) => wants(endpoint.events, event.type));
    if (takers.length > 0) {
      await tx.webhookDelivery.createMany({
        data: takers.map((endpoint) => ({ id: `dlv_${randomUUID().replaceAll('-', '')}`, endpointId: endpoint.id, eventId: row.id, status: 'pending', nextAttemptAt: now, createdAt: now })),
      });
    }
  }
}
