// Loads a catalog document into the database: validate everything first (writing nothing when
// anything is wrong), then upsert by id in one transaction. Rows equal to what is stored are not
// written, so importing the same document twice changes nothing.
import type { Db, DbClient } from '../db/database.js';
import { validateCatalog, type CatalogDocument, type ExistingCatalog, type MediaInput, type ProductInput, type Problem, type SkuInput, type StoreInput } from './import.validate.js';

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
}

export class CatalogValidationError extends Error {
  constructor(readonly problems: Problem[]) {
    super(`The catalog document has ${problems.length} problem${problems.length === 1 ? '' : 's'}:\n${problems.map((p) => `  ${p.path}: ${p.message}`).join('\n')}`);
    this.name = 'CatalogValidationError';
  }
}

const chunkSize = 500;

function chunks<T>(items: T[]): T[][] {
  const result: T[][] = [];
  for (let index = 0; index < items.length; index += chunkSize) result.push(items.slice(index, index + chunkSize));
  return result;
}

/** A canonical text of a row's content (keys sorted), to tell unchanged rows from changed ones. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Date) return inner.toISOString();
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

function storeContent(store: StoreInput) {
  return fingerprint([store.name, store.marketplace, store.currency, store.marginRatePpm, store.shippingMethods, store.taxRates]);
}

function productContent(product: ProductInput) {
  const { skus: _skus, id: _id, ...fields } = product;
  return fingerprint(fields);
}

function skuContent(sku: SkuInput) {
  const { id: _id, ...fields } = sku;
  return fingerprint(fields);
}

function mediaContent(media: MediaInput) {
  return fingerprint([media.type, media.slug, media.fileName, media.platform, media.productIds]);
}

async function loadExisting(db: DbClient): Promise<ExistingCatalog> {
  // One after the other: inside the import's transaction this is one connection.
  const stores = await db.store.findMany({ select: { id: true, currency: true } });
  const products = await db.product.findMany({ select: { id: true } });
  const media = await db.media.findMany({ select: { id: true, type: true, slug: true } });
  return {
    storeCurrencies: new Map(stores.map((store) => [store.id, store.currency])),
    productIds: new Set(products.map((product) => product.id)),
    mediaSlugs: new Map(media.map((item) => [`${item.type}:${item.slug}`, item.id])),
  };
}

/**
 * Splits items into new, changed and unchanged by comparing each with the stored row of the
 * same id; `storedContents` reads the stored rows of some ids (in chunks) as content texts.
 */
async function classify<T extends { id: number }>(items: T[], content: (item: T) => string, storedContents: (ids: number[]) => Promise<[number, string][]>) {
  const stored = new Map<number, string>();
  for (const ids of chunks(items.map((item) => item.id))) {
    for (const [id, text] of await storedContents(ids)) stored.set(id, text);
  }
  const inserts: T[] = [];
  const updates: T[] = [];
  let unchanged = 0;
  for (const item of items) {
    const before = stored.get(item.id);
    if (before === undefined) inserts.push(item);
    else if (before !== content(item)) updates.push(item);
    else unchanged += 1;
  }
  return { inserts, updates, tally: { inserted: inserts.length, updated: updates.length, unchanged } };
}

async function writeStores(tx: DbClient, stores: StoreInput[]): Promise<Tally> {
  const { inserts, updates, tally } = await classify(stores, storeContent, async (ids) => {
    const rows = await tx.store.findMany({
      where: { id: { in: ids } },
      include: { shippingMethods: { orderBy: { position: 'asc' } }, taxRates: { orderBy: { position: 'asc' } } },
    });
    return rows.map((row) => [
      row.id,
      storeContent({
        ...row,
        shippingMethods: row.shippingMethods.map(({ code, label, priceMinor }) => ({ code, label, priceMinor })),
        taxRates: row.taxRates.map(({ countryCode, provinceCode, ratePpm }) => ({ countryCode, provinceCode, ratePpm })),
      }),
    ]);
  });
  for (const store of [...inserts, ...updates]) {
    const fields = { name: store.name, marketplace: store.marketplace, currency: store.currency, marginRatePpm: store.marginRatePpm };
    await tx.store.upsert({ where: { id: store.id }, create: { id: store.id, ...fields }, update: fields });
    await tx.shippingMethod.deleteMany({ where: { storeId: store.id } });
    await tx.taxRate.deleteMany({ where: { storeId: store.id } });
    await tx.shippingMethod.createMany({ data: store.shippingMethods.map((method, position) => ({ storeId: store.id, position, ...method })) });
    await tx.taxRate.createMany({ data: store.taxRates.map((rate, position) => ({ storeId: store.id, position, ...rate })) });
  }
  return tally;
}

function productData(product: ProductInput) {
  const { skus: _skus, ...fields } = product;
  return fields;
}

async function writeProducts(tx: DbClient, products: ProductInput[]): Promise<Tally> {
  const { inserts, updates, tally } = await classify(products, productContent, async (ids) => {
    const rows = await tx.product.findMany({ where: { id: { in: ids } } });
    // JSON columns hold what a validated document put there.
    return rows.map((row) => [row.id, productContent({ ...row, images: row.images as unknown as string[], variants: row.variants as unknown as ProductInput['variants'], skus: [] })]);
  });
  for (const batch of chunks(inserts)) await tx.product.createMany({ data: batch.map(productData) });
  for (const product of updates) {
    const { id, ...fields } = productData(product);
    await tx.product.update({ where: { id }, data: fields });
  }
  return tally;
}

/**
 * A product's SKUs are the ones its document lists: the others are unlisted, not deleted, since
 * cart lines and orders may refer to them.
 */
async function unlistMissingSkus(tx: DbClient, products: ProductInput[]): Promise<number> {
  const listedInDocument = new Set(products.flatMap((product) => product.skus.map((sku) => sku.id)));
  const toUnlist: number[] = [];
  for (const batch of chunks(products)) {
    const rows = await tx.sku.findMany({ where: { productId: { in: batch.map((product) => product.id) }, listed: true }, select: { id: true } });
    for (const row of rows) if (!listedInDocument.has(row.id)) toUnlist.push(row.id);
  }
  for (const ids of chunks(toUnlist)) await tx.sku.updateMany({ where: { id: { in: ids } }, data: { listed: false } });
  return toUnlist.length;
}

async function writeSkus(tx: DbClient, skus: SkuInput[]): Promise<Tally> {
  const { inserts, updates, tally } = await classify(skus, skuContent, async (ids) => {
    const rows = await tx.sku.findMany({ where: { id: { in: ids } } });
    return rows.map((row) => [
      row.id,
      skuContent({ ...row, variantValues: row.variantValues as unknown as SkuInput['variantValues'], dimensions: row.dimensions as unknown as SkuInput['dimensions'] }),
    ]);
  });
  for (const batch of chunks(inserts)) await tx.sku.createMany({ data: batch });
  for (const sku of updates) {
    const { id, ...fields } = sku;
    await tx.sku.update({ where: { id }, data: fields });
  }
  return tally;
}

async function writeMedia(tx: DbClient, media: MediaInput[]): Promise<Tally> {
  const { inserts, updates, tally } = await classify(media, mediaContent, async (ids) => {
    const rows = await tx.media.findMany({ where: { id: { in: ids } }, include: { products: { orderBy: { position: 'asc' }, select: { productId: true } } } });
    return rows.map((row) => [row.id, mediaContent({ ...row, type: row.type as MediaInput['type'], productIds: row.products.map((link) => link.productId) })]);
  });
  const changed = [...inserts, ...updates];
  // Slugs are unique per kind: a document may hand a slug from one media item to another, so
  // the changed items give theirs up before any takes a new one.
  for (const item of updates) await tx.media.update({ where: { id: item.id }, data: { slug: `~import~${item.id}` } });
  for (const batch of chunks(inserts)) {
    await tx.media.createMany({ data: batch.map(({ productIds: _ids, ...fields }) => fields) });
  }
  for (const item of updates) {
    const { productIds: _ids, id, ...fields } = item;
    await tx.media.update({ where: { id }, data: fields });
  }
  for (const batch of chunks(changed)) {
    await tx.mediaProduct.deleteMany({ where: { mediaId: { in: batch.map((item) => item.id) } } });
  }
  const links = changed.flatMap((item) => item.productIds.map((productId, position) => ({ mediaId: item.id, productId, position })));
  for (const batch of chunks(links)) await tx.mediaProduct.createMany({ data: batch });
  return tally;
}

async function writeSimilar(tx: DbClient, similar: Map<number, number[]>): Promise<Tally> {
  const entries = [...similar].map(([id, list]) => ({ id, list }));
  const listContent = (entry: { list: number[] }) => fingerprint(entry.list);
  const { inserts, updates, tally } = await classify(entries, listContent, async (ids) => {
    const rows = await tx.similarProduct.findMany({ where: { productId: { in: ids } }, orderBy: [{ productId: 'asc' }, { position: 'asc' }] });
    const lists = new Map<number, number[]>();
    for (const row of rows) lists.set(row.productId, [...(lists.get(row.productId) ?? []), row.similarProductId]);
    return [...lists].map(([id, list]) => [id, listContent({ list })]);
  });
  const changed = [...inserts, ...updates];
  for (const batch of chunks(changed)) {
    await tx.similarProduct.deleteMany({ where: { productId: { in: batch.map((entry) => entry.id) } } });
  }
  const rows = changed.flatMap((entry) => entry.list.map((similarProductId, position) => ({ productId: entry.id, similarProductId, position })));
  for (const batch of chunks(rows)) await tx.similarProduct.createMany({ data: batch });
  return tally;
}

/** Validates the document against the database; throws CatalogValidationError with every problem. */
export async function prepareCatalog(db: DbClient, raw: unknown): Promise<CatalogDocument> {
  const result = validateCatalog(raw, await loadExisting(db));
  if (!result.ok) throw new CatalogValidationError(result.problems);
  return result.document;
}

export async function importCatalog(db: Db, raw: unknown): Promise<ImportReport> {
  return db.$transaction(
    async (tx) => {
      // Validated inside the transaction, so what it checked against cannot change before the writes.
      const document = await prepareCatalog(tx, raw);
      const stores = await writeStores(tx, document.stores);
      const products = await writeProducts(tx, document.products);
      const skus = await writeSkus(tx, document.products.flatMap((product) => product.skus));
      const skusUnlisted = await unlistMissingSkus(tx, document.products);
      const media = await writeMedia(tx, document.media);
      const similarLists = await writeSimilar(tx, document.similar);
      const changed = skusUnlisted > 0 || [stores, products, skus, media, similarLists].some((tally) => tally.inserted + tally.updated > 0);
      // Processes caching catalog reads compare this version to drop what they hold.
      if (changed) await tx.catalogMeta.upsert({ where: { id: 1 }, create: { id: 1, version: 1 }, update: { version: { increment: 1 } } });
      return { stores, products, skus, skusUnlisted, media, similarLists };
    },
    { maxWait: 30_000, timeout: 10 * 60_000 },
  );
}

export function formatReport(report: ImportReport): string {
  const line = (name: string, tally: Tally) => `${name}: ${tally.inserted} inserted, ${tally.updated} updated, ${tally.unchanged} unchanged`;
  return [
    line('stores', report.stores),
    line('products', report.products),
    `${line('skus', report.skus)}, ${report.skusUnlisted} unlisted`,
    line('media', report.media),
    line('similar lists', report.similarLists),
  ].join('\n');
}
