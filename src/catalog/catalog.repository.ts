// The catalog's reads of records. Every method takes many keys at once (the DataLoaders call them
// once per tree level) and selects only the columns the records need. The same SQL runs through
// the driver (db/reader.ts: a prepared statement, a row per record, no query builder) for
// requests, and through Prisma's raw queries inside a transaction (the read model's writes, which
// must see the transaction's own writes). The columns selected and how a row becomes a record are
// the field tables' (catalog.fields.ts), for raw rows (0/1 or true/false, JSON and dates selected
// as text) and Prisma's alike.
import type { DbClient } from '../db/database.js';
import { catalogRows, changedProducts, type ChangeRange } from './catalog-version.repository.js';
import { shapeOf } from './catalog-shape.repository.js';
import { prismaReader, type RowReader } from '../db/reader.js';
import { dialectOf } from '../db/dialect.js';
import { mediaTable, productTable, skuTable, type FieldTable, type RawRow } from './catalog.fields.js';
import type {
  CatalogShape,
  MediaKind,
  MediaRecord,
  PlacementRecord,
  ProductRecord,
  SkuRecord,
} from './catalog.model.js';

type Raw = RawRow;
/** A row as the reader's `arrays` gives it: its columns' values in the SELECT's order (the table's). */
type Values = readonly unknown[];

/**
 * The SELECT list of a table's columns for the reader: JSON as text, dates as stored text (SQLite)
 * or epoch milliseconds (PostgreSQL).
 */
function rawColumns(dialect: 'sqlite' | 'postgresql', columns: FieldTable<never>['columns'], table?: string): string {
  return columns
    .map(({ name, select }) => {
      const column = table ? `${table}."${name}"` : `"${name}"`;
      if (select === 'json' || (select === 'date' && dialect === 'sqlite'))
        return `CAST(${column} AS TEXT) AS "${name}"`;
      if (select === 'date') return `CAST(EXTRACT(EPOCH FROM ${column}) * 1000 AS double precision) AS "${name}"`;
      return table ? `${column} AS "${name}"` : column;
    })
    .join(', ');
}

/**
 * Ids as one parameter: on SQLite a JSON array that json_each expands; on PostgreSQL an integer
 * array literal for `= ANY(…)`, which the planner turns into index lookups even when its
 * statistics are stale (right after an import; an expanded JSON array made it scan every SKU).
 */
const idList = (dialect: 'sqlite' | 'postgresql', ids: readonly number[]) =>
  dialect === 'sqlite' ? JSON.stringify(ids) : `{${ids.join(',')}}`;

export interface ProductFilter {
  first: number;
  afterId: number | null;
  category: string | null;
  brand: string | null;
}

/** The catalog's versions (each row of CatalogMeta's), and its shape as the last import kept it (null: none kept). */
export interface CatalogVersions {
  rows: Map<number, number>;
  shape: CatalogShape | null;
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
    this.reader = reader ?? prismaReader(db);
    this.statements = readerStatements(this.dialect);
  }

  async mediaById(kind: MediaKind, id: number): Promise<MediaRecord | null> {
    const [row] = await this.reader.all<Raw>(this.statements.mediaById, [id, kind]);
    return row ? mediaTable.read(row) : null;
  }

  async mediaBySlug(kind: MediaKind, slug: string): Promise<MediaRecord | null> {
    const [row] = await this.reader.all<Raw>(this.statements.mediaBySlug, [kind, slug]);
    return row ? mediaTable.read(row) : null;
  }

  /** Product ids of each media item, in document order. */
  async productIdsOfMedia(mediaIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await this.reader.all<Raw>(this.statements.productIdsOfMedia, [idList(this.dialect, mediaIds)]);
    return groupIds(
      rows,
      (row) => Number(row.mediaId),
      (row) => Number(row.productId),
    );
  }

  /** Curated similar product ids of each product, in document order. */
  async similarIdsOfProducts(productIds: readonly number[]): Promise<Map<number, number[]>> {
    const rows = await this.reader.all<Raw>(this.statements.similarIdsOfProducts, [idList(this.dialect, productIds)]);
    return groupIds(
      rows,
      (row) => Number(row.productId),
      (row) => Number(row.similarProductId),
    );
  }

  /** Media showing the product, by descending id, below `beforeId` when given; at most `limit`. */
  async mediaOfProduct(productId: number, limit: number, beforeId: number | null): Promise<MediaRecord[]> {
    const rows = await this.reader.all<Raw>(
      beforeId === null ? this.statements.mediaOfProduct : this.statements.mediaOfProductBefore,
      beforeId === null ? [productId, limit] : [productId, beforeId, limit],
    );
    return rows.map((row) => mediaTable.read(row));
  }

  /** Placements of each media item, in document order. */
  async placementsOfMedia(mediaIds: readonly number[]): Promise<Map<number, PlacementRecord[]>> {
    const groups = new Map<number, PlacementRecord[]>();
    for (const row of await this.reader.all<Raw>(this.statements.placementsOfMedia, [idList(this.dialect, mediaIds)])) {
      const mediaId = Number(row.mediaId);
      const optional = (value: unknown) => (value === null || value === undefined ? null : Number(value));
      const placement: PlacementRecord = {
        id: `${mediaId}:${Number(row.position)}`,
        mediaId,
        productId: Number(row.productId),
        x: optional(row.x),
        y: optional(row.y),
        startMs: optional(row.startMs),
        endMs: optional(row.endMs),
      };
      const list = groups.get(mediaId);
      if (list) list.push(placement);
      else groups.set(mediaId, [placement]);
    }
    return groups;
  }

  async productsByIds(ids: readonly number[]): Promise<ProductRecord[]> {
    return (await this.reader.arrays<Values>(this.statements.productsByIds, [idList(this.dialect, ids)])).map((row) =>
      productTable.readValues(row),
    );
  }

  /** The listed SKUs of these products, by product and place; at most `limit` of them when given. */
  async skusOfProducts(productIds: readonly number[], limit?: number): Promise<SkuRecord[]> {
    const rows =
      limit === undefined
        ? await this.reader.arrays<Values>(this.statements.skusOfProducts, [idList(this.dialect, productIds)])
        : await this.reader.arrays<Values>(this.statements.skusOfProductsUpTo, [
            idList(this.dialect, productIds),
            limit,
          ]);
    return rows.map((row) => skuTable.readValues(row));
  }

  /**
   * The products of these SKUs, and all their listed SKUs by product and place: what their stored
   * answers are made of, read by the SKUs' ids where the products' are not known yet (a submit reads
   * them behind its stock statements, in the same write: catalog/stock-answers.ts).
   */
  async productsOfSkus(skuIds: readonly number[]): Promise<{ products: ProductRecord[]; skus: SkuRecord[] }> {
    const ids = [idList(this.dialect, skuIds)];
    const [products, skus] = await Promise.all([
      this.reader.arrays<Values>(this.statements.productsOfSkus, ids),
      this.reader.arrays<Values>(this.statements.skusOfProductsOfSkus, ids),
    ]);
    return {
      products: products.map((row) => productTable.readValues(row)),
      skus: skus.map((row) => skuTable.readValues(row)),
    };
  }

  /** Products by ascending id, one more than asked to tell whether another page follows. */
  async productPage(filter: ProductFilter): Promise<ProductRecord[]> {
    const conditions: [string, number | string | null][] = [
      ['"id" > ?', filter.afterId],
      ['"category" = ?', filter.category],
      ['"brand" = ?', filter.brand],
    ];
    const given = conditions.filter((condition): condition is [string, number | string] => condition[1] !== null);
    const where = given.length === 0 ? '' : ` WHERE ${given.map(([condition]) => condition).join(' AND ')}`;
    // Planned for each page's values: a prepared statement's generic plan walks the ids and
    // filters, every product read for a category or brand that few or none have.
    const rows = await this.reader.all<Raw>(
      `${this.statements.products}${where} ORDER BY "id" LIMIT ?`,
      [...given.map(([, value]) => value), filter.first + 1],
      { planEachRun: true },
    );
    return rows.map((row) => productTable.read(row));
  }

  /**
   * The catalog's versions (catalog-version.repository.ts: the import row and the stock rows), and
   * its shape as the last import kept it (null: none kept).
   */
  async catalogRows(): Promise<CatalogVersions> {
    const { rows, shape } = await catalogRows(this.reader);
    return { rows, shape: shapeOf(shape) };
  }

  /** The products the stock changes of these ranges touched; null when one is no longer recorded. */
  changedProducts(ranges: readonly ChangeRange[]): Promise<Set<number> | null> {
    return changedProducts(this.reader, ranges);
  }

  /**
   * The first `limit` media items with placements, by ascending id, each with the stores its placed
   * products are sold by (their SKUs' merchants, in their SKUs' currency): what the demo storefront chooses from.
   */
  async placedMedia(
    limit: number,
  ): Promise<{ id: number; kind: MediaKind; slug: string; stores: { id: number; currency: string }[] }[]> {
    const rows = await this.db.media.findMany({
      where: { placements: { some: {} } },
      orderBy: { id: 'asc' },
      take: limit,
      select: {
        id: true,
        type: true,
        slug: true,
        placements: { select: { product: { select: { skus: { select: { merchantId: true, currency: true } } } } } },
      },
    });
    return rows.map((row) => ({
      id: row.id,
      kind: row.type as MediaKind,
      slug: row.slug,
      stores: [
        ...new Map(
          row.placements.flatMap((placement) =>
            placement.product.skus.map(
              (sku) => [sku.merchantId, { id: sku.merchantId, currency: sku.currency }] as const,
            ),
          ),
        ).values(),
      ],
    }));
  }

  async isEmpty(): Promise<boolean> {
    const [stores, products, media] = await Promise.all([
      this.db.store.count(),
      this.db.product.count(),
      this.db.media.count(),
    ]);
    return stores + products + media === 0;
  }
}

/** The reader's statements, with the id-list expansion of the engine. */
function readerStatements(dialect: 'sqlite' | 'postgresql') {
  const among = (column: string) =>
    dialect === 'sqlite'
      ? `"${column}" IN (SELECT "value" FROM json_each(?))`
      : `"${column}" = ANY(CAST(? AS integer[]))`;
  const media = rawColumns(dialect, mediaTable.columns);
  const mediaOfProduct =
    `SELECT ${rawColumns(dialect, mediaTable.columns, 'm')} ` +
    `FROM "MediaProduct" AS l JOIN "Media" AS m ON m."id" = l."mediaId" WHERE l."productId" = ?`;
  const productRows = `SELECT ${rawColumns(dialect, productTable.columns)} FROM "Product"`;
  const skuRows = `SELECT ${rawColumns(dialect, skuTable.columns)} FROM "Sku"`;
  const skus = `${skuRows} WHERE ${among('productId')} AND "listed"`;
  const byPlace = 'ORDER BY "productId", "position"';
  const productsOfSkus = `SELECT "productId" FROM "Sku" WHERE ${among('id')}`;
  const placement = `"mediaId", "position", "productId", "x", "y", "startMs", "endMs"`;
  const byMedia = `WHERE ${among('mediaId')} ORDER BY "mediaId", "position"`;
  const byProduct = `WHERE ${among('productId')} ORDER BY "productId", "position"`;
  return {
    mediaById: `SELECT ${media} FROM "Media" WHERE "id" = ? AND "type" = ?`,
    mediaBySlug: `SELECT ${media} FROM "Media" WHERE "type" = ? AND "slug" = ?`,
    productIdsOfMedia: `SELECT "mediaId", "productId" FROM "MediaProduct" ${byMedia}`,
    mediaOfProduct: `${mediaOfProduct} ORDER BY m."id" DESC LIMIT ?`,
    mediaOfProductBefore: `${mediaOfProduct} AND m."id" < ? ORDER BY m."id" DESC LIMIT ?`,
    placementsOfMedia: `SELECT ${placement} FROM "MediaPlacement" ${byMedia}`,
    similarIdsOfProducts: `SELECT "productId", "similarProductId" FROM "SimilarProduct" ${byProduct}`,
    products: productRows,
    productsByIds: `${productRows} WHERE ${among('id')}`,
    skusOfProducts: `${skus} ${byPlace}`,
    skusOfProductsUpTo: `${skus} ${byPlace} LIMIT ?`,
    productsOfSkus: `${productRows} WHERE "id" IN (${productsOfSkus})`,
    skusOfProductsOfSkus: `${skuRows} WHERE "productId" IN (${productsOfSkus}) AND "listed" ${byPlace}`,
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
