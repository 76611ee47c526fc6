// The delivery worker's statements: writing events' deliveries (fan-out), claiming due
// deliveries, giving claims back (each attempt and its outcome: delivery-outcome.repository.ts). A claim is
// `claimedUntil` in the future: while it holds, no other process takes the delivery; if its
// process dies, the claim expires and the delivery is due again (at least once).
//
// Every statement here is bounded by the number of endpoints (a few hundred at most) or by a
// batch size, never by the number of deliveries waiting: a backlog of any size costs the same
// index lookups per poll. They are plain SQL through the SQL executor (db/sql-executor.ts), written
// once for both engines: on SQLite a transaction of them runs as one short task of the event
// loop on a connection of the worker's own (requests are served between two, never wait for
// one), on PostgreSQL through Prisma's pool with rows locked as processes compete.
import type { Prisma } from '../db/database.js';
import { placeholders, timeById, timeParameter, type SqlExecutor, type SqlValue } from '../db/sql-executor.js';
import { randomUUID } from 'node:crypto';
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
  /** The traceparent of the write that recorded its event (tracing on), or null. */
  traceparent: string | null;
  /** Whether its endpoint was failing when it was claimed. */
  endpointFailing: boolean;
}

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
  data: unknown;
  createdAt: unknown;
  traceparent: string | null;
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

/** A date column as read: text on SQLite, a Date through Prisma on PostgreSQL. */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
/** A JSON column as read: text on SQLite, parsed through Prisma on PostgreSQL. */
const asJson = (value: unknown): Prisma.JsonValue =>
  typeof value === 'string' ? (JSON.parse(value) as Prisma.JsonValue) : (value as Prisma.JsonValue);

/** Deliveries written by one INSERT at most (a fixed shape, prepared once). */
const insertRows = 100;

export class DeliveryRepository {
  constructor(private readonly sql: SqlExecutor) {}

  /** Rows locked while claimed on PostgreSQL, where processes compete; SQLite has one writer at a time. */
  private skipLocked(alias: 'd'): string {
    return this.sql.dialect === 'postgresql' ? `FOR UPDATE OF ${alias} SKIP LOCKED` : '';
  }

  /**
   * Whether this transaction may fan out: on PostgreSQL, unless another process's fan-out holds the
   * lock (it is not waited for).
   */
  private async fanOutLockTaken(tx: SqlExecutor): Promise<boolean> {
    if (this.sql.dialect !== 'postgresql') return true;
    const [row] = await tx.all<{ taken: boolean }>(
      `SELECT pg_try_advisory_xact_lock(hashtext('Event fan-out')) AS "taken"`,
      [],
    );
    return row?.taken === true;
  }

  /** A time parameter, typed as the columns are. */
  private get time(): string {
    return timeParameter(this.sql.dialect);
  }

  /**
   * Writes the deliveries of events recorded since the last fan-out, at most about `maxRows` of
   * them in one short transaction: each event goes to the enabled endpoints that want its type
   * and existed when it was recorded. A delivery is due, and dated, from its event's time, as if
   * written with it. Answers how many events were fanned out (0: none waiting, or another
   * process is fanning out).
   *
   * One process fans out at a time (on PostgreSQL a transaction-level advisory lock; SQLite has
   * one writer). Two at once, each skipping the other's rows, could make a later event's delivery
   * visible while an earlier one's is still being written, and the endpoint would get it first.
   */
  async fanOut(maxRows: number): Promise<number> {
    // Most rounds find none waiting: a read outside any transaction. The flag is written in the
    // SQL, not a parameter: PostgreSQL's plan for a prepared statement with a parameter there
    // (the one it keeps after five runs) read the whole table, 136 ms at 111,000 events, each round.
    const waiting = await this.sql.all(`SELECT "id" FROM "Event" WHERE "fanOutPending" = TRUE LIMIT 1`);
    if (waiting.length === 0) return 0;
    return this.sql.transaction(async (tx) => {
      if (!(await this.fanOutLockTaken(tx))) return 0;
      const endpoints = (
        await tx.all<{ id: string; events: unknown; createdAt: unknown }>(
          `SELECT "id", "events", "createdAt" FROM "WebhookEndpoint" WHERE "enabled" = ?`,
          [true],
        )
      ).map((row) => ({
        id: row.id,
        events: row.events === null ? null : asJson(row.events),
        createdAt: asDate(row.createdAt),
      }));
      const take = Math.max(1, Math.floor(maxRows / Math.max(1, endpoints.length)));
      const events = (
        await tx.all<{ id: number | bigint; type: string; createdAt: unknown }>(
          `SELECT ev."id", ev."type", ev."createdAt" FROM "Event" ev
          WHERE ev."fanOutPending" = TRUE ORDER BY ev."id" LIMIT ?`,
          [take],
        )
      ).map((row) => ({ id: Number(row.id), type: row.type, createdAt: asDate(row.createdAt) }));
      if (events.length === 0) return 0;
      const rows = events.flatMap((event) =>
        endpoints
          .filter((endpoint) => endpoint.createdAt <= event.createdAt && wants(endpoint.events, event.type))
          .map(
            (endpoint) =>
              [
                `dlv_${randomUUID().replaceAll('-', '')}`,
                endpoint.id,
                event.id,
                'pending',
                event.createdAt,
                event.createdAt,
              ] as SqlValue[],
          ),
      );
      for (let start = 0; start < rows.length; start += insertRows) {
        const chunk = rows.slice(start, start + insertRows);
        const values = chunk.map(() => `(?, ?, ?, ?, ${this.time}, ${this.time})`).join(', ');
        await tx.run(
          `INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "status", "nextAttemptAt", "createdAt")
          VALUES ${values}`,
          chunk.flat(),
        );
      }
      const ids = events.map((event) => event.id);
      await tx.run(`UPDATE "Event" SET "fanOutPending" = ? WHERE "id" IN (${placeholders(ids.length)})`, [
        false,
        ...ids,
      ]);
      return events.length;
    });
  }

  /** The ids of the endpoints deliveries may go to now (enabled ones). */
  async enabledEndpointIds(): Promise<Set<string>> {
    const rows = await this.sql.all<{ id: string }>(`SELECT "id" FROM "WebhookEndpoint" WHERE "enabled" = ?`, [true]);
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
    const rows = await this.sql.transaction(async (tx) => {
      const busy =
        options.busyEndpoints.length > 0 ? `AND e."id" NOT IN (${placeholders(options.busyEndpoints.length)})` : '';
      const heads = await tx.all<{ id: string; failing: number | bigint }>(
        `SELECT d."id", CASE WHEN e."failingSince" IS NULL THEN 0 ELSE 1 END AS "failing"
        FROM "WebhookEndpoint" e
        JOIN "WebhookDelivery" d ON d."id" = (
          SELECT h."id" FROM "WebhookDelivery" h
          WHERE h."endpointId" = e."id" AND h."status" = 'pending'
          ORDER BY h."eventId" LIMIT 1)
        WHERE e."enabled" = ? ${busy}
          AND d."nextAttemptAt" <= ${this.time}
          AND (d."claimedUntil" IS NULL OR d."claimedUntil" <= ${this.time})
        ORDER BY 2, d."eventId"
        LIMIT ?
        ${this.skipLocked('d')}`,
        [true, ...options.busyEndpoints, now, now, options.limit],
      );
      let failing = 0;
      const chosen = heads.filter((head) => Number(head.failing) === 0 || (failing += 1) <= options.failingLimit);
      if (chosen.length === 0) return [];
      const ids = chosen.map((head) => head.id);
      await tx.run(
        `UPDATE "WebhookDelivery" SET "claimedUntil" = ${this.time} WHERE "id" IN (${placeholders(ids.length)})`,
        [claimedUntil, ...ids],
      );
      const failingIds = new Set(chosen.filter((head) => Number(head.failing) === 1).map((head) => head.id));
      const claimed = await tx.all<ClaimedRow>(
        `SELECT d."id", d."endpointId", d."attempts", e."url", e."secret",
          ev."id" AS "eventId", ev."messageId", ev."type", ev."data", ev."createdAt", ev."traceparent"
        FROM "WebhookDelivery" d
        JOIN "WebhookEndpoint" e ON e."id" = d."endpointId"
        JOIN "Event" ev ON ev."id" = d."eventId"
        WHERE d."id" IN (${placeholders(ids.length)})
        ORDER BY ev."id"`,
        ids,
      );
      return claimed.map((row) => ({ row, failing: failingIds.has(row.id) }));
    });
    return rows.map(({ row, failing }) => ({
      id: row.id,
      endpointId: row.endpointId,
      attempts: Number(row.attempts),
      claimedUntil,
      url: row.url,
      secret: row.secret,
      messageId: row.messageId,
      type: row.type,
      data: asJson(row.data),
      eventCreatedAt: asDate(row.createdAt),
      traceparent: row.traceparent,
      endpointFailing: failing,
    }));
  }

  /** Gives back claims this process still holds, so another process may take them at once. */
  async release(deliveries: ClaimedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const [claimed, params] = timeById(
      this.sql.dialect,
      deliveries.map((delivery) => [delivery.id, delivery.claimedUntil]),
    );
    await this.sql.transaction((tx) =>
      tx.run(
        `UPDATE "WebhookDelivery" SET "claimedUntil" = NULL
        WHERE "id" IN (${placeholders(deliveries.length)}) AND "status" = 'pending' AND "claimedUntil" = ${claimed}`,
        [...deliveries.map((delivery) => delivery.id), ...params],
      ),
    );
  }

  /**
   * Every claim, given back: for SQLite at start, where no other process can hold one. Claims are
   * only ever on an endpoint's earliest pending delivery, so only those are looked at.
   */
  async releaseAll(): Promise<number> {
    return this.sql.transaction((tx) =>
      tx.run(`
      UPDATE "WebhookDelivery" SET "claimedUntil" = NULL
      WHERE "id" IN (
        SELECT (
          SELECT h."id" FROM "WebhookDelivery" h
          WHERE h."endpointId" = e."id" AND h."status" = 'pending' ORDER BY h."eventId" LIMIT 1)
        FROM "WebhookEndpoint" e)
        AND "claimedUntil" IS NOT NULL`),
    );
  }
}
