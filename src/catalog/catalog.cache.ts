// An in-process cache of catalog reads (records, SKUs, links), shared by all requests. Catalog
// data changes only through imports, which bump CatalogMeta.version; the cache compares that
// version at most once per `ttlMs` and drops everything when it moved. So an import is seen by
// every process within ttlMs. Bounded: each map keeps at most `maxEntries` (oldest dropped).
import type { CatalogRepository } from './catalog.repository.js';
import type { MediaRecord, ProductRecord, SkuRecord } from './catalog.model.js';

/** A Map that forgets its oldest entries past a size. */
class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    if (this.max === 0) return;
    if (this.entries.size >= this.max && !this.entries.has(key)) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface CatalogCacheOptions {
  /** How stale the cache may be after an import in another process (0: check every request). */
  ttlMs: number;
  /** Entries per map; 0 turns the cache off. */
  maxEntries: number;
}

export class CatalogCache {
  readonly products: BoundedMap<number, ProductRecord | null>;
  readonly skus: BoundedMap<number, SkuRecord[]>;
  readonly productIdsOfMedia: BoundedMap<number, number[]>;
  readonly similarIds: BoundedMap<number, number[]>;
  readonly media: BoundedMap<string, MediaRecord | null>;
  private version = -1;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly options: CatalogCacheOptions,
  ) {
    this.products = new BoundedMap(options.maxEntries);
    this.skus = new BoundedMap(options.maxEntries);
    this.productIdsOfMedia = new BoundedMap(options.maxEntries);
    this.similarIds = new BoundedMap(options.maxEntries);
    this.media = new BoundedMap(options.maxEntries);
  }

  get enabled(): boolean {
    return this.options.maxEntries > 0;
  }

  /** The catalog version the cached entries belong to (for ETags). */
  get currentVersion(): number {
    return this.version;
  }

  /** Whether the version was checked less than ttlMs ago. */
  isFresh(now = Date.now()): boolean {
    return this.version >= 0 && now - this.checkedAt < this.options.ttlMs;
  }

  /** Makes sure the cache belongs to the current catalog version (checked at most once per ttlMs). */
  fresh(now = Date.now()): Promise<void> | void {
    if (!this.enabled || this.isFresh(now)) return;
    this.checking ??= this.repository
      .version()
      .then((version) => {
        if (version !== this.version) this.clear();
        this.version = version;
        this.checkedAt = Date.now();
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  clear(): void {
    this.products.clear();
    this.skus.clear();
    this.productIdsOfMedia.clear();
    this.similarIds.clear();
    this.media.clear();
  }
}

/**
 * Batch loading through the cache: answers what it holds, asks `load` for the rest in one call,
 * keeps what comes back (misses as `missing`). Results in key order.
 */
export async function throughCache<K, V>(
  keys: readonly K[],
  cache: { get(key: K): V | undefined; set(key: K, value: V): void },
  load: (missing: K[]) => Promise<Map<K, V>>,
  missing: V,
): Promise<V[]> {
  const found = new Map<K, V>();
  const absent: K[] = [];
  for (const key of keys) {
    const value = cache.get(key);
    if (value === undefined) absent.push(key);
    else found.set(key, value);
  }
  if (absent.length > 0) {
    const loaded = await load([...new Set(absent)]);
    for (const key of absent) {
      const value = loaded.get(key) ?? missing;
      found.set(key, value);
      cache.set(key, value);
    }
  }
  return keys.map((key) => found.get(key) ?? missing);
}
