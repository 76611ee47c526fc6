// Loads a catalog document into the database, a record at a time: each record is validated as it
// is read and written in batches, all in one transaction that is rolled back when the document
// has any problem (every problem is reported; nothing is written; writing stops at the first
// problem, reading goes on to find the others). A file is streamed, never parsed whole; an
// object in memory (tests, the seed) goes through the same pipeline. Each batch is compared with
// the stored rows in one statement (catalog-bulk.repository.ts) and only new or changed rows are written, so
// importing the same document twice writes nothing (and does not bump the catalog version).
//
// One pass, not a validating pass and then a writing one: a pass over the 200,000-product bench
// catalog reading and validating alone takes about 10 s, which a second pass would add to every
// import; a document found invalid near its end costs what was written before, rolled back
// (bench/results/import-200k.md).
//
// What can only be decided once the document is read (a reference to a section the document has
// not had yet, rows depending on it) waits in a temporary file (import/spill.ts) or in the
// validator's compact state (ids, similar lists): memory holds a batch and that state, not the
// document. A batch is bounded in rows and in the JSON its records hold, and a record in what it
// may hold (import/schema.ts; the file reader builds nothing else of it). Similar lists are
// written last, when they are complete.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Db, DbClient, Prisma } from '../../db/database.js';
import { fileEvents, objectEvents, type CatalogEvent } from './source.js';
import { Spill } from './spill.js';
import { inImportTransaction, lastImport, loadExisting, recordImport, storedStores, writeStore } from './import.repository.js';
import { dialectOf, type Dialect } from '../../db/dialect.js';
import { CatalogSql, type Table } from '../catalog-bulk.repository.js';
import { dropProductAnswers, writeMissingAnswers } from '../product-answer.repository.js';
import { bumpCatalogVersion, catalogVersion } from '../catalog-version.repository.js';
import type { CatalogDocument, ImportMedia, ImportProduct, ImportSku, ImportStore, Problem } from './import.model.js';
import { validateCatalog } from './validate.js';
import { CatalogValidator, type CheckedMedia, type CheckedProduct, type PendingProduct, type PendingStore } from './validate/validator.js';

export { CatalogSyntaxError } from './source.js';

export interface Tally {
  inserted: number;
  updated: number;
  unchanged: number;
}

export interface ImportReport {
  stores: Tally;
  products: Tally;
  skus: Tally;
  /** SKUs of imported products that the document no longer lists (hidden, kept for carts). */
  skusUnlisted: number;
  media: Tally;
  /** Products whose list of curated comparables the document sets. */
  similarLists: Tally;
  /** Set when the file was not read: the last import read the same bytes and the catalog has not moved since. */
  skipped?: true;
}

export interface ImportOptions {
  /** Rows of a section per batch: one read of their stored rows, then their writes (default 1000). */
  batchSize?: number;
  /** Characters of JSON a batch's records may hold: a batch is written once they reach it, however few (a file's records; default 16 MiB). */
  batchText?: number;
  /** Problems reported in full; the others are counted (default 1000). */
  maxProblems?: number;
  /** How long the import's transaction may last, in ms (default 10 minutes for an object, an hour for a file). */
  timeoutMs?: number;
}

export const defaultBatchSize = 1000;
/** Large records make small batches: memory holds a batch, whatever its records hold. */
export const defaultBatchText = 16 * 1024 * 1024;

export class CatalogValidationError extends Error {
  constructor(
    readonly problems: Problem[],
    /** Problems found beyond those listed. */
    readonly omitted = 0,
  ) {
    const total = problems.length + omitted;
    const lines = problems.map((p) => `  ${p.path}: ${p.message}`);
    if (omitted > 0) lines.push(`  … and ${omitted} more problem${omitted === 1 ? '' : 's'} (the first ${problems.length} are listed)`);
    super(`The catalog document has ${total} problem${total === 1 ? '' : 's'}:\n${lines.join('\n')}`);
    this.name = 'CatalogValidationError';
  }
}

/** A canonical text of a row's content (keys sorted), to tell unchanged rows from changed ones. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Date) return inner.toISOString();
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

function storeContent(store: ImportStore) {
  return fingerprint([store.name, store.marketplace, store.currency, store.marginRatePpm, store.shippingMethods, store.taxRates]);
}

// The columns the import writes, as the data model has them (prisma/schema.prisma).
const productTable: Table<ImportProduct> = {
  name: 'Product',
  columns: [
    ['id', 'int'],
    ['externalId', 'text'],
    ['title', 'text'],
    ['description', 'text'],
    ['brand', 'text'],
    ['url', 'text'],
    ['priceMinor', 'int'],
    ['currency', 'text'],
    ['category', 'text'],
    ['isAvailable', 'bool'],
    ['images', 'json'],
    ['nativeCheckout', 'bool'],
    ['variants', 'json'],
  ],
};

const skuTable: Table<ImportSku> = {
  name: 'Sku',
  columns: [
    ['id', 'int'],
    ['productId', 'int'],
    ['externalId', 'text'],
    ['merchantId', 'int'],
    ['name', 'text'],
    ['inStock', 'bool'],
    ['qtyAvailable', 'int'],
    ['salePriceMinor', 'int'],
    ['retailPriceMinor', 'int'],
    ['currency', 'text'],
    ['status', 'text'],
    ['type', 'text'],
    ['taxable', 'bool'],
    ['taxType', 'text'],
    ['dateCreated', 'date'],
    ['dateLastModified', 'date'],
    ['variantValues', 'json'],
    ['dimensions', 'json'],
    ['position', 'int'],
    ['listed', 'bool'],
  ],
};

const mediaTable: Table<ImportMedia> = {
  name: 'Media',
  columns: [
    ['id', 'int'],
    ['type', 'text'],
    ['slug', 'text'],
    ['fileName', 'text'],
    ['platform', 'text'],
  ],
};

/** Whether an import wrote anything (and so moved the catalog version). */
function changedAnything(report: ImportReport): boolean {
  return report.skusUnlisted > 0 || [report.stores, report.products, report.skus, report.media, report.similarLists].some((tally) => tally.inserted + tally.updated > 0);
}

function emptyReport(): ImportReport {
  const tally = () => ({ inserted: 0, updated: 0, unchanged: 0 });
  return { stores: tally(), products: tally(), skus: tally(), skusUnlisted: 0, media: tally(), similarLists: tally() };
}

/** Decided at the end: a SKU's store, a media item's product. */
type Check = ({ kind: 'store' } & PendingStore) | ({ kind: 'product' } & PendingProduct);
/** Written at the end: a SKU of a store the document had not had yet, links to products it had not had yet. */
type Later = { kind: 'sku'; sku: ImportSku } | { kind: 'links'; mediaId: number; productIds: number[] };

interface MediaEntry {
  media: ImportMedia;
  /** Some of its products were not known yet when it was read: its links are written at the end. */
  linksLater: boolean;
}

/** Writes validated records in batches, while the document has no problem; what waits, waits in `later`. */
class CatalogWriter {
  readonly report = emptyReport();
  private readonly sql: CatalogSql;
  private stores: ImportStore[] = [];
  private products: ImportProduct[] = [];
  private skus: ImportSku[] = [];
  private mediaBatch: MediaEntry[] = [];
  /** Media items taking a slug held by one not written yet: written last, all at once. */
  private readonly mediaLater: MediaEntry[] = [];
  private readonly mediaLaterIds = new Set<number>();
  /** Listed SKUs of the document's products that their product does not list (unlisted unless listed elsewhere). */
  private readonly unlistCandidates: number[] = [];
  /** Characters of JSON of the records in the batch. */
  private held = 0;

  constructor(
    private readonly tx: DbClient,
    dialect: Dialect,
    private readonly validator: CatalogValidator,
    private readonly later: Spill<Later>,
    private readonly batchSize: number,
    private readonly batchText: number,
  ) {
    this.sql = new CatalogSql(tx, dialect);
  }

  private get writing(): boolean {
    return !this.validator.failed;
  }

  /** Whether the batch is full, with a record of `size` characters more. */
  private full(count: number, size: number): boolean {
    this.held += size;
    return count >= this.batchSize || this.held >= this.batchText;
  }

  store(store: ImportStore, size: number): Promise<void> | undefined {
    if (!this.writing) return undefined;
    this.stores.push(store);
    return this.full(this.stores.length, size) ? this.flushStores() : undefined;
  }

  /** Answers a promise only when there is something to wait for (most records have none). */
  product(checked: CheckedProduct, size: number): Promise<void> | undefined {
    if (!this.writing) return undefined;
    this.products.push(checked.product);
    const full = this.full(this.products.length, size);
    let storeLater: ImportSku[] | undefined;
    for (const sku of checked.product.skus) {
      if (this.validator.storeExists(sku.merchantId)) this.skus.push(sku);
      else (storeLater ??= []).push(sku);
    }
    if (storeLater === undefined && !full) return undefined;
    return this.productLater(storeLater ?? [], full);
  }

  private async productLater(skus: ImportSku[], full: boolean): Promise<void> {
    for (const sku of skus) await this.later.push({ kind: 'sku', sku });
    if (full) await this.flushProducts();
  }

  media(checked: CheckedMedia, size: number): Promise<void> | undefined {
    if (!this.writing) return undefined;
    const entry = { media: checked.media, linksLater: checked.pendingProducts.length > 0 };
    // Its slug is held by an item not written yet: it waits until every other item has given up its slug.
    const holder = checked.slugHolder;
    if (holder !== null && (!this.validator.mediaRead(holder) || this.mediaLaterIds.has(holder))) {
      this.mediaLater.push(entry);
      this.mediaLaterIds.add(entry.media.id);
      return undefined;
    }
    this.mediaBatch.push(entry);
    return this.full(this.mediaBatch.length, size) ? this.flushMedia(false) : undefined;
  }

  /** Before the first record: the transaction's settings, which tables are empty. */
  async begin(): Promise<void> {
    await this.sql.begin();
  }

  /** Writes what the batches hold (at the end of a section). */
  async flush(): Promise<void> {
    await this.flushStores();
    await this.flushProducts();
    await this.flushMedia(false);
  }

  private async flushStores(): Promise<void> {
    const stores = this.stores;
    this.stores = [];
    // One section is read at a time, so the batch being written is all that is held.
    this.held = 0;
    if (stores.length === 0 || !this.writing) return;
    const { tx } = this;
    const tally = this.report.stores;
    const stored = new Map((await storedStores(tx, stores.map((store) => store.id))).map((row) => [row.id, storeContent(row)]));
    for (const store of stores) {
      const before = stored.get(store.id);
      if (before === storeContent(store)) {
        tally.unchanged += 1;
        continue;
      }
      if (before === undefined) tally.inserted += 1;
      else tally.updated += 1;
      await writeStore(tx, store);
    }
  }

  private async flushProducts(): Promise<void> {
    await this.flushStores();
    const products = this.products;
    const skus = this.skus;
    this.products = [];
    this.skus = [];
    if ((products.length === 0 && skus.length === 0) || !this.writing) return;
    const changed = await this.write(productTable, products, this.report.products);
    await this.writeSkus(skus);
    // After the rows they are made of, as a submit does (rows, then answers): fewer lock waits the other way round.
    await dropProductAnswers(this.sql, [...changed.keys()]);
    // Products stored before: listed SKUs of theirs that they do not list any more.
    await this.noteUnlisted(products.filter((product) => changed.get(product.id) !== false));
  }

  private async writeSkus(skus: ImportSku[]): Promise<void> {
    // The answers of the products a changed SKU belonged to, and of those it belongs to now, are
    // dropped, and written again at the end (finish).
    let owners: number[] = [];
    const changed = await this.write(skuTable, skus, this.report.skus, async (changing) => {
      owners = await this.sql.productsOfSkus([...changing].filter(([, stored]) => stored).map(([id]) => id));
      // Their products first, then the SKU rows: the order a submit takes them in.
      await this.sql.lockProducts([...owners, ...skus.filter((sku) => changing.has(sku.id)).map((sku) => sku.productId)]);
    });
    await dropProductAnswers(this.sql, [...new Set([...owners, ...skus.filter((sku) => changed.has(sku.id)).map((sku) => sku.productId)])]);
  }

  /**
   * Compares the rows with the stored ones and writes the new and changed: which were (true:
   * stored before). `before` runs ahead of the writes, with the changed ids.
   */
  private async write<Row extends { id: number }>(table: Table<Row>, rows: Row[], tally: Tally, before?: (changed: ReadonlyMap<number, boolean>) => Promise<void>): Promise<Map<number, boolean>> {
    if (rows.length === 0) return new Map();
    const texts = rows.map((row) => this.sql.encode(table, row));
    const changed = await this.sql.changed(table, texts);
    let inserted = 0;
    for (const stored of changed.values()) if (!stored) inserted += 1;
    tally.inserted += inserted;
    tally.updated += changed.size - inserted;
    tally.unchanged += rows.length - changed.size;
    if (changed.size > 0) {
      await before?.(changed);
      await this.sql.upsert(table, changed.size === rows.length ? texts : texts.filter((_text, index) => changed.has(rows[index]!.id)));
    }
    return changed;
  }

  private async noteUnlisted(products: ImportProduct[]): Promise<void> {
    if (products.length === 0) return;
    const skuIds = products.flatMap((product) => product.skus.map((sku) => sku.id));
    this.unlistCandidates.push(...(await this.sql.otherListedSkus(products.map((product) => product.id), skuIds)));
  }

  /** `final`: the document has been read, every product of it is written, so links are written now. */
  private async flushMedia(final: boolean, entries?: MediaEntry[]): Promise<void> {
    await this.flushProducts();
    const batch = entries ?? this.mediaBatch;
    if (!entries) this.mediaBatch = [];
    if (batch.length === 0 || !this.writing) return;
    const tally = this.report.media;
    const texts = batch.map((entry) => this.sql.encode(mediaTable, entry.media));
    const rows = await this.sql.changed(mediaTable, texts);
    const links = await this.sql.changedLists(
      'MediaProduct',
      'mediaId',
      'productId',
      batch.map((entry) => [entry.media.id, entry.media.productIds] as const),
    );
    let changed = 0;
    for (const { media } of batch) {
      const row = rows.get(media.id);
      if (row === false) tally.inserted += 1;
      else if (row === true || links.has(media.id)) tally.updated += 1;
      else continue;
      changed += 1;
    }
    tally.unchanged += batch.length - changed;
    if (changed === 0) return;
    // Slugs are unique per kind: a document may hand a slug from one media item to another, so
    // the changed items give theirs up before any takes a new one (a slug held by an item the
    // document has not had yet waits for the end: mediaLater).
    await this.sql.releaseSlugs([...rows].filter(([, stored]) => stored).map(([id]) => id));
    await this.sql.upsert(
      mediaTable,
      texts.filter((_text, index) => rows.has(batch[index]!.media.id)),
    );
    await this.sql.deleteWhereIn(
      'MediaProduct',
      'mediaId',
      [...links].filter(([, stored]) => stored > 0).map(([id]) => id),
    );
    const tuples: number[][] = [];
    for (const { media, linksLater } of batch) {
      if (!links.has(media.id)) continue;
      if (linksLater && !final) await this.later.push({ kind: 'links', mediaId: media.id, productIds: media.productIds });
      else for (const [position, productId] of media.productIds.entries()) tuples.push([media.id, position, productId]);
    }
    await this.writeLinks(tuples);
  }

  private async writeLinks(tuples: number[][]): Promise<void> {
    await this.sql.insertInts('MediaProduct', ['mediaId', 'position', 'productId'], tuples);
  }

  /** Once the document is read and found valid: what waited, the unlisted SKUs, the similar lists, the version. */
  async finish(): Promise<ImportReport> {
    await this.flush();
    // All at once: among these, too, every changed item gives up its slug before any takes a new one.
    await this.flushMedia(true, this.mediaLater);
    let skus: ImportSku[] = [];
    let links: number[][] = [];
    for await (const item of this.later.read()) {
      if (item.kind === 'sku') {
        const { sku } = item;
        skus.push({ ...sku, dateCreated: sku.dateCreated === null ? null : new Date(sku.dateCreated), dateLastModified: sku.dateLastModified === null ? null : new Date(sku.dateLastModified) });
        if (skus.length >= this.batchSize) {
          await this.writeSkus(skus);
          skus = [];
        }
      } else {
        for (const [position, productId] of item.productIds.entries()) links.push([item.mediaId, position, productId]);
        if (links.length >= this.batchSize) {
          await this.writeLinks(links);
          links = [];
        }
      }
    }
    await this.writeSkus(skus);
    await this.writeLinks(links);
    await this.unlist();
    await this.writeSimilar();
    // The read model: every product whose answer was dropped above, or never written.
    await writeMissingAnswers(this.tx);
    const { report } = this;
    // Processes caching catalog reads compare this version to drop what they hold.
    if (changedAnything(report)) await bumpCatalogVersion(this.tx, 'import');
    return report;
  }

  /**
   * A product's SKUs are the ones its document lists: the others are unlisted, not deleted, since
   * cart lines and orders may refer to them. A SKU the document lists under another product is not.
   */
  private async unlist(): Promise<void> {
    const ids = [...new Set(this.unlistCandidates.filter((id) => !this.validator.listsSku(id)))];
    const owners = await this.sql.productsOfSkus(ids);
    await this.sql.lockProducts(owners);
    await this.sql.unlistSkus(ids);
    await dropProductAnswers(this.sql, owners);
    this.report.skusUnlisted += ids.length;
  }

  private async writeSimilar(): Promise<void> {
    let batch: [number, number[]][] = [];
    for (const entry of this.validator.similarLists()) {
      batch.push(entry);
      if (batch.length >= this.batchSize) {
        await this.writeSimilarBatch(batch);
        batch = [];
      }
    }
    await this.writeSimilarBatch(batch);
  }

  private async writeSimilarBatch(batch: [number, number[]][]): Promise<void> {
    if (batch.length === 0) return;
    const tally = this.report.similarLists;
    const changed = await this.sql.changedLists('SimilarProduct', 'productId', 'similarProductId', batch);
    const replaced: number[] = [];
    const tuples: number[][] = [];
    for (const [productId, list] of batch) {
      const stored = changed.get(productId);
      if (stored === undefined) {
        tally.unchanged += 1;
        continue;
      }
      if (stored === 0) tally.inserted += 1;
      else {
        tally.updated += 1;
        replaced.push(productId);
      }
      for (const [position, similarProductId] of list.entries()) tuples.push([productId, position, similarProductId]);
    }
    await this.sql.deleteWhereIn('SimilarProduct', 'productId', replaced);
    await this.sql.insertInts('SimilarProduct', ['productId', 'position', 'similarProductId'], tuples);
  }
}

type EventSource = AsyncIterable<CatalogEvent[]> | Iterable<CatalogEvent[]>;

/** Reads the events, validating every record and writing while there is no problem; throws CatalogValidationError with every problem. */
async function runImport(tx: DbClient, dialect: Dialect, source: EventSource, options: ImportOptions): Promise<ImportReport> {
  // Validated inside the transaction, so what it checks against cannot change before the writes.
  const validator = new CatalogValidator(await loadExisting(tx, dialect), { maxProblems: options.maxProblems });
  const checks = new Spill<Check>('checks');
  const later = new Spill<Later>('later');
  const writer = new CatalogWriter(tx, dialect, validator, later, Math.max(1, options.batchSize ?? defaultBatchSize), options.batchText ?? defaultBatchText);
  try {
    await writer.begin();
    for await (const events of source) {
      for (const event of events) {
        let wait: Promise<void> | undefined;
        switch (event.kind) {
          case 'document':
            validator.document(event.value);
            break;
          case 'version':
            validator.version(event.value);
            break;
          case 'value':
            validator.value(event.section, event.value);
            break;
          case 'start':
            validator.start(event.section);
            break;
          case 'end':
            validator.end(event.section);
            wait = writer.flush();
            break;
          case 'record':
            if (event.section === 'stores') {
              const store = validator.store(event.value, event.index);
              if (store) wait = writer.store(store, event.size);
            } else if (event.section === 'products') {
              const checked = validator.product(event.value, event.index);
              if (checked) {
                for (const pending of checked.pendingStores) await checks.push({ kind: 'store', ...pending });
                wait = writer.product(checked, event.size);
              }
            } else if (event.section === 'media') {
              const checked = validator.media(event.value, event.index);
              if (checked) {
                for (const pending of checked.pendingProducts) await checks.push({ kind: 'product', ...pending });
                wait = writer.media(checked, event.size);
              }
            } else validator.similarPair(event.value, event.index);
            break;
          case 'refused':
            // The rest of the document was not read: what is pending cannot be decided.
            validator.refused(event.path, event.message);
            throw new CatalogValidationError(validator.problems(), validator.omitted);
        }
        if (wait) await wait;
      }
    }
    for await (const check of checks.read()) {
      if (check.kind === 'store') validator.checkStore(check);
      else validator.checkProduct(check);
    }
    validator.finish();
    if (validator.failed) throw new CatalogValidationError(validator.problems(), validator.omitted);
    return await writer.finish();
  } finally {
    checks.remove();
    later.remove();
  }
}

/** The events of an object, a thousand at a time. */
function* inLists(events: Iterable<CatalogEvent>): Generator<CatalogEvent[]> {
  let list: CatalogEvent[] = [];
  for (const event of events) {
    list.push(event);
    if (list.length >= 1000) {
      yield list;
      list = [];
    }
  }
  if (list.length > 0) yield list;
}

/** Validates the document against the database; throws CatalogValidationError with every problem. */
export async function prepareCatalog(db: DbClient, raw: unknown): Promise<CatalogDocument> {
  const result = validateCatalog(raw, await loadExisting(db, dialectOf(db)));
  if (!result.ok) throw new CatalogValidationError(result.problems, result.omitted);
  return result.document;
}

/** Imports a document held in memory (tests, the seed). */
export async function importCatalog(db: Db, raw: unknown, options: ImportOptions = {}): Promise<ImportReport> {
  const dialect = dialectOf(db);
  return inImportTransaction(db, (tx) => runImport(tx, dialect, inLists(objectEvents(raw)), options), options.timeoutMs ?? 10 * 60_000);
}

export interface FileImportOptions extends ImportOptions {
  /** Reads the file even when it is the one the last import read and nothing changed since. */
  full?: boolean;
}

/** The SHA-256 of a file's text (as the import reads it: UTF-8), hex. */
async function fileDigest(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const block of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 }) as AsyncIterable<string>) hash.update(block);
  return hash.digest('hex');
}

/** Every count of a report as unchanged (what importing the same document again finds). */
function allUnchanged(report: ImportReport): ImportReport {
  const unchanged = (tally: Tally) => ({ inserted: 0, updated: 0, unchanged: tally.inserted + tally.updated + tally.unchanged });
  return {
    stores: unchanged(report.stores),
    products: unchanged(report.products),
    skus: unchanged(report.skus),
    skusUnlisted: 0,
    media: unchanged(report.media),
    similarLists: unchanged(report.similarLists),
  };
}

/**
 * The report of importing this file again when the last import read a file of the same digest and
 * the catalog has not moved since (no other import changed it, no stock was taken or given back):
 * the import would find every row unchanged. Null otherwise. The version is read before the record
 * of the last import: whatever commits in between, they cannot both match unless nothing did.
 */
async function sameAsLastImport(db: Db, digest: string): Promise<ImportReport | null> {
  const version = await catalogVersion(db);
  const last = await lastImport(db);
  if (!last || last.digest !== digest || last.catalogVersion !== version) return null;
  return { ...allUnchanged(last.report as unknown as ImportReport), skipped: true };
}

/**
 * Imports a document file, streamed: the file is read a block at a time and never parsed whole.
 * Throws CatalogSyntaxError when it is not JSON, CatalogValidationError when it has problems. A
 * file with the digest of the last import's, while the catalog is as that import left it, is not
 * read again (the report says `skipped`); `full` reads it all the same.
 */
export async function importCatalogFile(db: Db, file: string, options: FileImportOptions = {}): Promise<ImportReport> {
  const digest = await fileDigest(file);
  if (!options.full) {
    const same = await sameAsLastImport(db, digest);
    if (same) return same;
  }
  const dialect = dialectOf(db);
  return inImportTransaction(
    db,
    async (tx) => {
      const startVersion = await catalogVersion(tx);
      // The digest of what is imported, from the text the import reads (the file may change meanwhile).
      const read = createHash('sha256');
      const report = await runImport(tx, dialect, fileEvents(file, { onText: (text) => read.update(text) }), options);
      const version = await catalogVersion(tx);
      // Recorded only when this document is all that moved the catalog while it was read: a
      // stock change committed meanwhile may have been compared before it (PostgreSQL), and a
      // file that changed was not imported as it was hashed.
      if (read.digest('hex') !== digest || version !== startVersion + (changedAnything(report) ? 1 : 0)) await recordImport(tx, null);
      else {
        const last = await lastImport(tx);
        // Read again with nothing changed (--full): the record stands as it is.
        if (last?.digest !== digest || last.catalogVersion !== version) await recordImport(tx, { digest, catalogVersion: version, report: report as unknown as Prisma.InputJsonValue });
      }
      return report;
    },
    options.timeoutMs ?? 60 * 60_000,
  );
}

export function formatReport(report: ImportReport): string {
  const line = (name: string, tally: Tally) => `${name}: ${tally.inserted} inserted, ${tally.updated} updated, ${tally.unchanged} unchanged`;
  return [
    ...(report.skipped ? ['the same file as the last import, and the catalog has not changed since: not read again (--full reads it)'] : []),
    line('stores', report.stores),
    line('products', report.products),
    `${line('skus', report.skus)}, ${report.skusUnlisted} unlisted`,
    line('media', report.media),
    line('similar lists', report.similarLists),
  ].join('\n');
}
