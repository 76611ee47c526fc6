// The only code of media performance that talks to the database. Each count is one GROUP BY in
// the database over an index that holds every column the statement reads (CartLine's and
// OrderLine's attribution indexes, prisma/schema.prisma): no row is loaded to be counted here.
import { join, sqltag, type Sql } from '@prisma/client/runtime/client';
import type { Db } from '../db/database.js';
import { dialectOf } from '../db/dialect.js';

/** Order statuses whose sales do not count: nothing was sold. */
export const unsoldStatuses = ['CANCELLED', 'FAILED'] as const;

export interface CartCountRow {
  /** null: every store together. */
  storeId: number | null;
  carts: number;
  units: number;
}

export interface OrderCountRow {
  storeId: number;
  currency: string;
  orders: number;
  units: number;
  revenueMinor: number;
}

/** SQLite answers counts as numbers or bigints, PostgreSQL sums of BIGINT as strings. */
const count = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export class PerformanceRepository {
  constructor(private readonly db: Db) {}

  async mediaExists(mediaId: number): Promise<boolean> {
    return (await this.db.media.count({ where: { id: mediaId } })) === 1;
  }

  /** Prisma stores DateTime as TIMESTAMP(3) on PostgreSQL; a parameter is compared as one. */
  private time(at: Date): Sql {
    return dialectOf(this.db) === 'postgresql' ? sqltag`CAST(${at} AS TIMESTAMP(3))` : sqltag`${at}`;
  }

  /** Carts and units of the lines attributed to the media item within the window: per store, and in all. */
  async cartCounts(mediaId: number, from: Date, to: Date): Promise<CartCountRow[]> {
    const within = sqltag`"mediaId" = ${mediaId} AND "attributedAt" >= ${this.time(from)} AND "attributedAt" <= ${this.time(to)}`;
    const rows = await this.db.$queryRaw<Record<string, unknown>[]>`
      SELECT NULL AS "storeId", COUNT(DISTINCT "cartId") AS "carts", SUM("quantity") AS "units" FROM "CartLine" WHERE ${within}
      UNION ALL
      SELECT "storeId", COUNT(DISTINCT "cartId"), SUM("quantity") FROM "CartLine" WHERE ${within} GROUP BY "storeId"`;
    return rows.map((row) => ({ storeId: row.storeId === null ? null : count(row.storeId), carts: count(row.carts), units: count(row.units) }));
  }

  /**
   * Orders, units and line totals of the order lines attributed to the media item, of orders
   * created within the window and not cancelled or failed, per store and currency (an order has
   * one of each, so the groups' orders add up to the orders in all).
   */
  async orderCounts(mediaId: number, from: Date, to: Date): Promise<OrderCountRow[]> {
    const rows = await this.db.$queryRaw<Record<string, unknown>[]>`
      SELECT l."storeId", l."currency", COUNT(DISTINCT l."orderId") AS "orders", SUM(l."quantity") AS "units", SUM(l."lineTotalMinor") AS "revenue"
      FROM "OrderLine" l JOIN "Order" o ON o."id" = l."orderId"
      WHERE l."mediaId" = ${mediaId} AND l."createdAt" >= ${this.time(from)} AND l."createdAt" <= ${this.time(to)}
        AND o."status" NOT IN (${join([...unsoldStatuses])})
      GROUP BY l."storeId", l."currency"`;
    return rows.map((row) => ({ storeId: count(row.storeId), currency: String(row.currency), orders: count(row.orders), units: count(row.units), revenueMinor: count(row.revenue) }));
  }

  async storeNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.store.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
