// The only catalog code that talks to Prisma. Every method takes many keys at once (the
// DataLoaders call them once per tree level) and selects only the columns the records need.
import type { DbClient, Prisma } from '../db/database.js';
import { toMajor } from '../domain/money.js';
import { catalogVersion } from './catalog.version.js';
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

export interface ProductFilter {
  first: number;
  afterId: number | null;
  category: string | null;
  brand: string | null;
}

export class CatalogRepository {
  constructor(private readonly db: DbClient) {}

  async mediaById(kind: MediaKind, id: number): Promise<MediaRecord | null> {
    const row = await this.db.media.findUnique({ where: { id }, select: mediaColumns });
    return row && row.type === kind ? toMediaRecord(row) : null;
  }

  async mediaBySlug(kind: MediaKind, slug: string): Promise<MediaRecord | null> {
    const row = await this.db.media.findUnique({ where: { type_slug: { type: kind, slug } }, select: mediaColumns });
    return row ? toMediaRecord(row) : null;
  }

  /** Product ids of each media item, in document order. */
  async productIdsOfMedia(mediaIds: readonly number[]): Promise<Map<number, number[]>> {
    const links = await this.db.mediaProduct.findMany({
      where: { mediaId: { in: [...mediaIds] } },
      select: { mediaId: true, productId: true },
      orderBy: [{ mediaId: 'asc' }, { position: 'asc' }],
    });
    return groupIds(links, (link) => link.mediaId, (link) => link.productId);
  }

  /** Curated similar product ids of each product, in document order. */
  async similarIdsOfProducts(productIds: readonly number[]): Promise<Map<number, number[]>> {
    const pairs = await this.db.similarProduct.findMany({
      where: { productId: { in: [...productIds] } },
      select: { productId: true, similarProductId: true },
      orderBy: [{ productId: 'asc' }, { position: 'asc' }],
    });
    return groupIds(pairs, (pair) => pair.productId, (pair) => pair.similarProductId);
  }

  async productsByIds(ids: readonly number[]): Promise<ProductRecord[]> {
    const rows = await this.db.product.findMany({ where: { id: { in: [...ids] } }, select: productColumns });
    return rows.map(toProductRecord);
  }

  /** SKUs of the products, each product's in document order. */
  async skusOfProducts(productIds: readonly number[]): Promise<SkuRecord[]> {
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

function groupIds<T>(rows: T[], key: (row: T) => number, value: (row: T) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(value(row));
    else groups.set(key(row), [value(row)]);
  }
  return groups;
}
