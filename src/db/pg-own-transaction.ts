// Transactions of the writes' own SQL on PostgreSQL (own-transaction.ts): BEGIN and COMMIT on a
// connection of the pool taken for the transaction, its statements straight through the driver
// (tx-sql.ts), where the ORM's interactive transaction added its own bookkeeping and the search for
// which pool connection it took (pg-transactions.ts). The pool bounds the wait for a connection
// (database.ts: a 503 past it); the server ends a transaction its process left open
// (idle_in_transaction_session_timeout). The connection is pipelined while out of the pool
// (pg-pipeline.ts): BEGIN leaves with the first statements, COMMIT with those sent `later`, and
// the writes begin together what does not wait on an answer, so an order's three writes make 10
// writes to the server where they made 45 (test/orders/order-round-trips.test.ts).
import type pg from 'pg';
import type { Prisma } from './client.js';
import { pipelined, statementSender } from './pg-pipeline.js';
import { pgTypes } from './pg-values.js';
import { ownAttempt, registerOwnTransactions, type OwnTransactionOptions } from './own-transaction.js';
import type { TransactionConnections } from './pg-transactions.js';
import { bindSql, driverSql, firstFailure, registerPool } from './tx-sql.js';
import { TransactionClosedError, watched, type StatementWatch } from './sql-statement.js';

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
  const { client, giveBack } = await transactionConnection(pool);
  let open = true;
  const send = statementSender(client, pgTypes);
  const statement = (sql: 'BEGIN' | 'COMMIT' | 'ROLLBACK') =>
    watched(watch, noGuard, sql, () => send({ text: sql, values: [], ownSync: sql === 'ROLLBACK' }));
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
  const sentLater: Promise<unknown>[] = [];
  try {
    // BEGIN leaves with the work's first statement (in one write), its answer awaited with those
    // sent later: on a connection just taken from the pool only a broken connection fails it, and
    // then the statements behind it fail too.
    const begun = statement('BEGIN');
    begun.catch(() => undefined);
    bindSql(attempt.tx, driverSql(client as pg.Client, watch, guard, sentLater));
    const answer = await work(attempt.tx);
    attempt.check();
    guard();
    committing = true;
    // COMMIT leaves with the statements sent `later`, in one write.
    await commitOutcome(statement('COMMIT'), [begun, ...sentLater]);
    open = false;
    clearTimeout(timer);
    giveBack();
    attempt.committed();
    return answer;
  } catch (error) {
    // A statement sent later that failed made the ones after it fail ("transaction is aborted"):
    // its error is the cause.
    const cause = (await firstFailure(sentLater))?.error ?? error;
    if (open) await end();
    throw attempt.outcome(cause);
  }
}

/**
 * A connection of `pool` for a transaction, its statements written without waiting for the
 * previous one's answer (pg-pipeline.ts), and how it goes back (once; one that failed is closed).
 */
async function transactionConnection(
  pool: pg.Pool,
): Promise<{ client: pg.PoolClient; giveBack: (failure?: Error) => void }> {
  const client = await pool.connect();
  const backToOneAtATime = pipelined(client);
  let given = false;
  // A connection that breaks while it is out of the pool reports it here (unheard, it would end the
  // process); its statements fail too, and it is closed instead of going back.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  const giveBack = (failure?: Error) => {
    if (given) return;
    given = true;
    client.removeListener('error', onError);
    backToOneAtATime();
    client.release(failure ?? broken);
  };
  return { client, giveBack };
}

/**
 * What the COMMIT `committed` came to. It left with the statements `sent` later (tx-sql.ts): the
 * first of them that failed fails the transaction with its own error (a write conflict runs it
 * again), once the server has answered the COMMIT (then with ROLLBACK). A transaction in which a
 * statement failed (its error caught by the work) ends so too, not committed.
 */
async function commitOutcome(committed: Promise<unknown>, sent: readonly Promise<unknown>[]): Promise<void> {
  committed.catch(() => undefined);
  const failed = await firstFailure(sent);
  if (failed) {
    await committed.catch(() => undefined);
    throw failed.error;
  }
  const { command } = (await committed) as pg.QueryResult;
  if (command === 'ROLLBACK')
    throw new Error('PostgreSQL rolled the transaction back at its COMMIT: a statement in it failed');
}
