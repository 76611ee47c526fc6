import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import type { Db } from '../../src/db/database.js';

function fakeDb(failures: unknown[]): { db: Db; calls: () => number } {
  let calls = 0;
  const db = {
    // What the ORM's client says of its engine (db/dialect.ts).
    _activeProvider: 'sqlite',
    $transaction: async (work: (tx: unknown) => Promise<unknown>) => {
      const failure = failures[calls];
      calls += 1;
      if (failure !== undefined) throw failure;
      return work({});
    },
  } as unknown as Db;
  return { db, calls: () => calls };
}

const conflict = Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), {
  code: 'P2034',
});

describe('inTransaction', () => {
  it('retries write conflicts and deadlocks', async () => {
    const { db, calls } = fakeDb([conflict, conflict]);
    await expect(inTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('gives up after four attempts', async () => {
    const { db, calls } = fakeDb([conflict, conflict, conflict, conflict, conflict]);
    await expect(inTransaction(db, async () => 'done')).rejects.toBe(conflict);
    expect(calls()).toBe(4);
  });

  it('does not retry other errors', async () => {
    const other = Object.assign(new Error('unique'), { code: 'P2002' });
    const { db, calls } = fakeDb([other]);
    await expect(inTransaction(db, async () => 'done')).rejects.toBe(other);
    expect(calls()).toBe(1);
  });
});
