// Whole answers as they were sent (REST catalog routes and catalog-only GraphQL queries), each
// with the products it was made of, kept until the catalog changes under them: it follows the
// catalog's changes (catalog/catalog-changes.ts), an import dropping everything and a stock change
// the answers holding a product it touched. The bytes live outside the V8 heap, bounded by their
// exact size; the index of which answers hold which product is heap, bounded by `maxProducts`.
import { LRUCache } from 'lru-cache';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import type { CacheStats } from '../catalog/catalog.cache.js';

/** A whole answer as it was sent: its bytes, their content type and (REST) its ETag. */
export interface KeptAnswer {
  body: Buffer;
  type: string;
  etag?: string;
}

/** A kept answer and the products it contains (dropped when one of them changes). */
interface HeldAnswer extends KeptAnswer {
  productIds: readonly number[];
}

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

  constructor(
    private readonly changes: CatalogChanges,
    options: AnswerCacheOptions,
  ) {
    const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.maxProducts = options.maxProducts ?? 500_000;
    this.answers =
      options.maxEntries > 0 && maxBytes > 0
        ? new LRUCache<string, HeldAnswer>({
            max: options.maxEntries,
            maxSize: maxBytes,
            sizeCalculation: (answer, key) =>
              answer.body.byteLength + 2 * key.length + 8 * answer.productIds.length + 200,
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

  /** The answer kept for `key`, if any. */
  get(key: string): KeptAnswer | undefined {
    if (!this.answers) return undefined;
    const answer = this.answers.get(key);
    if (answer === undefined) this.counts.misses += 1;
    else this.counts.hits += 1;
    return answer;
  }

  /**
   * Keeps an answer read from `since` on, containing these products, unless one of them (or the
   * whole catalog) changed since: it is dropped when one of them changes.
   */
  keep(key: string, answer: KeptAnswer, productIds: Iterable<number>, since: number): void {
    if (!this.answers) return;
    const ids = [...new Set(productIds)];
    if (ids.length > this.maxProducts || !this.changes.keeps(since, ids)) return;
    this.answers.set(key, { ...answer, productIds: ids });
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

  private drop(productIds: readonly number[]): void {
    for (const id of productIds) {
      const keys = this.answersOf.get(id);
      if (!keys) continue;
      for (const key of [...keys]) if (this.answers?.delete(key)) this.droppedAnswers += 1;
    }
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
