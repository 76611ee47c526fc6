// SQL in a write's transaction, written once with `?` placeholders for both engines, for the
// statements of the order path (an order's three requests run about fifty of them).
// - SQLite: straight on the ORM's own connection, inside the transaction the ORM opened on it (its
//   better-sqlite3 adapter runs a transaction's statements on that connection exactly so: one
//   connection, one transaction at a time). The ORM's work per statement (the query's compiling
//   and interpreting, its adapter's argument and row mapping) cost several times SQLite's own;
//   there a statement is prepared once per text and its rows typed as the ORM types them
//   (sqlite-sql.ts).
// - PostgreSQL: straight on the pool connection the ORM's transaction took (pg-transactions.ts
//   tells which), `$1…` for `?`. The ORM's raw queries cost about ten times the driver's own work
//   per statement on the event loop (its query plumbing, its adapter's argument and row mapping);
//   here the driver types each value by its column's type as the ORM does: int8 a BigInt,
//   timestamp a Date in UTC, jsonb parsed.
// - A client outside a transaction (or one the ORM began some other way): the ORM's raw queries.
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { DbClient } from './client.js';
import { dialectOf, type Dialect } from './dialect.js';
import type { TransactionConnections } from './pg-transactions.js';
import { statementSender } from './pg-pipeline.js';
import { pgTypes, pgValue, untypedColumn } from './pg-values.js';
import { isStalePlan, numbered, StatementNames } from './pg-statements.js';
import { TransactionClosedError, watched, type SqlParam, type StatementWatch, type TxSql } from './sql-statement.js';
import { connectionSql } from './sqlite-sql.js';

/** At most 300 texts are prepared, none with more than 32 parameters (a list's length makes each its own text). */
const pgNames = new StatementNames('tx_sql', 300, 32);

/**
 * Statements straight through the driver on PostgreSQL: on the pool connection of an ORM
 * transaction (transaction.ts binds it to the transaction's client), or on any of the pool's (a
 * statement of its own, outside transactions). Each is a prepared statement of its own text on
 * each connection (the first few hundred texts), so that the server parses it once per connection.
 */
export function driverSql(
  on: pg.Client | pg.Pool,
  watch: StatementWatch,
  guard: () => void = () => undefined,
  /** A write's own transaction's: the statements sent `later`, for its COMMIT to await. */
  sentLater?: Promise<unknown>[],
): TxSql {
  const send = statementSender(on, pgTypes);
  /** A transaction's statements, in the order begun (a pool's are each on their own). */
  const begun: Promise<unknown>[] | null = on instanceof pg.Pool ? null : [];
  const attempt = (sql: string, params: readonly SqlParam[]): Promise<pg.QueryResult> =>
    watched(watch, guard, sql, async () => {
      const statement = pgNames.of(sql);
      const values = params.map(pgValue);
      const sent = send({ name: statement.name, text: statement.text, values });
      const at = begun ? begun.push(sent) - 1 : 0;
      try {
        return await sent;
      } catch (error) {
        // In a transaction, a statement that fails behind one that failed fails with that one's
        // error: the server refuses everything after the first failure (25P02, or 26000 for a text
        // whose preparing it refused), and of statements begun together, whichever failure a
        // caller meets first (Promise.all) would be the cause. So a write conflict is retried and
        // a fault of the server classified.
        const earlier = begun ? await firstFailure(begun.slice(0, at)) : null;
        if (earlier) throw earlier.error;
        if (!isStalePlan(error) || !pgNames.renameStale(statement)) throw error;
        // Outside a transaction the text runs again at once; inside one, inTransaction runs the
        // whole transaction again (an import's own transaction fails once; the next import runs).
        if (begun) throw error;
        const { name, text } = pgNames.of(sql);
        return send({ name, text, values });
      }
    });
  return {
    dialect: 'postgresql',
    via: on instanceof pg.Pool ? 'pool' : 'connection',
    all: async <Row>(sql: string, params: readonly SqlParam[] = []) => {
      const result = await attempt(sql, params);
      const untyped = untypedColumn(result.fields);
      if (untyped) throw new Error(`Own SQL cannot type column "${untyped.name}" (type ${untyped.dataTypeID})`);
      return result.rows as Row[];
    },
    run: async (sql: string, params: readonly SqlParam[] = []) => (await attempt(sql, params)).rowCount ?? 0,
    later: async (sql: string, params: readonly SqlParam[] = []) => {
      const sent = attempt(sql, params);
      if (!sentLater) return void (await sent);
      sent.catch(() => undefined);
      sentLater.push(sent);
    },
    laterRows: async <Row>(sql: string, params: readonly SqlParam[] = []) => {
      const sent = attempt(sql, params);
      if (!sentLater) return { rows: Promise.resolve((await sent).rows as Row[]) };
      sent.catch(() => undefined);
      sentLater.push(sent);
      // Its failure is the COMMIT's: a caller that never asks for the rows leaves no rejection unheard.
      const rows = sent.then((result) => result.rows as Row[]);
      rows.catch(() => undefined);
      return { rows };
    },
  };
}

/** The first of `sent` (in the order sent) that failed, once all are answered. */
export async function firstFailure(sent: readonly Promise<unknown>[]): Promise<{ error: unknown } | null> {
  if (sent.length === 0) return null;
  const failed = (await Promise.allSettled(sent)).find((outcome) => outcome.status === 'rejected');
  return failed ? { error: failed.reason } : null;
}

/**
 * Statements of their own on `pool`'s connections (PostgreSQL, outside any transaction), their rows
 * typed as the ORM's raw queries type them: for work that runs all the time (sql-executor.ts).
 */
export function poolSql(pool: pg.Pool, watch: StatementWatch = {}): TxSql {
  return driverSql(pool, watch);
}

/** A JSON parameter (its text), typed as the columns are (PostgreSQL's jsonb takes no text parameter). */
export const jsonParameter = (dialect: Dialect): string => (dialect === 'postgresql' ? 'CAST(? AS JSONB)' : '?');

/** Statements through the ORM's raw queries on `client` (a transaction's client or the database's). */
export function ormSql(client: DbClient): TxSql {
  return new OrmSql(client);
}

/**
 * A class, not an object literal with a getter: a literal's getter is a new closure for every one
 * made (one for each call of sqlOf outside a transaction), so each got a hidden class of its own,
 * which keeps whatever the closure reaches until the next full collection (context.ts says more).
 */
class OrmSql implements TxSql {
  readonly via = 'orm';
  /** Read off the client at the first statement. */
  private known: Dialect | null = null;

  constructor(private readonly client: DbClient) {}

  get dialect(): Dialect {
    return (this.known ??= dialectOf(this.client));
  }

  all<Row>(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    return this.client.$queryRawUnsafe<Row[]>(this.text(sql), ...params);
  }

  run(sql: string, params: readonly SqlParam[] = []): Promise<number> {
    return this.client.$executeRawUnsafe(this.text(sql), ...params);
  }

  async later(sql: string, params: readonly SqlParam[] = []): Promise<void> {
    await this.run(sql, params);
  }

  async laterRows<Row>(sql: string, params: readonly SqlParam[] = []): Promise<{ rows: Promise<Row[]> }> {
    return { rows: Promise.resolve(await this.all<Row>(sql, params)) };
  }

  private text(sql: string): string {
    return this.dialect === 'postgresql' ? numbered(sql) : sql;
  }
}

const bound = new WeakMap<object, TxSql>();

/** Where the ORM's transactions of a database client run, so that their own SQL can run there too. */
type Registered =
  /** SQLite: the ORM's one connection, once connected. */
  | { engine: 'sqlite'; connection: () => BetterSqlite3.Database | null; watch: StatementWatch }
  /** PostgreSQL: the pool connection each transaction takes. */
  | { engine: 'postgresql'; connections: TransactionConnections; watch: StatementWatch };
const registered = new WeakMap<object, Registered>();

/** database.ts's: where the ORM's SQLite connection of `db` is, once connected. */
export function registerConnection(
  db: object,
  connection: () => BetterSqlite3.Database | null,
  watch: StatementWatch = {},
): void {
  registered.set(db, { engine: 'sqlite', connection, watch });
}

/** database.ts's: `db`'s transactions take their connections from a pool; `connections` tells which. */
export function registerPool(db: object, connections: TransactionConnections, watch: StatementWatch = {}): void {
  registered.set(db, { engine: 'postgresql', connections, watch });
}

/**
 * The SQL of `db`'s transaction whose client is `tx`, called as its work begins (before it awaits
 * anything: on PostgreSQL that tells its connection at once): on the ORM's connection (SQLite) or
 * the pool connection the transaction took (PostgreSQL), else the ORM's raw queries. Its
 * statements are refused once `close` is called, past `deadline` (performance.now(), before the
 * ORM's own timeout ends the transaction), or once the transaction is ending (SQLite: no
 * transaction open on the connection; PostgreSQL: the ORM sent its COMMIT or ROLLBACK); the ORM's
 * raw queries refuse them by themselves.
 */
export async function transactionSql(
  db: object,
  tx: DbClient,
  deadline: number,
): Promise<{ sql: TxSql; close(): void }> {
  const where = registered.get(db);
  let open = true;
  const close = () => {
    open = false;
  };
  if (where?.engine === 'sqlite') {
    const connection = where.connection();
    if (connection) {
      const guard = () => {
        if (!open || !connection.inTransaction || performance.now() > deadline) throw new TransactionClosedError();
      };
      return { sql: connectionSql(connection, where.watch, guard), close };
    }
  } else if (where?.engine === 'postgresql') {
    const begun = await where.connections.claim(tx);
    const client = begun?.client;
    // 'T': the ORM's BEGIN went through on it (I: idle, E: a failed transaction).
    if (begun && client?.getTransactionStatus() === 'T') {
      const guard = () => {
        if (!open || begun.ending || performance.now() > deadline) throw new TransactionClosedError();
      };
      return { sql: driverSql(client, where.watch, guard), close };
    }
  }
  return { sql: ormSql(tx), close };
}

/** inTransaction's: `sql` is how statements run in the transaction whose client is `tx`. */
export function bindSql(tx: object, sql: TxSql): void {
  bound.set(tx, sql);
}

/** The SQL inTransaction bound to the transaction whose client is `client`; null for any other client. */
export function boundSql(client: object): TxSql | null {
  return bound.get(client) ?? null;
}

/** The SQL of `client`: its transaction's own connection where inTransaction bound one, else the ORM's raw queries. */
export function sqlOf(client: DbClient): TxSql {
  return bound.get(client) ?? ormSql(client);
}
