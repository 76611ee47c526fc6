// What the catalog import reads and writes through Prisma, besides the bulk statements of
// catalog-bulk.repository.ts: what is already stored (for validation), stores with their shipping methods and
// tax rates, and the record of the last import (for the same-file skip).
import type { Db, DbClient, Prisma } from '../../db/database.js';
import type { Dialect } from '../../db/dialect.js';
import { withOwnSql } from '../../db/transaction.js';
import { IntSet } from './validate/ids.js';
import type { ExistingCatalog, ImportStore } from './document/import.model.js';

/** Product ids read per statement when the existing ids are loaded. */
const idPage = 50_000;

/** What a document may refer to without holding it: stores' currencies, product ids, media slugs. */
export async function loadExisting(db: DbClient, dialect: Dialect): Promise<ExistingCatalog> {
  // One after the other: inside the import's transaction this is one connection.
  const stores = await db.store.findMany({ select: { id: true, currency: true } });
  const media = await db.media.findMany({ select: { id: true, type: true, slug: true } });
  // Every product id, a page at a time, as one JSON text each (a row per id would be a lot of objects).
  const productIds = new IntSet();
  const aggregate = dialect === 'sqlite' ? `json_group_array("id")` : `COALESCE(json_agg("id"), '[]')::text`;
  for (let after = 0; ;) {
    const [page] = await db.$queryRawUnsafe<{ ids: string }[]>(
      `SELECT ${aggregate} AS "ids" FROM (SELECT "id" FROM "Product" ` +
        `WHERE "id" > ${dialect === 'sqlite' ? '?' : '$1'} ORDER BY "id" LIMIT ${idPage}) AS "page"`,
      after,
    );
    const ids = JSON.parse(page?.ids ?? '[]') as number[];
    for (const id of ids) {
      productIds.add(id);
      if (id > after) after = id;
    }
    if (ids.length < idPage) break;
  }
  return {
    storeCurrencies: new Map(stores.map((store) => [store.id, store.currency])),
    productIds,
    mediaSlugs: new Map(media.map((item) => [`${item.type}:${item.slug}`, item.id])),
  };
}

/** These stores as stored, in the import's terms (shipping methods and tax rates in their order). */
export async function storedStores(tx: DbClient, ids: readonly number[]): Promise<ImportStore[]> {
  const rows = await tx.store.findMany({
    where: { id: { in: [...ids] } },
    include: { shippingMethods: { orderBy: { position: 'asc' } }, taxRates: { orderBy: { position: 'asc' } } },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    marketplace: row.marketplace,
    currency: row.currency,
    marginRatePpm: row.marginRatePpm,
    shippingMethods: row.shippingMethods.map(({ code, label, priceMinor }) => ({ code, label, priceMinor })),
    taxRates: row.taxRates.map(({ countryCode, provinceCode, ratePpm }) => ({ countryCode, provinceCode, ratePpm })),
  }));
}

/** Writes a store as the document has it, its shipping methods and tax rates replaced. */
export async function writeStore(tx: DbClient, store: ImportStore): Promise<void> {
  const fields = {
    name: store.name,
    displayName: store.displayName,
    marketplace: store.marketplace,
    currency: store.currency,
    marginRatePpm: store.marginRatePpm,
  };
  await tx.store.upsert({ where: { id: store.id }, create: { id: store.id, ...fields }, update: fields });
  await tx.shippingMethod.deleteMany({ where: { storeId: store.id } });
  await tx.taxRate.deleteMany({ where: { storeId: store.id } });
  await tx.shippingMethod.createMany({
    data: store.shippingMethods.map((method, position) => ({ storeId: store.id, position, ...method })),
  });
  await tx.taxRate.createMany({
    data: store.taxRates.map((rate, position) => ({ storeId: store.id, position, ...rate })),
  });
}

/** What the last import of a file recorded: its digest, the catalog version it left, its report. */
export interface LastImport {
  digest: string;
  catalogVersion: number;
  report: Prisma.JsonValue;
}

export async function lastImport(db: DbClient): Promise<LastImport | null> {
  return db.catalogImport.findUnique({
    where: { id: 1 },
    select: { digest: true, catalogVersion: true, report: true },
  });
}

/** Records this import as the last one; null forgets the last one (the next import of any file reads it). */
export async function recordImport(
  tx: DbClient,
  record: { digest: string; catalogVersion: number; report: Prisma.InputJsonValue } | null,
): Promise<void> {
  if (record === null) {
    await tx.catalogImport.deleteMany();
    return;
  }
  const row = { ...record, importedAt: new Date() };
  await tx.catalogImport.upsert({ where: { id: 1 }, create: { id: 1, ...row }, update: row });
}

/** Runs the whole import in one transaction, which may take long (a large document). */
export function inImportTransaction<T>(
  db: Db,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
  timeoutMs: number,
): Promise<T> {
  // On SQLite the bulk statements then run on the transaction's connection, not through the ORM's
  // raw queries (catalog-bulk.repository.ts).
  return withOwnSql(db, { maxWait: 30_000, timeout: timeoutMs }, work);
}
