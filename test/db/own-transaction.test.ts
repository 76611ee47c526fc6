// Writes in transactions of their own SQL, without the ORM's (db/own-transaction.ts; SQLite
// sqlite-transaction.ts, PostgreSQL pg-own-transaction.ts): committed and rolled back as the ORM's
// are, run again in the ORM's transaction when the work calls the ORM, and ended at their timeout;
// on SQLite one at a time with the ORM's on the one connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../helpers.js';
import { inTransaction } from '../../src/db/transaction.js';
import { sqlOf, TransactionClosedError } from '../../src/db/tx-sql.js';
import { TransactionGate, TransactionStartTimeout } from '../../src/db/sqlite-transaction.js';
import { OrmCallInOwnTransaction, ownTransactionCounts, ownTransactionRunner } from '../../src/db/own-transaction.js';
import { faultPlace } from '../../src/db/faults.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const insertStore = (tx: Parameters<typeof sqlOf>[0], id: number) =>
  sqlOf(tx).run(
    `INSERT INTO "Store" ("id", "name", "displayName", "marketplace", "currency", "marginRatePpm")
    VALUES (?, ?, ?, 'SHOPIFY', 'EUR', 0)`,
    [id, `own-tx-${id}.example`, `Own ${id}`],
  );
const storeExists = async (id: number) => (await database.db.store.count({ where: { id } })) === 1;
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`a write’s own transaction (${testEngine})`, () => {
  it('commits its statements without the ORM’s transaction', async () => {
    const before = ownTransactionCounts();
    const via = await inTransaction(database.db, async (tx) => {
      await insertStore(tx, 991_001);
      return sqlOf(tx).via;
    });
    expect(via).toBe('connection');
    expect(await storeExists(991_001)).toBe(true);
    expect(ownTransactionCounts()).toStrictEqual({ committed: before.committed + 1, again: before.again });
  });

  it('rolls back what it wrote when its work throws, and gives the connection back', async () => {
    const failure = new Error('the work failed');
    await expect(
      inTransaction(database.db, async (tx) => {
        await insertStore(tx, 991_002);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await storeExists(991_002)).toBe(false);
    await inTransaction(database.db, (tx) => insertStore(tx, 991_003));
    expect(await storeExists(991_003)).toBe(true);
  });

  it('runs again from the start in the ORM’s transaction when the work calls the ORM, even one that caught its error', async () => {
    for (const [id, catching] of [
      [991_004, false],
      [991_005, true],
    ] as const) {
      const before = ownTransactionCounts();
      const runs: string[] = [];
      const stores = await inTransaction(database.db, async (tx) => {
        runs.push(sqlOf(tx).via);
        // Inserted twice, it would fail on its key: the first attempt's insert was rolled back.
        await insertStore(tx, id);
        try {
          return await tx.store.count({ where: { id } });
        } catch (error) {
          if (catching) return -1;
          throw error;
        }
      });
      expect(stores).toBe(1);
      expect(runs).toStrictEqual(['connection', 'connection']);
      expect(ownTransactionCounts()).toStrictEqual({ committed: before.committed, again: before.again + 1 });
      expect(await storeExists(id)).toBe(true);
    }
  });

  it('is rolled back at its timeout, its later statements refused, the connection free meanwhile', async () => {
    const ownTransaction = ownTransactionRunner(database.db)!;
    const slow = ownTransaction({ maxWait: 1_000, timeout: 150, closeMarginMs: 50 }, async (tx) => {
      await insertStore(tx, 991_007);
      await later(400);
      await insertStore(tx, 991_008);
    });
    const closed = expect(slow).rejects.toBeInstanceOf(TransactionClosedError);
    await later(250);
    // Its connection was given back at 150 ms: another write goes through while it still waits.
    await inTransaction(database.db, (tx) => insertStore(tx, 991_009));
    await closed;
    expect([await storeExists(991_007), await storeExists(991_008), await storeExists(991_009)]).toStrictEqual([
      false,
      false,
      true,
    ]);
  });
});

describe.skipIf(testEngine !== 'sqlite')('a SQLite write’s own transaction', () => {
  it('takes turns with the ORM’s transactions on the one connection', async () => {
    const seen: string[] = [];
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const own = inTransaction(database.db, async (tx) => {
      await insertStore(tx, 991_006);
      seen.push('own wrote');
      await held;
      seen.push('own commits');
    });
    await later(20);
    const orm = database.db.$transaction(async (tx) => {
      seen.push('orm began');
      return tx.store.count({ where: { id: 991_006 } });
    });
    await later(50);
    expect(seen).toStrictEqual(['own wrote']);
    finish();
    await own;
    expect(await orm).toBe(1);
    expect(seen).toStrictEqual(['own wrote', 'own commits', 'orm began']);
  });

  it('waits for the connection at most its maxWait, then fails as the database’s (503)', async () => {
    const ownTransaction = ownTransactionRunner(database.db)!;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const holder = ownTransaction({ maxWait: 1_000, timeout: 5_000, closeMarginMs: 50 }, () => held);
    const waiter = ownTransaction({ maxWait: 200, timeout: 5_000, closeMarginMs: 50 }, async () => 'ran');
    const refused = await waiter.then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TransactionStartTimeout);
    expect(faultPlace(refused)).toBe('statement');
    finish();
    await holder;
    await expect(ownTransaction({ maxWait: 200, timeout: 5_000, closeMarginMs: 50 }, async () => 'ran')).resolves.toBe(
      'ran',
    );
  });
});

describe.skipIf(testEngine !== 'postgresql')('a PostgreSQL write’s own transaction', () => {
  it('is not answered as committed when a statement in it failed, its error caught by the work', async () => {
    const answer = inTransaction(database.db, async (tx) => {
      await insertStore(tx, 991_010);
      await sqlOf(tx)
        .all('SELECT 1 / 0 AS "never"')
        .catch(() => []);
      return 'done';
    });
    await expect(answer).rejects.toThrow(/rolled the transaction back at its COMMIT/);
    expect(await storeExists(991_010)).toBe(false);
  });
});

describe('the transaction gate', () => {
  it('hands the connection over first come, first served; a waiter that gave up is skipped', async () => {
    const gate = new TransactionGate();
    const order: string[] = [];
    const release = await gate.acquire(Infinity);
    const second = gate.acquire(Infinity).then((next) => (order.push('second'), next));
    const gaveUp = gate.acquire(30).catch((error: unknown) => (order.push('gave up'), error));
    const third = gate.acquire(Infinity).then((next) => (order.push('third'), next));
    expect(await gaveUp).toBeInstanceOf(TransactionStartTimeout);
    release();
    release(); // twice: the second call changes nothing
    (await second)();
    (await third)();
    expect(order).toStrictEqual(['gave up', 'second', 'third']);
    const again = await gate.acquire(0);
    again();
  });

  it('names the ORM member the work called', () => {
    expect(new OrmCallInOwnTransaction('cart').message).toContain('"cart"');
  });
});
