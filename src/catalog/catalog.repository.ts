// The catalog's reads of records. Every method takes many keys at once (the DataLoaders call them
// once per tree level) and selects only the columns the records need. Request reads go through
// the driver (db/reader.ts: a prepared statement, a row per record, no query builder) when the
// repository has a reader; inside a transaction (the read model's writes) through Prisma, which
// sees the transaction's own writes. Both give the same records: raw rows are brought to the
// types Prisma gives (booleans, dates, parsed JSON) before the one mapping below (a test compares
// answers built both ways byte for byte).
import type { DbClient, Prisma } from '../db/database.js';
import { toMajor } from '../domain/money.js';
import { catalogVersion } from './catalog.version.js';
import type { RowReader } from '../db/reader.js';
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
 * A DateTime column selected as text: SQLite has Prisma's `2026-01-05T10:00:00.000+00:00`,
 * PostgreSQL's timestamp(3) text is `2026-01-05 10:00:00.123` (UTC, as Prisma writes it).
 */
const rawDate = (value: unknown): Date | null => {
  if (value === null || value === undefined) return null;
  const text = String(value);
  return new Date(/(Z|[+-]\d\d(:?\d\d)?)$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
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

/** The SELECT list of a model's columns for the reader: JSON and dates as text on both engines. */
function rawColumns(columns: Record<string, true>, asText: readonly string[]): string {
  return Object.keys(columns)
    .map((name) => (asText.includes(name) ? `CAST("${name}" AS TEXT) AS "${name}"` : `"${name}"`))
    .join(', ');
}

/** Ids as one parameter: a JSON array the database expands (json_each on SQLite, json_array_elements_text on PostgreSQL). */
const idList = (ids: readonly number[]) => JSON.stringify(ids);

export interface ProductFilter {
  first: number;
  afterId: number | null;
  category: string | null;
  brand: string | null;
}

export class CatalogRepository {
  private readonly statements: ReturnType<typeof readerStatements> | null;

  constructor(
    private readonly db: DbClient,
    /** Reads through the driver (requests); without one, through Prisma (transactions). */
    private readonly reader: RowReader | null = null,
    dialect: 'sqlite' | 'postgresql' = 'sqlite',
  ) {
    this.statements = reader ? readerStatements(dialect) : null;
  }

  async mediaById(kind: MediaKind, id: number): Promise<MediaRecord | null> {
    if (this.reader && this.statements) {
      const [raw] = await this.reader.all<Raw>(this.statements.mediaById, [id, kind]);
      return raw ? toMediaRecord(fromRawMedia(raw)) : null;
    }
    const row = await this.db.media.findUnique({ where: { id }, select: mediaColumns });
    return row && row.type === kind ? toMediaRecord(row) : null;
  }

  async mediaBySlug(kind: MediaKind, slug: string): Promise<MediaRecord | null> {
    if (this.reader && this.statements) {
      const [raw] = await this.reader.all<Raw>(this.statements.mediaBySlug, [kind, slug]);
      return raw ? toMediaRecord(fromRawMedia(raw)) : null;
    }
    const row = await this.db.media.findUnique({ where: { type_slug: { type: kind, slug } }, select: mediaColumns });
    return row ? toMediaRecord(row) : null;
  }

  /** Product ids of each media item, in document order. */
  async productIdsOfMedia(mediaIds: readonly number[]): Promise<Map<number, number[]>> {
    if (this.reader && this.statements) {
      const rows = await this.reader.all<{ mediaId: number; productId: number }>(this.statements.productIdsOfMedia, [idList(mediaIds)]);
      return groupIds(rows, (row) => Number(row.mediaId), (row) => Number(row.productId));
    }
    const links = await this.db.mediaProduct.findMany({
      where: { mediaId: { in: [...mediaIds] } },
      select: { mediaId: true, productId: true },
      orderBy: [{ mediaId: 'asc' }, { position: 'asc' }],
    });
    return groupIds(links, (link) => link.mediaId, (link) => link.productId);
  }

  /** Curated similar product ids of each product, in document order. */
  async similarIdsOfProducts(productIds: readonly number[]): Promise<Map<number, number[]>> {
    if (this.reader && this.statements) {
      const rows = await this.reader.all<{ productId: number; similarProductId: number }>(this.statements.similarIdsOfProducts, [idList(productIds)]);
      return groupIds(rows, (row) => Number(row.productId), (row) => Number(row.similarProductId));
    }
    const pairs = await this.db.similarProduct.findMany({
      where: { productId: { in: [...productIds] } },
      select: { productId: true, similarProductId: true },
      orderBy: [{ productId: 'asc' }, { position: 'asc' }],
    });
    return groupIds(pairs, (pair) => pair.productId, (pair) => pair.similarProductId);
  }

  async productsByIds(ids: readonly number[]): Promise<ProductRecord[]> {
    if (this.reader && this.statements) return (await this.reader.all<Raw>(this.statements.productsByIds, [idList(ids)])).map((raw) => toProductRecord(fromRawProduct(raw)));
    const rows = await this.db.product.findMany({ where: { id: { in: [...ids] } }, select: productColumns });
    return rows.map(toProductRecord);
  }

  /** SKUs of the products, each product's in document order. */
  async skusOfProducts(productIds: readonly number[]): Promise<SkuRecord[]> {
    if (this.reader && this.statements) return (await this.reader.all<Raw>(this.statements.skusOfProducts, [idList(productIds)])).map((raw) => toSkuRecord(fromRawSku(raw)));
    const rows = await this.db.sku.findMany({
      where: { productId: { in: [...productIds] }, listed: true },
      select: skuColumns,
      orderBy: [{ productId: 'asc' }, { position: 'asc' }],
    });
    return rows.map(toSkuRecord);
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

  /** The catalog's version (catalog.read-model.ts): moved by every import that changes something and every stock change. */
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
  const ids = dialect === 'sqlite' ? '(SELECT "value" FROM json_each(?))' : '(SELECT json_array_elements_text(CAST(? AS json))::integer)';
  const media = rawColumns(mediaColumns, []);
  return {
    mediaById: `SELECT ${media} FROM "Media" WHERE "id" = ? AND "type" = ?`,
    mediaBySlug: `SELECT ${media} FROM "Media" WHERE "type" = ? AND "slug" = ?`,
    productIdsOfMedia: `SELECT "mediaId", "productId" FROM "MediaProduct" WHERE "mediaId" IN ${ids} ORDER BY "mediaId", "position"`,
    similarIdsOfProducts: `SELECT "productId", "similarProductId" FROM "SimilarProduct" WHERE "productId" IN ${ids} ORDER BY "productId", "position"`,
    productsByIds: `SELECT ${rawColumns(productColumns, ['images', 'variants'])} FROM "Product" WHERE "id" IN ${ids}`,
    skusOfProducts: `SELECT ${rawColumns(skuColumns, ['dateCreated', 'dateLastModified', 'variantValues', 'dimensions'])} FROM "Sku" WHERE "productId" IN ${ids} AND "listed" ORDER BY "productId", "position"`,
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
