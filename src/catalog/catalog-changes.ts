// What changed in the catalog, as this process knows it: the catalog's versions
// (catalog-version.repository.ts), read at most once per `ttlMs`, and this process's own stock
// changes, told at once. Whatever keeps something made of catalog data (the record cache,
// catalog.cache.ts; the HTTP answer cache) subscribes: an import clears everything, a stock change
// drops the products it touched. So a change is seen by every process within ttlMs, and by the
// process that made it at once.
//
// Its clock says whether a read may still be kept: a read begun before a change of what it holds
// is not kept after it (stamp() when the read begins, keeps() when it ends).
import { within } from '../timing.js';
import { importRow, type ChangeRange, type StockChange } from './catalog-version.repository.js';
import type { CatalogRepository } from './catalog.repository.js';
import type { CatalogShape } from './catalog.model.js';
import { emptyShape, sameShape } from './catalog-shape.repository.js';
import type { ListSizes } from '../graphql/list-size.js';

/** What keeps catalog data hears: these products changed, or everything did. */
export interface CatalogChangeListener {
  changed(productIds: readonly number[]): void;
  cleared(): void;
}

/** When a read began, and whether what it read may still be kept. */
export interface ChangeClock {
  /** The moment a read begins. */
  stamp(): number;
  /** Whether what was read from `since` on may still be kept: none of these products (nor everything) changed since. */
  keeps(since: number, productIds: Iterable<number>): boolean;
}

/** How long a request waits for the version check before answering from what is kept. */
const staleAfterMs = 250;

export class CatalogChanges implements ChangeClock {
  private readonly listeners: CatalogChangeListener[] = [];
  /** A counter of the process's own: it moves on every change heard. */
  private now = 0;
  private clearedAt = 0;
  private readonly changedAt = new Map<number, number>();
  /** The catalog's versions as last read (null: not read yet). */
  private rows: Map<number, number> | null = null;
  private checkedAt = 0;
  private checking: Promise<void> | null = null;
  /**
   * The catalog's shape as of the versions held: that of an empty catalog when nothing was ever
   * imported; null while unknown (nothing read yet, or an import that kept none).
   */
  private heldShape: CatalogShape | null = null;
  /** The sizes of the shape last asked for. */
  private sizesOf: { shape: CatalogShape | null; sizes: ListSizes } | undefined;

  constructor(
    private readonly repository: CatalogRepository,
    private readonly ttlMs: number,
  ) {}

  subscribe(listener: CatalogChangeListener): void {
    this.listeners.push(listener);
  }

  /** The catalog's shape as of the versions held (null while unknown). */
  get shape(): CatalogShape | null {
    return this.heldShape;
  }

  /**
   * The most items each catalog list holds for one parent, by name (CatalogShape's keys), as of the
   * versions last read (fresh()): what GraphQL's cost estimate sizes the catalog's lists by. The
   * same function until the shape changes (an import). While the shape is unknown (nothing read
   * yet, or an import that kept none) no size is known: the estimate refuses the catalog's lists.
   */
  listSizes(): ListSizes {
    const shape = this.heldShape;
    if (shape !== this.sizesOf?.shape) {
      const sizes: ListSizes =
        shape === null
          ? () => undefined
          : (name) => (Object.hasOwn(shape, name) ? shape[name as keyof CatalogShape] : undefined);
      this.sizesOf = { shape, sizes };
    }
    return this.sizesOf.sizes;
  }

  stamp(): number {
    return this.now;
  }

  keeps(since: number, productIds: Iterable<number>): boolean {
    if (since < this.clearedAt) return false;
    for (const id of productIds) if ((this.changedAt.get(id) ?? 0) > since) return false;
    return true;
  }

  /** Whether the versions were read less than ttlMs ago. */
  isFresh(now = Date.now()): boolean {
    return this.rows !== null && now - this.checkedAt < this.ttlMs;
  }

  /**
   * Brings what is kept up to the catalog's versions (read at most once per ttlMs). When the read
   * fails or does not answer within staleAfterMs and the versions were read before, requests go
   * on with what is kept (the next read comes a ttl later); with nothing read yet the failure is
   * the request's.
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
   * fresh(), always as a promise, for callers that chain on it. A hot path asks isFresh() first, or
   * calls fresh() itself, which makes no promise while the versions are fresh.
   */
  untilFresh(now = Date.now()): Promise<void> {
    return Promise.resolve(this.fresh(now));
  }

  /**
   * After this process committed a stock change (a submit, a cancelled order): drops what holds
   * those products at once, so that its next answers show it (read your own writes, whatever the
   * ttl). When the change directly follows the version held of its row, the next read of the
   * versions has nothing more to do for it.
   */
  stockChanged(change: StockChange): void {
    this.changed(change.productIds);
    if (this.rows?.get(change.row) === change.version - 1) this.rows.set(change.row, change.version);
  }

  /**
   * After this process committed a change that moves the import row (a media item written through
   * the admin API): drops everything at once, so that its next answers show it, and reads the
   * versions (and the catalog's shape) again at the next request. Other processes see the moved
   * row within ttlMs, as they see an import.
   */
  replaced(): void {
    this.clear();
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * One read of the versions (never two at once: fresh() shares the one under way). The first
   * read clears whatever was kept before it; an import since the last read clears everything;
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
    const held = this.rows;
    if (before === null || held === null || movedOrLost(before, rows)) {
      // The first read, an import, or a row gone missing or back (a database put back): nothing
      // can be followed.
      this.clear();
      this.rows = rows;
    } else {
      const ranges: ChangeRange[] = [];
      for (const [row, version] of rows) {
        const after = held.get(row) ?? 0;
        if (row !== importRow && version > after) ranges.push({ row, after, upTo: version });
      }
      const changed = await this.repository.changedProducts(ranges);
      if (changed === null) this.clear();
      else this.changed([...changed]);
      for (const [row, version] of rows) if (version > (held.get(row) ?? 0)) held.set(row, version);
    }
    this.checkedAt = Date.now();
  }

  private changed(productIds: readonly number[]): void {
    if (productIds.length === 0) return;
    this.now += 1;
    for (const id of productIds) this.changedAt.set(id, this.now);
    for (const listener of this.listeners) listener.changed(productIds);
  }

  private clear(): void {
    this.now += 1;
    this.clearedAt = this.now;
    this.changedAt.clear();
    for (const listener of this.listeners) listener.cleared();
  }
}

/** Whether the import row moved, or a stock row went missing or back, between two reads. */
function movedOrLost(held: ReadonlyMap<number, number>, rows: ReadonlyMap<number, number>): boolean {
  if ((rows.get(importRow) ?? 0) !== (held.get(importRow) ?? 0)) return true;
  return [...held.keys()].some((row) => !rows.has(row) || rows.get(row)! < held.get(row)!);
}
