// What the search index (search-index.ts) is built from: the stored products, a page at a time in
// id order, with the texts of their listed SKUs and whether they are available; the ids of the
// available products, a range at a time, when stock has changed; and the catalog version (an
// import moves row 1 of CatalogMeta, a stock change one of the others). The same SQL on both
// engines, through the driver (db/reader.ts).
import type { RowReader } from '../db/reader.js';
import { movedProducts } from '../catalog/catalog-moves.js';
import { isAvailable } from '../domain/pricing.js';
import type { IndexedProduct } from './search-index.parts.js';

/** A product as read, its columns in this order (read as arrays: a build reads every product). */
type ProductRow = [
  id: number,
  title: string,
  brand: string | null,
  category: string | null,
  description: string | null,
  variants: unknown,
  priceMinor: number | string,
  currency: string,
  isAvailable: boolean | number,
];

/**
 * Listed SKUs read per statement while the index is built, and at most per page of products (then
 * the page ends before); more than a product may have.
 */
const defaultSkuBounds = { skuChunk: 5_000, skusPerPage: 20_000 };

/** A listed SKU of a product, its columns in this order. */
type SkuRow = [
  id: number,
  productId: number,
  position: number,
  name: string,
  variantValues: unknown,
  inStock: boolean | number,
  status: string,
  qtyAvailable: number,
];

/** Whether product p can sell a unit now (three parameters: 1, 1, 1), as a cart addition reads it. */
const availableNow = `p."isAvailable" = ? AND EXISTS (
  SELECT 1 FROM "Sku" AS s
  WHERE s."productId" = p."id" AND s."listed" = ? AND s."inStock" = ? AND s."status" = 'AVAILABLE'
    AND s."qtyAvailable" > 0)`;

/** Product ids a statement at most when the availability of some is read. */
const availabilityChunk = 500;
/** The lengths such a statement's list of ids has (the last is availabilityChunk). */
const listLengths = [1, 8, 64, availabilityChunk];

/** A JSON column as read: its text on SQLite, its value on PostgreSQL. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface CatalogVersions {
  /** Moved by every change (imports and stock). */
  catalog: number;
  /** Moved by imports only. */
  imports: number;
  /** Each stock row's version (CatalogMeta rows 2 and up): which moves came since. */
  stock: ReadonlyMap<number, number>;
}

/** A stock row's moves since a version: after `after`, up to `upTo` included. */
export interface StockMoves {
  row: number;
  after: number;
  upTo: number;
}

export class SearchRepository {
  constructor(
    private readonly reader: RowReader,
    private readonly bounds: typeof defaultSkuBounds = defaultSkuBounds,
  ) {}

  async versions(): Promise<CatalogVersions> {
    const rows = await this.reader.all<{ id: number; version: number | string }>(
      `SELECT "id", "version" FROM "CatalogMeta"`,
      [],
    );
    let catalog = 0;
    let imports = 0;
    const stock = new Map<number, number>();
    for (const row of rows) {
      catalog += Number(row.version);
      if (Number(row.id) === 1) imports = Number(row.version);
      else stock.set(Number(row.id), Number(row.version));
    }
    return { catalog, imports, stock };
  }

  /**
   * The products whose stock these moves changed (CatalogChange); null when a move is no longer
   * recorded (the moves of a row are kept a thousand deep): then only a whole read will do.
   */
  async productsMoved(moves: readonly StockMoves[]): Promise<Set<number> | null> {
    const ids = new Set<number>();
    for (const { row, after, upTo } of moves) {
      const rows = await this.reader.arrays<[productIds: string]>(
        `SELECT "productIds" FROM "CatalogChange" WHERE "row" = ? AND "version" > ? AND "version" <= ?`,
        [row, after, upTo],
      );
      const moved = movedProducts(
        rows.map(([list]) => list),
        upTo - after,
      );
      if (moved === null) return null;
      for (const id of moved) ids.add(id);
    }
    return ids;
  }

  /**
   * Up to `limit` products with ids above `after`, in id order, as the index reads them; fewer when
   * their listed SKUs pass skusPerPage (a product has up to 10,000): none but the end is empty.
   */
  async products(after: number, limit: number): Promise<IndexedProduct[]> {
    const products = await this.reader.arrays<ProductRow>(
      `SELECT "id", "title", "brand", "category", "description", "variants", "priceMinor", "currency", "isAvailable"
      FROM "Product" WHERE "id" > ? ORDER BY "id" LIMIT ?`,
      [after, limit],
    );
    if (products.length === 0) return [];
    const { byProduct, through } = await this.listedSkus(Number(products[0]![0]), Number(products.at(-1)![0]));
    const indexed: IndexedProduct[] = [];
    for (const [
      rawId,
      title,
      brand,
      category,
      description,
      variants,
      priceMinor,
      currency,
      availableFlag,
    ] of products) {
      const id = Number(rawId);
      if (id > through) break;
      const listed = byProduct.get(id) ?? [];
      const productAvailable = Boolean(availableFlag);
      const variantValues = json<{ values: string[] }[]>(variants).flatMap((option) => option.values);
      for (const sku of listed) for (const value of json<{ value: string }[]>(sku[4])) variantValues.push(value.value);
      indexed.push({
        id,
        title,
        brand,
        category,
        description,
        variantValues,
        skuNames: listed.map((sku) => sku[3]),
        priceMinor: Number(priceMinor),
        currency,
        // Whether one unit can be sold now, as a cart addition reads it.
        available: listed.some(([, , , , , inStock, status, qtyAvailable]) =>
          isAvailable({ listed: true, inStock: Boolean(inStock), status, qtyAvailable, productAvailable }, 1),
        ),
      });
    }
    return indexed;
  }

  /**
   * The listed SKUs of the products from `from` to `to`, skuChunk rows a statement; past
   * skusPerPage, those of the products before the last one read (whose SKUs may go on): `through`.
   */
  private async listedSkus(from: number, to: number): Promise<{ byProduct: Map<number, SkuRow[]>; through: number }> {
    const { skuChunk, skusPerPage } = this.bounds;
    const byProduct = new Map<number, SkuRow[]>();
    const columns = `SELECT "id", "productId", "position", "name", "variantValues", "inStock", "status", "qtyAvailable"
      FROM "Sku" WHERE "productId" >= ? AND "productId" <= ? AND "listed" = ?`;
    const order = `ORDER BY "productId", "position", "id" LIMIT ?`;
    let last: SkuRow | null = null;
    for (let read = 0; ;) {
      const chunk: SkuRow[] = last
        ? await this.reader.arrays<SkuRow>(
            `${columns}
            AND ("productId" > ? OR ("productId" = ? AND ("position" > ? OR ("position" = ? AND "id" > ?))))
            ${order}`,
            [from, to, 1, last[1], last[1], last[2], last[2], last[0], skuChunk],
          )
        : await this.reader.arrays<SkuRow>(`${columns} ${order}`, [from, to, 1, skuChunk]);
      for (const sku of chunk) {
        const id = Number(sku[1]);
        let list = byProduct.get(id);
        if (!list) byProduct.set(id, (list = []));
        list.push(sku);
      }
      read += chunk.length;
      if (chunk.length < skuChunk) return { byProduct, through: to };
      last = chunk.at(-1)!;
      // A product has at most 10,000 SKUs: the first product's are all read by then (with the default bounds).
      if (read >= skusPerPage) return { byProduct, through: Number(last[1]) - 1 };
    }
  }

  /**
   * Of these products, the ids of those available now: at most availabilityChunk a statement, each
   * list filled up to one of a few lengths with its last id again, so that the statements prepared
   * (kept by the reader, on PostgreSQL by every connection) are those few and no more.
   */
  async availableAmong(ids: readonly number[]): Promise<Set<number>> {
    const available = new Set<number>();
    for (let start = 0; start < ids.length; start += availabilityChunk) {
      const chunk = ids.slice(start, start + availabilityChunk);
      const length = listLengths.find((size) => size >= chunk.length)!;
      const list = Array.from({ length }, (_value, index) => chunk[Math.min(index, chunk.length - 1)]!);
      const rows = await this.reader.arrays<[id: number]>(
        `SELECT p."id" FROM "Product" AS p
        WHERE p."id" IN (${list.map(() => '?').join(', ')}) AND ${availableNow}`,
        [...list, 1, 1, 1],
      );
      for (const [id] of rows) available.add(Number(id));
    }
    return available;
  }

  /** The ids from `from` to `to` (inclusive) of the products available now. */
  async availableIds(from: number, to: number): Promise<number[]> {
    const rows = await this.reader.arrays<[id: number]>(
      `SELECT p."id" FROM "Product" AS p WHERE p."id" >= ? AND p."id" <= ? AND ${availableNow}`,
      [from, to, 1, 1, 1],
    );
    return rows.map(([id]) => Number(id));
  }
}
