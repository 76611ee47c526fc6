// A write's own SQL straight on a SQLite connection (tx-sql.ts says why): each text prepared once
// per connection, its rows typed by their columns' declared types as the ORM types them (DATETIME a
// Date, BOOLEAN a boolean, JSONB parsed), run synchronously.
import type BetterSqlite3 from 'better-sqlite3';
import { watched, type SqlParam, type StatementWatch, type TxSql } from './sql-statement.js';

/** A value as the ORM's SQLite adapter writes it (dates: ISO 8601 with +00:00; booleans: 1/0). */
export function sqliteValue(value: SqlParam): string | number | null {
  if (value instanceof Date) return value.toISOString().replace('Z', '+00:00');
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

type Convert = (value: unknown) => unknown;

/** An integer as a number where it is one exactly (the connection answers 64-bit integers as BigInt). */
const integer: Convert = (value) =>
  typeof value === 'bigint' && value >= Number.MIN_SAFE_INTEGER && value <= Number.MAX_SAFE_INTEGER
    ? Number(value)
    : value;

/** How a column's values are typed, by its declared type (the ORM's own mapping). */
function converterOf(declared: string | null): Convert {
  switch (declared?.toUpperCase()) {
    case 'DATETIME':
    case 'TIMESTAMP':
      return (value) =>
        value === null ? null : new Date(typeof value === 'bigint' ? Number(value) : (value as string));
    case 'BOOLEAN':
      return (value) => (value === null ? null : value === 1n || value === 1 || value === true);
    case 'JSONB':
      return (value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
    case 'BIGINT':
    case 'INT8':
    case 'UNSIGNED BIG INT':
      return (value) => value;
    default:
      return integer;
  }
}

interface Prepared {
  statement: BetterSqlite3.Statement<unknown[]>;
  /** Per result column: its name and how its values are typed; null for a statement without rows. */
  columns: { name: string; convert: Convert }[] | null;
}

/** Statements prepared per connection at most (texts of the order path, a few list lengths each). */
const maxPrepared = 300;
const preparedOf = new WeakMap<BetterSqlite3.Database, Map<string, Prepared>>();

function prepared(connection: BetterSqlite3.Database, sql: string): Prepared {
  let kept = preparedOf.get(connection);
  if (!kept) preparedOf.set(connection, (kept = new Map()));
  let entry = kept.get(sql);
  if (entry) {
    // Most recently used last: the first entry is the one to drop.
    kept.delete(sql);
    kept.set(sql, entry);
    return entry;
  }
  // The class's own prepare: the adapter's connection has it replaced for the ORM (sqlite-statements.ts).
  const prepare = (Object.getPrototypeOf(connection) as BetterSqlite3.Database).prepare;
  const statement = prepare.call(connection, sql) as BetterSqlite3.Statement<unknown[]>;
  entry = {
    statement,
    columns: statement.reader
      ? statement.columns().map((column) => ({ name: column.name, convert: converterOf(column.type) }))
      : null,
  };
  if (kept.size >= maxPrepared) kept.delete(kept.keys().next().value!);
  kept.set(sql, entry);
  return entry;
}

function rowsOf<Row>({ statement, columns }: Prepared, values: (string | number | null)[]): Row[] {
  if (!columns) {
    statement.run(...values);
    return [];
  }
  const raw = statement.raw(true).all(...values) as unknown[][];
  return raw.map((cells) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index += 1) {
      const { name, convert } = columns[index]!;
      const cell = cells[index];
      row[name] = convert(cell);
    }
    return row as Row;
  });
}

/**
 * Statements straight on a SQLite connection, synchronously: for the ORM's connection while a
 * transaction is open on it, the ORM's or the write's own (transaction.ts, sqlite-transaction.ts
 * bind it to the transaction's client).
 */
export function connectionSql(
  connection: BetterSqlite3.Database,
  watch: StatementWatch,
  /** Throws when the statements' transaction has ended: none may run after it, on its own or in another. */
  guard: () => void,
): TxSql {
  const run = (sql: string, params: readonly SqlParam[] = []) =>
    watched(watch, guard, sql, () => prepared(connection, sql).statement.run(...params.map(sqliteValue)).changes);
  const all = <Row>(sql: string, params: readonly SqlParam[] = []) =>
    watched(watch, guard, sql, () => rowsOf<Row>(prepared(connection, sql), params.map(sqliteValue)));
  return {
    dialect: 'sqlite',
    via: 'connection',
    all,
    run,
    // Synchronous: run at once, as `run` and `all`.
    later: async (sql: string, params: readonly SqlParam[] = []) => void (await run(sql, params)),
    laterRows: async <Row>(sql: string, params: readonly SqlParam[] = []) => ({
      rows: Promise.resolve(await all<Row>(sql, params)),
    }),
  };
}

/** BEGIN or COMMIT on a SQLite connection, watched as a transaction's statements are (sqlite-transaction.ts). */
export function transactionStatement(
  connection: BetterSqlite3.Database,
  watch: StatementWatch,
  sql: 'BEGIN' | 'COMMIT',
): Promise<number> {
  return watched(
    watch,
    () => undefined,
    sql,
    () => prepared(connection, sql).statement.run().changes,
  );
}

/** ROLLBACK on a SQLite connection at once (also from a timer), timed as the others, in no span. */
export function endStatement(connection: BetterSqlite3.Database, { onQuery }: StatementWatch, sql: 'ROLLBACK'): void {
  const started = performance.now();
  try {
    prepared(connection, sql).statement.run();
  } finally {
    onQuery?.({ query: sql, durationMs: performance.now() - started, startedAt: started });
  }
}
