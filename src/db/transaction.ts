// One place for how writes run: an interactive transaction with bounded waits, retried when the
// database reports a write conflict or a deadlock (P2034: PostgreSQL 40001/40P01). Under
// PostgreSQL's default READ COMMITTED with the cart row lock these are rare deadlocks; on a
// SERIALIZABLE distributed engine (CockroachDB, YugabyteDB) they are the normal way contention
// shows, and a retry is the documented answer.
import type { Db, Prisma } from './database.js';

// maxWait: how long to wait for a connection (then 503); timeout: how long a transaction may run.
export const transactionOptions = { maxWait: 5_000, timeout: 20_000 } as const;
const attempts = 4;

const prismaCode = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

function isWriteConflict(error: unknown): boolean {
  return prismaCode(error) === 'P2034';
}

/** A unique constraint refused a row (Prisma P2002). */
export function isUniqueViolation(error: unknown): boolean {
  return prismaCode(error) === 'P2002';
}

export async function inTransaction<T>(db: Db, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.$transaction(work, transactionOptions);
    } catch (error) {
      if (!isWriteConflict(error) || attempt >= attempts) throw error;
      // Jittered backoff so that the conflicting writers do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 20));
    }
  }
}

/**
 * Resolves once the writes open now have ended (committed or rolled back): an empty transaction
 * waits its turn behind them. Never rejects.
 */
export function openWritesEnded(db: Db): Promise<void> {
  return db.$transaction(async () => undefined, transactionOptions).then(
    () => undefined,
    () => undefined,
  );
}

/** PostgreSQL: sends these NOTIFY payloads on `channel` when `tx` commits (none if it rolls back). */
export async function notifyOnCommit(tx: Prisma.TransactionClient | Db, channel: string, payloads: readonly string[]): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${channel}, payload) FROM unnest(${[...payloads]}::text[]) AS payload`;
}
