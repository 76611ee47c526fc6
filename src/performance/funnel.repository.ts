// The funnel of a media item's performance (docs/analytics.md): the player events counted per hour
// (PlayerEventCount, its key leads with the media item), its placements' own figures, and a series
// of buckets. Each statement groups in the database over an index holding what it reads; buckets
// of stored times are cut from their UTC text (SQLite keeps `2026-11-29T10:15:00.000+00:00`,
// PostgreSQL formats its TIMESTAMP(3)), buckets of event hours by integer division.
import type { Db } from '../db/database.js';
import { dialectOf, type Dialect } from '../db/dialect.js';
import type { RowReader } from '../db/reader.js';
import { count, storedTime, timePlaceholder, unsoldStatuses } from './performance.repository.js';
import type { SeriesInterval } from './performance.model.js';

/** Events of one type and placement ('' for none) within the hours asked. */
export interface EventCountRow {
  type: string;
  placementId: string;
  count: number;
}

export interface PlacementCartRow {
  placementId: string;
  carts: number;
  units: number;
}

export interface PlacementOrderRow {
  placementId: string;
  currency: string;
  orders: number;
  units: number;
  revenueMinor: number;
}

/** A bucket's start (ms since 1970), what happened in it. */
export interface BucketEventRow {
  at: number;
  type: string;
  count: number;
}
export interface BucketCartRow {
  at: number;
  carts: number;
}
export interface BucketOrderRow {
  at: number;
  currency: string;
  orders: number;
  revenueMinor: number;
}

const hourMs = 3_600_000;

/** A stored time's bucket as text: `YYYY-MM-DDTHH` (hours) or `YYYY-MM-DD` (days), in UTC. */
function bucketOf(dialect: Dialect, column: string, interval: SeriesInterval): string {
  if (dialect === 'postgresql')
    return `to_char(${column}, '${interval === 'hour' ? 'YYYY-MM-DD"T"HH24' : 'YYYY-MM-DD'}')`;
  return interval === 'hour'
    ? `substr(${column}, 1, 10) || 'T' || substr(${column}, 12, 2)`
    : `substr(${column}, 1, 10)`;
}

/** A bucket's text as its start. */
const bucketStart = (text: string): number => Date.parse(text.length === 10 ? `${text}T00:00:00Z` : `${text}:00:00Z`);

function statements(dialect: Dialect) {
  const time = timePlaceholder(dialect);
  const int = dialect === 'postgresql' ? 'CAST(? AS INTEGER)' : '?';
  const unsold = unsoldStatuses.map((status) => `'${status}'`).join(', ');
  const cartLines = `FROM "CartLine" WHERE "mediaId" = ? AND "attributedAt" >= ${time} AND "attributedAt" <= ${time}`;
  const orderLines = `FROM "OrderLine" WHERE "mediaId" = ? AND "createdAt" >= ${time} AND "createdAt" <= ${time}`;
  return {
    events:
      'SELECT "type", "placementId", SUM("count") AS "count" FROM "PlayerEventCount" ' +
      `WHERE "mediaId" = ? AND "type" IN ('impression', 'play', 'hotspot_open') AND "hour" >= ${int} ` +
      `AND "hour" <= ${int} GROUP BY "type", "placementId"`,
    placements: 'SELECT "position", "productId" FROM "MediaPlacement" WHERE "mediaId" = ? ORDER BY "position"',
    placementCarts:
      'SELECT "placementId", COUNT(DISTINCT "cartId") AS "carts", SUM("quantity") AS "units" ' +
      `${cartLines} AND "placementId" IS NOT NULL GROUP BY "placementId"`,
    // Folded to one row per order and placement before the order's status is read.
    placementOrders:
      'SELECT l."placementId", l."currency", COUNT(*) AS "orders", SUM(l."units") AS "units", ' +
      'SUM(l."revenue") AS "revenue" FROM (SELECT "orderId", "placementId", "currency", SUM("quantity") AS "units", ' +
      `SUM("lineTotalMinor") AS "revenue" ${orderLines} AND "placementId" IS NOT NULL ` +
      'GROUP BY "orderId", "placementId", "currency") l JOIN "Order" o ON o."id" = l."orderId" ' +
      `WHERE o."status" NOT IN (${unsold}) GROUP BY l."placementId", l."currency"`,
    bucketEvents:
      `SELECT CAST("hour" / ${int} AS INTEGER) AS "bucket", "type", SUM("count") AS "count" FROM "PlayerEventCount" ` +
      `WHERE "mediaId" = ? AND "type" IN ('impression', 'play', 'hotspot_open') AND "hour" >= ${int} ` +
      `AND "hour" <= ${int} GROUP BY 1, 2`,
    // Each cart in the bucket of its first line from the media item within the window.
    bucketCarts: (interval: SeriesInterval) =>
      `SELECT ${bucketOf(dialect, 'c."first"', interval)} AS "bucket", COUNT(*) AS "carts" FROM ` +
      `(SELECT "cartId", MIN("attributedAt") AS "first" ${cartLines} GROUP BY "cartId") c ` +
      'GROUP BY 1',
    bucketOrders: (interval: SeriesInterval) =>
      `SELECT ${bucketOf(dialect, 'l."at"', interval)} AS "bucket", l."currency", COUNT(*) AS "orders", ` +
      'SUM(l."revenue") AS "revenue" FROM (SELECT "orderId", "currency", MIN("createdAt") AS "at", ' +
      `SUM("lineTotalMinor") AS "revenue" ${orderLines} GROUP BY "orderId", "currency") l ` +
      `JOIN "Order" o ON o."id" = l."orderId" WHERE o."status" NOT IN (${unsold}) ` +
      'GROUP BY 1, 2',
  };
}

export class FunnelRepository {
  private readonly dialect: Dialect;
  private readonly sql: ReturnType<typeof statements>;

  constructor(
    db: Db,
    private readonly reader: RowReader,
  ) {
    this.dialect = dialectOf(db);
    this.sql = statements(this.dialect);
  }

  private window(mediaId: number, from: Date, to: Date): (number | string)[] {
    return [mediaId, storedTime(this.dialect, from), storedTime(this.dialect, to)];
  }

  /** The media item's events per type and placement, over the hours `fromHour` to `toHour`. */
  async eventCounts(mediaId: number, fromHour: number, toHour: number): Promise<EventCountRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.events, [mediaId, fromHour, toHour]);
    return rows.map((row) => ({
      type: String(row.type),
      placementId: String(row.placementId),
      count: count(row.count),
    }));
  }

  /** The media item's placements now: position and product, by position. */
  async placements(mediaId: number): Promise<{ position: number; productId: number }[]> {
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.placements, [mediaId]);
    return rows.map((row) => ({ position: count(row.position), productId: count(row.productId) }));
  }

  /** Carts and units of the lines added from each placement within the window. */
  async placementCarts(mediaId: number, from: Date, to: Date): Promise<PlacementCartRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      this.sql.placementCarts,
      this.window(mediaId, from, to),
    );
    return rows.map((row) => ({
      placementId: String(row.placementId),
      carts: count(row.carts),
      units: count(row.units),
    }));
  }

  /** Orders (neither cancelled nor failed), units and line totals per placement and currency. */
  async placementOrders(mediaId: number, from: Date, to: Date): Promise<PlacementOrderRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      this.sql.placementOrders,
      this.window(mediaId, from, to),
    );
    return rows.map((row) => ({
      placementId: String(row.placementId),
      currency: String(row.currency),
      orders: count(row.orders),
      units: count(row.units),
      revenueMinor: count(row.revenue),
    }));
  }

  /** Events per bucket and type, over the hours `fromHour` to `toHour`. */
  async bucketEvents(
    mediaId: number,
    fromHour: number,
    toHour: number,
    interval: SeriesInterval,
  ): Promise<BucketEventRow[]> {
    const hours = interval === 'hour' ? 1 : 24;
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.bucketEvents, [
      hours,
      mediaId,
      fromHour,
      toHour,
    ]);
    return rows.map((row) => ({
      at: count(row.bucket) * hours * hourMs,
      type: String(row.type),
      count: count(row.count),
    }));
  }

  /** Carts per bucket of their first line from the media item within the window. */
  async bucketCarts(mediaId: number, from: Date, to: Date, interval: SeriesInterval): Promise<BucketCartRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      this.sql.bucketCarts(interval),
      this.window(mediaId, from, to),
    );
    return rows.map((row) => ({ at: bucketStart(String(row.bucket)), carts: count(row.carts) }));
  }

  /** Orders (neither cancelled nor failed) and their line totals per bucket and currency. */
  async bucketOrders(mediaId: number, from: Date, to: Date, interval: SeriesInterval): Promise<BucketOrderRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(
      this.sql.bucketOrders(interval),
      this.window(mediaId, from, to),
    );
    return rows.map((row) => ({
      at: bucketStart(String(row.bucket)),
      currency: String(row.currency),
      orders: count(row.orders),
      revenueMinor: count(row.revenue),
    }));
  }
}
