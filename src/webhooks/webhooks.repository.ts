// The only webhook admin code that talks to Prisma: endpoints (never reading their secret back)
// and their deliveries with attempts.
import { DbNull } from '@prisma/client/runtime/client';
import type { DbClient, Prisma } from '../db/database.js';
import type { DatabaseProvider } from '../config.js';
import type { EventType } from '../events/events.model.js';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from './webhooks.model.js';

const endpointColumns = {
  id: true,
  url: true,
  description: true,
  events: true,
  enabled: true,
  failingSince: true,
  createdAt: true,
  updatedAt: true,
} as const;

const deliveryColumns = {
  id: true,
  endpointId: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { messageId: true, type: true } },
  tries: { select: { at: true, statusCode: true, latencyMs: true, error: true }, orderBy: { id: 'asc' } },
} as const;

type EndpointRow = Prisma.WebhookEndpointGetPayload<{ select: typeof endpointColumns }>;
type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliveryColumns }>;

// `events` is written only from EventType[] or null (below).
function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return { ...row, events: (row.events as EventType[] | null) ?? null };
}

// `status` is written only from DeliveryStatus values (outbox, delivery worker, makeDue).
function toDelivery(row: DeliveryRow): WebhookDelivery {
  const status = row.status as DeliveryStatus;
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.event.messageId,
    eventType: row.event.type,
    status,
    attemptCount: row.attempts,
    nextAttemptAt: status === 'pending' ? row.nextAttemptAt : null,
    deliveredAt: row.deliveredAt,
    createdAt: row.createdAt,
    attempts: row.tries,
  };
}

const eventsColumn = (events: EventType[] | null) => (events === null ? DbNull : events);

export interface NewEndpoint {
  id: string;
  url: string;
  description: string | null;
  events: EventType[] | null;
  secret: string;
}

/** Columns to change; absent ones stay. */
export interface EndpointChanges {
  url?: string;
  description?: string | null;
  events?: EventType[] | null;
  enabled?: boolean;
  failingSince?: null;
}

export class WebhookRepository {
  async list(tx: DbClient): Promise<WebhookEndpoint[]> {
    const rows = await tx.webhookEndpoint.findMany({
      select: endpointColumns,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toEndpoint);
  }

  async find(tx: DbClient, id: string): Promise<WebhookEndpoint | null> {
    const row = await tx.webhookEndpoint.findUnique({ where: { id }, select: endpointColumns });
    return row && toEndpoint(row);
  }

  /**
   * How many endpoints exist, counted under a lock held until the transaction ends, so that of two
   * concurrent creations the second counts the first: on PostgreSQL a transaction-level advisory
   * lock (there may be no row yet to lock); SQLite runs one write transaction at a time.
   */
  async countLocked(tx: DbClient, provider: DatabaseProvider): Promise<number> {
    if (provider === 'postgresql') await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('WebhookEndpoint'))`;
    return tx.webhookEndpoint.count();
  }

  async create(tx: DbClient, endpoint: NewEndpoint, now: Date): Promise<WebhookEndpoint> {
    const row = await tx.webhookEndpoint.create({
      data: { ...endpoint, events: eventsColumn(endpoint.events), enabled: true, createdAt: now, updatedAt: now },
      select: endpointColumns,
    });
    return toEndpoint(row);
  }

  /** The endpoint after the changes; null when there is no such endpoint. */
  async update(tx: DbClient, id: string, changes: EndpointChanges, now: Date): Promise<WebhookEndpoint | null> {
    const { events, ...columns } = changes;
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id },
      data: { ...columns, ...(events === undefined ? {} : { events: eventsColumn(events) }), updatedAt: now },
    });
    return count === 0 ? null : this.find(tx, id);
  }

  /** Deletes the endpoint with its deliveries and their attempts; false when there was none. */
  async delete(tx: DbClient, id: string): Promise<boolean> {
    const { count } = await tx.webhookEndpoint.deleteMany({ where: { id } });
    return count === 1;
  }

  /**
   * An endpoint's deliveries, newest first: by event, which orders them (an endpoint has one
   * delivery per event), those of events before `beforeEvent` when given.
   */
  async deliveries(
    tx: DbClient,
    endpointId: string,
    take: number,
    beforeEvent: number | null,
  ): Promise<WebhookDelivery[]> {
    const rows = await tx.webhookDelivery.findMany({
      where: { endpointId, ...(beforeEvent === null ? {} : { eventId: { lt: beforeEvent } }) },
      select: deliveryColumns,
      orderBy: { eventId: 'desc' },
      take,
    });
    return rows.map(toDelivery);
  }

  /** The event number of one of the endpoint's deliveries (a page cursor); null when it has none of that id. */
  async eventOf(tx: DbClient, endpointId: string, deliveryId: string): Promise<number | null> {
    const row = await tx.webhookDelivery.findFirst({
      where: { id: deliveryId, endpointId },
      select: { eventId: true },
    });
    return row?.eventId ?? null;
  }

  async findDelivery(tx: DbClient, endpointId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const row = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, endpointId }, select: deliveryColumns });
    return row && toDelivery(row);
  }

  /**
   * Makes one of the endpoint's deliveries due now, whatever its status: pending, unclaimed (a
   * process delivering it keeps going; the receiver may get it twice, as at-least-once allows).
   */
  async makeDue(tx: DbClient, endpointId: string, deliveryId: string, now: Date): Promise<boolean> {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, endpointId },
      data: { status: 'pending', nextAttemptAt: now, claimedUntil: null, deliveredAt: null },
    });
    return count === 1;
  }
}
