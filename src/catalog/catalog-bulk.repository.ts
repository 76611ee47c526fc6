// Bulk statements on the catalog's tables, for the import and for the writers of stored answer
// texts (product-answer.repository.ts), in SQL both engines take (quoted identifiers, CTEs, INSERT …
// SELECT … ON CONFLICT): a batch's rows are compared with the stored ones in the database (only
// the ids of new or changed rows come back) and only those are written, a batch per statement.
// A batch travels as one parameter, a JSON array of rows that the database expands itself
// (jsonb_each on SQLite, jsonb_array_elements on PostgreSQL): statements stay short and the same
// for every batch. Through the transaction's raw queries: the query builder compiles every value
// of a createMany or findMany of thousands of rows and splits SQLite statements at 999 values,
// which made a 200,000-product import take minutes; thousands of placeholders per statement cost
// SQLite more to prepare than to run.
//
// Values are stored exactly as Prisma stores them, so the rest of the code reads them back the
// same: on SQLite booleans as 0/1, dates as `2026-01-05T10:00:00.000+00:00`, JSON as its text;
// on PostgreSQL the columns' own types (casts in the statement).
import { boundSql } from '../db/tx-sql.js';
import type { SqlParam, TxSql } from '../db/sql-statement.js';
import type { DbClient } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
export type ColumnType = 'int' | 'float' | 'text' | 'bool' | 'json' | 'date';

/** A table the bulk statements write, rows of type `Row`: its name and its columns' storage types. */
export interface BulkTable<Row> {
  name: string;
  /** Columns in statement order, the key first. */
  columns: readonly (readonly [keyof Row & string, ColumnType])[];
}

/**
 * Characters of a batch parameter per statement, at most (a row is never split). Prisma keeps its
 * last hundred debug entries, query plans with their arguments included, even with debugging off:
 * what it keeps of a few dozen statements stays small.
 */
const maxBatchText = 60 * 1024;

const pgTypes: Record<ColumnType, string> = {
  int: 'integer',
  float: 'double precision',
  text: 'text',
  bool: 'boolean',
  json: 'jsonb',
  date: 'timestamp(3)',
};

const quote = (name: string) => `"${name}"`;

export class CatalogBulkRepository {
  constructor(
    private readonly tx: DbClient,
    readonly dialect: Dialect,
  ) {}

  /**
   * A row as the statements read it: a JSON array of its columns' values (null for null; on
   * SQLite booleans as 0/1; JSON columns as their text, a string; dates as text).
   */
  encode<Row>(table: BulkTable<Row>, row: Row): string {
    const sqlite = this.dialect === 'sqlite';
    let text = '[';
    for (let index = 0; index < table.columns.length; index += 1) {
      const [name, type] = table.columns[index]!;
      const value = row[name] as unknown;
      if (index > 0) text += ',';
      if (value === null || value === undefined) {
        text += 'null';
        continue;
      }
      switch (type) {
        case 'int':
        case 'float':
          text += String(value as number);
          break;
        case 'text':
          text += JSON.stringify(value);
          break;
        case 'bool':
          text += sqlite ? (value ? '1' : '0') : value ? 'true' : 'false';
          break;
        case 'json':
          // Its text, as Prisma writes it (a string in the batch: the database takes it as it is).
          text += JSON.stringify(JSON.stringify(value));
          break;
        case 'date':
          text += this.dateText(value as Date);
          break;
      }
    }
    return `${text}]`;
  }

  /**
   * Settings of the import's transaction. PostgreSQL: no JIT. Right after a bulk load its
   * statistics overestimate how many rows a product has, which pushes the list comparison past
   * jit_above_cost: compiling it took ~0.4 s per statement, ten times the statement's own time.
   */
  async begin(): Promise<void> {
    if (this.dialect === 'postgresql') await this.execute('SET LOCAL jit = off', []);
    for (const table of ['Product', 'Sku', 'Media', 'MediaProduct', 'MediaPlacement', 'SimilarProduct']) {
      const [row] = await this.query<{ any: number | bigint | boolean }>(
        `SELECT EXISTS (SELECT 1 FROM ${quote(table)}) AS "any"`,
        [],
      );
      if (!row?.any || row.any === 0n) this.emptyAtStart.add(table);
    }
  }

  /**
   * Tables without a row when the import began: nothing of this import can be stored in them but
   * what it wrote itself, and a document names each row once (duplicates are problems), so every
   * row is new: the comparison is left out (a first import into a new database).
   */
  private readonly emptyAtStart = new Set<string>();

  private readonly dates = new Map<number, string>();

  /**
   * A date as a JSON string: Prisma's SQLite text for a DateTime, or ISO text that PostgreSQL
   * reads into timestamp(3) (UTC). Catalogs repeat dates: the texts of recent ones are kept.
   */
  private dateText(date: Date): string {
    const time = date.getTime();
    let text = this.dates.get(time);
    if (text === undefined) {
      const iso = date.toISOString();
      text = `"${this.dialect === 'sqlite' ? `${iso.slice(0, -1)}+00:00` : iso}"`;
      if (this.dates.size >= 4096) this.dates.clear();
      this.dates.set(time, text);
    }
    return text;
  }

  /** Encoded rows as parameters of at most maxBatchText characters each (JSON arrays of rows). */
  private batches(rows: readonly string[]): string[] {
    const texts: string[] = [];
    let part: string[] = [];
    let length = 0;
    for (const text of rows) {
      if (part.length > 0 && length + text.length > maxBatchText) {
        texts.push(`[${part.join(',')}]`);
        part = [];
        length = 0;
      }
      part.push(text);
      length += text.length + 1;
    }
    if (part.length > 0) texts.push(`[${part.join(',')}]`);
    return texts;
  }

  /** Ids as parameters of at most maxBatchText characters each. */
  private idBatches(ids: readonly number[]): string[] {
    const size = Math.floor(maxBatchText / 11);
    const texts: string[] = [];
    for (let start = 0; start < ids.length; start += size) texts.push(JSON.stringify(ids.slice(start, start + size)));
    return texts;
  }

  /** A SELECT of the rows of the batch parameter (number `param`) as columns `names`. */
  private rows(names: readonly string[], types: readonly ColumnType[], param = 1): string {
    // jsonb_each (SQLite 3.45+): each row comes as JSONB, so ->> does not parse the row's text again per column.
    if (this.dialect === 'sqlite') {
      const columns = names.map((name, index) => `"e"."value" ->> ${index} AS ${quote(name)}`);
      return `SELECT ${columns.join(', ')} FROM jsonb_each(?) AS "e"`;
    }
    const columns = names.map((name, index) => `("e" ->> ${index})::${pgTypes[types[index]!]} AS ${quote(name)}`);
    return `SELECT ${columns.join(', ')} FROM jsonb_array_elements($${param}::jsonb) AS "e"`;
  }

  /** `IN (…)` of the ids of a JSON array parameter (number `param`). */
  private ids(param = 1): string {
    return this.dialect === 'sqlite'
      ? `(SELECT "value" FROM json_each(?))`
      : `(SELECT json_array_elements_text($${param}::json)::integer)`;
  }

  private same(left: string, right: string): string {
    return this.dialect === 'sqlite' ? `${left} IS ${right}` : `${left} IS NOT DISTINCT FROM ${right}`;
  }

  /** In inTransaction: its own SQL (db/tx-sql.ts); PostgreSQL's statements here have `$1`s, no `?`. */
  private direct(): TxSql | null {
    return boundSql(this.tx);
  }

  async query<T>(sql: string, args: SqlParam[]): Promise<T[]> {
    return this.direct()?.all<T>(sql, args) ?? this.tx.$queryRawUnsafe<T[]>(sql, ...args);
  }

  async execute(sql: string, args: SqlParam[]): Promise<number> {
    return this.direct()?.run(sql, args) ?? this.tx.$executeRawUnsafe(sql, ...args);
  }

  /**
   * Which of these rows (encoded, keyed by their first column) are new or differ from the stored
   * row, and whether each was stored: unchanged rows cost no transfer back.
   */
  async changed<Row>(table: BulkTable<Row>, rows: readonly string[]): Promise<Map<number, boolean>> {
    const result = new Map<number, boolean>();
    if (rows.length === 0) return result;
    if (this.emptyAtStart.has(table.name)) {
      for (const row of rows) result.set(Number(/^\[(\d+)/.exec(row)![1]), false);
      return result;
    }
    const names = table.columns.map(([name]) => name);
    const types = table.columns.map(([, type]) => type);
    const [key, ...rest] = names.map(quote);
    const differs = rest.map((column) => this.same(`"s".${column}`, `"b".${column}`)).join(' AND ');
    const sql =
      `WITH "b" AS (${this.rows(names, types)}) ` +
      `SELECT "b".${key} AS "id", CASE WHEN "s".${key} IS NULL THEN 0 ELSE 1 END AS "stored" ` +
      `FROM "b" LEFT JOIN ${quote(table.name)} AS "s" ON "s".${key} = "b".${key} ` +
      `WHERE "s".${key} IS NULL OR NOT (${differs})`;
    for (const batch of this.batches(rows)) {
      for (const row of await this.query<{ id: number | bigint; stored: number | bigint }>(sql, [batch]))
        result.set(Number(row.id), Number(row.stored) === 1);
    }
    return result;
  }

  /** Inserts the rows (encoded), or updates the stored ones of the same key; `later`: as TxSql.later. */
  async upsert<Row>(table: BulkTable<Row>, rows: readonly string[], { later = false } = {}): Promise<void> {
    if (rows.length === 0) return;
    const names = table.columns.map(([name]) => name);
    const types = table.columns.map(([, type]) => type);
    const [key, ...rest] = names.map(quote);
    const update = rest.map((column) => `${column} = excluded.${column}`).join(', ');
    // `WHERE true`: SQLite would read ON CONFLICT as a join constraint of the SELECT otherwise.
    const sql =
      `INSERT INTO ${quote(table.name)} (${names.map(quote).join(', ')}) ${this.rows(names, types)} ` +
      `WHERE true ON CONFLICT (${key}) DO UPDATE SET ${update}`;
    const direct = later ? this.direct() : null;
    for (const batch of this.batches(rows)) await (direct ? direct.later(sql, [batch]) : this.execute(sql, [batch]));
  }

  /** Inserts rows of integers (link tables). */
  async insertInts(table: string, columns: readonly string[], rows: readonly (readonly number[])[]): Promise<void> {
    if (rows.length === 0) return;
    const types = columns.map((): ColumnType => 'int');
    for (const batch of this.batches(rows.map((row) => `[${row.join(',')}]`)))
      await this.execute(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) ${this.rows(columns, types)}`,
        [batch],
      );
  }

  /** Inserts the rows (encoded), which no stored row has the key of (a list's rows, its old ones deleted). */
  async insert<Row>(table: BulkTable<Row>, rows: readonly string[]): Promise<void> {
    if (rows.length === 0) return;
    const names = table.columns.map(([name]) => name);
    const types = table.columns.map(([, type]) => type);
    const sql = `INSERT INTO ${quote(table.name)} (${names.map(quote).join(', ')}) ${this.rows(names, types)}`;
    for (const batch of this.batches(rows)) await this.execute(sql, [batch]);
  }

  async deleteWhereIn(table: string, column: string, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const batch of this.idBatches(ids))
      await this.execute(`DELETE FROM ${quote(table)} WHERE ${quote(column)} IN ${this.ids()}`, [batch]);
  }

  /** Gives the media items' slugs up (a temporary one each), so that others may take them. */
  async releaseSlugs(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const slug = this.dialect === 'sqlite' ? `'~import~' || "id"` : `'~import~' || "id"::text`;
    for (const batch of this.idBatches(ids))
      await this.execute(`UPDATE "Media" SET "slug" = ${slug} WHERE "id" IN ${this.ids()}`, [batch]);
  }

  /** Listed SKUs of these products other than these SKUs. */
  async otherListedSkus(productIds: readonly number[], skuIds: readonly number[]): Promise<number[]> {
    if (productIds.length === 0) return [];
    const rows = await this.query<{ id: number | bigint }>(
      `SELECT "id" FROM "Sku" WHERE "productId" IN ${this.ids(1)} AND "listed" AND "id" NOT IN ${this.ids(2)}`,
      [JSON.stringify(productIds), JSON.stringify(skuIds)],
    );
    return rows.map((row) => Number(row.id));
  }

  /**
   * Locks these products' rows until the transaction ends (PostgreSQL; SQLite has one writer at a
   * time). Whoever changes what a product's read-model text shows takes its product's row first,
   * in id order, then SKU rows, then the text: a submit waits for an import that changes the
   * product or its SKUs and then reads what it committed, and two writers of one product's text
   * take turns instead of one overwriting the other's with what it read before the other committed.
   */
  async lockProducts(ids: readonly number[]): Promise<void> {
    if (this.dialect !== 'postgresql' || ids.length === 0) return;
    const sorted = [...new Set(ids)].sort((a, b) => a - b);
    for (const batch of this.idBatches(sorted))
      await this.query(`SELECT "id" FROM "Product" WHERE "id" IN ${this.ids()} ORDER BY "id" FOR UPDATE`, [batch]);
  }

  /** The products these SKUs belong to, as stored (a read: no lock taken). */
  async productsOfSkus(ids: readonly number[]): Promise<number[]> {
    const products = new Set<number>();
    for (const batch of this.idBatches(ids)) {
      for (const row of await this.query<{ productId: number | bigint }>(
        `SELECT DISTINCT "productId" FROM "Sku" WHERE "id" IN ${this.ids()}`,
        [batch],
      ))
        products.add(Number(row.productId));
    }
    return [...products];
  }

  async unlistSkus(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const batch of this.idBatches(ids))
      await this.execute(
        `UPDATE "Sku" SET "listed" = ${this.dialect === 'sqlite' ? '0' : 'false'} WHERE "id" IN ${this.ids()}`,
        [batch],
      );
  }

  /**
   * Owners (media items, products) whose stored list (of `item` by `position`) differs from the
   * given one, with the number of rows stored for each (0: none).
   */
  async changedLists(
    table: string,
    owner: string,
    item: string,
    lists: readonly (readonly [number, readonly number[]])[],
  ): Promise<Map<number, number>> {
    function* encoded(): Generator<readonly [number, string[]]> {
      for (const [id, list] of lists) yield [id, list.map((value, position) => `[${id},${position},${value}]`)];
    }
    return this.changedRowLists<Record<string, number>>(
      {
        name: table,
        columns: [
          [owner, 'int'],
          ['position', 'int'],
          [item, 'int'],
        ],
      },
      encoded(),
    );
  }

  /**
   * The same for lists of rows of several columns: `table`'s columns are the owner, the position,
   * then what a row holds (compared null-safely); each list comes as its rows, encoded.
   */
  async changedRowLists<Row>(
    table: BulkTable<Row>,
    lists: Iterable<readonly [number, readonly string[]]>,
  ): Promise<Map<number, number>> {
    const result = new Map<number, number>();
    if (this.emptyAtStart.has(table.name)) {
      for (const [id, rows] of lists) if (rows.length > 0) result.set(id, 0);
      return result;
    }
    const names = table.columns.map(([name]) => name);
    const types = table.columns.map(([, type]) => type);
    const [o, p, ...values] = names.map(quote);
    const t = quote(table.name);
    const same = [`"s".${o} IS NOT NULL`, ...values.map((column) => this.same(`"s".${column}`, `"b".${column}`))].join(
      ' AND ',
    );
    const sql =
      `WITH "b" AS (${this.rows(names, types)}), ` +
      `"m" AS (SELECT "b".${o} AS "o", COUNT(*) AS "n", SUM(CASE WHEN ${same} THEN 1 ELSE 0 END) AS "same" ` +
      `FROM "b" LEFT JOIN ${t} AS "s" ON "s".${o} = "b".${o} AND "s".${p} = "b".${p} GROUP BY "b".${o}), ` +
      `"c" AS (SELECT "m"."o" AS "o", "m"."n" AS "n", "m"."same" AS "same", ` +
      `(SELECT COUNT(*) FROM ${t} AS "t" WHERE "t".${o} = "m"."o") AS "stored" FROM "m") ` +
      `SELECT "o" AS "id", "stored" FROM "c" WHERE "same" <> "n" OR "stored" <> "n"`;
    // An owner's rows go in one statement (its list is compared whole): a statement ends between owners.
    let part: string[] = [];
    let length = 0;
    const flush = async () => {
      if (part.length === 0) return;
      for (const row of await this.query<{ id: number | bigint; stored: number | bigint }>(sql, [
        `[${part.join(',')}]`,
      ]))
        result.set(Number(row.id), Number(row.stored));
      part = [];
      length = 0;
    };
    const empty: number[] = [];
    for (const [id, rows] of lists) {
      if (rows.length === 0) {
        empty.push(id);
        continue;
      }
      const size = rows.reduce((sum, row) => sum + row.length + 1, 0);
      if (length > 0 && length + size > maxBatchText) await flush();
      for (const row of rows) part.push(row);
      length += size;
    }
    await flush();
    for (const batch of this.idBatches(empty)) {
      const found = await this.query<{ id: number | bigint; stored: number | bigint }>(
        `SELECT ${o} AS "id", COUNT(*) AS "stored" FROM ${t} WHERE ${o} IN ${this.ids()} GROUP BY ${o}`,
        [batch],
      );
      for (const row of found) result.set(Number(row.id), Number(row.stored));
    }
    return result;
  }
}
