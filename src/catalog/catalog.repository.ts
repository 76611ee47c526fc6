// The catalog's reads of records. Every method takes many keys at once (the DataLoaders call them
// once per tree level) and selects only the columns the records need. The same SQL runs through
// the driver (db/reader.ts: a prepared statement, a row per record, no query builder) for
// requests, and through Prisma's raw queries inside a transaction (the read model's writes, which
// must see the transaction's own writes). Raw rows (0/1 or true/false, JSON and dates selected as
// text) are brought to the types Prisma gives before the one row-to-record mapping.
import type { DbClient, Prisma } from '../db/database.js';
import { toMajor } from '../domain/money.js';
import { catalogVersion } from './catalog-version.repository.js';
import { prismaReader, type RowReader } from '../db/reader.js';
import { dialectOf } from '../db/dialect.js';
import type { MediaKind, MediaRecord, ProductRecord, SkuRecord, SkuDimension, VariantOption, VariantValue } from './catalog.model.js';

const productColumns = {
  id: true,
  externalId: true,
  title: true,
  description: true,
  brand: true,
  url: true,
  priceMinor: true,
  currency: true,
  category: true,
  isAvailable: true,
  images: true,
  nativeCheckout: true,
  variants: true,
} as const;

const skuColumns = {
  id: true,
  productId: true,
  externalId: true,
  merchantId: true,
  name: true,
  inStock: true,
  qtyAvailable: true,
  salePriceMinor: true,
  retailPriceMinor: true,
  currency: true,
  status: true,
  type: true,
  taxable: true,
  taxType: true,
  dateCreated: true,
  dateLastModified: true,
  variantValues: true,
  dimensions: true,
} as const;

const mediaColumns = { id: true, type: true, slug: true, fileName: true, platform: true } as const;

type ProductRow = Prisma.ProductGetPayload<{ select: typeof productColumns }>;
type SkuRow = Prisma.SkuGetPayload<{ select: typeof skuColumns }>;
type MediaRow = Prisma.MediaGetPayload<{ select: typeof mediaColumns }>;
type JsonColumn = Prisma.JsonValue;

// JSON columns are written only by the import, which validated their shape.
function jsonArray<T>(value: JsonColumn): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function toProductRecord(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    externalId: row.externalId,
    title: row.title,
    description: row.description,
    brand: row.brand,
    url: row.url,
    price: toMajor(row.priceMinor, row.currency),
    priceMinor: row.priceMinor,
    currency: row.currency,
    category: row.category,
    isAvailable: row.isAvailable,
    images: jsonArray<string>(row.images),
    nativeCheckout: row.nativeCheckout,
    variants: jsonArray<VariantOption>(row.variants),
  };
}

export function toSkuRecord(row: SkuRow): SkuRecord {
  return {
    skuId: row.id,
    productId: row.productId,
    externalId: row.externalId,
    merchantId: row.merchantId,
    name: row.name,
    inStock: row.inStock,
    qtyAvailable: row.qtyAvailable,
    salePrice: row.salePriceMinor === null ? null : toMajor(row.salePriceMinor, row.currency),
    retailPrice: row.retailPriceMinor === null ? null : toMajor(row.retailPriceMinor, row.currency),
    currency: row.currency,
    status: row.status,
    type: row.type,
    taxable: row.taxable,
    taxType: row.taxType,
    dateCreated: row.dateCreated?.toISOString() ?? null,
    dateLastModified: row.dateLastModified?.toISOString() ?? null,
    variantValues: jsonArray<VariantValue>(row.variantValues),
    skuDimensions: jsonArray<SkuDimension>(row.dimensions),
  };
}

function toMediaRecord(row: MediaRow): MediaRecord {
  return { id: row.id, kind: row.type as MediaKind, slug: row.slug, fileName: row.fileName, platform: row.platform };
}

/** A raw boolean: SQLite gives 0/1, PostgreSQL true/false. */
const rawBool = (value: unknown): boolean => value === true || value === 1 || value === 1n;
/** A JSON column selected as text (both engines). */
const rawJson = (value: unknown): JsonColumn => (typeof value === 'string' ? (JSON.parse(value) as JsonColumn) : null);
/**
 * A DateTime column: SQLite has Prisma's text (`2026-01-05T10:00:00.000+00:00`); PostgreSQL's
 * is selected as milliseconds since 1970 (its text form depends on DateStyle and has no ISO form
 * for years past 9999, which the import accepts).
 */
const rawDate = (value: unknown): Date | null => {
  if (value === null || value === undefined) return null;
  return new Date(typeof value === 'number' ? value : String(value));
};
const rawText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

type Raw = Record<string, unknown>;

function fromRawProduct(row: Raw): ProductRow {
  return {
    id: Number(row.id),
    externalId: rawText(row.externalId),
    title: String(row.title),
    description: rawText(row.description),
    brand: rawText(row.brand),
    url: rawText(row.url),
    priceMinor: Number(row.priceMinor),
    currency: String(row.currency),
    category: rawText(row.category),
    isAvailable: rawBool(row.isAvailable),
    images: rawJson(row.images),
    nativeCheckout: rawBool(row.nativeCheckout),
    variants: rawJson(row.variants),
  };
}

function fromRawSku(row: Raw): SkuRow {
  return {
    id: Number(row.id),
    productId: Number(row.productId),
    externalId: rawText(row.externalId),
    merchantId: Number(row.merchantId),
    name: String(row.name),
    inStock: rawBool(row.inStock),
    qtyAvailable: Number(row.qtyAvailable),
    salePriceMinor: row.salePriceMinor === null ? null : Number(row.salePriceMinor),
    retailPriceMinor: row.retailPriceMinor === null ? null : Number(row.retailPriceMinor),
    currency: String(row.currency),
    status: String(row.status),
    type: String(row.type),
    taxable: rawBool(row.taxable),
    taxType: rawText(row.taxType),
    dateCreated: rawDate(row.dateCreated),
    dateLastModified: rawDate(row.dateLastModified),
    variantValues: rawJson(row.variantValues),
    dimensions: rawJson(row.dimensions),
  };
}

function fromRawMedia(row: Raw): MediaRow {
  return { id: Number(row.id), type: String(row.type), slug: String(row.slug), fileName: String(row.fileName), platform: rawText(row.platform) };
}

/** The SELECT list of a model's columns for the reader: JSON as text, dates as stored text (SQLite) or epoch milliseconds (PostgreSQL). */
function rawColumns(dialect: 'sqlite' | 'postgresql', columns: Record<string, true>, json: readonly string[], dates: readonly string[] = []): string {
  return Object.keys(columns)
    .map((name) => {
      if (json.includes(name) || (dates.includes(name) && dialect === 'sqlite')) return `CAST("${name}" AS TEXT) AS "${name}"`;
      if (dates.includes(name)) return `CAST(EXTRACT(EPOCH FROM "${name}") * 1000 AS double precision) AS "${name}"`;
      return `"${name}"`;
    })
    .join(', ');
}

/**
 * Ids as one parameter: on SQLite a JSON array that json_each expands; on PostgreSQL an integer
 * array literal for `= ANY(…)`, which the planner turns into index lookups even when its
 * statistics are stale (right after an import; an expanded JSON array made it scan every SKU).
 */
const idList = (dialect: 'sqlite' | 'postgresql', ids: readonly number[]) => (dialect === 'sqlite' ? JSON.stringify(ids) : `{${ids.join(',')}}`);

export interface ProductFilter {
  first: number;
  afterId: number | null;
  category: string | null;
  brand: string | null;
}

export class CatalogRepository {
  private readonly reader: RowReader;
  private readonly statements: ReturnType<typeof readerStatements>;
  private readonly dialect: 'sqlite' | 'postgresql';

  constructor(
    private readonly db: DbClient,
    /** Reads through the driver (requests); without one, the same SQL through Prisma's raw queries (transactions). */
    reader: RowReader | null = null,
  ) {
    this.dialect = dialectOf(db);
    this.reader = reader ?? prismaReader(db, this.dialect);
    this.statements = readerStatements(this.dialect);
  }

  async mediaById(kind: MediaKind, id: number): Promise<MediaRecord | null> {
    const [raw] = await this.reader.all<Raw>(this.statements.mediaById, [id, kind]);
    return raw ? toMediaRecord(fromRawMedia(raw)) : null;
  }

  async mediaBySlug(kind: MediaKind, slug: string): Promise<MediaRecord | null> {
    const [raw] = await this.reader.all<Raw>(this.statements.mediaBySlug, [kind, slug]);
    return raw ? toMediaRecord(fromRawMedia(raw)) : null;
  }

  /** Product ids of each media item, in document order. */
  async productIdsOfMedia(mediaIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await this.reader.all<Raw>(this.statements.productIdsOfMedia, [idList(this.dialect, mediaIds)]);
    return groupIds(rows, (row) => Number(row.mediaId), (row) => Number(row.productId));
  }

  /** Curated similar product ids of each product, in document order. */
  async similarIdsOfProducts(productIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await this.reader.all<Raw>(this.statements.similarIdsOfProducts, [idList(this.dialect, productIds)]);
    return groupIds(rows, (row) => Number(row.productId), (row) => Number(row.similarProductId));
  }

  async productsByIds(ids: readonly number[]): Promise<ProductRecord[]> {
    return (await this.reader.all<Raw>(this.statements.productsByIds, [idList(this.dialect, ids)])).map((raw) => toProductRecord(fromRawProduct(raw)));
  }

  /** SKUs of the products, each product's in document order. */
  async skusOfProducts(productIds: readonly number[]): Promise<SkuRecord[]> {
    return (await this.reader.all<Raw>(this.statements.skusOfProducts, [idList(this.dialect, productIds)])).map((raw) => toSkuRecord(fromRawSku(raw)));
  }

  /** Products by ascending id, one more than asked to tell whether another page follows. */
  async productPage(filter: ProductFilter): Promise<ProductRecord[]> {
    const rows = await this.db.product.findMany({
      where: {
        ...(filter.afterId === null ? {} : { id: { gt: filter.afterId } }),
        ...(filter.category === null ? {} : { category: filter.category }),
        ...(filter.brand === null ? {} : { brand: filter.brand }),
      },
      select: productColumns,
      orderBy: { id: 'asc' },
      take: filter.first + 1,
    });
    return rows.map(toProductRecord);
  }

  /** The catalog's version (product-answer.repository.ts): moved by every import that changes something and every stock change. */
  version(): Promise<number> {
    return catalogVersion(this.db);
  }

  async isEmpty(): Promise<boolean> {
    const [stores, products, media] = await Promise.all([this.db.store.count(), this.db.product.count(), this.db.media.count()]);
    return stores + products + media === 0;
  }
}

/** The reader's statements, with the id-list expansion of the engine. */
function readerStatements(dialect: 'sqlite' | 'postgresql') {
  const among = (column: string) => (dialect === 'sqlite' ? `"${column}" IN (SELECT "value" FROM json_each(?))` : `"${column}" = ANY(CAST(? AS integer[]))`);
  const media = rawColumns(dialect, mediaColumns, []);
  return {
    mediaById: `SELECT ${media} FROM "Media" WHERE "id" = ? AND "type" = ?`,
    mediaBySlug: `SELECT ${media} FROM "Media" WHERE "type" = ? AND "slug" = ?`,
    productIdsOfMedia: `SELECT "mediaId", "productId" FROM "MediaProduct" WHERE ${among('mediaId')} ORDER BY "mediaId", "position"`,
    similarIdsOfProducts: `SELECT "productId", "similarProductId" FROM "SimilarProduct" WHERE ${among('productId')} ORDER BY "productId", "position"`,
    productsByIds: `SELECT ${rawColumns(dialect, productColumns, ['images', 'variants'])} FROM "Product" WHERE ${among('id')}`,
    skusOfProducts: `SELECT ${rawColumns(dialect, skuColumns, ['variantValues', 'dimensions'], ['dateCreated', 'dateLastModified'])} FROM "Sku" WHERE ${among('productId')} AND "listed" ORDER BY "productId", "position"`,
  };
}

function groupIds<T>(rows: T[], key: (row: T) => number, value: (row: T) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
