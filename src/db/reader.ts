// Reads for the hottest catalog statements, straight through the driver: a prepared statement
// per SQL text on a read-only better-sqlite3 connection of its own (WAL: it reads while others
// write), or a named prepared statement on PostgreSQL through a pool made as Prisma's is (its
// bounds and timeouts hold), the catalog reads' own (database.ts). The query builder, its result
// mapping and the adapter layer cost several times a one-row indexed lookup (bench/README.md);
// these statements return a few columns, mostly text that is sent as it is.
//
// SQL is written once with `?` placeholders; PostgreSQL gets `$1…` in their place. Column values
// come back as the driver gives them: integers as numbers, text as strings.
import Database from 'better-sqlite3';
import type pg from 'pg';
import { connectFault } from './faults.js';
import type { DbClient } from './client.js';
import { boundSql, ormSql } from './tx-sql.js';
import { isStalePlan, numbered, StatementNames, type NamedStatement } from './pg-statements.js';
import type { QueryEvent } from './sql-statement.js';

export interface ReadOptions {
  /**
   * PostgreSQL: planned for each run's values (an unnamed statement), never a prepared one's
   * generic plan: for a statement whose best plan depends on a value a caller picks (a filter on
   * a column of rare and common values, where the generic plan walks the primary key and filters).
   */
  planEachRun?: boolean;
}

export interface RowReader {
  /** The rows of a SELECT (`?` placeholders, numbers and strings as parameters). */
  all<Row>(sql: string, params: readonly (number | string)[], options?: ReadOptions): Promise<Row[]>;
  /**
   * The same, each row an array of its columns in the SELECT's order: for reads of many rows (the
   * search index's build reads the whole catalog), where an object a row costs a third of the read.
   * The SELECT's columns have distinct, non-numeric names (the ORM's rows are objects turned into
   * arrays).
   */
  arrays<Row extends readonly unknown[]>(sql: string, params: readonly (number | string)[]): Promise<Row[]>;
  close(): void;
}

type OnQuery = (event: QueryEvent) => void;

/**
 * The reader's own connection. Memory-mapped reads: a lookup in a catalog larger than SQLite's
 * page cache (2 MiB by default) reads the file's pages where the kernel keeps them instead of
 * copying each through a read call; the mapping is address space, its pages the kernel's page
 * cache (shared, evicted under pressure), up to 1 GiB of the file.
 */
function openReadOnly(file: string, mapped: boolean): Database.Database {
  // Opening it is connecting: whatever fails here is the database's (a file gone or unreadable).
  try {
    const connection = new Database(file, { readonly: true, fileMustExist: true, timeout: 1000 });
    if (mapped) connection.pragma('mmap_size = 1073741824');
    return connection;
  } catch (error) {
    throw connectFault(error);
  }
}

/**
 * mapped: memory-mapped reads (above); false for a reader that reads the catalog once through, not
 * by lookups (the search thread's).
 */
export function sqliteReader(file: string, onQuery?: OnQuery, mapped = true): RowReader {
  // Opened at the first read: the file exists and is migrated by then.
  let connection: Database.Database | null = null;
  const statements = new Map<string, Database.Statement>();
  const arrayStatements = new Map<string, Database.Statement>();
  const run = <Row>(sql: string, params: readonly (number | string)[], arrays: boolean): Promise<Row[]> => {
    try {
      connection ??= openReadOnly(file, mapped);
      const kept = arrays ? arrayStatements : statements;
      let statement = kept.get(sql);
      if (statement === undefined) {
        statement = connection.prepare(sql);
        if (arrays) statement.raw(true);
        kept.set(sql, statement);
      }
      const started = onQuery ? performance.now() : 0;
      const rows = statement.all(...params) as Row[];
      onQuery?.({ query: sql, durationMs: performance.now() - started, startedAt: started });
      return Promise.resolve(rows);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };
  return {
    all: <Row>(sql: string, params: readonly (number | string)[]) => run<Row>(sql, params, false),
    arrays: <Row extends readonly unknown[]>(sql: string, params: readonly (number | string)[]) =>
      run<Row>(sql, params, true),
    close() {
      connection?.close();
      connection = null;
      statements.clear();
      arrayStatements.clear();
    },
  };
}

export function pgReader(pool: pg.Pool, onQuery?: OnQuery): RowReader {
  // At most 300 texts, none with more than 32 parameters (a list's length makes each its own text).
  const names = new StatementNames('catalog_read', 300, 32);
  const query = <Row>(statement: NamedStatement, params: readonly (number | string)[], arrays: boolean) =>
    pool.query<Row & pg.QueryResultRow>({
      name: statement.name,
      text: statement.text,
      values: [...params],
      ...(arrays ? { rowMode: 'array' } : {}),
    });
  const run = async <Row>(
    sql: string,
    params: readonly (number | string)[],
    arrays: boolean,
    options?: ReadOptions,
  ): Promise<Row[]> => {
    const started = onQuery ? performance.now() : 0;
    const statement = options?.planEachRun ? { text: numbered(sql), generation: 0 } : names.of(sql);
    const result = await query<Row>(statement, params, arrays).catch((error: unknown) => {
      // A migration changed what the text returns: prepared again under a new name.
      if (!isStalePlan(error) || !names.renameStale(statement)) throw error;
      return query<Row>(names.of(sql), params, arrays);
    });
    onQuery?.({ query: sql, durationMs: performance.now() - started, startedAt: started });
    return result.rows;
  };
  return {
    all: <Row>(sql: string, params: readonly (number | string)[], options?: ReadOptions) =>
      run<Row>(sql, params, false, options),
    arrays: <Row extends readonly unknown[]>(sql: string, params: readonly (number | string)[]) =>
      run<Row>(sql, params, true),
    close() {
      // The pool is its maker's: ended where it was made (database.ts).
    },
  };
}

/** The statements in a transaction's own SQL (tx-sql.ts), else through Prisma's raw queries: both see its writes. */
export function prismaReader(db: DbClient): RowReader {
  const orm = ormSql(db);
  const all = <Row>(sql: string, params: readonly (number | string)[]) => (boundSql(db) ?? orm).all<Row>(sql, params);
  return {
    all,
    // A row's keys are its columns' names in the SELECT's order: right for columns of distinct,
    // non-numeric names (two columns of one name would be one key; a numeric name would come first).
    arrays: async <Row extends readonly unknown[]>(sql: string, params: readonly (number | string)[]) =>
      (await all<Record<string, unknown>>(sql, params)).map((row) => Object.values(row) as unknown as Row),
    close() {
      // Nothing of its own to close.
    },
  };
}
