// Plain SQL for background work that runs all the time (the webhook delivery worker), written once
// with `?` placeholders for both engines:
// - SQLite: a read-write better-sqlite3 connection of its own, statements prepared once per SQL
//   text. Its transactions run as one task of the event loop (BEGIN IMMEDIATE … COMMIT, a batch of
//   indexed statements, well under a millisecond): nothing else runs while one is open, so it never
//   holds the write lock while a request waits for it, and it costs requests no more than that
//   moment. Through Prisma the same batch took several tasks, each paying the query engine's and
//   the adapter's work (most of the worker's share of the event loop, and of its garbage).
//   It never blocks on a lock either (busy timeout 0): when another connection holds the write lock
//   (a request's transaction under way, an import), BEGIN fails at once and is tried again after a
//   pause that lets the event loop go on (that transaction ends meanwhile), for up to
//   `busyWaitMs`; then DatabaseBusyError, and the worker tries again at its next round.
// - PostgreSQL: statements straight through the driver on the ORM's pool (its bounds and timeouts
//   hold; tx-sql.ts's poolSql), `$1…` for `?`; transactions through inTransaction (retried on write
//   conflicts), their statements on the transaction's connection.
import { synchronousPragma, type SqliteSynchronous } from './sqlite-durability.js';
import Database from 'better-sqlite3';
import type { Db } from './client.js';
import type { Dialect } from './dialect.js';
import { autoCheckpointPages } from './checkpointer.js';
import { connectFault } from './faults.js';
import { inTransaction } from './transaction.js';
import { sqlOf } from './tx-sql.js';
import { sqliteValue } from './sqlite-sql.js';
import type { QueryEvent, SqlParam, TxSql } from './sql-statement.js';

export type SqlValue = SqlParam;

export interface SqlExecutor {
  readonly dialect: Dialect;
  /** The rows of a statement (`?` placeholders). */
  all<Row>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  /** Runs a statement; answers the rows it changed. */
  run(sql: string, params?: readonly SqlValue[]): Promise<number>;
  /**
   * `work` in one transaction, committed when it resolves, rolled back when it throws. On SQLite
   * it must wait for nothing but its own statements (it runs as one task of the event loop): a
   * statement after a wait on anything else throws.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): void;
}

/** SQLite's write lock was held by another connection: nothing was done; try again in a moment. */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('The database is busy with another writer', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** `?, ?, ?`: placeholders for a list. */
export const placeholders = (count: number): string => Array.from({ length: count }, () => '?').join(', ');

/** A time parameter, typed as the columns are (PostgreSQL cannot tell the type of a parameter inside CASE). */
export const timeParameter = (dialect: Dialect): string => (dialect === 'postgresql' ? 'CAST(? AS TIMESTAMP(3))' : '?');

/**
 * A row's own time, for one statement that gives each row another: `CASE "id" WHEN ? THEN ? … END`,
 * and its parameters.
 */
export function timeById(dialect: Dialect, pairs: readonly (readonly [string, Date])[]): [string, SqlValue[]] {
  return [
    `CASE "id" ${pairs.map(() => `WHEN ? THEN ${timeParameter(dialect)}`).join(' ')} END`,
    pairs.flatMap(([id, at]) => [id, at]),
  ];
}

/** Statements kept prepared at most (the shapes of a few statements × list lengths up to a batch). */
const maxPrepared = 500;

const isBusy = (error: unknown) =>
  error instanceof Error && 'code' in error && /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code: unknown }).code));

/** How long a SQLite transaction waits for another writer at most, and between two tries. */
const defaultBusyWaitMs = 2_000;
const busyRetryMs = 5;

export interface SqliteExecutorOptions {
  /** How long a transaction waits for another writer at most. */
  busyWaitMs?: number;
  /** Called for every statement (tests look at them). */
  onQuery?: (event: QueryEvent) => void;
  /** How durable a commit is (default normal: sqlite-durability.ts). */
  synchronous?: SqliteSynchronous;
}

/** The executor's own connection (opened at its first statement) and its prepared statements. */
class SqliteConnection {
  private connection: Database.Database | null = null;
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly file: string,
    private readonly onQuery: SqliteExecutorOptions['onQuery'],
    private readonly synchronous: SqliteSynchronous,
  ) {}

  get db(): Database.Database {
    if (this.connection) return this.connection;
    // Opening it is connecting: whatever fails here is the database's.
    try {
      this.connection = new Database(this.file, { fileMustExist: true, timeout: 0 });
      this.connection.pragma('foreign_keys = ON');
      this.connection.pragma(synchronousPragma(this.synchronous));
      this.connection.pragma(`wal_autocheckpoint = ${autoCheckpointPages}`);
      return this.connection;
    } catch (error) {
      throw connectFault(error);
    }
  }

  /** Runs `sql` (prepared once) with `use`, timed for onQuery. */
  execute<T>(
    sql: string,
    params: readonly SqlValue[],
    use: (statement: Database.Statement, values: (string | number | null)[]) => T,
  ): T {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      if (this.statements.size >= maxPrepared) this.statements.clear();
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    const started = this.onQuery ? performance.now() : 0;
    const result = use(statement, params.map(sqliteValue));
    this.onQuery?.({ query: sql, durationMs: performance.now() - started, startedAt: started });
    return result;
  }

  /** BEGIN IMMEDIATE, tried again after a pause while another connection writes, for up to busyWaitMs. */
  async begin(busyWaitMs: number): Promise<void> {
    const giveUpAt = performance.now() + busyWaitMs;
    for (;;) {
      try {
        this.db.exec('BEGIN IMMEDIATE');
        return;
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (performance.now() >= giveUpAt) throw new DatabaseBusyError(error);
        await new Promise((resolve) => setTimeout(resolve, busyRetryMs));
      }
    }
  }

  close(): void {
    this.statements.clear();
    this.connection?.close();
    this.connection = null;
  }
}

/**
 * Statements on `connection`, refused once `waited()` says the transaction they belong to has let
 * the event loop go on.
 */
function sqliteStatements(connection: SqliteConnection, waited: () => boolean): Pick<SqlExecutor, 'all' | 'run'> {
  const guarded = <T>(
    sql: string,
    params: readonly SqlValue[],
    use: (statement: Database.Statement, values: (string | number | null)[]) => T,
  ): Promise<T> => {
    try {
      if (waited())
        throw new Error(
          'A SQLite transaction of the SQL executor waited on something else: its statements must run as one task',
        );
      return Promise.resolve(connection.execute(sql, params, use));
    } catch (error) {
      return Promise.reject(isBusy(error) ? new DatabaseBusyError(error) : error);
    }
  };
  return {
    all: <Row>(sql: string, params: readonly SqlValue[] = []) =>
      guarded(sql, params, (statement, values) => statement.all(...values) as Row[]),
    run: (sql: string, params: readonly SqlValue[] = []) =>
      guarded(sql, params, (statement, values) => statement.run(...values).changes),
  };
}

/** `work` between BEGIN IMMEDIATE and COMMIT, as one task of the event loop (see the top of this file). */
async function sqliteTransaction<T>(
  connection: SqliteConnection,
  busyWaitMs: number,
  work: (tx: SqlExecutor) => Promise<T>,
): Promise<T> {
  await connection.begin(busyWaitMs);
  // Fires only if the work lets the event loop go on before it is done.
  let waited = false;
  const probe = setImmediate(() => {
    waited = true;
  });
  const tx: SqlExecutor = {
    dialect: 'sqlite',
    ...sqliteStatements(connection, () => waited),
    transaction: () => Promise.reject(new Error('SQLite transactions do not nest')),
    close: () => undefined,
  };
  try {
    const result = await work(tx);
    if (waited)
      throw new Error('A SQLite transaction of the SQL executor waited on something else before it committed');
    connection.db.exec('COMMIT');
    return result;
  } catch (error) {
    if (connection.db.inTransaction) connection.db.exec('ROLLBACK');
    throw error;
  } finally {
    clearImmediate(probe);
  }
}

export function sqliteExecutor(
  file: string,
  { busyWaitMs = defaultBusyWaitMs, onQuery, synchronous = 'normal' }: SqliteExecutorOptions = {},
): SqlExecutor {
  const connection = new SqliteConnection(file, onQuery, synchronous);
  return {
    dialect: 'sqlite',
    ...sqliteStatements(connection, () => false),
    transaction: (work) => sqliteTransaction(connection, busyWaitMs, work),
    close: () => connection.close(),
  };
}

/**
 * A client's statements through the ORM's raw queries (or, in inTransaction, its transaction's own
 * SQL), called on `sql`: its methods may be a class's.
 */
const statementsOf = (sql: TxSql): Pick<SqlExecutor, 'all' | 'run'> => ({
  all: <Row>(text: string, params?: readonly SqlValue[]) => sql.all<Row>(text, params),
  run: (text: string, params?: readonly SqlValue[]) => sql.run(text, params),
});

/** `plain`: how statements outside a transaction run (tx-sql.ts's poolSql on the ORM's pool). */
export function postgresExecutor(db: Db, plain: TxSql): SqlExecutor {
  return {
    dialect: 'postgresql',
    ...statementsOf(plain),
    transaction: <T>(work: (tx: SqlExecutor) => Promise<T>) =>
      inTransaction(db, (tx) =>
        work({
          dialect: 'postgresql',
          ...statementsOf(sqlOf(tx)),
          transaction: () => Promise.reject(new Error('transactions do not nest')),
          close: () => undefined,
        }),
      ),
    close: () => undefined,
  };
}
