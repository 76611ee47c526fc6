// Whole answers as they were sent (REST catalog routes and catalog-only GraphQL queries), each
// with the products it was made of, kept until the catalog changes under them: it follows the
// catalog's changes (catalog/catalog-changes.ts), an import dropping everything and a stock change
// the answers holding a product it touched. An answer that knows where it shows SKU quantities
// (catalog/stock-marks.ts) is not dropped by a stock change, the only change that leaves the rest
// of an answer as it was: the quantities of the products that changed are read again and
// rewritten in its bytes when it is next asked for. The bytes live outside the V8 heap, bounded by
// their exact size; the index of which answers hold which product is heap, bounded by `maxProducts`.
import { LRUCache } from 'lru-cache';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import type { CacheStats } from '../catalog/catalog.cache.js';
import { restocked, type StockHoles } from '../catalog/stock-marks.js';
import { contentTag } from '../rest/responses.js';

/** An answer's ETag: a digest of its bytes, so it moves only when the answer does. */
export const etagOf = (body: string | Buffer) => `W/"${contentTag(body)}"`;

/** A whole answer as it was sent: its bytes, their content type and (REST) its ETag. */
export interface KeptAnswer {
  body: Buffer;
  type: string;
  etag?: string;
}

/**
 * A kept answer and the products it contains: dropped when one of them changes, unless it knows
 * where it shows their quantities (then those products are `stale` until it is restocked).
 */
interface HeldAnswer extends KeptAnswer {
  productIds: readonly number[];
  stock?: StockHoles;
  stale?: Set<number>;
  /** The restock under way, begun at `since`: later requests share it while it is not behind. */
  restocking?: { since: number; answer: Promise<KeptAnswer | undefined> };
}

/** The current quantities of the SKUs of these products, by SKU id. */
export type ReadQuantities = (productIds: number[]) => Promise<ReadonlyMap<number, number>>;

export interface AnswerCacheOptions {
  /** Answers in all; 0 keeps none. */
  maxEntries: number;
  /** Bytes of answers in all; 0 keeps none. Default 256 MiB. */
  maxBytes?: number;
  /**
   * Product ids the index may hold in all, counted once per answer (about 40 bytes of heap an id,
   * outside the answers' budget): beyond it the least recently used answers go. Default 500,000.
   */
  maxProducts?: number;
  /** Reads quantities for answers that know where they show them; without it such answers are dropped too. */
  quantities?: ReadQuantities;
}

export class AnswerCache {
  private readonly answers: LRUCache<string, HeldAnswer> | null;
  /** The keys of the kept answers that contain each product. */
  private readonly answersOf = new Map<number, Set<string>>();
  /** Ids held by answersOf, counted once per answer that holds them. */
  private indexed = 0;
  private readonly maxProducts: number;
  private readonly counts = { hits: 0, misses: 0 };
  /** Answers dropped because a product they show changed (or the whole catalog did). */
  private droppedAnswers = 0;
  /** Answers whose quantities were rewritten after a stock change. */
  private restockedAnswers = 0;
  private readonly quantities: ReadQuantities | undefined;

  constructor(
    private readonly changes: CatalogChanges,
    options: AnswerCacheOptions,
  ) {
    const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.maxProducts = options.maxProducts ?? 500_000;
    this.quantities = options.quantities;
    this.answers =
      options.maxEntries > 0 && maxBytes > 0
        ? new LRUCache<string, HeldAnswer>({
            max: options.maxEntries,
            maxSize: maxBytes,
            sizeCalculation: (answer, key) =>
              answer.body.byteLength +
              2 * key.length +
              8 * answer.productIds.length +
              16 * (answer.stock?.skuIds.length ?? 0) +
              200,
            // However it leaves (evicted, replaced, dropped), an answer leaves the index too.
            dispose: (answer, key) => this.unindex(key, answer.productIds),
          })
        : null;
    changes.subscribe({ changed: (productIds) => this.drop(productIds), cleared: () => this.clear() });
  }

  get enabled(): boolean {
    return this.answers !== null;
  }

  /** The moment a read of an answer to keep begins (see keep). */
  stamp(): number {
    return this.changes.stamp();
  }

  /**
   * The answer kept for `key`, if any; a promise when its quantities are to be read again first
   * (undefined then if they cannot be: the request makes its answer as if none were kept).
   */
  get(key: string): KeptAnswer | Promise<KeptAnswer | undefined> | undefined {
    if (!this.answers) return undefined;
    const answer = this.answers.get(key);
    if (answer === undefined) this.counts.misses += 1;
    else this.counts.hits += 1;
    if (!answer?.stale) return answer;
    // One read of the quantities for every request that comes while it runs, unless a product of
    // the answer changed since it began (a request after a commit sees that commit).
    const pending = answer.restocking;
    if (pending && this.changes.keeps(pending.since, [...answer.stale])) return pending.answer;
    const since = this.changes.stamp();
    const restocking = { since, answer: this.restock(key, answer, since) };
    answer.restocking = restocking;
    void restocking.answer.finally(() => {
      if (answer.restocking === restocking) answer.restocking = undefined;
    });
    return restocking.answer;
  }

  /**
   * Keeps an answer read from `since` on, containing these products, unless one of them (or the
   * whole catalog) changed since: it is dropped when one of them changes, unless `stock` says where
   * it shows quantities (then a stock change has them read again).
   */
  keep(key: string, answer: KeptAnswer, productIds: Iterable<number>, since: number, stock?: StockHoles): void {
    if (!this.answers) return;
    const ids = [...new Set(productIds)];
    if (ids.length > this.maxProducts || !this.changes.keeps(since, ids)) return;
    const mendable = stock !== undefined && this.quantities !== undefined;
    this.answers.set(key, { ...answer, productIds: ids, ...(mendable ? { stock } : {}) });
    // Set may have refused it (larger than the budget): index only what is held.
    if (!this.answers.has(key)) return;
    for (const id of ids) {
      const keys = this.answersOf.get(id);
      if (keys) keys.add(key);
      else this.answersOf.set(id, new Set([key]));
    }
    this.indexed += ids.length;
    while (this.indexed > this.maxProducts && this.answers.pop() !== undefined);
  }

  stats(): CacheStats {
    return {
      ...this.counts,
      bytes: this.answers?.calculatedSize ?? 0,
      entries: this.answers?.size ?? 0,
    };
  }

  /** How many kept answers were dropped because the catalog changed under them (not evicted). */
  get dropped(): number {
    return this.droppedAnswers;
  }

  /** How many kept answers had their quantities rewritten after a stock change. */
  get restockedCount(): number {
    return this.restockedAnswers;
  }

  private drop(productIds: readonly number[]): void {
    for (const id of productIds) {
      const keys = this.answersOf.get(id);
      if (!keys) continue;
      for (const key of [...keys]) {
        const answer = this.answers?.peek(key);
        if (answer?.stock) {
          // Only its quantities can have changed: those of this product's SKUs, if it shows any.
          if (answer.stock.productIds.includes(id)) (answer.stale ??= new Set()).add(id);
        } else if (this.answers?.delete(key)) this.droppedAnswers += 1;
      }
    }
  }

  /**
   * The answer with the quantities of its stale products read again and written in; kept so when
   * none of them changed again meanwhile. Undefined when they cannot be read (the request then
   * makes its own answer) or a SKU is gone (the answer is dropped).
   */
  private async restock(key: string, answer: HeldAnswer, since: number): Promise<KeptAnswer | undefined> {
    const products = new Set(answer.stale);
    let quantities: ReadonlyMap<number, number>;
    try {
      quantities = await this.quantities!([...products]);
    } catch {
      return undefined;
    }
    const mended = restocked(answer.body, answer.stock!, products, quantities);
    if (!mended) {
      if (this.answers?.peek(key) === answer && this.answers.delete(key)) this.droppedAnswers += 1;
      return undefined;
    }
    const fresh: HeldAnswer = {
      ...answer,
      body: mended.body,
      // A REST answer's tag moves with its bytes.
      ...(answer.etag === undefined ? {} : { etag: etagOf(mended.body) }),
      stock: mended.holes,
      stale: undefined,
      restocking: undefined,
    };
    if (this.answers?.peek(key) === answer && this.changes.keeps(since, [...products])) {
      const left = [...answer.stale!].filter((id) => !products.has(id));
      if (left.length > 0) fresh.stale = new Set(left);
      // The same products: the index stays as it is.
      this.answers.set(key, fresh, { noDisposeOnSet: true });
      this.restockedAnswers += 1;
    }
    return fresh;
  }

  private clear(): void {
    this.droppedAnswers += this.answers?.size ?? 0;
    this.answers?.clear();
    this.answersOf.clear();
    this.indexed = 0;
  }

  private unindex(key: string, productIds: readonly number[]): void {
    this.indexed -= productIds.length;
    for (const id of productIds) {
      const keys = this.answersOf.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.answersOf.delete(id);
    }
  }
}
