// Stock moves: a write that changes the stock of SKUs (a submit takes it, an order cancelled or
// failed gives it back) says so on its transaction, and whoever shows stock does its part there
// without the write knowing it: the catalog, whose stored answers show each SKU's stock
// (catalog/stock-answers.ts, registered by services.ts). The write says it before it changes any
// stock, where it takes its locks, so that what a handler locks (the products' rows) every writer
// locks before the stock rows, in one order (two submits never wait on each other crosswise). The
// handler leaves on the unit of work what it does just before the commit (in the same transaction:
// atomic with the stock) and after it; a rollback runs neither.
import type { Prisma } from '../db/database.js';
import type { UnitOfWork } from '../db/transaction.js';

export interface StockHandler {
  /**
   * In the write's transaction, before the stock of `skuIds` moves: takes the locks that come
   * before the stock rows', and leaves its work on `unitOfWork` (beforeCommit, afterCommit).
   */
  stockMoving(tx: Prisma.TransactionClient, unitOfWork: UnitOfWork, skuIds: readonly number[]): Promise<void>;
}

export class StockEvents {
  private readonly handlers: StockHandler[] = [];

  /** The composition root registers each handler once, before the first write. */
  handle(handler: StockHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Says, in a write's transaction, that the stock of these SKUs is about to move: call it before
   * the first statement that changes their stock.
   */
  async moving(tx: Prisma.TransactionClient, unitOfWork: UnitOfWork, skuIds: readonly number[]): Promise<void> {
    if (skuIds.length === 0) return;
    for (const handler of this.handlers) await handler.stockMoving(tx, unitOfWork, skuIds);
  }
}
