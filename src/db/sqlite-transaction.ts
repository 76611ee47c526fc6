// Transactions of the writes' own SQL on SQLite (own-transaction.ts): BEGIN and COMMIT straight on
// the ORM's connection, where the ORM's interactive transaction cost some 0.3 ms each and BEGIN, a
// statement and COMMIT cost 0.01 ms. One transaction at a time on the connection, the ORM's and
// these alike: the gate below is taken by both (sqlite-statements.ts makes the ORM's start wait for it).
import type BetterSqlite3 from 'better-sqlite3';
import type { Prisma } from './client.js';
import { ownAttempt, type OwnTransactionOptions, type OwnTransactionRunner } from './own-transaction.js';
import { listeningDeadline } from '../timing.js';
import { bindSql } from './tx-sql.js';
import { connectionSql, endStatement, transactionStatement } from './sqlite-sql.js';
import { TransactionClosedError, type StatementWatch } from './sql-statement.js';

/** A transaction could not start within its wait (the ORM's code for the same, a 503's). */
export class TransactionStartTimeout extends Error {
  readonly code = 'P2028';
  constructor(waitMs: number) {
    super(`Unable to start a transaction in the given time (${waitMs} ms)`);
    this.name = 'TransactionStartTimeout';
  }
}

/**
 * One holder at a time, first come first served: the connection's transactions. A waiter that
 * gives up (its wait, counted in the time the process was free, ran out) leaves the queue.
 */
export class TransactionGate {
  #held = false;
  readonly #queue: { grant: () => void }[] = [];

  /** Resolves with `release` once the gate is the caller's; rejects after `waitMs` (Infinity: never). */
  acquire(waitMs: number): Promise<() => void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const waiter = { grant: () => resolve(this.#releaser()) };
      this.#queue.push(waiter);
      if (!Number.isFinite(waitMs)) return;
      const deadline = listeningDeadline(waitMs, () => {
        const at = this.#queue.indexOf(waiter);
        if (at < 0) return;
        this.#queue.splice(at, 1);
        reject(new TransactionStartTimeout(waitMs));
      });
      waiter.grant = () => {
        deadline.cancel();
        resolve(this.#releaser());
      };
    });
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#queue.shift();
      if (next) next.grant();
      else this.#held = false;
    };
  }
}

interface OwnTransactionPlace {
  connection: BetterSqlite3.Database;
  watch: StatementWatch;
  gate: TransactionGate;
}

/** `connection`'s (null: not connected) transactions of their own SQL, through `gate`. */
export const sqliteTransactions =
  (connection: () => BetterSqlite3.Database | null, gate: TransactionGate, watch: StatementWatch) =>
  (): OwnTransactionRunner | null => {
    const open = connection();
    // Closed (the client disconnected): the ORM's transaction, which connects again.
    return open?.open ? (options, work) => ownTransaction({ connection: open, watch, gate }, options, work) : null;
  };

/**
 * `work` between BEGIN and COMMIT of its own on `place`'s connection, its statements bound to its
 * client (tx-sql.ts sqlOf). Waits at most `maxWait` for the connection; rolled back once it has run
 * `timeout` ms (its statements refused a little before, as in the ORM's transactions), when it
 * throws, or when it touched the ORM (then OrmCallInOwnTransaction, whatever the work answered).
 */
async function ownTransaction<T>(
  place: OwnTransactionPlace,
  options: OwnTransactionOptions,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const { connection, watch } = place;
  const release = await place.gate.acquire(options.maxWait);
  let open = true;
  let begun = false;
  const deadline = performance.now() + options.timeout - options.closeMarginMs;
  const end = () => {
    open = false;
    clearTimeout(timer);
    try {
      if (begun && connection.inTransaction) endStatement(connection, watch, 'ROLLBACK');
    } catch {
      // Its own failure would hide the work's (and, from the timer, end the process): SQLite fails a
      // ROLLBACK only while a statement is unfinished, and these run each to its end.
    } finally {
      release();
    }
  };
  // The ORM's transactions end so too: a work that hangs gives the connection back.
  const timer = setTimeout(() => open && end(), options.timeout).unref();
  const attempt = ownAttempt('sqlite');
  const guard = () => {
    if (!open || !connection.inTransaction || performance.now() > deadline) throw new TransactionClosedError();
  };
  try {
    await transactionStatement(connection, watch, 'BEGIN');
    begun = true;
    bindSql(attempt.tx, connectionSql(connection, watch, guard));
    const answer = await work(attempt.tx);
    attempt.check();
    guard();
    await transactionStatement(connection, watch, 'COMMIT');
    attempt.committed();
    return answer;
  } catch (error) {
    throw attempt.outcome(error);
  } finally {
    if (open) end();
  }
}
