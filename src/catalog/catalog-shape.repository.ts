// The catalog's shape: the most items each of its lists holds for one parent (a product's SKUs, a
// media item's products, …), measured in SQL over the whole catalog by every import that changes
// it and kept on the import row of CatalogMeta, which every process reads with the catalog's
// versions. GraphQL's cost estimate sizes each catalog list by it, so that no answer can hold more
// items than were estimated.
import type { DbClient } from '../db/database.js';
import { dialectOf, type Dialect } from '../db/dialect.js';
import { importRow } from './catalog-version.repository.js';
import type { CatalogShape } from './catalog.model.js';

/** The shape of an empty catalog. */
export const emptyShape: CatalogShape = Object.freeze({
  skusPerProduct: 0,
  similarPerProduct: 0,
  imagesPerProduct: 0,
  variantsPerProduct: 0,
  valuesPerVariant: 0,
  valuesPerSku: 0,
  dimensionsPerSku: 0,
  productsPerMedia: 0,
  placementsPerMedia: 0,
  shippingMethodsPerStore: 0,
  stores: 0,
  currencies: 0,
});

const shapeKeys = Object.keys(emptyShape) as (keyof CatalogShape)[];
/** Sizes that orders keep too (an order line's variant values, its store's currency in revenue). */
const keptByOrders: ReadonlySet<keyof CatalogShape> = new Set(['valuesPerSku', 'currencies']);

/** The most rows of `table` sharing one `key` (0: none). */
const mostPer = (table: string, key: string, where = '') =>
  `(SELECT COALESCE(MAX("n"), 0) FROM ` +
  `(SELECT COUNT(*) AS "n" FROM "${table}"${where} GROUP BY "${key}") AS "counts")`;

/** The statement measuring every list; each engine reads JSON arrays in its own words. */
function measureStatement(dialect: Dialect): string {
  const length = (json: string) =>
    dialect === 'sqlite' ? `json_array_length(${json})` : `jsonb_array_length(${json})`;
  const most = (table: string, json: string) => `(SELECT COALESCE(MAX(${length(`"${json}"`)}), 0) FROM "${table}")`;
  const values =
    dialect === 'sqlite'
      ? `(SELECT COALESCE(MAX(json_array_length("v"."value", '$.values')), 0) ` +
        `FROM "Product", json_each("Product"."variants") AS "v")`
      : `(SELECT COALESCE(MAX(jsonb_array_length("v"->'values')), 0) ` +
        `FROM "Product", jsonb_array_elements("Product"."variants") AS "v")`;
  const columns: Record<keyof CatalogShape, string> = {
    skusPerProduct: mostPer('Sku', 'productId', ' WHERE "listed"'),
    similarPerProduct: mostPer('SimilarProduct', 'productId'),
    imagesPerProduct: most('Product', 'images'),
    variantsPerProduct: most('Product', 'variants'),
    valuesPerVariant: values,
    // every SKU, unlisted too: carts and orders still show theirs
    valuesPerSku: most('Sku', 'variantValues'),
    dimensionsPerSku: most('Sku', 'dimensions'),
    productsPerMedia: mostPer('MediaProduct', 'mediaId'),
    placementsPerMedia: mostPer('MediaPlacement', 'mediaId'),
    shippingMethodsPerStore: mostPer('ShippingMethod', 'storeId'),
    stores: '(SELECT COUNT(*) FROM "Store")',
    currencies: '(SELECT COUNT(DISTINCT "currency") FROM "Store")',
  };
  return `SELECT ${shapeKeys.map((key) => `${columns[key]} AS "${key}"`).join(', ')}`;
}

/**
 * Measures the catalog as `db` sees it (in an import's transaction: as it will commit) and keeps
 * the shape on the import row, which must exist (an import that changed something moved it).
 */
export async function measureCatalogShape(db: DbClient): Promise<CatalogShape> {
  const [row] = await db.$queryRawUnsafe<Record<keyof CatalogShape, number | bigint>[]>(
    measureStatement(dialectOf(db)),
  );
  const kept = await db.catalogMeta.findUnique({ where: { id: importRow }, select: { shape: true } });
  const before = shapeOf(kept?.shape);
  const measured = (key: keyof CatalogShape) => Number(row?.[key] ?? 0);
  // Orders keep what was sold as it was (its variant values, its currency): what an import removes
  // from the catalog stays in them, so those sizes never shrink.
  const shape = Object.fromEntries(
    shapeKeys.map((key) => [
      key,
      keptByOrders.has(key) && before ? Math.max(before[key], measured(key)) : measured(key),
    ]),
  ) as Record<keyof CatalogShape, number>;
  await db.catalogMeta.update({ where: { id: importRow }, data: { shape } });
  return shape;
}

/**
 * After a media item was written through the admin API (the import row moved in the same
 * transaction): its lists may make the kept sizes grow, never shrink (a size too large only makes
 * estimates stricter, until the next import measures again), without measuring the whole catalog;
 * a catalog without a kept shape is measured whole.
 */
export async function growMediaShape(
  db: DbClient,
  sizes: Pick<CatalogShape, 'productsPerMedia' | 'placementsPerMedia'>,
): Promise<void> {
  const kept = await db.catalogMeta.findUnique({ where: { id: importRow }, select: { shape: true } });
  const before = shapeOf(kept?.shape);
  if (!before) {
    await measureCatalogShape(db);
    return;
  }
  if (sizes.productsPerMedia <= before.productsPerMedia && sizes.placementsPerMedia <= before.placementsPerMedia)
    return;
  const shape = {
    ...before,
    productsPerMedia: Math.max(before.productsPerMedia, sizes.productsPerMedia),
    placementsPerMedia: Math.max(before.placementsPerMedia, sizes.placementsPerMedia),
  };
  await db.catalogMeta.update({ where: { id: importRow }, data: { shape } });
}

/** Whether two shapes hold the same sizes. */
export function sameShape(a: CatalogShape, b: CatalogShape): boolean {
  return shapeKeys.every((key) => a[key] === b[key]);
}

/**
 * A kept shape as read (JSON text or value); null when there is none, or it lacks a size (kept by
 * code that measured less).
 */
export function shapeOf(kept: unknown): CatalogShape | null {
  const value: unknown = typeof kept === 'string' ? JSON.parse(kept) : kept;
  if (typeof value !== 'object' || value === null) return null;
  const sizes = value as Record<string, unknown>;
  if (!shapeKeys.every((key) => Number.isSafeInteger(sizes[key]))) return null;
  return Object.fromEntries(shapeKeys.map((key) => [key, sizes[key]])) as Record<keyof CatalogShape, number>;
}

/**
 * At start: measures an imported catalog whose shape is not kept (imported before it was, or by
 * code that measured less). Answers whether it did.
 */
export async function measureUnmeasuredShape(db: DbClient): Promise<boolean> {
  const row = await db.catalogMeta.findUnique({ where: { id: importRow }, select: { shape: true } });
  if (!row || shapeOf(row.shape)) return false;
  await measureCatalogShape(db);
  return true;
}
