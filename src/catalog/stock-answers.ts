// The catalog's part in a write that moves stock (events/stock-events.ts): its stored REST answers
// show each SKU's stock. In the write's transaction, before the stock rows change, it locks the
// SKUs' products (so that the texts it writes are made of what other writers committed), and
// reads their rows behind the write's stock statements. Just before the commit, after every move
// of the write, it rewrites their answers from those rows (product-answer.repository.ts), in the
// order of the moves (a later move of the same products writes theirs again, from its own read),
// and records the change (catalog-version.repository.ts). Once committed, this process's caches
// drop what held those products at once (read your own writes, whatever CATALOG_CACHE_TTL_MS).
import type { DbClient, Prisma } from '../db/database.js';
import { placeholders } from '../db/sql-executor.js';
import type { UnitOfWork } from '../db/transaction.js';
import { sqlOf } from '../db/tx-sql.js';
import type { StockHandler, StockMove } from '../events/stock-events.js';
import { CatalogRepository } from './catalog.repository.js';
import { recordStockChange, type RecordedStockChange, type StockChange } from './catalog-version.repository.js';
import { writeProductAnswers, type AnswerSources } from './product-answer.repository.js';

/** What in this process learns of a committed stock change (the catalog's caches). */
export interface StockChangeListener {
  stockChanged(change: StockChange): void | Promise<void>;
}

export class StockAnswers implements StockHandler {
  constructor(private readonly listener: StockChangeListener) {}

  stockMoving(tx: Prisma.TransactionClient, unitOfWork: UnitOfWork, skuIds: readonly number[]): StockMove {
    const locked = lockProductsOfSkus(tx, skuIds);
    // The products' and SKUs' rows, read behind the stock statements (in the same write on
    // PostgreSQL): what their answers are written from just before the commit.
    let read: Promise<AnswerSources> | null = null;
    let change: RecordedStockChange | null = null;
    unitOfWork.beforeCommit(async (committing) => {
      change = await writeAnswersOfProducts(committing, await locked, (await read) ?? undefined);
    });
    unitOfWork.afterCommit(async () => {
      if (change) await this.listener.stockChanged({ ...change, version: await change.version });
    });
    return {
      locked: locked.then(() => undefined),
      moved: () => {
        read = new CatalogRepository(tx).productsOfSkus(skuIds);
        // A write refused before its commit never asks for them.
        read.catch(() => undefined);
      },
    };
  }
}

/**
 * Before stock of these SKUs changes: locks their products' rows as catalog-bulk.repository's
 * lockProducts does, so that the texts written after the change are made of what other writers
 * committed. Answers the product ids, for writeAnswersOfProducts.
 */
export async function lockProductsOfSkus(db: DbClient, skuIds: readonly number[]): Promise<number[]> {
  if (skuIds.length === 0) return [];
  const ids = [...new Set(skuIds)];
  const sql = sqlOf(db);
  const products = `SELECT DISTINCT "productId" FROM "Sku" WHERE "id" IN (${placeholders(ids.length)})`;
  // PostgreSQL: the rows locked by the same statement, in id order, as lockProducts locks them
  // (SQLite has one writer at a time). A cart's SKUs are few: one statement holds them all.
  const rows = await sql.all<{ productId: number }>(
    sql.dialect === 'postgresql'
      ? `SELECT "id" AS "productId" FROM "Product" WHERE "id" IN (${products}) ORDER BY "id" FOR UPDATE`
      : products,
    ids,
  );
  return rows.map((row) => Number(row.productId));
}

/**
 * After their stock changed (their rows locked by lockProductsOfSkus): rewrites the products'
 * answers (from `read` when given: their rows read since the change) and records the change
 * (catalog-version.repository.ts). Null when there were none.
 */
export async function writeAnswersOfProducts(
  db: DbClient,
  productIds: readonly number[],
  read?: AnswerSources,
): Promise<RecordedStockChange | null> {
  if (productIds.length === 0) return null;
  // On PostgreSQL the texts and the change's record leave with the COMMIT (db/pg-pipeline.ts).
  await writeProductAnswers(db, productIds, { later: true, read });
  return recordStockChange(db, productIds);
}
