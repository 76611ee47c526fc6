// An in-process cache of catalog reads (records, SKUs, links), shared by all requests. Catalog
// data changes through imports and stock changes, which move the catalog version
// (catalog-version.repository.ts); the cache compares that version at most once per `ttlMs` and drops
// everything when it moved. So a change is seen by every process within ttlMs.
//
// Bounded by bytes, not entries alone: one least-recently-used cache (lru-cache) holds every
// kind of entry under an estimated size, so no caller can grow the heap past `maxBytes`. A second
// one holds whole answers as they were sent (bytes, outside the V8 heap, under their exact size and
// a budget of their own), so a warm answer costs a lookup and a write. Only
// what exists is kept: a miss (an id or slug that names nothing) is never cached, since its key
// is the caller's choice. While the database is away the cache goes on answering what it holds.
import { LRUCache } from 'lru-cache';
import { within } from '../timing.js';
import type { CatalogRepository } from './catalog.repository.js';
import type { MediaRecord, ProductRecord, SkuRecord } from './catalog.model.js';

type Entry = ProductRecord | SkuRecord[] | number[] | MediaRecord;

/** A whole answer as it was sent: its bytes and their content type. */
export interface KeptAnswer {
  body: Buffer;
  type: string;
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
  ) {}

  get(key: K): V | undefined {
    const value = this.store?.get(this.prefix + String(key)) as V | undefined;
    if (value === undefined) this.counts.misses += 1;
    else this.counts.hits += 1;
    return value;
  }

  has(key: K): boolean {
    return this.store?.has(this.prefix + String(key)) ?? false;
  }

  set(key: K, value: V): void {
    this.store?.set(this.prefix + String(key), value);
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
  private readonly answers: LRUCache<string, KeptAnswer> | null;
  private readonly counts = { hits: 0, misses: 0 };
  private version = -1;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  private checksBegun = 0;
  private checkApplied = 0;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly options: CatalogCacheOptions,
  ) {
    const maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
    const on = options.maxEntries > 0 && maxBytes > 0;
    this.store = on ? new LRUCache<string, Entry>({ max: options.maxEntries, maxSize: maxBytes, sizeCalculation: estimatedBytes }) : null;
    const answerMaxBytes = options.answerMaxBytes ?? 256 * 1024 * 1024;
    this.answers = on && answerMaxBytes > 0 ? new LRUCache<string, KeptAnswer>({ max: options.maxEntries, maxSize: answerMaxBytes, sizeCalculation: (answer, key) => answer.body.byteLength + 2 * key.length + 200 }) : null;
    const space = <K extends string | number, V extends Entry>(prefix: string) => new CacheSpace<K, V>(this.store, prefix, this.counts);
    this.products = space('p:');
    this.skus = space('s:');
    this.productIdsOfMedia = space('m:');
    this.similarIds = space('r:');
    this.media = space('M:');
  }

  get enabled(): boolean {
    return this.store !== null;
  }

  /** The catalog version the cached entries belong to (for ETags). */
  get currentVersion(): number {
    return this.version;
  }

  /** Whether the version was checked less than ttlMs ago. */
  isFresh(now = Date.now()): boolean {
    return this.version >= 0 && now - this.checkedAt < this.options.ttlMs;
  }

  /**
   * Makes sure the cache belongs to the current catalog version (checked at most once per ttlMs).
   * When the check fails or does not answer within staleAfterMs and the cache holds a version,
   * requests go on with what it holds (the next check comes a ttl later); with nothing held the
   * failure is the request's.
   */
  fresh(now = Date.now()): Promise<void> | void {
    // The version is tracked even with the cache off: it is the catalog answers' ETag, and asking
    // for it once per ttl instead of once per request spares a statement on every cold read.
    if (this.isFresh(now)) return;
    this.checking ??= this.check().finally(() => {
      this.checking = null;
    });
    if (this.version < 0) return this.checking;
    return within(this.checking, staleAfterMs).then((checked) => {
      if (!checked) this.checkedAt = Date.now();
    });
  }

  /**
   * Reads the version now, after a change this process committed (a submit, a cancelled order),
   * so that its next answers show it: read your own writes, whatever the ttl.
   */
  async refresh(): Promise<void> {
    await this.check();
  }

  /** The next request checks the version, whatever the ttl. */
  expire(): void {
    this.checkedAt = 0;
  }

  /**
   * One read of the version. Reads may overlap (a ttl check begun before a commit, a refresh
   * after it): only the latest begun is applied, so an older one never puts an older version back.
   */
  private async check(): Promise<void> {
    const ticket = (this.checksBegun += 1);
    const version = await this.repository.version();
    if (ticket < this.checkApplied) return;
    this.checkApplied = ticket;
    if (version !== this.version) this.clear();
    this.version = version;
    this.checkedAt = Date.now();
  }

  clear(): void {
    this.store?.clear();
    this.answers?.clear();
  }

  get keepsAnswers(): boolean {
    return this.answers !== null;
  }

  /** A whole answer as it was sent for `key`, while the catalog is still at `version`. */
  answer(version: number, key: string): KeptAnswer | undefined {
    if (!this.answers || version !== this.version) return undefined;
    const answer = this.answers.get(key);
    if (answer === undefined) this.counts.misses += 1;
    else this.counts.hits += 1;
    return answer;
  }

  /** Keeps an answer read at `version` (unless the catalog has moved on since). */
  keepAnswer(version: number, key: string, answer: KeptAnswer): void {
    if (version === this.version) this.answers?.set(key, answer);
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
    const loaded = await load([...new Set(absent)]);
    for (const [key, value] of loaded) {
      found.set(key, value);
      cache.set(key, value);
    }
  }
  return keys.map((key) => found.get(key) ?? missing);
}
