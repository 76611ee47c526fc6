// Prepared statements kept for reuse on the ORM's SQLite connection. Prisma's better-sqlite3 adapter
// prepares every statement it runs anew (about 7 % of the CPU of an order's three requests went to
// preparing), while the SQL Prisma generates repeats from request to request. The connection keeps
// the last `maxKept` statements it prepared, by their text, and hands the adapter a statement
// bound per call instead of one bound for good (better-sqlite3 binds a statement only once).
// Statements run synchronously to their end here (run, all), so one statement never serves two
// calls at a time.
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteTransactions, TransactionGate } from './sqlite-transaction.js';
import { registerOwnTransactions } from './own-transaction.js';
import { registerConnection } from './tx-sql.js';
import type { StatementWatch } from './sql-statement.js';

/** Statements kept a connection (least recently used dropped first). */
export const maxKept = 200;
/** Longer SQL (a long IN list) is prepared for its one use, not kept: what is kept stays bounded in bytes too. */
export const maxKeptSqlLength = 4_096;

type Statement = BetterSqlite3.Statement<unknown[]>;

/** What the adapter calls of a prepared statement: run, or bind then run, columns and raw rows. */
interface PreparedForAdapter {
  readonly reader: boolean;
  run(...args: unknown[]): BetterSqlite3.RunResult;
  bind(args: unknown[]): {
    readonly reader: boolean;
    run(): BetterSqlite3.RunResult;
    columns(): BetterSqlite3.ColumnDefinition[];
    raw(): { all(): unknown[] };
  };
}

/** A kept statement, and its columns once asked for (better-sqlite3 builds them anew on each call). */
interface Kept {
  statement: Statement;
  columns: BetterSqlite3.ColumnDefinition[] | null;
}

function forAdapter(kept: Kept): PreparedForAdapter {
  const { statement } = kept;
  return {
    reader: statement.reader,
    run: (...args) => statement.run(...args),
    bind: (args) => ({
      reader: statement.reader,
      run: () => statement.run(args),
      columns: () => (kept.columns ??= statement.columns()),
      raw: () => ({ all: () => statement.raw(true).all(args) }),
    }),
  };
}

/** Makes `connection.prepare` keep what it prepared; returns how many statements it holds (for tests). */
export function keepStatements(connection: BetterSqlite3.Database): () => number {
  const prepare = connection.prepare.bind(connection) as (sql: string) => Statement;
  const kept = new Map<string, Kept>();
  const keptPrepare = (sql: string): PreparedForAdapter => {
    let entry = kept.get(sql);
    if (entry) {
      // Most recently used last: the first entry is the one to drop.
      kept.delete(sql);
    } else {
      entry = { statement: prepare(sql), columns: null };
      if (sql.length > maxKeptSqlLength) return forAdapter(entry);
      if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
    }
    kept.set(sql, entry);
    return forAdapter(entry);
  };
  Object.assign(connection, { prepare: keptPrepare });
  return () => kept.size;
}

/** The adapter's connection, where the installed adapter still keeps it as `client` (else null: nothing kept). */
function connectionOf(adapter: SqlDriverAdapter): BetterSqlite3.Database | null {
  const client = (adapter as { client?: unknown }).client;
  const looksLikeOne =
    typeof client === 'object' && client !== null && typeof (client as { prepare?: unknown }).prepare === 'function';
  return looksLikeOne ? (client as BetterSqlite3.Database) : null;
}

/**
 * `adapter`'s transactions start once `gate` is theirs and give it back as they end: the writes'
 * own transactions on the connection (sqlite-transaction.ts) take turns with them. The ORM bounds
 * the wait itself (its maxWait), and rolls back a start that came too late.
 */
function gateTransactions(adapter: SqlDriverAdapter, connection: BetterSqlite3.Database, gate: TransactionGate): void {
  const start = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (isolationLevel) => {
    const release = await gate.acquire(Infinity);
    try {
      const transaction = await start(isolationLevel);
      const commit = transaction.commit.bind(transaction);
      const rollback = transaction.rollback.bind(transaction);
      transaction.commit = () => commit().finally(release);
      // The ORM gives a transaction up without its ROLLBACK where its COMMIT failed: the next holder
      // of the gate must not find it still open.
      const rollBackLeft = () => {
        if (connection.inTransaction) connection.exec('ROLLBACK');
      };
      transaction.rollback = () =>
        rollback().finally(() => {
          try {
            rollBackLeft();
          } finally {
            release();
          }
        });
      return transaction;
    } catch (error) {
      release();
      throw error;
    }
  };
}

/** Prisma's better-sqlite3 adapter whose connection keeps its prepared statements. */
export class StatementKeepingSqlite3 extends PrismaBetterSqlite3 {
  /** One transaction at a time on the connection, the ORM's and the writes' own. */
  readonly gate = new TransactionGate();
  /** How many statements the last connection made holds (a test's view; 0 before one). */
  kept: () => number = () => 0;
  /** The connection of the last connect (null before one, or where the adapter does not keep it). */
  connection: BetterSqlite3.Database | null = null;

  /**
   * `db`'s (the client over this adapter): its transactions' own SQL runs on this connection
   * (tx-sql.ts), and its writes' own transactions (sqlite-transaction.ts), watched by `watch`.
   */
  registerFor(db: object, watch: StatementWatch): void {
    registerConnection(db, () => this.connection, watch);
    registerOwnTransactions(
      db,
      sqliteTransactions(() => this.connection, this.gate, watch),
    );
  }

  override async connect(): Promise<SqlDriverAdapter> {
    const adapter = await super.connect();
    const connection = connectionOf(adapter);
    if (connection) this.kept = keepStatements(connection);
    this.connection = connection;
    if (connection) gateTransactions(adapter, connection, this.gate);
    return adapter;
  }
}
