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
   * before the stock rows', and leaves its work on `unitOfWork` (beforeCommit, afterCommit). Its
   * locking statements are begun before its first await (StockEvents.moving).
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
   * the first statement that changes their stock is begun. Every handler's statements are begun by
   * the time it answers, in the order the handlers were registered, so the write may begin its
   * stock statements before awaiting it (the server runs a transaction's statements in the order
   * they are begun).
   */
  async moving(tx: Prisma.TransactionClient, unitOfWork: UnitOfWork, skuIds: readonly number[]): Promise<void> {
    if (skuIds.length === 0) return;
    await Promise.all(this.handlers.map((handler) => handler.stockMoving(tx, unitOfWork, skuIds)));
  }
}
