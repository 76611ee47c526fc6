// The only code of media performance that talks to the database. Each count is one GROUP BY in
// the database over an index that holds every column the statement reads (CartLine's and
// OrderLine's attribution indexes, prisma/schema.prisma): no row is loaded to be counted here.
// The statements go straight through the driver (db/reader.ts), prepared once per process: the
// query builder would cost more than the statements themselves on a process's first request.
import type { Db } from '../db/database.js';
import { dialectOf, type Dialect } from '../db/dialect.js';
import type { RowReader } from '../db/reader.js';

/** Order statuses whose sales do not count: nothing was sold. */
export const unsoldStatuses = ['CANCELLED', 'FAILED'] as const;

export interface CartCountRow {
  /** null: every store together. */
  storeId: number | null;
  store: string | null;
  carts: number;
  units: number;
}

export interface OrderCountRow {
  storeId: number;
  store: string;
  currency: string;
  orders: number;
  units: number;
  revenueMinor: number;
}

/** SQLite answers counts as numbers, PostgreSQL counts and sums of BIGINT as strings. */
export const count = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** A time parameter as the statements compare it: the text Prisma stores on SQLite, UTC on PostgreSQL. */
export function storedTime(dialect: Dialect, at: Date): string {
  const iso = at.toISOString();
  return dialect === 'sqlite' ? iso.replace('Z', '+00:00') : iso;
}

/** A time parameter's placeholder: TIMESTAMP(3) on PostgreSQL; on SQLite the text, compared as text. */
export const timePlaceholder = (dialect: Dialect): string =>
  dialect === 'postgresql' ? 'CAST(? AS TIMESTAMP(3))' : '?';

function statements(dialect: Dialect) {
  const time = timePlaceholder(dialect);
  const unsold = unsoldStatuses.map((status) => `'${status}'`).join(', ');
  return {
    // A media item deleted through the admin API is still one: its carts and orders keep its id.
    mediaExists:
      'SELECT 1 AS "found" FROM "Media" WHERE "id" = ? ' +
      'UNION ALL SELECT 1 AS "found" FROM "DeletedMedia" WHERE "id" = ?',
    // The lines are read once, folded to one row per store and cart; both counts come from those
    // (a cart may span stores, so the carts in all are not the sum of the stores').
    cartCounts: `
      WITH "perCart" AS MATERIALIZED (
        SELECT "storeId", "cartId", SUM("quantity") AS "units" FROM "CartLine"
        WHERE "mediaId" = ? AND "attributedAt" >= ${time} AND "attributedAt" <= ${time}
        GROUP BY "storeId", "cartId")
      SELECT NULL AS "storeId", NULL AS "store", COUNT(DISTINCT "cartId") AS "carts", SUM("units") AS "units"
      FROM "perCart"
      UNION ALL
      SELECT p."storeId", s."name", COUNT(*), SUM(p."units")
      FROM "perCart" p JOIN "Store" s ON s."id" = p."storeId"
      GROUP BY p."storeId", s."name"`,
    // The lines are folded to one row per order before the order's status is read, once per order.
    orderCounts: `
      SELECT l."storeId", s."name" AS "store", l."currency", COUNT(*) AS "orders", SUM(l."units") AS "units",
        SUM(l."revenue") AS "revenue"
      FROM (
        SELECT "orderId", "storeId", "currency", SUM("quantity") AS "units", SUM("lineTotalMinor") AS "revenue"
        FROM "OrderLine"
        WHERE "mediaId" = ? AND "createdAt" >= ${time} AND "createdAt" <= ${time}
        GROUP BY "orderId", "storeId", "currency") l
      JOIN "Order" o ON o."id" = l."orderId"
      JOIN "Store" s ON s."id" = l."storeId"
      WHERE o."status" NOT IN (${unsold})
      GROUP BY l."storeId", s."name", l."currency"`,
  };
}

export class PerformanceRepository {
  private readonly dialect: Dialect;
  private readonly sql: ReturnType<typeof statements>;

  constructor(
    db: Db,
    private readonly reader: RowReader,
  ) {
    this.dialect = dialectOf(db);
    this.sql = statements(this.dialect);
  }

  private time(at: Date): string {
    return storedTime(this.dialect, at);
  }

  /** Whether the media item is in the catalog, or was until deleted through the admin API. */
  async mediaExists(mediaId: number): Promise<boolean> {
    return (await this.reader.all(this.sql.mediaExists, [mediaId, mediaId])).length > 0;
  }

  /** Carts and units of the lines attributed to the media item within the window: per store, and in all. */
  async cartCounts(mediaId: number, from: Date, to: Date): Promise<CartCountRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.cartCounts, [
      mediaId,
      this.time(from),
      this.time(to),
    ]);
    return rows.map((row) => ({
      storeId: row.storeId === null ? null : count(row.storeId),
      store: row.store === null ? null : String(row.store),
      carts: count(row.carts),
      units: count(row.units),
    }));
  }

  /**
   * Orders, units and line totals of the order lines attributed to the media item, of orders
   * created within the window and not cancelled or failed, per store and currency (an order has
   * one of each, so the groups' orders add up to the orders in all).
   */
  async orderCounts(mediaId: number, from: Date, to: Date): Promise<OrderCountRow[]> {
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.orderCounts, [
      mediaId,
      this.time(from),
      this.time(to),
    ]);
    return rows.map((row) => ({
      storeId: count(row.storeId),
      store: String(row.store),
      currency: String(row.currency),
      orders: count(row.orders),
      units: count(row.units),
      revenueMinor: count(row.revenue),
    }));
  }
}
