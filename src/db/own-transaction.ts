// Writes in transactions of their own SQL, without the ORM's interactive transaction, which cost
// some 0.3 ms of the event loop each (its client built anew per transaction, its timers and
// bookkeeping), three an order: on SQLite BEGIN and COMMIT straight on the ORM's connection
// (sqlite-transaction.ts), on PostgreSQL on a pool connection of its own (pg-own-transaction.ts).
// The work's client is a stand-in that holds no ORM: the first ORM call on it (a write path not yet
// in its own SQL) ends that attempt, rolled back, and the write runs again from the start in the
// ORM's transaction (transaction.ts). What is shared by both engines is here.
import type { DatabaseProvider } from '../config.js';
import type { Prisma } from './client.js';

/** Thrown where a transaction without the ORM's meets an ORM call: the write runs again in the ORM's. */
export class OrmCallInOwnTransaction extends Error {
  constructor(readonly member: string) {
    super(`The ORM's "${member}" was called in a transaction of the write's own SQL`);
    this.name = 'OrmCallInOwnTransaction';
  }
}

/** How long a transaction may wait to start, how long it may run, and how long before that its statements stop. */
export interface OwnTransactionOptions {
  maxWait: number;
  timeout: number;
  closeMarginMs: number;
}

/** A transaction of its own SQL: `work` run in it with its client; rejects with OrmCallInOwnTransaction as above. */
export type OwnTransactionRunner = <T>(
  options: OwnTransactionOptions,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
) => Promise<T>;

const counts = { committed: 0, again: 0 };

/**
 * Since start: transactions of the writes' own SQL committed, and those that met an ORM call (each
 * then ran again in the ORM's transaction).
 */
export function ownTransactionCounts(): { committed: number; again: number } {
  return { ...counts };
}

/**
 * One attempt's client and what became of it: the client answers what tx-sql.ts and dialect.ts
 * read of a client (its engine), and any other member ends the attempt. `outcome` is what the
 * attempt throws once it failed: the ORM call, whatever the work made of its error (caught,
 * wrapped), else the work's own error; `committed` counts a commit.
 */
export function ownAttempt(provider: DatabaseProvider): {
  tx: Prisma.TransactionClient;
  /** Throws the ORM call, if the work made one (it must not commit then). */
  check(): void;
  outcome(error: unknown): unknown;
  committed(): void;
} {
  let touched: OrmCallInOwnTransaction | null = null;
  const tx = new Proxy(
    { _activeProvider: provider },
    {
      get(target, member) {
        if (member === '_activeProvider') return target._activeProvider;
        // Looked at by `await` and by inspection: a client is neither a promise nor printable.
        if (member === 'then' || typeof member === 'symbol') return undefined;
        const error = new OrmCallInOwnTransaction(member);
        touched ??= error;
        throw error;
      },
    },
  ) as unknown as Prisma.TransactionClient;
  return {
    tx,
    check: () => {
      if (touched) throw touched;
    },
    outcome: (error) => {
      if (!touched) return error;
      counts.again += 1;
      return touched;
    },
    committed: () => {
      counts.committed += 1;
    },
  };
}

const runners = new WeakMap<object, () => OwnTransactionRunner | null>();

/** database.ts's: how `db`'s writes run transactions of their own (null while they cannot: not connected). */
export function registerOwnTransactions(db: object, runner: () => OwnTransactionRunner | null): void {
  runners.set(db, runner);
}

/** How `db`'s writes run transactions of their own; null where they do not. */
export function ownTransactionRunner(db: object): OwnTransactionRunner | null {
  return runners.get(db)?.() ?? null;
}
