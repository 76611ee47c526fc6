// What the search index (search-index.ts) is built from: the stored products, a page at a time in
// id order, with the texts of their listed SKUs and whether they are available; the ids of the
// available products, a range at a time, when stock has changed; and the catalog version (an
// import moves row 1 of CatalogMeta, a stock change one of the others). The same SQL on both
// engines, through the driver (db/reader.ts).
import type { RowReader } from '../db/reader.js';
import { isAvailable } from '../domain/pricing.js';
import type { IndexedProduct } from './search-index.parts.js';

interface ProductRow {
  id: number;
  title: string;
  brand: string | null;
  category: string | null;
  description: string | null;
  variants: unknown;
  priceMinor: number | string;
  currency: string;
  isAvailable: boolean | number;
}

/**
 * Listed SKUs read per statement while the index is built, and at most per page of products (then
 * the page ends before); more than a product may have.
 */
const defaultSkuBounds = { skuChunk: 5_000, skusPerPage: 20_000 };

/** A listed SKU of a product. */
interface SkuRow {
  id: number;
  position: number;
  productId: number;
  name: string;
  variantValues: unknown;
  inStock: boolean | number;
  status: string;
  qtyAvailable: number;
}

/** A JSON column as read: its text on SQLite, its value on PostgreSQL. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface CatalogVersions {
  /** Moved by every change (imports and stock). */
  catalog: number;
  /** Moved by imports only. */
  imports: number;
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
    for (const row of rows) {
      catalog += Number(row.version);
      if (Number(row.id) === 1) imports = Number(row.version);
    }
    return { catalog, imports };
  }

  /**
   * Up to `limit` products with ids above `after`, in id order, as the index reads them; fewer when
   * their listed SKUs pass skusPerPage (a product has up to 10,000): none but the end is empty.
   */
  async products(after: number, limit: number): Promise<IndexedProduct[]> {
    const products = await this.reader.all<ProductRow>(
      `SELECT "id", "title", "brand", "category", "description", "variants", "priceMinor", "currency", "isAvailable"
      FROM "Product" WHERE "id" > ? ORDER BY "id" LIMIT ?`,
      [after, limit],
    );
    if (products.length === 0) return [];
    const { byProduct, through } = await this.listedSkus(
      Number(products[0]!.id),
      Number(products[products.length - 1]!.id),
    );
    return products
      .filter((row) => Number(row.id) <= through)
      .map((row) => {
        const listed = byProduct.get(Number(row.id)) ?? [];
        const productAvailable = Boolean(row.isAvailable);
        return {
          id: Number(row.id),
          title: row.title,
          brand: row.brand,
          category: row.category,
          description: row.description,
          variantValues: [
            ...json<{ values: string[] }[]>(row.variants).flatMap((option) => option.values),
            ...listed.flatMap((sku) => json<{ value: string }[]>(sku.variantValues).map((value) => value.value)),
          ],
          skuNames: listed.map((sku) => sku.name),
          priceMinor: Number(row.priceMinor),
          currency: row.currency,
          // Whether one unit can be sold now, as a cart addition reads it.
          available: listed.some((sku) =>
            isAvailable(
              {
                listed: true,
                inStock: Boolean(sku.inStock),
                status: sku.status,
                qtyAvailable: sku.qtyAvailable,
                productAvailable,
              },
              1,
            ),
          ),
        };
      });
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
        ? await this.reader.all<SkuRow>(
            `${columns}
            AND ("productId" > ? OR ("productId" = ? AND ("position" > ? OR ("position" = ? AND "id" > ?))))
            ${order}`,
            [from, to, 1, last.productId, last.productId, last.position, last.position, last.id, skuChunk],
          )
        : await this.reader.all<SkuRow>(`${columns} ${order}`, [from, to, 1, skuChunk]);
      for (const sku of chunk) {
        const id = Number(sku.productId);
        let list = byProduct.get(id);
        if (!list) byProduct.set(id, (list = []));
        list.push(sku);
      }
      read += chunk.length;
      if (chunk.length < skuChunk) return { byProduct, through: to };
      last = chunk[chunk.length - 1]!;
      // A product has at most 10,000 SKUs: the first product's are all read by then (with the default bounds).
      if (read >= skusPerPage) return { byProduct, through: Number(last.productId) - 1 };
    }
  }

  /** The ids from `from` to `to` (inclusive) of the products available now. */
  async availableIds(from: number, to: number): Promise<number[]> {
    const rows = await this.reader.all<{ id: number }>(
      `SELECT p."id" AS "id" FROM "Product" AS p
      WHERE p."id" >= ? AND p."id" <= ? AND p."isAvailable" = ? AND EXISTS (
        SELECT 1 FROM "Sku" AS s
        WHERE s."productId" = p."id" AND s."listed" = ? AND s."inStock" = ? AND s."status" = 'AVAILABLE'
          AND s."qtyAvailable" > 0)`,
      [from, to, 1, 1, 1],
    );
    return rows.map((row) => Number(row.id));
  }
}
