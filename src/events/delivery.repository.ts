// The only delivery code that talks to Prisma: writing events' deliveries (fan-out), claiming due
// deliveries, recording each attempt and its outcome, giving claims back. A claim is
// `claimedUntil` in the future: while it holds, no other process takes the delivery; if its
// process dies, the claim expires and the delivery is due again (at least once).
//
// Every statement here is bounded by the number of endpoints (a few hundred at most) or by a
// batch size, never by the number of deliveries waiting: a backlog of any size costs the same
// index lookups per poll. A batch is a fixed number of statements whatever its size, and between
// two statements the worker gives the event loop a turn (nextTurn): on SQLite every statement
// runs on the gateway's own thread, and requests are served in between.
import type { Db, DbClient, Prisma } from '../db/database.js';
import type { DatabaseProvider } from '../config.js';
import { inTransaction } from '../db/transaction.js';
import { empty, join, sqltag, type Sql } from '@prisma/client/runtime/client';
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { wants } from './outbox.js';

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
  /** Whether its endpoint was failing when it was claimed. */
  endpointFailing: boolean;
}

/** What one HTTP attempt gave. */
export interface AttemptRecord {
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** A finished attempt and what it means for its delivery. */
export type DeliveryOutcome =
  | { kind: 'delivered'; delivery: ClaimedDelivery; attempt: AttemptRecord }
  | { kind: 'failed'; delivery: ClaimedDelivery; attempt: AttemptRecord; retryAt: Date }
  | { kind: 'interrupted'; delivery: ClaimedDelivery; attempt: AttemptRecord };

/** A claimed delivery as read, with its endpoint and event. */
interface ClaimedRow {
  id: string;
  endpointId: string;
  attempts: number | bigint;
  url: string;
  secret: string;
  eventId: number | bigint;
  messageId: string;
  type: string;
  data: Prisma.JsonValue;
  createdAt: Date | string;
}

export interface ClaimOptions {
  now: Date;
  claimedUntil: Date;
  /** Deliveries to claim at most. */
  limit: number;
  /** Of them, at most this many for endpoints that are failing (so healthy ones always get slots). */
  failingLimit: number;
  /** Endpoints this process is already delivering to: never claimed again while their request is open. */
  busyEndpoints: readonly string[];
}

export class DeliveryRepository {
  constructor(
    private readonly db: Db,
    private readonly provider: DatabaseProvider,
  ) {}

  /** Rows locked while claimed on PostgreSQL, where processes compete; SQLite has one writer at a time. */
  private skipLocked(alias: 'd' | 'ev') {
    if (this.provider !== 'postgresql') return empty;
    return alias === 'd' ? sqltag`FOR UPDATE OF d SKIP LOCKED` : sqltag`FOR UPDATE OF ev SKIP LOCKED`;
  }

  /** A time as a parameter, typed as the columns are (PostgreSQL cannot tell the type of a parameter inside CASE). */
  private time(at: Date): Sql {
    return this.provider === 'postgresql' ? sqltag`CAST(${at} AS TIMESTAMP(3))` : sqltag`${at}`;
  }

  /** A delivery's own time, for one statement that gives each delivery another: CASE "id" WHEN … THEN … END. */
  private timeById(pairs: readonly (readonly [string, Date])[]): Sql {
    return sqltag`CASE "id" ${join(pairs.map(([id, at]) => sqltag`WHEN ${id} THEN ${this.time(at)}`), ' ')} END`;
  }

  /**
   * Writes the deliveries of events recorded since the last fan-out, at most about `maxRows` of
   * them in one short transaction: each event goes to the enabled endpoints that want its type
   * and existed when it was recorded. A delivery is due, and dated, from its event's time, as if
   * written with it. Answers how many events were fanned out (0: none waiting).
   */
  async fanOut(maxRows: number): Promise<number> {
    return inTransaction(this.db, async (client) => {
      // The endpoints only when some event waits: most rounds find none.
      const waiting = await client.event.findFirst({ where: { fanOutPending: true }, select: { id: true } });
      if (!waiting) return 0;
      const endpoints = await client.webhookEndpoint.findMany({ where: { enabled: true }, select: { id: true, events: true, createdAt: true } });
      const take = Math.max(1, Math.floor(maxRows / Math.max(1, endpoints.length)));
      const ids = await client.$queryRaw<{ id: number }[]>`
        SELECT ev."id" FROM "Event" ev WHERE ev."fanOutPending" = true ORDER BY ev."id" LIMIT ${take} ${this.skipLocked('ev')}`;
      if (ids.length === 0) return 0;
      const events = await client.event.findMany({ where: { id: { in: ids.map((row) => Number(row.id)) } }, select: { id: true, type: true, createdAt: true }, orderBy: { id: 'asc' } });
      const rows = events.flatMap((event) =>
        endpoints
          .filter((endpoint) => endpoint.createdAt <= event.createdAt && wants(endpoint.events, event.type))
          .map((endpoint) => ({ id: `dlv_${randomUUID().replaceAll('-', '')}`, endpointId: endpoint.id, eventId: event.id, status: 'pending', nextAttemptAt: event.createdAt, createdAt: event.createdAt })),
      );
      if (rows.length > 0) await client.webhookDelivery.createMany({ data: rows });
      await client.event.updateMany({ where: { id: { in: events.map((event) => event.id) } }, data: { fanOutPending: false } });
      return events.length;
    });
  }

  /** The ids of the endpoints deliveries may go to now (enabled ones). */
  async enabledEndpointIds(): Promise<Set<string>> {
    const rows = await this.db.webhookEndpoint.findMany({ where: { enabled: true }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Claims due deliveries: of each enabled endpoint not busy here, its earliest pending delivery
   * (so an endpoint gets its events in order and never two at once), when its time has come and
   * no live process holds it. Healthy endpoints first, failing ones within `failingLimit`.
   */
  async claimDue(options: ClaimOptions): Promise<ClaimedDelivery[]> {
    const { now, claimedUntil } = options;
    if (options.limit <= 0) return [];
    const ids = await inTransaction(this.db, async (tx) => {
      const busy = options.busyEndpoints.length > 0 ? sqltag`AND e."id" NOT IN (${join([...options.busyEndpoints])})` : empty;
      const heads = await tx.$queryRaw<{ id: string; failing: number | bigint }[]>`
        SELECT d."id", CASE WHEN e."failingSince" IS NULL THEN 0 ELSE 1 END AS "failing"
        FROM "WebhookEndpoint" e
        JOIN "WebhookDelivery" d ON d."id" = (
          SELECT h."id" FROM "WebhookDelivery" h
          WHERE h."endpointId" = e."id" AND h."status" = 'pending'
          ORDER BY h."eventId" LIMIT 1)
        WHERE e."enabled" = true ${busy}
          AND d."nextAttemptAt" <= ${now}
          AND (d."claimedUntil" IS NULL OR d."claimedUntil" <= ${now})
        ORDER BY 2, d."eventId"
        LIMIT ${options.limit}
        ${this.skipLocked('d')}`;
      let failing = 0;
      const chosen = heads.filter((head) => Number(head.failing) === 0 || (failing += 1) <= options.failingLimit);
      if (chosen.length > 0) {
        await nextTurn();
        await tx.$executeRaw`UPDATE "WebhookDelivery" SET "claimedUntil" = ${this.time(claimedUntil)} WHERE "id" IN (${join(chosen.map((head) => head.id))})`;
      }
      return new Map(chosen.map((head) => [head.id, Number(head.failing) === 1]));
    });
    if (ids.size === 0) return [];
    await nextTurn();
    const rows = await this.db.$queryRaw<ClaimedRow[]>`
      SELECT d."id", d."endpointId", d."attempts", e."url", e."secret", ev."id" AS "eventId", ev."messageId", ev."type", ev."data", ev."createdAt"
      FROM "WebhookDelivery" d
      JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
      JOIN "Event" ev ON ev."id" = d."eventId"
      WHERE d."id" IN (${join([...ids.keys()])})
      ORDER BY ev."id"`;
    return rows.map((row) => ({
      id: row.id,
      endpointId: row.endpointId,
      attempts: Number(row.attempts),
      claimedUntil,
      url: row.url,
      secret: row.secret,
      messageId: row.messageId,
      type: row.type,
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Prisma.JsonValue) : row.data,
      eventCreatedAt: new Date(row.createdAt),
      endpointFailing: ids.get(row.id) ?? false,
    }));
  }

  /**
   * Records finished attempts, any number of them, in one short transaction of a few statements
   * (not a transaction each: on SQLite the worker would hold the one connection requests need):
   * - delivered (a 2xx, even if the claim was lost meanwhile: the receiver has it), the endpoint
   *   healthy again;
   * - failed: due again at its `retryAt` (unless another process took it over after this claim
   *   expired), the endpoint failing since now if it was healthy; an endpoint failing since before
   *   `disableBefore` is disabled and its pending deliveries fail;
   * - interrupted (this process stopping, the endpoint disabled): due again at once.
   * A delivery that is gone (its endpoint deleted while its request was open) records nothing.
   * Answers the endpoints disabled.
   */
  async recordOutcomes(outcomes: readonly DeliveryOutcome[], disableBefore: Date): Promise<string[]> {
    if (outcomes.length === 0) return [];
    return inTransaction(this.db, async (tx) => {
      const present = await this.lockedIds(tx, outcomes.map((outcome) => outcome.delivery.id));
      const kept = outcomes.filter((outcome) => present.has(outcome.delivery.id));
      if (kept.length === 0) return [];
      await nextTurn();
      const attempts = kept.map(({ delivery, attempt }) => sqltag`(${delivery.id}, ${this.time(attempt.at)}, ${attempt.statusCode}, ${attempt.latencyMs}, ${attempt.error})`);
      await tx.$executeRaw`INSERT INTO "WebhookAttempt" ("deliveryId", "at", "statusCode", "latencyMs", "error") VALUES ${join(attempts)}`;
      const of = (kind: DeliveryOutcome['kind']) => kept.filter((outcome) => outcome.kind === kind);
      const ids = (list: readonly DeliveryOutcome[]) => join(list.map(({ delivery }) => delivery.id));
      // Unless another process took the delivery over after this claim expired.
      const stillClaimed = (list: readonly DeliveryOutcome[]) => sqltag`"claimedUntil" = ${this.timeById(list.map(({ delivery }) => [delivery.id, delivery.claimedUntil]))}`;

      const delivered = of('delivered');
      if (delivered.length > 0) {
        await nextTurn();
        await tx.$executeRaw`
          UPDATE "WebhookDelivery" SET "status" = 'delivered', "deliveredAt" = ${this.timeById(delivered.map(({ delivery, attempt }) => [delivery.id, attempt.at]))},
            "attempts" = "attempts" + 1, "claimedUntil" = NULL
          WHERE "id" IN (${ids(delivered)}) AND "status" = 'pending'`;
        await nextTurn();
        await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = NULL WHERE "id" IN (${join([...new Set(delivered.map((outcome) => outcome.delivery.endpointId))])}) AND "failingSince" IS NOT NULL`;
      }

      const interrupted = of('interrupted');
      if (interrupted.length > 0) {
        await nextTurn();
        await tx.$executeRaw`UPDATE "WebhookDelivery" SET "claimedUntil" = NULL WHERE "id" IN (${ids(interrupted)}) AND "status" = 'pending' AND ${stillClaimed(interrupted)}`;
      }

      const failed = kept.filter((outcome): outcome is Extract<DeliveryOutcome, { kind: 'failed' }> => outcome.kind === 'failed');
      if (failed.length === 0) return [];
      await nextTurn();
      await tx.$executeRaw`
        UPDATE "WebhookDelivery" SET "attempts" = "attempts" + 1, "nextAttemptAt" = ${this.timeById(failed.map(({ delivery, retryAt }) => [delivery.id, retryAt]))}, "claimedUntil" = NULL
        WHERE "id" IN (${ids(failed)}) AND "status" = 'pending' AND ${stillClaimed(failed)}`;
      const failedEndpoints = [...new Set(failed.map((outcome) => outcome.delivery.endpointId))];
      await nextTurn();
      await tx.$executeRaw`UPDATE "WebhookEndpoint" SET "failingSince" = ${this.time(failed[0]!.attempt.at)} WHERE "id" IN (${join(failedEndpoints)}) AND "failingSince" IS NULL`;
      await nextTurn();
      const expired = await tx.$queryRaw<{ id: string }[]>`
        SELECT "id" FROM "WebhookEndpoint" WHERE "id" IN (${join(failedEndpoints)}) AND "enabled" = true AND "failingSince" < ${this.time(disableBefore)}`;
      if (expired.length === 0) return [];
      const disabled = expired.map((endpoint) => endpoint.id);
      await tx.webhookEndpoint.updateMany({ where: { id: { in: disabled } }, data: { enabled: false } });
      await tx.webhookDelivery.updateMany({ where: { endpointId: { in: disabled }, status: 'pending' }, data: { status: 'failed', claimedUntil: null } });
      return disabled;
    });
  }

  /**
   * Which of these deliveries still exist, locked on PostgreSQL until the transaction ends, so
   * that an endpoint deleted meanwhile cannot take them away under the attempts written next.
   */
  private async lockedIds(tx: DbClient, ids: string[]): Promise<Set<string>> {
    const lock = this.provider === 'postgresql' ? sqltag`ORDER BY "id" FOR UPDATE` : empty;
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "WebhookDelivery" WHERE "id" IN (${join(ids)}) ${lock}`;
    return new Set(rows.map((row) => row.id));
  }

  /** Gives back claims this process still holds, so another process may take them at once. */
  async release(deliveries: ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db.webhookDelivery.updateMany({
      where: { OR: deliveries.map((delivery) => ({ id: delivery.id, claimedUntil: delivery.claimedUntil })), status: 'pending' },
      data: { claimedUntil: null },
    });
  }

  /**
   * Every claim, given back: for SQLite at start, where no other process can hold one. Claims are
   * only ever on an endpoint's earliest pending delivery, so only those are looked at.
   */
  async releaseAll(): Promise<number> {
    return this.db.$executeRaw`
      UPDATE "WebhookDelivery" SET "claimedUntil" = NULL
      WHERE "id" IN (
        SELECT (SELECT h."id" FROM "WebhookDelivery" h WHERE h."endpointId" = e."id" AND h."status" = 'pending' ORDER BY h."eventId" LIMIT 1)
        FROM "WebhookEndpoint" e)
        AND "claimedUntil" IS NOT NULL`;
  }
}
