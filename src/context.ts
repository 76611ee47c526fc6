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
  extends CatalogContext, CallerContext, IdempotencyContext, CostContext, StockMarksContext {
  /** The GraphQL result Apollo is to send: its data is let go of in release(). */
  sending(result: { data?: unknown }): void;
  /**
   * Once the answer is sent: lets go of the loaders (and the records they hold) and of the data of
   * the result it was sending, for whatever still holds this context until the next full collection
   * (http/graphql.plugin.ts). A read after it makes new loaders.
   */
  release(): void;
}

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
  return new Context(catalogRepository, catalogCache, caller, maxAnswerObjects);
}

/**
 * A class, not an object literal with getters: a literal's getters are new closures for every
 * request, so every context got a hidden class of its own, and that (in the old generation) held
 * its getters, their scope and the request through every young-generation collection until the
 * next full one. Under cold product reads that promoted about 1.3 MB a collection (now about
 * 0.2 MB) and cost about a fifth of the CPU time of a request.
 */
class Context implements RequestContext {
  readonly productsRead = new Set<number>();
  stockMarks: RequestContext['stockMarks'] = null;
  /** Set by GraphQL's cost check: declared here so that every context keeps one shape. */
  graphqlCost: RequestContext['graphqlCost'] = undefined;
  readonly principal: Caller['principal'];
  readonly idempotencyScope: string;
  /**
   * The loaders, made at the first read, the context they belong to, and the result being sent:
   * Apollo hands its plugins and executor a copy of the context (Object.create and its fields
   * assigned), which must share these.
   */
  private readonly made: {
    context: Context;
    loaders: CatalogLoaders | undefined;
    sending: { data?: unknown } | undefined;
  };

  constructor(
    private readonly catalogRepository: CatalogRepository,
    private readonly catalogCache: CatalogCache,
    private readonly caller: Caller,
    private readonly maxAnswerObjects: number,
  ) {
    this.principal = caller.principal;
    this.idempotencyScope = caller.idempotencyScope;
    this.made = { context: this, loaders: undefined, sending: undefined };
  }

  get idempotentWrite() {
    return this.caller.idempotentWrite();
  }

  sending(result: { data?: unknown }): void {
    this.made.sending = result;
  }

  release(): void {
    const made = this.made;
    made.loaders = undefined;
    if (made.sending) made.sending.data = undefined;
    made.sending = undefined;
  }

  get loaders(): CatalogLoaders {
    const made = this.made;
    made.loaders ??= createCatalogLoaders(
      this.catalogRepository,
      this.catalogCache,
      this.productsRead,
      new AnswerBudget(this.maxAnswerObjects),
      // For an answer the answer cache keeps: SKUs whose quantities are read as marks.
      () => {
        const marks = made.context.stockMarks;
        return marks?.active ? (sku) => marks.mark(sku) : null;
      },
    );
    return made.loaders;
  }
}
