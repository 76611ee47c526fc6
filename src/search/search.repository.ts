// The catalog search in plain SQL, the same statements on SQLite and PostgreSQL so that both rank
// and page identically: the candidate terms of each query word (chosen in search.service.ts)
// joined with the index, a product's best match per word kept, products matching every word
// scored by the sum, then filtered, sorted with a keyset, counted and faceted.
import type { DbClient } from '../db/database.js';
import { dialectOf, type Dialect } from '../db/dialect.js';
import type { MinorBound } from '../domain/price-bounds.js';
import type { Candidate, FacetValue, SearchConditions, SearchFacets, SearchHit, SearchPage, SearchRequest, SearchSort } from './search.model.js';

type PgType = 'integer' | 'bigint' | 'text' | 'json';

/** The parameters of one statement: `?` on SQLite, numbered and typed on PostgreSQL. */
class Params {
  readonly values: unknown[] = [];
  constructor(readonly dialect: Dialect) {}

  add(value: unknown, type: PgType): string {
    this.values.push(value);
    return this.dialect === 'sqlite' ? '?' : `$${this.values.length}::${type}`;
  }

  /** `IN (…)` of a list of texts. */
  texts(values: readonly string[]): string {
    const list = this.add(JSON.stringify(values), 'json');
    return this.dialect === 'sqlite' ? `(SELECT "value" FROM json_each(${list}))` : `(SELECT json_array_elements_text(${list}))`;
  }

  /** Texts compared by code point on both engines (SQLite's own order; PostgreSQL's "C"). */
  binary(expression: string): string {
    return this.dialect === 'sqlite' ? expression : `${expression} COLLATE "C"`;
  }
}

/** The matching products and their scores ("r"), as a WITH clause. */
function matches(params: Params, request: SearchRequest): string {
  if (request.candidates === null) return `WITH "r" AS (SELECT "id", 0 AS "score" FROM "Product")`;
  const rows = params.add(JSON.stringify(request.candidates.map((c: Candidate) => [c.word, c.term, c.matchClass])), 'json');
  const candidates =
    params.dialect === 'sqlite'
      ? `SELECT "e"."value" ->> 0 AS "word", "e"."value" ->> 1 AS "term", "e"."value" ->> 2 AS "cls" FROM json_each(${rows}) AS "e"`
      : `SELECT ("e" ->> 0)::integer AS "word", "e" ->> 1 AS "term", ("e" ->> 2)::integer AS "cls" FROM json_array_elements(${rows}) AS "e"`;
  return (
    `WITH "c" AS (${candidates}), ` +
    `"m" AS (SELECT t."productId" AS "id", c."word" AS "word", MIN(t."field" * 3 + c."cls") AS "s" FROM "c" JOIN "SearchTerm" AS t ON t."term" = c."term" GROUP BY t."productId", c."word"), ` +
    `"r" AS (SELECT "id", SUM("s") AS "score" FROM "m" GROUP BY "id" HAVING COUNT(*) = ${Math.trunc(request.words)})`
  );
}

type Facet = 'brands' | 'categories' | 'price';

/** The filter's conditions on p, but the one of `except` (a facet counts under the other filters). */
/** A price bound as an expression of p's currency. */
function bound(params: Params, bounds: readonly MinorBound[]): string {
  const other = bounds.find((each) => each.currencies === null);
  const cases = bounds.filter((each) => each.currencies !== null).map((each) => `WHEN p."currency" IN ${params.texts(each.currencies!)} THEN ${params.add(each.minor, 'bigint')}`);
  const rest = other === undefined ? 'NULL' : params.add(other.minor, 'bigint');
  return cases.length === 0 ? rest : `CASE ${cases.join(' ')} ELSE ${rest} END`;
}

function conditions(params: Params, filter: SearchConditions, except?: Facet): string[] {
  const where: string[] = [];
  if (filter.brands && except !== 'brands') where.push(`p."brand" IN ${params.texts(filter.brands)}`);
  if (filter.categories && except !== 'categories') where.push(`p."category" IN ${params.texts(filter.categories)}`);
  if (filter.currency !== undefined) where.push(`p."currency" = ${params.add(filter.currency, 'text')}`);
  if (except !== 'price') {
    if (filter.minPrice !== undefined) where.push(`p."priceMinor" >= ${bound(params, filter.minPrice)}`);
    if (filter.maxPrice !== undefined) where.push(`p."priceMinor" <= ${bound(params, filter.maxPrice)}`);
  }
  // Read from the SKUs as they are now, so the filter follows every stock change (domain/pricing.ts isAvailable, one unit).
  if (filter.available) where.push(`p."isAvailable" AND EXISTS (SELECT 1 FROM "Sku" AS s WHERE s."productId" = p."id" AND s."listed" AND s."inStock" AND s."status" = 'AVAILABLE' AND s."qtyAvailable" > 0)`);
  return where;
}

const from = `FROM "r" JOIN "Product" AS p ON p."id" = "r"."id"`;

function whereClause(where: readonly string[]): string {
  return where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
}

/** Each sort's key and direction; the id, ascending, breaks ties. */
const sortKeys: Record<SearchSort, { key: string; descending: boolean; type: PgType; text?: boolean }> = {
  RELEVANCE: { key: `"r"."score"`, descending: false, type: 'bigint' },
  PRICE_ASC: { key: `p."priceMinor"`, descending: false, type: 'integer' },
  PRICE_DESC: { key: `p."priceMinor"`, descending: true, type: 'integer' },
  NEWEST: { key: `p."id"`, descending: true, type: 'integer' },
  TITLE: { key: `p."title"`, descending: false, type: 'text', text: true },
};

// Every statement adds its parameters in the order its text uses them (SQLite's `?` are positional):
// the WITH clause first, then the conditions.

async function page(db: DbClient, request: SearchRequest): Promise<{ hits: SearchHit[]; hasNextPage: boolean }> {
  const params = new Params(dialectOf(db));
  const sort = sortKeys[request.sort];
  const key = sort.text ? params.binary(sort.key) : sort.key;
  const with_ = matches(params, request);
  const where = conditions(params, request.filter);
  if (request.after) {
    const { key: value, id } = request.after;
    const beyond = sort.descending ? '<' : '>';
    where.push(`(${key} ${beyond} ${params.add(value, sort.type)} OR (${key} = ${params.add(value, sort.type)} AND p."id" > ${params.add(id, 'integer')}))`);
  }
  const limit = Math.max(0, Math.trunc(request.first)) + 1;
  const sql = `${with_} SELECT p."id" AS "id", ${sort.key} AS "key" ${from}${whereClause(where)} ORDER BY ${key} ${sort.descending ? 'DESC' : 'ASC'}, p."id" ASC LIMIT ${limit}`;
  const rows = await db.$queryRawUnsafe<{ id: number | bigint; key: number | bigint | string }[]>(sql, ...params.values);
  const hits = rows.slice(0, limit - 1).map((row) => ({
    productId: Number(row.id),
    position: { key: typeof row.key === 'string' ? row.key : Number(row.key), id: Number(row.id) },
  }));
  return { hits, hasNextPage: rows.length === limit };
}

async function count(db: DbClient, request: SearchRequest): Promise<number> {
  const params = new Params(dialectOf(db));
  const with_ = matches(params, request);
  const where = conditions(params, request.filter);
  const [row] = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`${with_} SELECT COUNT(*) AS "n" ${from}${whereClause(where)}`, ...params.values);
  return Number(row?.n ?? 0);
}

/** A facet's values with their counts, the most frequent first, then by value. */
async function valueFacet(db: DbClient, request: SearchRequest, facet: 'brands' | 'categories'): Promise<FacetValue[]> {
  const params = new Params(dialectOf(db));
  const column = facet === 'brands' ? `p."brand"` : `p."category"`;
  const with_ = matches(params, request);
  const where = [...conditions(params, request.filter, facet), `${column} IS NOT NULL`];
  const sql = `${with_} SELECT ${column} AS "value", COUNT(*) AS "n" ${from}${whereClause(where)} GROUP BY ${column} ORDER BY COUNT(*) DESC, ${params.binary(column)} ASC`;
  const rows = await db.$queryRawUnsafe<{ value: string; n: number | bigint }[]>(sql, ...params.values);
  return rows.map((row) => ({ value: row.value, count: Number(row.n) }));
}

async function priceFacet(db: DbClient, request: SearchRequest): Promise<SearchFacets['price']> {
  const params = new Params(dialectOf(db));
  const with_ = matches(params, request);
  const where = conditions(params, request.filter, 'price');
  const sql = `${with_} SELECT MIN(p."priceMinor") AS "min", MAX(p."priceMinor") AS "max" ${from}${whereClause(where)}`;
  const [row] = await db.$queryRawUnsafe<{ min: number | bigint | null; max: number | bigint | null }[]>(sql, ...params.values);
  return row?.min === null || row?.min === undefined ? null : { minMinor: Number(row.min), maxMinor: Number(row.max) };
}

/** One page of the search, the total and the facets. Statements one after the other: one connection may be all there is. */
export async function searchProducts(db: DbClient, request: SearchRequest): Promise<SearchPage> {
  if (request.candidates !== null && request.candidates.length === 0) {
    return { hits: [], hasNextPage: false, totalCount: 0, facets: { brands: [], categories: [], price: null } };
  }
  const { hits, hasNextPage } = await page(db, request);
  const totalCount = await count(db, request);
  const brands = await valueFacet(db, request, 'brands');
  const categories = await valueFacet(db, request, 'categories');
  const price = await priceFacet(db, request);
  return { hits, hasNextPage, totalCount, facets: { brands, categories, price } };
}

/** Distinct indexed terms that start with `prefix` (not the prefix itself). */
export async function termsWithPrefix(db: DbClient, prefix: string): Promise<string[]> {
  const params = new Params(dialectOf(db));
  const low = params.add(prefix, 'text');
  // Past every text that starts with the prefix, in code point order.
  const high = params.add(`${prefix}\u{10FFFF}`, 'text');
  const exact = params.add(prefix, 'text');
  const length = params.add([...prefix].length, 'integer');
  const same = params.add(prefix, 'text');
  // The range uses the primary key's index; substr keeps the exact prefixes whatever the collation orders.
  const sql = `SELECT DISTINCT "term" AS "term" FROM "SearchTerm" WHERE "term" >= ${low} AND "term" < ${high} AND "term" <> ${exact} AND substr("term", 1, ${length}) = ${same}`;
  const rows = await db.$queryRawUnsafe<{ term: string }[]>(sql, ...params.values);
  return rows.map((row) => row.term);
}

/** The indexed terms any of these one-deletion variants stands for. */
export async function termsOfVariants(db: DbClient, variants: readonly string[]): Promise<string[]> {
  if (variants.length === 0) return [];
  const params = new Params(dialectOf(db));
  const sql = `SELECT DISTINCT "term" AS "term" FROM "SearchVariant" WHERE "variant" IN ${params.texts(variants)}`;
  const rows = await db.$queryRawUnsafe<{ term: string }[]>(sql, ...params.values);
  return rows.map((row) => row.term);
}
