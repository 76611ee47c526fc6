// An in-process cache of catalog reads (records, SKUs, links), shared by all requests. Catalog
// data changes through imports, which move the import row of the catalog's versions, and stock
// changes, which move a stock row and record the products they touched
// (catalog-version.repository.ts). The cache reads those rows at most once per `ttlMs`: an import
// drops everything; a stock change drops only the entries of the products it touched and the
// whole answers that contain one of them. So a change is seen by every process within ttlMs, and
// by the process that made it at once (stockChanged).
//
// Bounded by bytes, not entries alone: one least-recently-used cache (lru-cache) holds every
// kind of entry under an estimated size, so no caller can grow the heap past `maxBytes`. A second
// one holds whole answers as they were sent (bytes, outside the V8 heap, under their exact size and
// a budget of their own), each with the products it contains, so a warm answer costs a lookup and
// a write. Only what exists is kept: a miss (an id or slug that names nothing) is never cached,
// since its key is the caller's choice. While the database is away the cache goes on answering
// what it holds.
import { LRUCache } from 'lru-cache';
import { within } from '../timing.js';
import { importRow, type ChangeRange, type StockChange } from './catalog-version.repository.js';
import type { CatalogRepository } from './catalog.repository.js';
import type { CatalogShape, MediaRecord, ProductRecord, SkuRecord } from './catalog.model.js';
import { emptyShape, sameShape } from './catalog-shape.repository.js';

type Entry = ProductRecord | SkuRecord[] | number[] | MediaRecord;

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

/**
 * When each product last changed and when everything was last dropped, on a counter of the
 * process's own: a read begun before a change must not be kept after it.
 */
class ChangeClock {
  private now = 0;
  private clearedAt = 0;
  private readonly changedAt = new Map<number, number>();

  /** The moment a read begins. */
  stamp(): number {
    return this.now;
  }

  changed(productIds: Iterable<number>): void {
    this.now += 1;
    for (const id of productIds) this.changedAt.set(id, this.now);
  }

  cleared(): void {
    this.now += 1;
    this.clearedAt = this.now;
    this.changedAt.clear();
  }

  /** Whether what was read from `since` on may still be kept: nothing it holds changed since. */
  keeps(since: number, productIds: Iterable<number>): boolean {
    if (since < this.clearedAt) return false;
    for (const id of productIds) if ((this.changedAt.get(id) ?? 0) > since) return false;
    return true;
  }
}

export interface CacheStats {
  hits: number;
  misses: number;
  /** Estimated bytes held. */
  bytes: number;
  entries: number;
}

/** One kind of entry in the shared cache, keyed by `prefix` + key. */
export class CacheSpace<K extends string | number, V extends Entry> {
  constructor(
    private readonly store: LRUCache<string, Entry> | null,
    private readonly prefix: string,
    private readonly counts: { hits: number; misses: number },
    private readonly clock: ChangeClock,
    /** Whether the keys are product ids (entries a stock change of that product drops). */
    private readonly byProduct: boolean,
  ) {}

  /** The moment a load for this space begins (see set). */
  stamp(): number {
    return this.clock.stamp();
  }

  get(key: K): V | undefined {
    const value = this.store?.get(this.prefix + String(key)) as V | undefined;
    if (value === undefined) this.counts.misses += 1;
    else this.counts.hits += 1;
    return value;
  }

  has(key: K): boolean {
    return this.store?.has(this.prefix + String(key)) ?? false;
  }

  /** Keeps a value loaded from `since` on, unless what it was read from changed since. */
  set(key: K, value: V, since = this.clock.stamp()): void {
    if (this.clock.keeps(since, this.byProduct ? [Number(key)] : [])) this.store?.set(this.prefix + String(key), value);
  }

  delete(key: K): void {
    this.store?.delete(this.prefix + String(key));
  }
}

export interface CatalogCacheOptions {
  /** How stale the cache may be after an import in another process (0: check every request). */
  ttlMs: number;
  /** Entries in all; 0 turns the cache off. */
  maxEntries: number;
  /** Estimated bytes in all; 0 turns the cache off. Default 48 MiB. */
  maxBytes?: number;
  /** Bytes of whole answers kept as sent (outside the V8 heap); 0 keeps none. Default 256 MiB. */
  answerMaxBytes?: number;
  /**
   * Product ids the kept answers' index may hold in all, counted once per answer (it is heap,
   * about 40 bytes an id, outside the answers' budget): beyond it the least recently used answers
   * go. Default 500,000.
   */
  answerMaxProducts?: number;
}

/**
 * A value's size in bytes, estimated from its JSON text (two bytes a character, as V8 keeps
 * most strings) plus a fixed overhead per entry; good to a small factor, which is what a byte
 * bound needs.
 */
function estimatedBytes(value: Entry, key: string): number {
  return 2 * (JSON.stringify(value).length + key.length) + 200;
}

/** How long a request waits for the version check before answering from the cache as it is. */
const staleAfterMs = 250;

export class CatalogCache {
  readonly products: CacheSpace<number, ProductRecord>;
  readonly skus: CacheSpace<number, SkuRecord[]>;
  readonly productIdsOfMedia: CacheSpace<number, number[]>;
  readonly similarIds: CacheSpace<number, number[]>;
  readonly media: CacheSpace<string, MediaRecord>;
  private readonly store: LRUCache<string, Entry> | null;
  private readonly answers: LRUCache<string, HeldAnswer> | null;
  /** The keys of the kept answers that contain each product. */
  private readonly answersOf = new Map<number, Set<string>>();
  /** Ids held by answersOf, counted once per answer that holds them. */
  private indexed = 0;
  private readonly counts = { hits: 0, misses: 0 };
  private readonly clock = new ChangeClock();
  /** The catalog's versions this cache holds what it holds at (null: not read yet). */
  private rows: Map<number, number> | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  /**
   * The catalog's shape as of the versions held: that of an empty catalog when nothing was ever
   * imported; null while unknown (nothing read yet, or an import that kept none).
   */
  private heldShape: CatalogShape | null = null;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly options: CatalogCacheOptions,
  ) {
    const maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
    const on = options.maxEntries > 0 && maxBytes > 0;
    this.store = on
      ? new LRUCache<string, Entry>({ max: options.maxEntries, maxSize: maxBytes, sizeCalculation: estimatedBytes })
      : null;
    const answerMaxBytes = options.answerMaxBytes ?? 256 * 1024 * 1024;
    this.answers =
      on && answerMaxBytes > 0
        ? new LRUCache<string, HeldAnswer>({
            max: options.maxEntries,
            maxSize: answerMaxBytes,
            sizeCalculation: (answer, key) =>
              answer.body.byteLength + 2 * key.length + 8 * answer.productIds.length + 200,
            // However it leaves (evicted, replaced, dropped), an answer leaves the index too.
            dispose: (answer, key) => this.unindex(key, answer.productIds),
          })
        : null;
    const space = <K extends string | number, V extends Entry>(prefix: string, byProduct: boolean) =>
      new CacheSpace<K, V>(this.store, prefix, this.counts, this.clock, byProduct);
    this.products = space('p:', true);
    this.skus = space('s:', true);
    this.productIdsOfMedia = space('m:', false);
    this.similarIds = space('r:', false);
    this.media = space('M:', false);
  }

  get enabled(): boolean {
    return this.store !== null;
  }

  /** The catalog's shape as of the versions held (that of an empty catalog before the first read). */
  get shape(): CatalogShape | null {
    return this.heldShape;
  }

  /** Whether the versions were read less than ttlMs ago. */
  isFresh(now = Date.now()): boolean {
    return this.rows !== null && now - this.checkedAt < this.options.ttlMs;
  }

  /**
   * Makes sure the cache holds nothing older than the catalog's versions (read at most once per
   * ttlMs). When the read fails or does not answer within staleAfterMs and the cache holds
   * something, requests go on with what it holds (the next read comes a ttl later); with nothing
   * read yet the failure is the request's.
   */
  fresh(now = Date.now()): Promise<void> | void {
    if (this.isFresh(now)) return;
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    if (this.rows === null) return this.checking;
    return within(this.checking, staleAfterMs).then((checked) => {
      if (!checked) this.checkedAt = Date.now();
    });
  }

  /**
   * After this process committed a stock change (a submit, a cancelled order): drops what holds
   * those products at once, so that its next answers show it (read your own writes, whatever the
   * ttl). When the change directly follows the version this cache holds of its row, the next read
   * of the versions has nothing more to do for it.
   */
  stockChanged(change: StockChange): void {
    this.drop(change.productIds);
    if (this.rows?.get(change.row) === change.version - 1) this.rows.set(change.row, change.version);
  }

  /**
   * One read of the versions (never two at once: fresh() shares the one under way). The first
   * read drops whatever was loaded before it; an import since the last read drops everything;
   * stock changes drop the products they touched. This process's own changes may move a held
   * version while the read is under way (stockChanged): a row read behind what is held now is
   * behind only those, not gone back.
   */
  private async check(): Promise<void> {
    const before = this.rows === null ? null : new Map(this.rows);
    const { rows, shape } = await this.repository.catalogRows();
    // The same object while the sizes stay: what is worked out from it is kept as long.
    const known = shape ?? (rows.has(importRow) ? null : emptyShape);
    if (known === null || this.heldShape === null || !sameShape(this.heldShape, known)) this.heldShape = known;
    if (before === null || this.rows === null) {
      this.clear();
      this.rows = rows;
    } else if (
      (rows.get(importRow) ?? 0) !== (before.get(importRow) ?? 0) ||
      [...before.keys()].some((row) => !rows.has(row) || rows.get(row)! < before.get(row)!)
    ) {
      // An import, or a row gone missing or back (a database put back): nothing can be followed.
      this.clear();
      this.rows = rows;
    } else {
      const held = this.rows;
      const ranges: ChangeRange[] = [];
      for (const [row, version] of rows) {
        const after = held.get(row) ?? 0;
        if (row !== importRow && version > after) ranges.push({ row, after, upTo: version });
      }
      const changed = await this.repository.changedProducts(ranges);
      if (changed === null) this.clear();
      else this.drop(changed);
      for (const [row, version] of rows) if (version > (held.get(row) ?? 0)) held.set(row, version);
    }
    this.checkedAt = Date.now();
  }

  /** Drops every entry and kept answer of these products. */
  private drop(productIds: Iterable<number>): void {
    const ids = [...productIds];
    if (ids.length === 0) return;
    this.clock.changed(ids);
    for (const id of ids) {
      this.products.delete(id);
      this.skus.delete(id);
      const keys = this.answersOf.get(id);
      if (keys) for (const key of [...keys]) this.answers?.delete(key);
    }
  }

  clear(): void {
    this.clock.cleared();
    this.store?.clear();
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

  get keepsAnswers(): boolean {
    return this.answers !== null;
  }

  /** The moment a read of an answer to keep begins (see keepAnswer). */
  stamp(): number {
    return this.clock.stamp();
  }

  /** A whole answer kept for `key`. */
  answer(key: string): KeptAnswer | undefined {
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
  keepAnswer(key: string, answer: KeptAnswer, productIds: Iterable<number>, since: number): void {
    if (!this.answers) return;
    const ids = [...new Set(productIds)];
    const maxIndexed = this.options.answerMaxProducts ?? 500_000;
    if (ids.length > maxIndexed || !this.clock.keeps(since, ids)) return;
    this.answers.set(key, { ...answer, productIds: ids });
    // Set may have refused it (larger than the budget): index only what is held.
    if (!this.answers.has(key)) return;
    for (const id of ids) {
      const keys = this.answersOf.get(id);
      if (keys) keys.add(key);
      else this.answersOf.set(id, new Set([key]));
    }
    this.indexed += ids.length;
    while (this.indexed > maxIndexed && this.answers.pop() !== undefined);
  }

  stats(): CacheStats {
    return {
      hits: this.counts.hits,
      misses: this.counts.misses,
      bytes: (this.store?.calculatedSize ?? 0) + (this.answers?.calculatedSize ?? 0),
      entries: (this.store?.size ?? 0) + (this.answers?.size ?? 0),
    };
  }
}

/**
 * Batch loading through the cache: answers what it holds, asks `load` for the rest in one call,
 * keeps what comes back (a key `load` does not answer is `missing` and is not kept). Results in
 * key order.
 */
export async function throughCache<K extends string | number, V extends Entry, M>(
  keys: readonly K[],
  cache: CacheSpace<K, V>,
  load: (missing: K[]) => Promise<Map<K, V>>,
  missing: M,
): Promise<(V | M)[]> {
  const found = new Map<K, V>();
  const absent: K[] = [];
  for (const key of keys) {
    const value = cache.get(key);
    if (value === undefined) absent.push(key);
    else found.set(key, value);
  }
  if (absent.length > 0) {
    const since = cache.stamp();
    const loaded = await load([...new Set(absent)]);
    for (const [key, value] of loaded) {
      found.set(key, value);
      cache.set(key, value, since);
    }
  }
  return keys.map((key) => found.get(key) ?? missing);
}
