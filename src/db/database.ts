// Opens the Prisma client for the engine DATABASE_URL names: SQLite through better-sqlite3 (the
// embedded default) or PostgreSQL through pg. Both clients are generated from the same data model,
// so the rest of the code sees one `Db` type whichever engine is behind it.
import { synchronousPragma, type SqliteSynchronous } from './sqlite-durability.js';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
// Types only: the client of the engine in use is loaded when the database is opened, so a
// process never loads (and instantiates the query compiler of) the other one.
import type { PrismaClient as SqliteClient } from './generated/sqlite/client.js';
import { providerOf, type DatabaseProvider } from '../config.js';
import { pgReader, sqliteReader, type RowReader } from './reader.js';
import { connectFault } from './faults.js';
import { listeningDeadline } from '../timing.js';
import { connectTimeoutMs, wallClockBackup } from './waits.js';
import { DeadlineClient, defaultQueryTimeoutMs } from './pg-client.js';
import { autoCheckpointPages, startCheckpointer, type Checkpointer } from './checkpointer.js';
import type { Db } from './client.js';
import { postgresExecutor, sqliteExecutor, type SqlExecutor } from './sql-executor.js';
import { StatementKeepingSqlite3 } from './sqlite-statements.js';
import { poolSql } from './tx-sql.js';
import { registerPgTransactions } from './pg-own-transaction.js';
import { TransactionConnections } from './pg-transactions.js';
import { activeTracer } from '../tracing/tracing.js';
import { tracedAdapterFactory, tracedReader, tracedStatement } from '../tracing/sql.js';
import type { QueryEvent } from './sql-statement.js';

export type { Db, DbClient, Prisma } from './client.js';
export type { QueryEvent } from './sql-statement.js';

export interface DatabaseOptions {
  /** Called for every SQL statement the client sends (tests count them). */
  onQuery?: (event: QueryEvent) => void;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL: connections of the catalog reads' own pool (default 4): the reader's statements
   * and the catalog versions' never queue behind the write transactions that hold the main pool.
   */
  readPoolSize?: number;
  /** PostgreSQL statement_timeout in ms (default none). */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long a request waits for a connection, pooled or new (default connectTimeoutMs). */
  connectTimeoutMs?: number;
  /**
   * SQLite: how long a statement waits for another process's lock (default 5000). better-sqlite3
   * waits synchronously, so the server keeps this short: its event loop stops meanwhile.
   */
  sqliteBusyTimeoutMs?: number;
  /** SQLite: how durable a commit is (default normal: db/sqlite-durability.ts). */
  sqliteSynchronous?: SqliteSynchronous;
  /** SQLite: WAL checkpoints in a thread of their own once connected (checkpointer.ts); the server's. */
  checkpointThread?: { onError(error: Error): void };
}

/** Connections of a pool: open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  readonly db: Db;
  readonly provider: DatabaseProvider;
  /** The DATABASE_URL it was opened with (live updates LISTEN on a connection of their own). */
  readonly url: string;
  /** Hot catalog reads straight through the driver (reader.ts); PostgreSQL: on a pool of their own. */
  readonly reader: RowReader;
  /** Plain SQL for the background work that runs all the time (sql-executor.ts): the webhook delivery worker's. */
  readonly sql: SqlExecutor;
  /** PostgreSQL: the pool's connections; null on SQLite (one connection, no pool). */
  poolStats(): PoolStats | null;
  /** PostgreSQL: the connections of the catalog reads' pool; null on SQLite. */
  readPoolStats(): PoolStats | null;
  close(): Promise<void>;
}

type PoolCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

const releaseNothing = () => undefined;

/**
 * Whatever fails while a connection is handed out (opening one, waiting for a free one, reaching
 * the server, logging in) fails as a DatabaseConnectError: the database's, whatever its code.
 * Prisma's queries and transactions and the catalog reader all take their connections here
 * (pool.query too), and the driver adapter passes such an error on unchanged. The wait is bounded
 * by a deadline of our own (timing.ts); the pool's timer, at four times it on the wall clock, only
 * backs it up. A connection handed out after its requester gave up goes back to the pool.
 */
class ConnectFaultPool extends pg.Pool {
  readonly #waitMs: number;

  // The pool hands its options to each client it creates: openWithinMs is DeadlineClient's.
  constructor(config: pg.PoolConfig & { waitMs: number; openWithinMs: number; answerWithinMs: number }) {
    super(config);
    this.#waitMs = config.waitMs;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: PoolCallback): void;
  override connect(callback?: PoolCallback): Promise<pg.PoolClient> | void {
    if (!callback)
      return new Promise((resolve, reject) =>
        this.connect((error, client) => (client ? resolve(client) : reject(error))),
      );
    let answered = false;
    const deadline = listeningDeadline(this.#waitMs, () => {
      answered = true;
      callback(connectFault(new Error(`no connection within ${this.#waitMs} ms`)), undefined, releaseNothing);
    });
    try {
      super.connect((error, client, done) => {
        deadline.cancel();
        if (!answered) {
          answered = true;
          callback(error ? connectFault(error) : undefined, client, done);
        } else if (client) {
          // Back to the pool, not at once: releasing hands the next waiter its client inside this call.
          queueMicrotask(() => done());
        }
      });
    } catch (error) {
      deadline.cancel();
      throw error;
    }
  }
}

/**
 * A pg pool where every wait is bounded: a connection from a full pool or a server that accepts
 * TCP but never answers (frozen) fails after connectTimeoutMs of the time the process was free to
 * hear it; a statement that the server does not answer fails on the client a second (of that time)
 * after the server's own statement_timeout would have cancelled it; a transaction left open by a
 * frozen process is ended by the server.
 */
function createPgPool(
  databaseUrl: string,
  options: Pick<DatabaseOptions, 'poolSize' | 'statementTimeoutMs' | 'connectTimeoutMs'>,
): pg.Pool {
  const statementTimeoutMs = options.statementTimeoutMs ?? 0;
  const waitMs = options.connectTimeoutMs ?? connectTimeoutMs;
  const answerWithinMs = statementTimeoutMs > 0 ? statementTimeoutMs + 1_000 : defaultQueryTimeoutMs;
  return new ConnectFaultPool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 10,
    Client: DeadlineClient,
    // The deadlines above bound the waits. The pool's own timer, on the wall clock, only backs them
    // up: it takes a waiter its requester gave up on out of the pool's queue, which so stays bounded.
    connectionTimeoutMillis: wallClockBackup * waitMs,
    openWithinMs: waitMs,
    waitMs,
    answerWithinMs,
    // The driver's own timer (wall clock) backs the answers' deadlines up, as the pool's backs the waits.
    query_timeout: wallClockBackup * answerWithinMs,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
  });
}

/** Resolves `file:relative/path` against the working directory, as docs/configuration.md documents. */
export function sqliteFilePath(databaseUrl: string): string {
  return resolve(databaseUrl.replace(/^file:/, '').replace(/\?.*$/, ''));
}

export function createAdapter(
  databaseUrl: string,
  options: Pick<DatabaseOptions, 'poolSize' | 'statementTimeoutMs' | 'sqliteBusyTimeoutMs'> = {},
): PrismaBetterSqlite3 | PrismaPg {
  if (providerOf(databaseUrl) === 'sqlite') {
    const file = sqliteFilePath(databaseUrl);
    mkdirSync(dirname(file), { recursive: true });
    // A writer waits a moment for another process's lock (an import) instead of failing at once.
    return new StatementKeepingSqlite3({ url: `file:${file}`, timeout: options.sqliteBusyTimeoutMs ?? 5000 });
  }
  return pgAdapter(createPgPool(databaseUrl, options));
}

/**
 * The pool is handed over and ended with the adapter; a connection that breaks (the server
 * restarted) is dropped by the pool rather than crashing the process.
 */
function pgAdapter(pool: pg.Pool): PrismaPg {
  return new PrismaPg(pool, {
    disposeExternalPool: true,
    onPoolError: () => undefined,
    onConnectionError: () => undefined,
  });
}

/**
 * A client that has not connected yet: nothing touches the database until connect() or a first
 * query. The server creates it before migrations run, and connects after.
 */
export async function createDatabase(
  databaseUrl: string,
  options: DatabaseOptions = {},
): Promise<Database & { connect(): Promise<void> }> {
  const provider = providerOf(databaseUrl);
  const pool = provider === 'postgresql' ? createPgPool(databaseUrl, options) : null;
  // With tracing on, the statements of requests are spans (tracing/sql.ts); off, nothing is wrapped.
  const tracer = activeTracer();
  // PostgreSQL: which pool connection each transaction took, for its own SQL (tx-sql.ts).
  const connections = pool ? new TransactionConnections() : null;
  const driverAdapter = pool ? pgAdapter(pool) : createAdapter(databaseUrl, options);
  const noted = connections ? connections.wrap(driverAdapter) : driverAdapter;
  const adapter = tracer ? tracedAdapterFactory(tracer, provider, noted) : noted;
  const log = options.onQuery ? [{ emit: 'event' as const, level: 'query' as const }] : [];
  // The two generated clients share every model and method; only their provider differs.
  const db = (provider === 'sqlite'
    ? new (await import('./generated/sqlite/client.js')).PrismaClient({ adapter: adapter as PrismaBetterSqlite3, log })
    : new (await import('./generated/postgresql/client.js')).PrismaClient({
        adapter: adapter as PrismaPg,
        log,
      })) as unknown as Db;
  // The transactions' own SQL runs on the ORM's connection (SQLite) or the pool connection each
  // transaction takes (tx-sql.ts), traced and logged as the ORM's statements are.
  const watch = {
    onQuery: options.onQuery,
    around: tracer ? <T>(sql: string, run: () => Promise<T>) => tracedStatement(tracer, provider, sql, run) : undefined,
  };
  if (driverAdapter instanceof StatementKeepingSqlite3) driverAdapter.registerFor(db, watch);
  else if (connections && pool) registerPgTransactions(db, pool, connections, watch);
  if (options.onQuery) {
    const onQuery = options.onQuery;
    (db as unknown as SqliteClient<'query'>).$on('query', (event) =>
      onQuery({ query: event.query, durationMs: event.duration, startedAt: performance.now() - event.duration }),
    );
  }
  // PostgreSQL: catalog reads on a pool of their own. Sharing the main pool, they queued behind the
  // write transactions that held every connection under a stream of submits (each waiting on its
  // round trips), and every read waited on the catalog versions' check: reads fell to a tenth.
  const reads = pool
    ? pooledReader(databaseUrl, { ...options, poolSize: options.readPoolSize ?? 4 }, options.onQuery)
    : null;
  const rowReader = reads?.reader ?? sqliteReader(sqliteFilePath(databaseUrl), options.onQuery);
  const reader = tracer ? tracedReader(tracer, provider, rowReader) : rowReader;
  const sql = pool
    ? postgresExecutor(db, poolSql(pool, watch))
    : sqliteExecutor(sqliteFilePath(databaseUrl), { onQuery: options.onQuery, synchronous: options.sqliteSynchronous });
  let checkpointer: Checkpointer | null = null;
  return {
    db,
    provider,
    url: databaseUrl,
    reader,
    sql,
    poolStats: () => (pool ? statsOf(pool) : null),
    readPoolStats: () => (reads ? statsOf(reads.pool) : null),
    async connect() {
      await db.$connect();
      if (provider === 'sqlite') {
        // WAL lets readers go on while one writer commits; several processes may share the file.
        await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
        await db.$executeRawUnsafe('PRAGMA foreign_keys = ON');
        await db.$executeRawUnsafe(`PRAGMA ${synchronousPragma(options.sqliteSynchronous ?? 'normal')}`);
        // Checkpoints are the checkpointer thread's (checkpointer.ts); this bounds the log without it.
        await db.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${autoCheckpointPages}`);
        if (options.checkpointThread && !checkpointer)
          checkpointer = startCheckpointer(sqliteFilePath(databaseUrl), options.checkpointThread.onError);
      }
    },
    close: async () => {
      await checkpointer?.stop();
      reader.close();
      sql.close();
      await Promise.all([db.$disconnect(), reads?.ended()]);
    },
  };
}

const statsOf = (pool: pg.Pool): PoolStats => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/**
 * A reader on connections of its own, for a thread that reads apart from the server's client (the
 * search thread): SQLite, a read-only connection; PostgreSQL, a pool of `poolSize` connections
 * (default 2) with the server's bounds, ended by close().
 */
export function openReader(
  databaseUrl: string,
  options: Pick<DatabaseOptions, 'poolSize' | 'statementTimeoutMs'> = {},
): RowReader {
  // Not memory-mapped: the thread reads the catalog through once, page by page; lookups are the server's.
  if (providerOf(databaseUrl) === 'sqlite') return sqliteReader(sqliteFilePath(databaseUrl), undefined, false);
  return pooledReader(databaseUrl, { ...options, poolSize: options.poolSize ?? 2 }).reader;
}

/** A reader on a PostgreSQL pool of its own, ended by its close(); `ended()` resolves once it is. */
function pooledReader(
  databaseUrl: string,
  options: Pick<DatabaseOptions, 'poolSize' | 'statementTimeoutMs' | 'connectTimeoutMs'>,
  onQuery?: DatabaseOptions['onQuery'],
): { reader: RowReader; pool: pg.Pool; ended(): Promise<void> } {
  const pool = createPgPool(databaseUrl, options);
  // A connection that breaks while idle is dropped by the pool; the next read opens another.
  pool.on('error', () => undefined);
  let ending: Promise<void> | undefined;
  const end = () => (ending ??= pool.end().catch(() => undefined));
  return { reader: { ...pgReader(pool, onQuery), close: () => void end() }, pool, ended: end };
}

export async function openDatabase(databaseUrl: string, options: DatabaseOptions = {}): Promise<Database> {
  const database = await createDatabase(databaseUrl, options);
  await database.connect();
  return database;
}
