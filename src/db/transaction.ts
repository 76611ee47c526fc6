// One place for how writes run: an interactive transaction with bounded waits, retried when the
// database reports a write conflict or a deadlock (P2034: PostgreSQL 40001/40P01). Under
// PostgreSQL's default READ COMMITTED with the cart row lock these are rare deadlocks; on a
// SERIALIZABLE distributed engine (CockroachDB, YugabyteDB) they are the normal way contention
// shows, and a retry is the documented answer. Also retried: a prepared statement a migration made
// stale (PostgreSQL, pg-statements.ts), which fails its transaction once before every text is renamed.
import type { Db, DbClient, Prisma } from './client.js';
import { dialectOf } from './dialect.js';
import { faultPlace } from './faults.js';
import { AppError } from '../errors.js';
import { isStalePlan } from './pg-statements.js';
import { bindSql, sqlOf, transactionSql } from './tx-sql.js';
import { connectTimeoutMs, wallClockBackup } from './waits.js';
import { OrmCallInOwnTransaction, ownTransactionRunner } from './own-transaction.js';

// maxWait: how long to wait for a connection (then 503); timeout: how long a transaction may run.
export const transactionOptions = { maxWait: 5_000, timeout: 20_000 } as const;
/**
 * On PostgreSQL the pool's own wait for a connection decides (connectTimeoutMs of the time the
 * process could hear the server); the ORM's wait, on the wall clock, only backs it up as the
 * driver's timers do. At 5 s it took a loop blocked that long for a database away.
 */
const postgresTransactionOptions = { ...transactionOptions, maxWait: wallClockBackup * connectTimeoutMs } as const;
const attempts = 4;
/** Attempts of a transaction SQLite refused for another connection's write (isSqliteBusy). */
const busyAttempts = 2;
/** An attempt SQLite refused within this (ms) did not wait out the busy timeout (200 ms in the server). */
const busyRetryWithinMs = 100;
/** How long before the ORM's timeout a transaction's own SQL stops (its timer starts a little earlier). */
const closeMarginMs = 250;

const prismaCode = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** The driver adapter's report of a raw query's failure (the ORM's P2010), if any. */
function rawQueryCause(error: unknown): { originalCode?: unknown; kind?: unknown } | undefined {
  if (prismaCode(error) !== 'P2010') return undefined;
  return (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown } } } }).meta
    ?.driverAdapterError?.cause;
}

/**
 * A write conflict or deadlock: the ORM's P2034, or from a write's own SQL (tx-sql.ts) as the
 * driver reports it (SQLSTATE 40001/40P01) or the ORM's raw queries do.
 */
function isWriteConflict(error: unknown): boolean {
  const code = prismaCode(error);
  if (code === 'P2034' || code === '40001' || code === '40P01') return true;
  const cause = rawQueryCause(error);
  return (
    cause?.kind === 'TransactionWriteConflict' || cause?.originalCode === '40001' || cause?.originalCode === '40P01'
  );
}

/**
 * SQLite refused a statement at once because another connection writes (the gateway's threads write
 * the same file: player events, webhook deliveries): a conflict, run again from the start, once. A
 * transaction begins deferred, so that reads never wait for a writer's lock; one that has read holds
 * a snapshot, and SQLite refuses its first write without waiting when another connection has
 * written since or is writing (3 of 1,000 orders at 50 a second were answered 503 so before). An
 * attempt refused after waiting `busyRetryWithinMs` or more met a lock held that long (another
 * process: an import): not run again, so its 503 comes after one wait of the busy timeout, not two.
 */
function isSqliteBusy(db: Db, error: unknown, attemptMs: number): boolean {
  return (
    dialectOf(db) === 'sqlite' &&
    attemptMs < busyRetryWithinMs &&
    !(error instanceof AppError) &&
    faultPlace(error) === 'lock'
  );
}

/**
 * A unique constraint refused a row: the ORM's P2002; from a write's own SQL (tx-sql.ts), SQLite's
 * constraint codes or PostgreSQL's 23505, as the driver or the ORM's raw queries report it.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = prismaCode(error);
  if (code === 'P2002' || code === '23505') return true;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return true;
  const cause = rawQueryCause(error);
  return cause?.originalCode === '23505' || cause?.kind === 'UniqueConstraintViolation';
}

/**
 * What a write leaves for the moment its transaction ends: statements to run in it just before
 * it commits (the outbox rows of its events, its change notices), and work for after the commit
 * (waking whoever waits for those events, refreshing caches with what it wrote). A rollback runs
 * neither; a retried transaction starts with a new unit.
 */
export class UnitOfWork {
  private readonly committing: ((tx: Prisma.TransactionClient) => Promise<void>)[] = [];
  private readonly committed: (() => void | Promise<void>)[] = [];

  /** Runs `statements` in the transaction once its work is done, in the order registered. */
  beforeCommit(statements: (tx: Prisma.TransactionClient) => Promise<void>): void {
    this.committing.push(statements);
  }

  /** Runs `work` once the transaction has committed, before the write answers. */
  afterCommit(work: () => void | Promise<void>): void {
    this.committed.push(work);
  }

  /** @internal inTransaction's: the statements, at the end of the transaction. */
  async commit(tx: Prisma.TransactionClient): Promise<void> {
    for (const statements of this.committing) await statements(tx);
  }

  /** @internal inTransaction's: the work, after the commit. */
  async settle(): Promise<void> {
    for (const work of this.committed) await work();
  }
}

/**
 * The ORM's transaction of `db` (`options`: its waits), `work` run in it with the transaction's
 * own SQL bound to its client (tx-sql.ts: sqlOf(tx)); that SQL ends with the work, or a moment
 * before the ORM's timeout would end the transaction.
 */
export function withOwnSql<T>(
  db: Db,
  options: { maxWait: number; timeout: number },
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    // First, before anything is awaited: on PostgreSQL it tells the transaction's connection (tx-sql.ts).
    const own = await transactionSql(db, tx, performance.now() + options.timeout - closeMarginMs);
    bindSql(tx, own.sql);
    try {
      return await work(tx);
    } finally {
      own.close();
    }
  }, options);
}

/**
 * `work` in a transaction of `db`, retried on a write conflict (a new unit each time). It runs first
 * in a transaction of its own SQL without the ORM's (own-transaction.ts), and again in the ORM's if
 * it calls the ORM.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Prisma.TransactionClient, unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  let ownTransactions = true;
  for (let attempt = 1; ; attempt += 1) {
    const unit = new UnitOfWork();
    const attemptStarted = performance.now();
    const own = ownTransactions ? ownTransactionRunner(db) : null;
    const run = async (tx: Prisma.TransactionClient) => {
      const answer = await work(tx, unit);
      await unit.commit(tx);
      return answer;
    };
    let result: T;
    try {
      result = own
        ? await own({ ...transactionOptions, closeMarginMs }, run)
        : await withOwnSql(db, dialectOf(db) === 'postgresql' ? postgresTransactionOptions : transactionOptions, run);
    } catch (error) {
      if (own && error instanceof OrmCallInOwnTransaction) {
        // Not an attempt: the same attempt, in the ORM's transaction.
        ownTransactions = false;
        attempt -= 1;
        continue;
      }
      // A prepared statement a migration made stale (PostgreSQL) fails its transaction once, like a conflict.
      const conflict = isWriteConflict(error) || isStalePlan(error);
      const busy = !conflict && isSqliteBusy(db, error, performance.now() - attemptStarted);
      if (!(conflict || busy) || attempt >= (busy ? busyAttempts : attempts)) throw error;
      // Jittered backoff so that the conflicting writers do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 20));
      continue;
    }
    await unit.settle();
    return result;
  }
}

/** PostgreSQL: sends these NOTIFY payloads on `channel` when `tx` commits (none if it rolls back). */
export async function notifyOnCommit(tx: DbClient, channel: string, payloads: readonly string[]): Promise<void> {
  // One statement, in the transaction's own SQL (tx-sql.ts): the payloads as one JSON array.
  await sqlOf(tx).later(`SELECT pg_notify(?, "payload") FROM json_array_elements_text(CAST(? AS JSON)) AS "payload"`, [
    channel,
    JSON.stringify(payloads),
  ]);
}
