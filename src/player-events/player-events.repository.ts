// The only code of player events that talks to the database (docs/analytics.md, "How events are
// counted"). A flush is one transaction on the SQL executor (db/sql-executor.ts: on SQLite one
// task of the event loop on a connection of its own, on PostgreSQL the pool):
// 1. each event's (session, media item, type, placement) is upserted into PlayerEventSeen with
//    the time it occurred, the row changed only when its last count is at least 30 minutes older:
//    the rows the statement returns are the events that count. Concurrent flushes of two
//    processes meet on the row (PostgreSQL locks it and judges the newest version), so an event
//    counts once whichever process took it in;
// 2. the counted events are added to PlayerEventCount, one row per media item, type, hour and
//    placement.
// Rows are written in key order, so two processes' flushes lock shared rows in the same order.
import type { RowReader } from '../db/reader.js';
import { placeholders, type SqlExecutor, type SqlValue } from '../db/sql-executor.js';
import { countOnceWithinMs, hourOf, type PlayerEventType } from './player-events.model.js';
import type { MediaPlacements } from './player-events.input.js';

/** One (session, media item, type, placement) with the times of its events waiting, oldest first. */
export interface PendingKey {
  /** Its key (eventKey). */
  key: string;
  sessionId: string;
  mediaId: number;
  type: PlayerEventType;
  placementId: string;
  times: number[];
}

/** An event that counted: its key and time. */
export interface CountedEvent {
  sessionId: string;
  mediaId: number;
  type: PlayerEventType;
  placementId: string;
  at: number;
}

/** Rows per statement (five parameters each). */
const rowsPerStatement = 100;
/** Media ids per lookup are padded to one of these counts, so that few statement texts are prepared. */
const lookupSizes = [1, 4, 16, 100];

/** Code point order (not the locale's): the order the rows are locked in must be the same in every process. */
const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const compareKeys = (a: PendingKey | CountedEvent, b: PendingKey | CountedEvent): number =>
  byText(a.sessionId, b.sessionId) ||
  a.mediaId - b.mediaId ||
  byText(a.type, b.type) ||
  byText(a.placementId, b.placementId);

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

function statements(dialect: SqlExecutor['dialect']) {
  // PostgreSQL is told the numbers' types (a parameter's type is otherwise a guess of the driver's).
  const int = dialect === 'postgresql' ? 'CAST(? AS INTEGER)' : '?';
  const bigint = dialect === 'postgresql' ? 'CAST(? AS BIGINT)' : '?';
  const seenRow = `(?, ${int}, ?, ?, ${bigint})`;
  const countRow = `(${int}, ?, ${int}, ?, ${int})`;
  const key = '"sessionId", "mediaId", "type", "placementId"';
  return {
    seen: (rows: number) =>
      `INSERT INTO "PlayerEventSeen" (${key}, "countedAt") VALUES ${Array(rows).fill(seenRow).join(', ')} ` +
      `ON CONFLICT (${key}) DO UPDATE SET "countedAt" = excluded."countedAt" ` +
      `WHERE "PlayerEventSeen"."countedAt" <= excluded."countedAt" - ${countOnceWithinMs} ` +
      `RETURNING ${key}`,
    counts: (rows: number) =>
      'INSERT INTO "PlayerEventCount" ("mediaId", "type", "hour", "placementId", "count") ' +
      `VALUES ${Array(rows).fill(countRow).join(', ')} ` +
      'ON CONFLICT ("mediaId", "type", "hour", "placementId") ' +
      'DO UPDATE SET "count" = "PlayerEventCount"."count" + excluded."count"',
    prune:
      `DELETE FROM "PlayerEventSeen" WHERE (${key}) IN (SELECT ${key} FROM "PlayerEventSeen" ` +
      `WHERE "countedAt" < ${bigint} ORDER BY "countedAt" LIMIT ${int})`,
  };
}

/** The media items among `ids` (of the catalog: not deleted) with their placements' positions. */
const placementsSql = (ids: number) =>
  'SELECT m."id" AS "mediaId", p."position" AS "position" FROM "Media" m ' +
  `LEFT JOIN "MediaPlacement" p ON p."mediaId" = m."id" WHERE m."id" IN (${placeholders(ids)})`;

interface SeenRow {
  sessionId: string;
  mediaId: number | string;
  type: string;
  placementId: string;
}

/** The catalog's media items and their placements, as events are checked against them. */
export class MediaPlacementRepository {
  constructor(private readonly reader: RowReader) {}

  /** The placements (positions) of the media items in the catalog among `mediaIds`. */
  async placementsOf(mediaIds: readonly number[]): Promise<MediaPlacements> {
    const found = new Map<number, Set<number>>();
    for (const ids of chunks(mediaIds, lookupSizes.at(-1)!)) {
      const size = lookupSizes.find((each) => each >= ids.length)!;
      const padded = [...ids, ...Array<number>(size - ids.length).fill(ids[0]!)];
      const rows = await this.reader.all<{ mediaId: number | string; position: number | string | null }>(
        placementsSql(size),
        padded,
      );
      for (const row of rows) {
        const positions = found.get(Number(row.mediaId)) ?? new Set<number>();
        if (row.position !== null) positions.add(Number(row.position));
        found.set(Number(row.mediaId), positions);
      }
    }
    return found;
  }
}

/** The counts and the sessions' last counts: written by flushes, swept after 48 hours. */
export class PlayerEventRepository {
  private readonly sql: ReturnType<typeof statements>;

  constructor(private readonly executor: SqlExecutor) {
    this.sql = statements(executor.dialect);
  }

  /**
   * Counts the waiting events in one transaction: the events of each key in the order of their
   * times, a key's n-th event in the n-th round. Answers the events that counted.
   */
  record(keys: readonly PendingKey[]): Promise<CountedEvent[]> {
    const sorted = [...keys].sort(compareKeys);
    const rounds = sorted.reduce((most, key) => Math.max(most, key.times.length), 0);
    return this.executor.transaction(async (tx) => {
      const counted: CountedEvent[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const events = sorted.flatMap(({ sessionId, mediaId, type, placementId, times }): CountedEvent[] =>
          times.length > round ? [{ sessionId, mediaId, type, placementId, at: times[round]! }] : [],
        );
        for (const chunk of chunks(events, rowsPerStatement)) counted.push(...(await this.seen(tx, chunk)));
      }
      await this.addCounts(tx, counted);
      return counted;
    });
  }

  /** Deletes what is kept of sessions that last counted before `before`, in batches; answers how many. */
  async prune(before: number, batchSize = 1_000, maxBatches = 50): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < maxBatches; batch += 1) {
      const removed = await this.executor.run(this.sql.prune, [before, batchSize]);
      deleted += removed;
      if (removed < batchSize) break;
    }
    return deleted;
  }

  /** Upserts one chunk of a round; answers its events that counted. */
  private async seen(tx: SqlExecutor, events: readonly CountedEvent[]): Promise<CountedEvent[]> {
    const params: SqlValue[] = events.flatMap((event) => [
      event.sessionId,
      event.mediaId,
      event.type,
      event.placementId,
      event.at,
    ]);
    const rows = await tx.all<SeenRow>(this.sql.seen(events.length), params);
    const changed = new Set(
      rows.map((row) => `${row.sessionId} ${Number(row.mediaId)} ${row.type} ${row.placementId}`),
    );
    return events.filter((event) =>
      changed.has(`${event.sessionId} ${event.mediaId} ${event.type} ${event.placementId}`),
    );
  }

  /** Adds the counted events to their hours' rows, in key order. */
  private async addCounts(tx: SqlExecutor, counted: readonly CountedEvent[]): Promise<void> {
    const sums = new Map<string, { mediaId: number; type: string; hour: number; placementId: string; count: number }>();
    for (const event of counted) {
      const hour = hourOf(event.at);
      const key = `${event.mediaId} ${event.type} ${hour} ${event.placementId}`;
      const row = sums.get(key);
      if (row) row.count += 1;
      else sums.set(key, { mediaId: event.mediaId, type: event.type, hour, placementId: event.placementId, count: 1 });
    }
    const ordered = [...sums.values()].sort(
      (a, b) =>
        a.mediaId - b.mediaId || byText(a.type, b.type) || a.hour - b.hour || byText(a.placementId, b.placementId),
    );
    for (const chunk of chunks(ordered, rowsPerStatement)) {
      const params = chunk.flatMap((row) => [row.mediaId, row.type, row.hour, row.placementId, row.count]);
      await tx.run(this.sql.counts(chunk.length), params);
    }
  }
}
