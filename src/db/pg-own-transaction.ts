// Transactions of the writes' own SQL on PostgreSQL (own-transaction.ts): BEGIN and COMMIT on a
// connection of the pool taken for the transaction, its statements straight through the driver
// (tx-sql.ts), where the ORM's interactive transaction added its own bookkeeping and the search for
// which pool connection it took (pg-transactions.ts). The pool bounds the wait for a connection
// (database.ts: a 503 past it); the server ends a transaction its process left open
// (idle_in_transaction_session_timeout).
import type pg from 'pg';
import type { Prisma } from './client.js';
import { ownAttempt, registerOwnTransactions, type OwnTransactionOptions } from './own-transaction.js';
import type { TransactionConnections } from './pg-transactions.js';
import { bindSql, driverSql, registerPool, TransactionClosedError, watched, type StatementWatch } from './tx-sql.js';

const noGuard = () => undefined;

/**
 * database.ts's: `db`'s writes run their transactions of their own on `pool`'s connections; the
 * ORM's (the writes that call it, imports) theirs, each told by `connections` (tx-sql.ts).
 */
export function registerPgTransactions(
  db: object,
  pool: pg.Pool,
  connections: TransactionConnections,
  watch: StatementWatch,
): void {
  registerPool(db, connections, watch);
  registerOwnTransactions(db, () => (options, work) => ownPgTransaction(pool, watch, options, work));
}

/**
 * `work` between BEGIN and COMMIT on a connection of `pool`, its statements bound to its client
 * (tx-sql.ts sqlOf). Rolled back, its connection given back, once it has run `timeout` ms (its
 * statements refused a little before, as in the ORM's transactions), when it throws, or when it
 * touched the ORM (then OrmCallInOwnTransaction, whatever the work answered).
 */
async function ownPgTransaction<T>(
  pool: pg.Pool,
  watch: StatementWatch,
  options: OwnTransactionOptions,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let open = true;
  let given = false;
  // A connection that breaks while it is out of the pool reports it here (unheard, it would end the
  // process); its statements fail too, and it is closed instead of going back.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  /** The connection back to the pool, once; one that failed is closed instead. */
  const giveBack = (failure?: Error) => {
    if (given) return;
    given = true;
    client.removeListener('error', onError);
    client.release(failure ?? broken);
  };
  const statement = (sql: 'BEGIN' | 'COMMIT' | 'ROLLBACK') =>
    watched(watch, noGuard, sql, () => client.query(sql) as Promise<unknown>);
  /** Rolls back (after any statement in flight: the driver sends a connection's in order) and gives it back. */
  const end = async () => {
    open = false;
    clearTimeout(timer);
    try {
      await statement('ROLLBACK');
      giveBack();
    } catch (error) {
      giveBack(error instanceof Error ? error : new Error(String(error)));
    }
  };
  // The ORM's transactions end so too: a work that hangs gives the connection back (not once its
  // COMMIT is sent: that one's answer is bounded by the connection's own deadline).
  let committing = false;
  const timer = setTimeout(() => void (open && !committing && end()), options.timeout).unref();
  const deadline = performance.now() + options.timeout - options.closeMarginMs;
  const guard = () => {
    if (!open || performance.now() > deadline) throw new TransactionClosedError();
  };
  const attempt = ownAttempt('postgresql');
  try {
    await statement('BEGIN');
    bindSql(attempt.tx, driverSql(client as pg.Client, watch, guard));
    const answer = await work(attempt.tx);
    attempt.check();
    guard();
    committing = true;
    const { command } = (await statement('COMMIT')) as pg.QueryResult;
    // A transaction in which a statement failed (its error caught by the work) ends so, not committed.
    if (command === 'ROLLBACK')
      throw new Error('PostgreSQL rolled the transaction back at its COMMIT: a statement in it failed');
    open = false;
    clearTimeout(timer);
    giveBack();
    attempt.committed();
    return answer;
  } catch (error) {
    if (open) await end();
    throw attempt.outcome(error);
  }
}
