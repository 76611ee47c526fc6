// Transactions on the ORM's SQLite connection without the ORM's transaction. The ORM's interactive
// transaction cost some 0.3 ms of the event loop each (its client built anew per transaction, its
// timers and bookkeeping), three an order, where BEGIN, a statement and COMMIT straight on the
// connection cost 0.01 ms. A write whose statements are all its own SQL (tx-sql.ts) therefore runs
// between BEGIN and COMMIT of its own on the connection, its client a stand-in that holds no ORM:
// the first ORM call on it (a write path not yet in its own SQL) ends that attempt, rolled back,
// and the write runs again from the start in the ORM's transaction (transaction.ts).
// One transaction at a time on the connection, the ORM's and these alike: the gate below is taken
// by both (sqlite-statements.ts makes the ORM's start wait for it).
import type BetterSqlite3 from 'better-sqlite3';
import type { Prisma } from './client.js';
import { listeningDeadline } from '../timing.js';
import {
  bindSql,
  connectionSql,
  endStatement,
  transactionStatement,
  TransactionClosedError,
  type StatementWatch,
} from './tx-sql.js';

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

/** Thrown where a transaction without the ORM's meets an ORM call: the write runs again in the ORM's. */
export class OrmCallInOwnTransaction extends Error {
  constructor(readonly member: string) {
    super(`The ORM's "${member}" was called in a transaction of the write's own SQL`);
    this.name = 'OrmCallInOwnTransaction';
  }
}

/**
 * The client handed to a transaction's work: it answers what tx-sql.ts and dialect.ts read of a
 * client (its engine), and any other member ends the attempt (`touched` notes it, so that a work
 * that caught the error still never commits).
 */
function ormlessClient(touched: (error: OrmCallInOwnTransaction) => void): Prisma.TransactionClient {
  const client = { _activeProvider: 'sqlite' };
  return new Proxy(client, {
    get(target, member) {
      if (member === '_activeProvider') return target._activeProvider;
      // Looked at by `await` and by inspection: a client is neither a promise nor printable.
      if (member === 'then' || typeof member === 'symbol') return undefined;
      const error = new OrmCallInOwnTransaction(member);
      touched(error);
      throw error;
    },
  }) as unknown as Prisma.TransactionClient;
}

const counts = { committed: 0, again: 0 };

/**
 * Since start: transactions of the writes' own SQL committed, and those that met an ORM call (each
 * then ran again in the ORM's transaction).
 */
export function ownTransactionCounts(): { committed: number; again: number } {
  return { ...counts };
}

export interface OwnTransactionPlace {
  connection: BetterSqlite3.Database;
  watch: StatementWatch;
  gate: TransactionGate;
}

const places = new WeakMap<
  object,
  { connection: () => BetterSqlite3.Database | null; watch: StatementWatch; gate: TransactionGate }
>();

/** database.ts's: `db`'s writes run their transactions on its SQLite connection (once connected), through `gate`. */
export function registerOwnTransactions(
  db: object,
  connection: () => BetterSqlite3.Database | null,
  gate: TransactionGate,
  watch: StatementWatch = {},
): void {
  places.set(db, { connection, watch, gate });
}

/** Where `db`'s writes run transactions of their own; null where they do not (PostgreSQL, not connected). */
export function ownTransactionPlace(db: object): OwnTransactionPlace | null {
  const place = places.get(db);
  const connection = place?.connection();
  return place && connection ? { connection, watch: place.watch, gate: place.gate } : null;
}

/**
 * `work` between BEGIN and COMMIT of its own on `place`'s connection, its statements bound to its
 * client (tx-sql.ts sqlOf). Waits at most `maxWait` for the connection; rolled back once it has run
 * `timeout` ms (its statements refused a little before, as in the ORM's transactions), when it
 * throws, or when it touched the ORM (then OrmCallInOwnTransaction, whatever the work answered).
 */
export async function ownTransaction<T>(
  place: OwnTransactionPlace,
  options: { maxWait: number; timeout: number; closeMarginMs: number },
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  const { connection, watch } = place;
  const release = await place.gate.acquire(options.maxWait);
  let open = true;
  let touchedOrm: OrmCallInOwnTransaction | null = null;
  const deadline = performance.now() + options.timeout - options.closeMarginMs;
  const end = () => {
    open = false;
    clearTimeout(timer);
    try {
      if (connection.inTransaction) endStatement(connection, watch, 'ROLLBACK');
    } catch {
      // Its own failure would hide the work's (and, from the timer, end the process): SQLite fails a
      // ROLLBACK only while a statement is unfinished, and these run each to its end.
    } finally {
      release();
    }
  };
  // The ORM's transactions end so too: a work that hangs gives the connection back.
  const timer = setTimeout(() => open && end(), options.timeout).unref();
  const tx = ormlessClient((error) => {
    touchedOrm ??= error;
  });
  const guard = () => {
    if (!open || !connection.inTransaction || performance.now() > deadline) throw new TransactionClosedError();
  };
  try {
    await transactionStatement(connection, watch, 'BEGIN');
    bindSql(tx, connectionSql(connection, watch, guard));
    const answer = await work(tx);
    if (touchedOrm) throw touchedOrm;
    guard();
    await transactionStatement(connection, watch, 'COMMIT');
    counts.committed += 1;
    return answer;
  } catch (error) {
    // Whatever the work made of the ORM's error (caught, wrapped), it runs again in the ORM's transaction.
    if (!touchedOrm) throw error;
    counts.again += 1;
    throw touchedOrm;
  } finally {
    if (open) end();
  }
}
