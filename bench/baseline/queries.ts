// The raw baseline's SQL: hand-written statements over better-sqlite3, shared by the raw REST
// baseline (server.ts) and the Mercurius + graphql-jit peer (../peer/server.ts), so that both read
// exactly the same rows the same way; and how both read their values (money, dates, price tiers).
import Database from 'better-sqlite3';

export interface ProductRow {
  id: number;
  externalId: string | null;
  title: string;
  brand: string | null;
  url: string | null;
  priceMinor: number;
  currency: string;
  category: string | null;
  isAvailable: number;
  images: string;
  nativeCheckout: number;
  variants: string;
}

export interface SkuRow {
  id: number;
  productId: number;
  externalId: string | null;
  merchantId: number;
  name: string;
  inStock: number;
  qtyAvailable: number;
  salePriceMinor: number | null;
  retailPriceMinor: number | null;
  currency: string;
  status: string;
  type: string;
  taxable: number;
  taxType: string | null;
  dateCreated: string | null;
  dateLastModified: string | null;
  variantValues: string;
  dimensions: string;
}

export interface MediaRow {
  id: number;
  slug: string;
  fileName: string;
  platform: string | null;
}

/** An image with its products, their SKUs and their comparables (with theirs), as read in five statements. */
export interface ComparablesRows {
  media: MediaRow;
  /** The image's product ids, in order. */
  ids: number[];
  products: Map<number, ProductRow>;
  skus: Map<number, SkuRow[]>;
  similarByProduct: Map<number, number[]>;
}

export interface BaselineQueries {
  product(id: number): { product: ProductRow; skus: SkuRow[] } | undefined;
  imageComparables(id: number): ComparablesRows | undefined;
}

export function openBaselineQueries(file: string): BaselineQueries {
  const db = new Database(file, { readonly: true });
  db.pragma('journal_mode = WAL');
  const productColumns =
    'id, externalId, title, brand, url, priceMinor, currency, category, isAvailable, images, nativeCheckout, variants';
  const skuColumns =
    'id, productId, externalId, merchantId, name, inStock, qtyAvailable, salePriceMinor, retailPriceMinor, currency, status, type, taxable, taxType, dateCreated, dateLastModified, variantValues, dimensions';
  const productById = db.prepare<[number], ProductRow>(`SELECT ${productColumns} FROM Product WHERE id = ?`);
  const productsByIds = db.prepare<[string], ProductRow>(
    `SELECT ${productColumns} FROM Product WHERE id IN (SELECT value FROM json_each(?))`,
  );
  const skusOfProduct = db.prepare<[number], SkuRow>(
    `SELECT ${skuColumns} FROM Sku WHERE productId = ? AND listed = 1 ORDER BY position`,
  );
  const skusOfProducts = db.prepare<[string], SkuRow>(
    `SELECT ${skuColumns} FROM Sku WHERE productId IN (SELECT value FROM json_each(?)) AND listed = 1 ORDER BY productId, position`,
  );
  const imageById = db.prepare<[number], MediaRow>(
    `SELECT id, slug, fileName, platform FROM Media WHERE id = ? AND type = 'image'`,
  );
  const productIdsOfMedia = db.prepare<[number], { productId: number }>(
    'SELECT productId FROM MediaProduct WHERE mediaId = ? ORDER BY position',
  );
  const similarOf = db.prepare<[string], { productId: number; similarProductId: number }>(
    'SELECT productId, similarProductId FROM SimilarProduct WHERE productId IN (SELECT value FROM json_each(?)) ORDER BY productId, position',
  );
  return {
    product(id) {
      const product = productById.get(id);
      return product ? { product, skus: skusOfProduct.all(product.id) } : undefined;
    },
    imageComparables(id) {
      const media = imageById.get(id);
      if (!media) return undefined;
      const ids = productIdsOfMedia.all(media.id).map((row) => row.productId);
      const pairs = similarOf.all(JSON.stringify(ids));
      const similarIds = [...new Set(pairs.map((pair) => pair.similarProductId))];
      const allIds = [...new Set([...ids, ...similarIds])];
      const products = new Map(productsByIds.all(JSON.stringify(allIds)).map((row) => [row.id, row]));
      const skus = new Map<number, SkuRow[]>();
      for (const sku of skusOfProducts.all(JSON.stringify(allIds)))
        skus.set(sku.productId, [...(skus.get(sku.productId) ?? []), sku]);
      const similarByProduct = new Map<number, number[]>();
      for (const pair of pairs)
        similarByProduct.set(pair.productId, [...(similarByProduct.get(pair.productId) ?? []), pair.similarProductId]);
      return { media, ids, products, skus, similarByProduct };
    },
  };
}

/** The database file and port a bench server is started with (its two arguments), and its queries. */
export function serverArguments(): { queries: BaselineQueries; port: number } {
  const [file, port] = process.argv.slice(2);
  if (!file || !port) throw new Error('usage: server.js <sqlite file> <port>');
  return { queries: openBaselineQueries(file), port: Number(port) };
}

/** Minor units as major ones (the bench catalog is in USD). */
export const major = (minor: number | null) => (minor === null ? null : minor / 100);
/** Prisma's SQLite date text as ISO 8601. */
export const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
/** A comparable's price against its product's: lower below 90 %, higher above 110 %. */
export const tierOf = (base: number, other: number): 'lower' | 'similar' | 'higher' =>
  other * 100 < base * 90 ? 'lower' : other * 100 > base * 110 ? 'higher' : 'similar';
