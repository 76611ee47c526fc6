// Stock moves: a write that changes the stock of SKUs (a submit takes it, an order cancelled or
// failed gives it back) says so on its transaction, and whoever shows stock does its part there
// without the write knowing it: the catalog, whose stored answers show each SKU's stock
// (catalog/stock-answers.ts, registered by services.ts). The write hands its stock statements to
// StockEvents.moving, which begins the handlers' locks before them and the handlers' reads of the
// moved stock after them: what a handler locks (the products' rows) every writer locks before the
// stock rows, in one order (two submits never wait on each other crosswise), and on PostgreSQL the
// locks, the stock and the reads leave in one write. The handler leaves on the unit of work what
// it does just before the commit (in the same transaction: atomic with the stock) and after it; a
// rollback runs neither.
import type { Prisma } from '../db/database.js';
import type { UnitOfWork } from '../db/transaction.js';

/** A handler's part in one move of stock: its locks, begun; and what it begins once the stock has moved. */
export interface StockMove {
  /** Settles once its locks are held (rejects as they fail). */
  locked: Promise<void>;
  /** Called once the write has begun every statement of the move (the server runs what it begins after them). */
  moved(): void;
}

export interface StockHandler {
  /**
   * In the write's transaction, before the stock of `skuIds` moves: begins the locks that come
   * before the stock rows' (before it answers), and leaves its work on `unitOfWork` (beforeCommit,
   * afterCommit).
   */
  stockMoving(tx: Prisma.TransactionClient, unitOfWork: UnitOfWork, skuIds: readonly number[]): StockMove;
}

export class StockEvents {
  private readonly handlers: StockHandler[] = [];

  /** The composition root registers each handler once, before the first write. */
  handle(handler: StockHandler): void {
    this.handlers.push(handler);
  }

  /**
   * Moves the stock of these SKUs in a write's transaction: `move` begins every statement that
   * changes their stock before it answers (its first await comes after the last is begun). Every
   * handler's locks are begun before them and its reads after them, in the order the handlers were
   * registered (the server runs a transaction's statements in the order they are begun). Answers
   * what `move` answers, once the handlers' locks are held too.
   */
  async moving<T>(
    tx: Prisma.TransactionClient,
    unitOfWork: UnitOfWork,
    skuIds: readonly number[],
    move: () => Promise<T>,
  ): Promise<T> {
    if (skuIds.length === 0) return move();
    const moves = this.handlers.map((handler) => handler.stockMoving(tx, unitOfWork, skuIds));
    const moved = move();
    for (const each of moves) each.moved();
    const [answer] = await Promise.all([moved, ...moves.map((each) => each.locked)]);
    return answer;
  }
}
