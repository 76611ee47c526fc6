// What one request carries through either API: per-request DataLoaders, created lazily so that
// routes which never read the catalog never build them.
import type { CatalogRepository } from './catalog/catalog.repository.js';
import { createCatalogLoaders, type CatalogContext, type CatalogLoaders } from './catalog/loaders.js';
import { AnswerBudget } from './catalog/answer-budget.js';
import type { CallerContext, Principal } from './security/api-keys.js';
import type { CatalogCache } from './catalog/catalog.cache.js';
import type { IdempotencyContext, IdempotentWrite } from './idempotency/idempotency.js';
import type { CostContext } from './graphql/limits.js';
import type { StockMarksContext } from './catalog/stock-marks.js';

/**
 * Every feature declares what it needs of a request (CatalogContext, CallerContext,
 * IdempotencyContext, CostContext); this is all of it, so that no feature imports the composition root.
 */
export interface RequestContext
  extends CatalogContext, CallerContext, IdempotencyContext, CostContext, StockMarksContext {}

export interface Caller {
  principal: Principal;
  idempotencyScope: string;
  idempotentWrite(): IdempotentWrite | null;
}

export function createRequestContext(
  catalogRepository: CatalogRepository,
  catalogCache: CatalogCache,
  caller: Caller,
  maxAnswerObjects: number,
): RequestContext {
  let loaders: CatalogLoaders | undefined;
  const productsRead = new Set<number>();
  const context: RequestContext = {
    productsRead,
    stockMarks: null,
    principal: caller.principal,
    idempotencyScope: caller.idempotencyScope,
    get idempotentWrite() {
      return caller.idempotentWrite();
    },
    get loaders() {
      loaders ??= createCatalogLoaders(
        catalogRepository,
        catalogCache,
        productsRead,
        new AnswerBudget(maxAnswerObjects),
        // For an answer the answer cache keeps: SKUs whose quantities are read as marks.
        () => {
          const marks = context.stockMarks;
          return marks?.active ? (sku) => marks.mark(sku) : null;
        },
      );
      return loaders;
    },
  };
  return context;
}
