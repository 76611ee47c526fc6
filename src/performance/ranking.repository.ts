// The ranking of media items (docs/analytics.md, "The ranking"): every media item of the catalog,
// and every deleted one with figures in the window, with its impressions and hotspot openings (the
// event counts of the hours the window touches), its carts and its orders, sorted in the database
// by one of them (most first, then by id) and paged by keyset: a page after (value, id) is the
// rows below it in that order. Revenue is read for the page's items only.
import type { Db } from '../db/database.js';
import { dialectOf, type Dialect } from '../db/dialect.js';
import type { RowReader } from '../db/reader.js';
import { count, storedTime, timePlaceholder, unsoldStatuses } from './performance.repository.js';
import type { MediaFigures, RankingSort } from './performance.model.js';

/** A media item's figures as the ranking's statement reads them: revenue comes after, for a page. */
export type RankedRow = Omit<MediaFigures, 'revenue'>;

export interface RankingWindow {
  from: Date;
  to: Date;
  fromHour: number;
  toHour: number;
}

/** Where a page starts: after this value of the sort and this media id. */
export interface RankingKey {
  value: number;
  mediaId: number;
}

/** The column of each sort (a fixed list: never text from a request). */
const sortColumns: Record<RankingSort, string> = {
  impressions: 'impressions',
  hotspot_opens: 'hotspotOpens',
  carts: 'carts',
  orders: 'orders',
};

/** Media ids per revenue read are padded to one of these counts, so that few statement texts are prepared. */
const idCounts = [1, 4, 16, 101];

function statements(dialect: Dialect) {
  const time = timePlaceholder(dialect);
  const int = dialect === 'postgresql' ? 'CAST(? AS INTEGER)' : '?';
  const bigint = dialect === 'postgresql' ? 'CAST(? AS BIGINT)' : '?';
  const unsold = unsoldStatuses.map((status) => `'${status}'`).join(', ');
  const ranked =
    'WITH "eventFigures" AS (SELECT "mediaId", ' +
    `SUM(CASE WHEN "type" = 'impression' THEN "count" ELSE 0 END) AS "impressions", ` +
    `SUM(CASE WHEN "type" = 'hotspot_open' THEN "count" ELSE 0 END) AS "opens" ` +
    `FROM "PlayerEventCount" WHERE "hour" >= ${int} AND "hour" <= ${int} GROUP BY "mediaId"), ` +
    '"cartFigures" AS (SELECT "mediaId", COUNT(DISTINCT "cartId") AS "carts" FROM "CartLine" ' +
    `WHERE "mediaId" IS NOT NULL AND "attributedAt" >= ${time} AND "attributedAt" <= ${time} GROUP BY "mediaId"), ` +
    '"orderFigures" AS (SELECT l."mediaId", COUNT(*) AS "orders" FROM (SELECT "orderId", "mediaId" FROM "OrderLine" ' +
    `WHERE "mediaId" IS NOT NULL AND "createdAt" >= ${time} AND "createdAt" <= ${time} ` +
    'GROUP BY "orderId", "mediaId") l JOIN "Order" o ON o."id" = l."orderId" ' +
    `WHERE o."status" NOT IN (${unsold}) GROUP BY l."mediaId"), ` +
    '"allMedia" AS (SELECT "id", "type", "slug", 0 AS "deleted" FROM "Media" ' +
    'UNION ALL SELECT "id", "type", "slug", 1 AS "deleted" FROM "DeletedMedia"), ' +
    '"ranked" AS (SELECT m."id", m."type", m."slug", m."deleted", ' +
    'COALESCE(e."impressions", 0) AS "impressions", COALESCE(e."opens", 0) AS "hotspotOpens", ' +
    'COALESCE(c."carts", 0) AS "carts", COALESCE(o."orders", 0) AS "orders" FROM "allMedia" m ' +
    'LEFT JOIN "eventFigures" e ON e."mediaId" = m."id" LEFT JOIN "cartFigures" c ON c."mediaId" = m."id" ' +
    'LEFT JOIN "orderFigures" o ON o."mediaId" = m."id" ' +
    'WHERE m."deleted" = 0 OR e."mediaId" IS NOT NULL OR c."mediaId" IS NOT NULL OR o."mediaId" IS NOT NULL) ' +
    'SELECT * FROM "ranked" ';
  const page = (sort: RankingSort, after: boolean) => {
    const column = `"${sortColumns[sort]}"`;
    const below = after ? `WHERE ${column} < ${bigint} OR (${column} = ${bigint} AND "id" > ${int}) ` : '';
    return `${ranked}${below}ORDER BY ${column} DESC, "id" ASC LIMIT ${int}`;
  };
  return {
    page,
    revenue: (ids: number) =>
      'SELECT l."mediaId", l."currency", SUM(l."revenue") AS "revenue" FROM (SELECT "orderId", "mediaId", ' +
      '"currency", SUM("lineTotalMinor") AS "revenue" FROM "OrderLine" ' +
      `WHERE "mediaId" IN (${Array(ids).fill(int).join(', ')}) ` +
      `AND "createdAt" >= ${time} AND "createdAt" <= ${time} GROUP BY "orderId", "mediaId", "currency") l ` +
      `JOIN "Order" o ON o."id" = l."orderId" WHERE o."status" NOT IN (${unsold}) GROUP BY l."mediaId", l."currency"`,
  };
}

export class RankingRepository {
  private readonly dialect: Dialect;
  private readonly sql: ReturnType<typeof statements>;

  constructor(
    db: Db,
    private readonly reader: RowReader,
  ) {
    this.dialect = dialectOf(db);
    this.sql = statements(this.dialect);
  }

  /** `limit` media items in the order of `sort`, after `after` when given. */
  async page(window: RankingWindow, sort: RankingSort, after: RankingKey | null, limit: number): Promise<RankedRow[]> {
    const from = storedTime(this.dialect, window.from);
    const to = storedTime(this.dialect, window.to);
    const keyset = after ? [after.value, after.value, after.mediaId] : [];
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.page(sort, after !== null), [
      window.fromHour,
      window.toHour,
      from,
      to,
      from,
      to,
      ...keyset,
      limit,
    ]);
    return rows.map((row) => ({
      mediaId: count(row.id),
      kind: row.type === 'video' ? 'video' : 'image',
      slug: String(row.slug),
      deleted: count(row.deleted) === 1,
      impressions: count(row.impressions),
      hotspotOpens: count(row.hotspotOpens),
      carts: count(row.carts),
      orders: count(row.orders),
    }));
  }

  /** The line totals of the orders (neither cancelled nor failed) of these media items, per currency. */
  async revenue(
    window: RankingWindow,
    mediaIds: readonly number[],
  ): Promise<{ mediaId: number; currency: string; revenueMinor: number }[]> {
    if (mediaIds.length === 0) return [];
    const size = idCounts.find((each) => each >= mediaIds.length) ?? mediaIds.length;
    const ids = [...mediaIds, ...Array<number>(size - mediaIds.length).fill(mediaIds[0]!)];
    const rows = await this.reader.all<Record<string, unknown>>(this.sql.revenue(size), [
      ...ids,
      storedTime(this.dialect, window.from),
      storedTime(this.dialect, window.to),
    ]);
    return rows.map((row) => ({
      mediaId: count(row.mediaId),
      currency: String(row.currency),
      revenueMinor: count(row.revenue),
    }));
  }
}
