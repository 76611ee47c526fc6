// The catalog's part in a write that moves stock (events/stock-events.ts): its stored REST answers
// show each SKU's stock. In the write's transaction, before the stock rows change, it locks the
// SKUs' products (so that the texts it writes are made of what other writers committed); just
// before the commit, after every move of the write, it rewrites their answers and records the
// change (product-answer.repository.ts); once committed, this process's caches drop what held
// those products at once (read your own writes, whatever CATALOG_CACHE_TTL_MS).
import type { Prisma } from '../db/database.js';
import type { UnitOfWork } from '../db/transaction.js';
import type { StockHandler } from '../events/stock-events.js';
import type { StockChange } from './catalog-version.repository.js';
import { lockProductsOfSkus, writeAnswersOfProducts } from './product-answer.repository.js';

/** What in this process learns of a committed stock change (the catalog's caches). */
export interface StockChangeListener {
  stockChanged(change: StockChange): void | Promise<void>;
}

export class StockAnswers implements StockHandler {
  constructor(private readonly listener: StockChangeListener) {}

  async stockMoving(tx: Prisma.TransactionClient, unitOfWork: UnitOfWork, skuIds: readonly number[]): Promise<void> {
    const products = await lockProductsOfSkus(tx, skuIds);
    let change: StockChange | null = null;
    unitOfWork.beforeCommit(async (committing) => {
      change = await writeAnswersOfProducts(committing, products);
    });
    unitOfWork.afterCommit(async () => {
      if (change) await this.listener.stockChanged(change);
    });
  }
}
