// Writes the search index (SearchTerm, SearchVariant) of products from their stored rows: the
// import calls it in its transaction for the products it changed, and a process starting on a
// database of products without terms (one migrated from before the index) fills it in.
import { CatalogSql, type Table } from './catalog-bulk.repository.js';
import type { Db, DbClient } from '../db/database.js';
import { dialectOf, type Dialect } from '../db/dialect.js';
import { inTransaction } from '../db/transaction.js';
import { productTerms, typoVariants, type SearchableProduct, type TermRow } from '../domain/search-terms.js';

const termTable: Table<TermRow> = {
  name: 'SearchTerm',
  columns: [
    ['term', 'text'],
    ['productId', 'int'],
    ['field', 'int'],
  ],
};

const variantTable: Table<{ variant: string; term: string }> = {
  name: 'SearchVariant',
  columns: [
    ['variant', 'text'],
    ['term', 'text'],
  ],
};

/** Products indexed per statement group (and per transaction of the backfill). */
const indexBatch = 1000;

interface ProductRow {
  id: number | bigint;
  title: string;
  brand: string | null;
  category: string | null;
  description: string | null;
  variants: unknown;
}

interface SkuRow {
  productId: number | bigint;
  name: string;
  variantValues: unknown;
}

/** A JSON column as read raw: its text on SQLite, its value on PostgreSQL. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function idList(dialect: Dialect): string {
  return dialect === 'sqlite' ? `(SELECT "value" FROM json_each(?))` : `(SELECT json_array_elements_text($1::json)::integer)`;
}

/** The products' texts as the index reads them (products not stored: none). */
async function searchable(sql: CatalogSql, ids: readonly number[]): Promise<SearchableProduct[]> {
  const param = JSON.stringify(ids);
  const products = await sql.query<ProductRow>(`SELECT "id", "title", "brand", "category", "description", "variants" FROM "Product" WHERE "id" IN ${idList(sql.dialect)}`, [param]);
  const skus = await sql.query<SkuRow>(`SELECT "productId", "name", "variantValues" FROM "Sku" WHERE "listed" AND "productId" IN ${idList(sql.dialect)} ORDER BY "productId", "position"`, [param]);
  const byProduct = new Map<number, SkuRow[]>();
  for (const sku of skus) {
    const id = Number(sku.productId);
    let list = byProduct.get(id);
    if (!list) byProduct.set(id, (list = []));
    list.push(sku);
  }
  return products.map((row) => {
    const own = byProduct.get(Number(row.id)) ?? [];
    const options = json<{ values: string[] }[]>(row.variants);
    return {
      id: Number(row.id),
      title: row.title,
      brand: row.brand,
      category: row.category,
      description: row.description,
      variantValues: [...options.flatMap((option) => option.values), ...own.flatMap((sku) => json<{ value: string }[]>(sku.variantValues).map((value) => value.value))],
      skuNames: own.map((sku) => sku.name),
    };
  });
}

/** Replaces the index entries of these products by what their stored rows hold now. */
export async function indexProducts(sql: CatalogSql, ids: Iterable<number>): Promise<void> {
  const all = [...new Set(ids)];
  for (let start = 0; start < all.length; start += indexBatch) {
    const batch = all.slice(start, start + indexBatch);
    const rows = (await searchable(sql, batch)).flatMap(productTerms);
    await sql.deleteWhereIn('SearchTerm', 'productId', batch);
    await sql.insert(
      termTable,
      rows.map((row) => sql.encode(termTable, row)),
    );
    const variants = typoVariants(rows.map((row) => row.term));
    await sql.insertMissing(
      variantTable,
      variants.map(([variant, term]) => sql.encode(variantTable, { variant, term })),
    );
  }
}

/**
 * Indexes the products that have no entry yet (a catalog imported before the index existed), a
 * batch per transaction. Cheap when there are none: one anti-join on an index. Answers how many.
 */
export async function backfillSearchIndex(db: Db): Promise<number> {
  let indexed = 0;
  for (let after = 0; ; ) {
    const ids = await inTransaction(db, async (tx) => {
      const sql = new CatalogSql(tx as DbClient, dialectOf(tx));
      const rows = await sql.query<{ id: number | bigint }>(
        `SELECT p."id" AS "id" FROM "Product" AS p WHERE p."id" > ${sql.dialect === 'sqlite' ? '?' : '$1'} AND NOT EXISTS (SELECT 1 FROM "SearchTerm" AS t WHERE t."productId" = p."id") ORDER BY p."id" LIMIT ${indexBatch}`,
        [after],
      );
      const page = rows.map((row) => Number(row.id));
      await indexProducts(sql, page);
      return page;
    });
    if (ids.length === 0) return indexed;
    indexed += ids.length;
    after = ids[ids.length - 1]!;
  }
}
