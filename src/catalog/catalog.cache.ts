// An in-process cache of catalog records (products, SKUs, links, media), shared by all requests.
// It follows the catalog's changes (catalog-changes.ts): an import drops everything, a stock change
// the entries of the products it touched; a load begun before such a change is not kept.
//
// Bounded by bytes, not entries alone: one least-recently-used cache (lru-cache) holds every kind
// of entry under an estimated size, so no caller can grow the heap past `maxBytes`. Only what
// exists is kept: a miss (an id or slug that names nothing) is never cached, since its key is the
// caller's choice. While the database is away the cache goes on answering what it holds.
import { LRUCache } from 'lru-cache';
import type { CatalogChanges, ChangeClock } from './catalog-changes.js';
import type { MediaRecord, ProductRecord, SkuRecord } from './catalog.model.js';

type Entry = ProductRecord | SkuRecord[] | number[] | MediaRecord;

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
  /** Entries in all; 0 turns the cache off. */
  maxEntries: number;
  /** Estimated bytes in all; 0 turns the cache off. Default 48 MiB. */
  maxBytes?: number;
}

/**
 * A value's size in bytes, estimated from its JSON text (two bytes a character, as V8 keeps
 * most strings) plus a fixed overhead per entry; good to a small factor, which is what a byte
 * bound needs.
 */
function estimatedBytes(value: Entry, key: string): number {
  return 2 * (JSON.stringify(value).length + key.length) + 200;
}

export class CatalogCache {
  readonly products: CacheSpace<number, ProductRecord>;
  readonly skus: CacheSpace<number, SkuRecord[]>;
  readonly productIdsOfMedia: CacheSpace<number, number[]>;
  readonly similarIds: CacheSpace<number, number[]>;
  readonly media: CacheSpace<string, MediaRecord>;
  private readonly store: LRUCache<string, Entry> | null;
  private readonly counts = { hits: 0, misses: 0 };

  constructor(changes: CatalogChanges, options: CatalogCacheOptions) {
    const maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
    this.store =
      options.maxEntries > 0 && maxBytes > 0
        ? new LRUCache<string, Entry>({ max: options.maxEntries, maxSize: maxBytes, sizeCalculation: estimatedBytes })
        : null;
    const space = <K extends string | number, V extends Entry>(prefix: string, byProduct: boolean) =>
      new CacheSpace<K, V>(this.store, prefix, this.counts, changes, byProduct);
    this.products = space('p:', true);
    this.skus = space('s:', true);
    this.productIdsOfMedia = space('m:', false);
    this.similarIds = space('r:', false);
    this.media = space('M:', false);
    changes.subscribe({
      changed: (productIds) => {
        for (const id of productIds) {
          this.products.delete(id);
          this.skus.delete(id);
        }
      },
      cleared: () => this.store?.clear(),
    });
  }

  get enabled(): boolean {
    return this.store !== null;
  }

  stats(): CacheStats {
    return {
      hits: this.counts.hits,
      misses: this.counts.misses,
      bytes: this.store?.calculatedSize ?? 0,
      entries: this.store?.size ?? 0,
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
