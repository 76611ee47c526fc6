// The catalog document checked one record at a time, in any order of its sections: every
// section's records by their own checks (stores.ts, products.ts with skus.ts, media.ts,
// similar.ts), and here what ties records together: ids unique across the document, references
// to stores, products and media slugs in the document or the database, decided at once or, when
// they point at a section not read yet, once it is.
import type { MediaKind } from '../../catalog.model.js';
import type {
  ExistingCatalog,
  ImportMedia,
  ImportProduct,
  ImportSku,
  ImportStore,
  Problem,
} from '../document/import.model.js';
import { IntMap } from './ids.js';
import type { CatalogSection } from '../document/events.js';
import type { RawCatalogDocument } from '../document/schema.js';
import { Checker, describe, type Json } from './checker.js';
import { noSuchProduct, validateMedia } from './media.js';
import { validateProduct } from './products.js';
import { SimilarPairs } from './similar.js';
import { checkSkuStore, type StoreCheck } from './skus.js';
import { validateStore } from './stores.js';

/** Problems past this many are counted, not kept. */
export const defaultMaxProblems = 1000;

/** A SKU's store that could not be checked when the SKU was read: the document had no store of that id yet. */
export interface PendingStore {
  merchantId: number;
  currency: string;
  /** The SKU's path. */
  path: string;
  ordinal: number;
}

/** A media item's product that the document had not had yet. */
export interface PendingProduct {
  productId: number;
  path: string;
  ordinal: number;
}

/** What checking a product record of the document gives: the product, and what could not be decided yet. */
export interface CheckedProduct {
  product: ImportProduct;
  /** Its SKUs whose store is still to be checked (at the end). */
  pendingStores: PendingStore[];
}

/** What checking a media record of the document gives: the media item, and what could not be decided yet. */
export interface CheckedMedia {
  media: ImportMedia;
  /** Its products still to be found (at the end). */
  pendingProducts: PendingProduct[];
  /** Another media item holding its slug in the database (the document must give that one another). */
  slugHolder: number | null;
}

/** Where a SKU was first seen: product index and position, as one number. */
const skuPlaceScale = 2 ** 22;

/**
 * Checks a document one record at a time. Sections may come in any order: a reference to a
 * section that has not been read completely yet is pending. Pending SKU stores and media
 * products are handed to the caller (they can be many: it may keep them on disk) to be passed
 * back to checkStore/checkProduct once the document is read; pending slugs are kept here and
 * similar pairs in SimilarPairs (compactly), and decided by finish() with duplicate similar pairs.
 */
export class CatalogValidator {
  private readonly check: Checker;
  private ordinal = 0;
  private readonly started = new Set<CatalogSection>();
  private readonly done = new Set<CatalogSection>();
  /** Stores of the document: id → currency ('' when not valid), and where each was first seen. */
  private readonly storeCurrencies = new Map<number, string>();
  private readonly storeIndex = new Map<number, number>();
  private readonly productIndex = new IntMap();
  private readonly skuPlace = new IntMap();
  private readonly skuPlaceFar = new Map<number, string>();
  private readonly mediaIndex = new IntMap();
  private readonly slugIndex = new Map<string, number>();
  private pendingSlugs: { ordinal: number; index: number; type: MediaKind; slug: string; holder: number }[] = [];
  /** The similar section: its pairs, and what is still to decide about them. */
  private readonly similar: SimilarPairs;

  constructor(
    private readonly existing: ExistingCatalog,
    options: { maxProblems?: number } = {},
  ) {
    this.check = new Checker(options.maxProblems ?? defaultMaxProblems);
    this.similar = new SimilarPairs(this.check, (id) => this.productExists(id));
  }

  /** Whether any problem was found: an import writes nothing more once there is one. */
  get failed(): boolean {
    return this.check.found > 0;
  }

  problems(): Problem[] {
    return this.check.problems();
  }

  /** How many problems were found beyond those kept. */
  get omitted(): number {
    return this.check.omitted;
  }

  document(value: Json): void {
    this.check.object<RawCatalogDocument>(value, '$');
  }

  /** The reader stopped at this value and read no further (it is about the record being read). */
  refused(path: string, message: string): void {
    this.check.fail(path, message, this.ordinal + 1);
  }

  version(value: Json): void {
    if (value !== 1) this.check.fail('$.version', `must be 1 when given, got ${describe(value)}`);
  }

  /** A section whose value is not a list (null or absent: an empty one). */
  value(section: CatalogSection, value: Json): void {
    this.start(section);
    if (value !== undefined && value !== null)
      this.check.fail(`$.${section}`, `must be an array, got ${describe(value)}`);
    this.end(section);
  }

  start(section: CatalogSection): void {
    if (this.started.has(section)) this.check.fail(`$.${section}`, 'appears more than once in the document');
    this.started.add(section);
  }

  end(section: CatalogSection): void {
    this.done.add(section);
    if (section === 'media') this.decideSlugs();
  }

  private next(): number {
    this.ordinal += 1;
    this.check.ordinal = this.ordinal;
    return this.ordinal;
  }

  store(value: Json, index: number): ImportStore | null {
    this.next();
    const path = `$.stores[${index}]`;
    const store = validateStore(this.check, value, path);
    if (!store || Number.isNaN(store.id)) return store;
    const first = this.storeIndex.get(store.id);
    if (first !== undefined) this.check.fail(`${path}.id`, `duplicate store id (first at $.stores[${first}].id)`);
    else {
      this.storeIndex.set(store.id, index);
      this.storeCurrencies.set(store.id, store.currency);
    }
    return store;
  }

  /** Whether a store of this id is in the database or was read already (and so can be referred to). */
  storeExists(id: number): boolean {
    return this.storeCurrencies.has(id) || this.existing.storeCurrencies.has(id);
  }

  product(value: Json, index: number): CheckedProduct | null {
    const ordinal = this.next();
    const path = `$.products[${index}]`;
    const pendingStores: PendingStore[] = [];
    const storeCheck: StoreCheck = (merchantId, currency, skuPath) => {
      const inDocument = this.storeCurrencies.get(merchantId);
      if (inDocument === undefined && !this.done.has('stores'))
        pendingStores.push({ merchantId, currency, path: skuPath, ordinal });
      else
        checkSkuStore(
          this.check,
          inDocument ?? this.existing.storeCurrencies.get(merchantId),
          merchantId,
          currency,
          skuPath,
        );
    };
    const onSku = (sku: ImportSku, skuPath: string, position: number) => {
      const place = this.skuPlace.get(sku.id);
      const far = place === undefined ? this.skuPlaceFar.get(sku.id) : undefined;
      if (place !== undefined || far !== undefined) {
        const first = far ?? `$.products[${Math.floor(place! / skuPlaceScale)}].skus[${place! % skuPlaceScale}].sku_id`;
        this.check.fail(`${skuPath}.sku_id`, `duplicate sku_id (first at ${first})`);
      } else if (position < skuPlaceScale && index < 2 ** 30)
        this.skuPlace.set(sku.id, index * skuPlaceScale + position);
      else this.skuPlaceFar.set(sku.id, `${skuPath}.sku_id`);
    };
    const product = validateProduct(this.check, value, path, onSku, storeCheck);
    if (!product) return null;
    if (!Number.isNaN(product.id)) {
      const first = this.productIndex.get(product.id);
      if (first !== undefined) this.check.fail(`${path}.id`, `duplicate product id (first at $.products[${first}].id)`);
      else this.productIndex.set(product.id, index);
    }
    return { product, pendingStores };
  }

  /** Decides a SKU's store once every store of the document is known. */
  checkStore(pending: PendingStore): void {
    checkSkuStore(
      this.check,
      this.storeCurrencies.get(pending.merchantId) ?? this.existing.storeCurrencies.get(pending.merchantId),
      pending.merchantId,
      pending.currency,
      pending.path,
      pending.ordinal,
    );
  }

  /** Whether the document lists a SKU of this id (under any product). */
  listsSku(id: number): boolean {
    return this.skuPlace.has(id) || this.skuPlaceFar.has(id);
  }

  /** Whether a product of this id is in the database or was read already. */
  productExists(id: number): boolean {
    return this.productIndex.has(id) || this.existing.productIds.has(id);
  }

  media(value: Json, index: number): CheckedMedia | null {
    const ordinal = this.next();
    const path = `$.media[${index}]`;
    const pendingProducts: PendingProduct[] = [];
    const productCheck = (id: number, itemPath: string) => {
      if (this.productExists(id)) return;
      if (this.done.has('products')) this.check.fail(itemPath, noSuchProduct(id));
      else pendingProducts.push({ productId: id, path: itemPath, ordinal });
    };
    const entry = validateMedia(this.check, value, path, productCheck);
    if (!entry) return null;
    if (!Number.isNaN(entry.id)) {
      const first = this.mediaIndex.get(entry.id);
      if (first !== undefined) this.check.fail(`${path}.id`, `duplicate media id (first at $.media[${first}].id)`);
      else this.mediaIndex.set(entry.id, index);
    }
    const key = `${entry.type}:${entry.slug}`;
    const first = this.slugIndex.get(key);
    if (first !== undefined)
      this.check.fail(`${path}.slug`, `duplicate ${entry.type} slug (first at $.media[${first}].slug)`);
    else this.slugIndex.set(key, index);
    // A slug held in the database by another media item: fine when the document gives that item another.
    const holder = this.existing.mediaSlugs.get(key);
    const slugHolder = holder !== undefined && holder !== entry.id ? holder : null;
    if (slugHolder !== null && !this.mediaIndex.has(slugHolder))
      this.pendingSlugs.push({ ordinal, index, type: entry.type, slug: entry.slug, holder: slugHolder });
    return { media: entry, pendingProducts, slugHolder };
  }

  /** Whether the document had a media item of this id already. */
  mediaRead(id: number): boolean {
    return this.mediaIndex.has(id);
  }

  /** Decides a media item's product once every product of the document is known. */
  checkProduct(pending: PendingProduct): void {
    if (!this.productExists(pending.productId))
      this.check.fail(pending.path, noSuchProduct(pending.productId), pending.ordinal);
  }

  private decideSlugs(): void {
    for (const { ordinal, index, type, slug, holder } of this.pendingSlugs) {
      if (!this.mediaIndex.has(holder))
        this.check.fail(
          `$.media[${index}].slug`,
          `${type} ${holder} in the database already has the slug "${slug}"`,
          ordinal,
        );
    }
    this.pendingSlugs = [];
  }

  similarPair(value: Json, index: number): void {
    const ordinal = this.next();
    this.similar.add(value, index, ordinal, this.done.has('products'));
  }

  /**
   * The document has been read: decides what was pending here (pass pending stores and products
   * back first or after).
   */
  finish(): void {
    for (const section of ['stores', 'products', 'media', 'similar'] as const) this.done.add(section);
    this.decideSlugs();
    this.similar.finish();
  }

  /**
   * Products whose comparables the document lists, in order of first appearance, with their lists
   * in document order.
   */
  similarLists(): Generator<[number, number[]]> {
    return this.similar.lists();
  }
}
