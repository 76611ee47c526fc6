// The catalog's versions: what in-process caches compare to know what they hold is behind.
// CatalogMeta row 1 counts imports (a move drops everything); rows 2 and up count stock changes,
// each move recorded in CatalogChange with the products it touched (a move drops only what holds
// those products).
import { timeParameter } from '../db/sql-executor.js';
import { sqlOf } from '../db/tx-sql.js';
import type { DbClient } from '../db/database.js';
import type { RowReader } from '../db/reader.js';
import { movedProducts, storedProductIds } from './catalog-moves.js';

/**
 * Rows of CatalogMeta that stock changes count in (ids 2 to 17): concurrent submits rarely wait on
 * the same row, and each row's moves are serialized by its lock, so its versions commit in order.
 */
const stockVersionRows = 16;

/** The import row of CatalogMeta. */
export const importRow = 1;

/** Moves of each stock row kept in CatalogChange; a process further behind on a row drops everything. */
export const keptChangesPerRow = 1000;

/** One stock change, as committed: the stock row it moved, to which version, and the products it touched. */
export interface StockChange {
  row: number;
  version: number;
  productIds: readonly number[];
}

/** One stock change as recorded in its transaction: its version is known once that has committed. */
export interface RecordedStockChange extends Omit<StockChange, 'version'> {
  version: Promise<number>;
}

/** Moves the import row in this transaction: every process drops everything it holds of the catalog. */
export async function bumpImportVersion(db: DbClient): Promise<void> {
  await db.catalogMeta.upsert({
    where: { id: importRow },
    create: { id: importRow, version: 1 },
    update: { version: { increment: 1 } },
  });
}

/**
 * Records in this transaction that these products' stock changed: moves one stock row (its lock
 * held to the commit) and writes which products that move touched. Now and then drops the moves of
 * that row too old to be asked for. Only for changes of SKUs' qtyAvailable: kept answers rewrite
 * just their quantities on such a change (catalog/stock-marks.ts); a change of anything
 * else must move the import row (bumpImportVersion) or drop what is kept (CatalogChanges.replaced).
 */
export async function recordStockChange(db: DbClient, productIds: readonly number[]): Promise<RecordedStockChange> {
  const row = 2 + Math.floor(Math.random() * stockVersionRows);
  const sql = sqlOf(db);
  const time = timeParameter(sql.dialect);
  const now = new Date();
  const changed = storedProductIds(productIds);
  // The row moved (parameters: row, now, now), and the move recorded from `values` (an upsert: a
  // move recorded by a database since put back must not make every later one fail).
  const move = `INSERT INTO "CatalogMeta" ("id", "version", "updatedAt") VALUES (?, 1, ${time})
    ON CONFLICT ("id") DO UPDATE SET "version" = "CatalogMeta"."version" + 1, "updatedAt" = ${time}
    RETURNING "version"`;
  const record = (values: string) => `INSERT INTO "CatalogChange" ("row", "version", "productIds", "createdAt")
    ${values} ON CONFLICT ("row", "version") DO UPDATE SET "productIds" = excluded."productIds"`;
  if (sql.dialect === 'postgresql') {
    // One statement, sent with the COMMIT (its version is wanted once committed): the row moved,
    // the move recorded, and at each hundredth version the row's moves too old to be asked for
    // dropped (the DELETE sees the table as it was before the statement: never the new move).
    const { rows } = await sql.laterRows<{ version: number }>(
      `WITH "moved" AS (${move}),
      "recorded" AS (${record(`SELECT ?, "version", ?, ${time} FROM "moved"`)} RETURNING "version"),
      "dropped" AS (
        DELETE FROM "CatalogChange" WHERE "row" = ?
          AND "version" <= (SELECT "version" - ${keptChangesPerRow} FROM "moved")
          AND (SELECT "version" % 100 FROM "moved") = 0
      )
      SELECT "version" FROM "recorded"`,
      [row, now, now, row, changed, now, row],
    );
    const version = rows.then(([moved]) => Number(moved!.version));
    version.catch(() => undefined);
    return { row, version, productIds };
  }
  const [moved] = await sql.all<{ version: number }>(move, [row, now, now]);
  const version = Number(moved!.version);
  await sql.later(record(`VALUES (?, ?, ?, ${time})`), [row, version, changed, now]);
  if (version % 100 === 0)
    await sql.later(`DELETE FROM "CatalogChange" WHERE "row" = ? AND "version" <= ?`, [
      row,
      version - keptChangesPerRow,
    ]);
  return { row, version: Promise.resolve(version), productIds };
}

/** The catalog's versions, and the shape the last import kept (as stored). */
export interface StoredVersions {
  /** Each row of CatalogMeta and its version (none before the first import or stock change). */
  rows: Map<number, number>;
  shape: unknown;
}

/**
 * Read through the catalog's reader (db/reader.ts): on PostgreSQL its pool is apart from the write
 * transactions', so that the check every request may wait on never queues behind them.
 */
export async function catalogRows(reader: RowReader): Promise<StoredVersions> {
  const rows = await reader.all<{ id: number | string; version: number | string; shape: string | null }>(
    'SELECT "id", "version", CAST("shape" AS TEXT) AS "shape" FROM "CatalogMeta"',
    [],
  );
  return {
    rows: new Map(rows.map((row) => [Number(row.id), Number(row.version)])),
    shape: rows.find((row) => Number(row.id) === importRow)?.shape ?? null,
  };
}

/** A stock row's moves asked for: those after version `after`, up to `upTo` included. */
export interface ChangeRange {
  row: number;
  after: number;
  upTo: number;
}

/**
 * The products each range's moves touched; null when a move of a range is no longer recorded (the
 * caller is too far behind and drops everything).
 */
export async function changedProducts(reader: RowReader, ranges: readonly ChangeRange[]): Promise<Set<number> | null> {
  if (ranges.length === 0) return new Set();
  const rows = await reader.all<{ productIds: string }>(
    `SELECT "productIds" FROM "CatalogChange" WHERE ${ranges
      .map(() => '("row" = ? AND "version" > ? AND "version" <= ?)')
      .join(' OR ')}`,
    ranges.flatMap(({ row, after, upTo }) => [row, after, upTo]),
  );
  const expected = ranges.reduce((sum, range) => sum + (range.upTo - range.after), 0);
  return movedProducts(
    rows.map((row) => row.productIds),
    expected,
  );
}

/**
 * The catalog version as one number: the sum of the rows (moved by every import and every stock
 * change; 0 before any).
 */
export async function catalogVersion(db: DbClient): Promise<number> {
  const { _sum } = await db.catalogMeta.aggregate({ _sum: { version: true } });
  return _sum.version ?? 0;
}
