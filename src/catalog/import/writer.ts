// The writing half of the import: validated records in batches, each batch compared with the
// stored rows in one statement and only new or changed rows written; what depends on the rest of
// the document (SKUs of stores not read yet, media links and placements of products not read yet,
// media taking a slug another item still holds) waits and is written at the end, with the unlisted
// SKUs, the similar lists and the stored REST answers the batches did not write (new-answers.ts).
import type { DbClient } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { CatalogBulkRepository, type BulkTable } from '../catalog-bulk.repository.js';
import { bumpImportVersion } from '../catalog-version.repository.js';
import { dropProductAnswers, writeMissingAnswers } from '../product-answer.repository.js';
import { measureCatalogShape } from '../catalog-shape.repository.js';
import { writeNewAnswers } from './new-answers.js';
import { encodePlacements, mediaTable, placementTable, productTable, skuTable, storeContent } from './columns.js';
import type { ImportMedia, ImportPlacement, ImportProduct, ImportSku, ImportStore } from './document/import.model.js';
import { storedStores, writeStore } from './import.repository.js';
import { changedAnything, emptyReport, type ImportReport, type Tally } from './report.js';
import type { Spill } from './spill.js';
import type { CatalogValidator, CheckedMedia, CheckedProduct } from './validate/validator.js';

/**
 * Written at the end: a SKU of a store the document had not had yet; links to, and placements of,
 * products it had not had yet.
 */
export type Later =
  | { kind: 'sku'; sku: ImportSku }
  | { kind: 'links'; mediaId: number; productIds: number[] }
  | { kind: 'placements'; mediaId: number; placements: ImportPlacement[] };

interface MediaEntry {
  media: ImportMedia;
  /** Some of its products were not known yet when it was read: its links and placements are written at the end. */
  linksLater: boolean;
}

/** Writes validated records in batches, while the document has no problem; what waits, waits in `later`. */
export class CatalogWriter {
  readonly report = emptyReport();
  private readonly bulk: CatalogBulkRepository;
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
    this.bulk = new CatalogBulkRepository(tx, dialect);
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
    await this.bulk.begin();
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
    const stored = new Map(
      (
        await storedStores(
          tx,
          stores.map((store) => store.id),
        )
      ).map((row) => [row.id, storeContent(row)]),
    );
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
    // Products this batch inserts have no answer to drop (an answer row needs its product's).
    const inserted = new Set<number>();
    for (const [id, stored] of changed) if (!stored) inserted.add(id);
    const skusChanged = await this.writeSkus(skus, inserted);
    // After the rows they are made of, as a submit does (rows, then answers): fewer lock waits the other way round.
    await dropProductAnswers(
      this.bulk,
      [...changed.keys()].filter((id) => !inserted.has(id)),
    );
    await writeNewAnswers(this.bulk, products, changed, skusChanged);
    // Products stored before: listed SKUs of theirs that they do not list any more.
    await this.noteUnlisted(products.filter((product) => !inserted.has(product.id)));
  }

  /** `inserted`: products the batch of these SKUs inserts (no answers yet: none to drop). */
  private async writeSkus(skus: ImportSku[], inserted: ReadonlySet<number> = new Set()): Promise<Map<number, boolean>> {
    // The answers of the products a changed SKU belonged to, and of those it belongs to now, are
    // dropped, and written again at the end (finish) unless new-answers.ts writes them.
    let owners: number[] = [];
    const changed = await this.write(skuTable, skus, this.report.skus, async (changing) => {
      owners = await this.bulk.productsOfSkus([...changing].filter(([, stored]) => stored).map(([id]) => id));
      // Their products first, then the SKU rows: the order a submit takes them in.
      await this.bulk.lockProducts([
        ...owners,
        ...skus.filter((sku) => changing.has(sku.id)).map((sku) => sku.productId),
      ]);
    });
    const owning = new Set(owners);
    for (const sku of skus) if (changed.has(sku.id) && !inserted.has(sku.productId)) owning.add(sku.productId);
    await dropProductAnswers(this.bulk, [...owning]);
    return changed;
  }

  /**
   * Compares the rows with the stored ones and writes the new and changed: which were (true:
   * stored before). `before` runs ahead of the writes, with the changed ids.
   */
  private async write<Row extends { id: number }>(
    table: BulkTable<Row>,
    rows: Row[],
    tally: Tally,
    before?: (changed: ReadonlyMap<number, boolean>) => Promise<void>,
  ): Promise<Map<number, boolean>> {
    if (rows.length === 0) return new Map();
    const texts = rows.map((row) => this.bulk.encode(table, row));
    const changed = await this.bulk.changed(table, texts);
    let inserted = 0;
    for (const stored of changed.values()) if (!stored) inserted += 1;
    tally.inserted += inserted;
    tally.updated += changed.size - inserted;
    tally.unchanged += rows.length - changed.size;
    if (changed.size > 0) {
      await before?.(changed);
      await this.bulk.upsert(
        table,
        changed.size === rows.length ? texts : texts.filter((_text, index) => changed.has(rows[index]!.id)),
      );
    }
    return changed;
  }

  private async noteUnlisted(products: ImportProduct[]): Promise<void> {
    if (products.length === 0) return;
    const skuIds = products.flatMap((product) => product.skus.map((sku) => sku.id));
    this.unlistCandidates.push(
      ...(await this.bulk.otherListedSkus(
        products.map((product) => product.id),
        skuIds,
      )),
    );
  }

  /** `final`: the document has been read, every product of it is written, so links and placements are written now. */
  private async flushMedia(final: boolean, entries?: MediaEntry[]): Promise<void> {
    await this.flushProducts();
    const batch = entries ?? this.mediaBatch;
    if (!entries) this.mediaBatch = [];
    if (batch.length === 0 || !this.writing) return;
    const tally = this.report.media;
    const texts = batch.map((entry) => this.bulk.encode(mediaTable, entry.media));
    const rows = await this.bulk.changed(mediaTable, texts);
    const links = await this.bulk.changedLists(
      'MediaProduct',
      'mediaId',
      'productId',
      batch.map((entry) => [entry.media.id, entry.media.productIds] as const),
    );
    const placementRows = batch.map(({ media }) => encodePlacements(this.bulk, media.id, media.placements));
    const placements = await this.bulk.changedRowLists(
      placementTable,
      batch.map((entry, index) => [entry.media.id, placementRows[index]!] as const),
    );
    let changed = 0;
    for (const { media } of batch) {
      const row = rows.get(media.id);
      if (row === false) tally.inserted += 1;
      else if (row === true || links.has(media.id) || placements.has(media.id)) tally.updated += 1;
      else continue;
      changed += 1;
    }
    tally.unchanged += batch.length - changed;
    if (changed === 0) return;
    // Slugs are unique per kind: a document may hand a slug from one media item to another, so
    // the changed items give theirs up before any takes a new one (a slug held by an item the
    // document has not had yet waits for the end: mediaLater).
    await this.bulk.releaseSlugs([...rows].filter(([, stored]) => stored).map(([id]) => id));
    await this.bulk.upsert(
      mediaTable,
      texts.filter((_text, index) => rows.has(batch[index]!.media.id)),
    );
    await this.bulk.deleteWhereIn(
      'MediaProduct',
      'mediaId',
      [...links].filter(([, stored]) => stored > 0).map(([id]) => id),
    );
    await this.bulk.deleteWhereIn(
      'MediaPlacement',
      'mediaId',
      [...placements].filter(([, stored]) => stored > 0).map(([id]) => id),
    );
    const tuples: number[][] = [];
    const placed: string[] = [];
    for (const [index, { media, linksLater }] of batch.entries()) {
      // A placement is of a product the item shows: while its products are not all written, it waits with the links.
      const waits = linksLater && !final;
      if (links.has(media.id)) {
        if (waits) await this.later.push({ kind: 'links', mediaId: media.id, productIds: media.productIds });
        else
          for (const [position, productId] of media.productIds.entries()) tuples.push([media.id, position, productId]);
      }
      if (placements.has(media.id)) {
        if (waits) await this.later.push({ kind: 'placements', mediaId: media.id, placements: media.placements });
        else placed.push(...placementRows[index]!);
      }
    }
    await this.writeLinks(tuples);
    await this.bulk.insert(placementTable, placed);
  }

  private async writeLinks(tuples: number[][]): Promise<void> {
    await this.bulk.insertInts('MediaProduct', ['mediaId', 'position', 'productId'], tuples);
  }

  /** Once the document is read and found valid: what waited, the unlisted SKUs, the similar lists, the version. */
  async finish(): Promise<ImportReport> {
    await this.flush();
    // All at once: among these, too, every changed item gives up its slug before any takes a new one.
    await this.flushMedia(true, this.mediaLater);
    let skus: ImportSku[] = [];
    let links: number[][] = [];
    let placed: string[] = [];
    for await (const item of this.later.read()) {
      if (item.kind === 'sku') {
        const { sku } = item;
        skus.push({
          ...sku,
          dateCreated: sku.dateCreated === null ? null : new Date(sku.dateCreated),
          dateLastModified: sku.dateLastModified === null ? null : new Date(sku.dateLastModified),
        });
        if (skus.length >= this.batchSize) {
          await this.writeSkus(skus);
          skus = [];
        }
      } else if (item.kind === 'links') {
        for (const [position, productId] of item.productIds.entries()) links.push([item.mediaId, position, productId]);
        if (links.length >= this.batchSize) {
          await this.writeLinks(links);
          links = [];
        }
      } else {
        placed.push(...encodePlacements(this.bulk, item.mediaId, item.placements));
        if (placed.length >= this.batchSize) {
          await this.bulk.insert(placementTable, placed);
          placed = [];
        }
      }
    }
    await this.writeSkus(skus);
    await this.writeLinks(links);
    await this.bulk.insert(placementTable, placed);
    await this.unlist();
    await this.writeSimilar();
    // The read model: every product whose answer was dropped above, or never written.
    await writeMissingAnswers(this.tx);
    const { report } = this;
    if (changedAnything(report)) {
      // Processes caching catalog reads compare this version to drop what they hold.
      await bumpImportVersion(this.tx);
      // What GraphQL's cost estimate sizes the catalog's lists by, kept on the same row.
      await measureCatalogShape(this.tx);
    }
    return report;
  }

  /**
   * A product's SKUs are the ones its document lists: the others are unlisted, not deleted, since
   * cart lines and orders may refer to them. A SKU the document lists under another product is not.
   */
  private async unlist(): Promise<void> {
    const ids = [...new Set(this.unlistCandidates.filter((id) => !this.validator.listsSku(id)))];
    const owners = await this.bulk.productsOfSkus(ids);
    await this.bulk.lockProducts(owners);
    await this.bulk.unlistSkus(ids);
    await dropProductAnswers(this.bulk, owners);
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
    const changed = await this.bulk.changedLists('SimilarProduct', 'productId', 'similarProductId', batch);
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
    await this.bulk.deleteWhereIn('SimilarProduct', 'productId', replaced);
    await this.bulk.insertInts('SimilarProduct', ['productId', 'position', 'similarProductId'], tuples);
  }
}
