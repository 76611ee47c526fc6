// The only delivery code that talks to Prisma: claiming due webhook deliveries, recording each
// attempt and its outcome, giving claims back. A claim is `claimedUntil` in the future: while it
// holds, no other process takes the delivery; if its process dies, the claim expires and the
// delivery is due again (at least once).
import type { Db, Prisma } from '../db/database.js';
import type { DatabaseProvider } from '../config.js';
import { inTransaction } from '../db/transaction.js';
import { empty, sqltag } from '@prisma/client/runtime/client';

/** A delivery this process holds until `claimedUntil`, with what its request needs. */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  attempts: number;
  claimedUntil: Date;
  url: string;
  secret: string;
  messageId: string;
  type: string;
  data: Prisma.JsonValue;
  eventCreatedAt: Date;
}

/** What one HTTP attempt gave. */
export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

export class DeliveryRepository {
  constructor(
    private readonly db: Db,
    private readonly provider: DatabaseProvider,
  ) {}

  /**
   * Claims up to `limit` due deliveries until `claimedUntil`: pending, their time come, not
   * claimed by a live process, of an enabled endpoint, and each its endpoint's earliest pending
   * one, so that an endpoint gets its events in order and never two at once. On PostgreSQL the
   * rows are locked with SKIP LOCKED while claimed, so two processes never claim the same one.
   */
  async claimDue(now: Date, claimedUntil: Date, limit: number): Promise<ClaimedDelivery[]> {
    const ids = await inTransaction(this.db, async (tx) => {
      // On SQLite one process uses the file: nobody else claims, and the write lock serialises anyway.
      const lock = this.provider === 'postgresql' ? sqltag`FOR UPDATE SKIP LOCKED` : empty;
      const rows = await tx.$queryRaw<{ id: string }[]>`
        SELECT d."id" FROM "WebhookDelivery" d
        WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now}
          AND (d."claimedUntil" IS NULL OR d."claimedUntil" <= ${now})
          AND EXISTS (SELECT 1 FROM "WebhookEndpoint" e WHERE e."id" = d."endpointId" AND e."enabled" = true)
          AND NOT EXISTS (SELECT 1 FROM "WebhookDelivery" p WHERE p."endpointId" = d."endpointId" AND p."status" = 'pending' AND p."eventId" < d."eventId")
        ORDER BY d."eventId"
        LIMIT ${limit}
        ${lock}`;
      if (rows.length === 0) return [];
      await tx.webhookDelivery.updateMany({ where: { id: { in: rows.map((row) => row.id) } }, data: { claimedUntil } });
      return rows.map((row) => row.id);
    });
    if (ids.length === 0) return [];
    const claimed = await this.db.webhookDelivery.findMany({
      where: { id: { in: ids } },
      select: {
        id: true,
        endpointId: true,
        attempts: true,
        endpoint: { select: { url: true, secret: true } },
        event: { select: { id: true, messageId: true, type: true, data: true, createdAt: true } },
      },
    });
    return claimed
      .sort((a, b) => a.event.id - b.event.id)
      .map((row) => ({
        id: row.id,
        endpointId: row.endpointId,
        attempts: row.attempts,
        claimedUntil,
        url: row.endpoint.url,
        secret: row.endpoint.secret,
        messageId: row.event.messageId,
        type: row.event.type,
        data: row.event.data,
        eventCreatedAt: row.event.createdAt,
      }));
  }

  /** A 2xx: delivered (even if the claim was lost meanwhile: the receiver has it), the endpoint healthy. */
  async recordDelivered(delivery: ClaimedDelivery, attempt: AttemptRecord): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      await tx.webhookAttempt.create({ data: { deliveryId: delivery.id, ...attempt } });
      await tx.webhookDelivery.updateMany({
        where: { id: delivery.id, status: 'pending' },
        data: { status: 'delivered', deliveredAt: attempt.at, attempts: { increment: 1 }, claimedUntil: null },
      });
      await tx.webhookEndpoint.updateMany({ where: { id: delivery.endpointId, failingSince: { not: null } }, data: { failingSince: null } });
    });
  }

  /**
   * A failed attempt: the delivery is due again at `nextAttemptAt` (unless another process took
   * it over after this claim expired), the endpoint failing since now if it was healthy. An
   * endpoint failing since before `disableBefore` is disabled and its pending deliveries fail.
   * Returns whether the endpoint was disabled.
   */
  async recordFailed(delivery: ClaimedDelivery, attempt: AttemptRecord, nextAttemptAt: Date, disableBefore: Date): Promise<boolean> {
    return inTransaction(this.db, async (tx) => {
      await tx.webhookAttempt.create({ data: { deliveryId: delivery.id, ...attempt } });
      await tx.webhookDelivery.updateMany({
        where: { id: delivery.id, status: 'pending', claimedUntil: delivery.claimedUntil },
        data: { attempts: { increment: 1 }, nextAttemptAt, claimedUntil: null },
      });
      const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: delivery.endpointId }, select: { enabled: true, failingSince: true } });
      if (!endpoint) return false;
      if (endpoint.failingSince === null) {
        await tx.webhookEndpoint.update({ where: { id: delivery.endpointId }, data: { failingSince: attempt.at } });
        return false;
      }
      if (!endpoint.enabled || endpoint.failingSince >= disableBefore) return false;
      await tx.webhookEndpoint.update({ where: { id: delivery.endpointId }, data: { enabled: false } });
      await tx.webhookDelivery.updateMany({ where: { endpointId: delivery.endpointId, status: 'pending' }, data: { status: 'failed', claimedUntil: null } });
      return true;
    });
  }

  /** An attempt cut short by this process stopping: recorded, the delivery due again at once. */
  async recordInterrupted(delivery: ClaimedDelivery, attempt: AttemptRecord): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      await tx.webhookAttempt.create({ data: { deliveryId: delivery.id, ...attempt } });
      await tx.webhookDelivery.updateMany({ where: { id: delivery.id, status: 'pending', claimedUntil: delivery.claimedUntil }, data: { claimedUntil: null } });
    });
  }

  /** Gives back claims this process still holds, so another process may take them at once. */
  async release(deliveries: ClaimedDelivery[]): Promise<void> {
    for (const delivery of deliveries) {
      await this.db.webhookDelivery.updateMany({ where: { id: delivery.id, status: 'pending', claimedUntil: delivery.claimedUntil }, data: { claimedUntil: null } });
    }
  }

  /** Every claim, given back: for SQLite at start, where no other process can hold one. */
  async releaseAll(): Promise<number> {
    const { count } = await this.db.webhookDelivery.updateMany({ where: { status: 'pending', claimedUntil: { not: null } }, data: { claimedUntil: null } });
    return count;
  }
}
