// Writes in transactions of their own SQL, without the ORM's (db/own-transaction.ts; SQLite
// sqlite-transaction.ts, PostgreSQL pg-own-transaction.ts): committed and rolled back as the ORM's
// are, run again in the ORM's transaction when the work calls the ORM, and ended at their timeout;
// on SQLite one at a time with the ORM's on the one connection.
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../helpers.js';
import { pgWritesOf } from '../pg.js';
import { inTransaction } from '../../src/db/transaction.js';
import { sqlOf } from '../../src/db/tx-sql.js';
import { TransactionClosedError } from '../../src/db/sql-statement.js';
import { TransactionGate, TransactionStartTimeout } from '../../src/db/sqlite-transaction.js';
import { OrmCallInOwnTransaction, ownTransactionCounts, ownTransactionRunner } from '../../src/db/own-transaction.js';
import { faultPlace } from '../../src/db/faults.js';
import { sqliteFilePath } from '../../src/db/database.js';

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

describe(`a statement sent later (${testEngine})`, () => {
  it('fails its transaction with its own error, even when a statement after it failed for it; nothing kept', async () => {
    const answer = inTransaction(database.db, async (tx) => {
      await insertStore(tx, 991_020);
      await sqlOf(tx).later(
        `INSERT INTO "Store" ("id", "name", "displayName", "marketplace", "currency", "marginRatePpm")
        VALUES (?, NULL, 'No name', 'SHOPIFY', 'EUR', 0)`,
        [991_021],
      );
      await sqlOf(tx).all('SELECT 1 AS "one"');
      return 'done';
    });
    await expect(answer).rejects.toThrow(/null/i);
    expect(await storeExists(991_020)).toBe(false);
    expect(await storeExists(991_021)).toBe(false);
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

  // Another connection's commit between a transaction's first read and its first write (the
  // gateway's threads write the same file): the transaction holds a snapshot by then, and SQLite
  // refuses its write at once, without waiting (SQLITE_BUSY); it runs again from the start.
  const otherWriter = () => {
    const other = new BetterSqlite3(sqliteFilePath(database.url), { timeout: 0 });
    const write = (id: number) =>
      other
        .prepare(
          `INSERT INTO "Store" ("id", "name", "displayName", "marketplace", "currency", "marginRatePpm")
          VALUES (?, ?, 'Other', 'SHOPIFY', 'EUR', 0)`,
        )
        .run(id, `other-${id}.example`);
    return { write, close: () => other.close() };
  };

  it('runs again when another connection wrote between its read and its first write', async () => {
    const other = otherWriter();
    let runs = 0;
    try {
      await inTransaction(database.db, async (tx) => {
        runs += 1;
        await sqlOf(tx).all('SELECT COUNT(*) AS "n" FROM "Store"', []);
        if (runs === 1) other.write(991_110);
        await insertStore(tx, 991_111);
      });
    } finally {
      other.close();
    }
    expect(runs).toBe(2);
    expect(await storeExists(991_110)).toBe(true);
    expect(await storeExists(991_111)).toBe(true);
  });

  it('in the ORM’s transaction too', async () => {
    const other = otherWriter();
    // Counted after the ORM's first call, which ends the attempt in the transaction of its own SQL.
    let runs = 0;
    try {
      await inTransaction(database.db, async (tx) => {
        const count = await tx.store.count();
        runs += 1;
        if (runs === 1) other.write(991_112);
        await tx.store.create({
          data: {
            id: 991_113,
            name: 'orm-991113.example',
            displayName: 'Orm',
            marketplace: 'SHOPIFY',
            currency: 'EUR',
            marginRatePpm: 0,
          },
        });
        return count;
      });
    } finally {
      other.close();
    }
    expect(runs).toBe(2);
    expect(await storeExists(991_113)).toBe(true);
  });

  it('reads while another connection holds the write lock (an import): a write gives up, 503', async () => {
    const holder = new BetterSqlite3(sqliteFilePath(database.url), { timeout: 0 });
    holder.exec('BEGIN IMMEDIATE');
    let runs = 0;
    try {
      const count = await inTransaction(database.db, async (tx) => {
        const [row] = await sqlOf(tx).all<{ n: number }>('SELECT COUNT(*) AS "n" FROM "Store"', []);
        return Number(row!.n);
      });
      expect(count).toBeGreaterThan(0);
      const refused = await inTransaction(database.db, async (tx) => {
        runs += 1;
        await sqlOf(tx).all('SELECT COUNT(*) AS "n" FROM "Store"', []);
        await insertStore(tx, 991_114);
      }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(faultPlace(refused)).toBe('lock');
      expect(runs).toBe(2);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(await storeExists(991_114)).toBe(false);
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
  it('fails the statements begun behind one that failed with its error, whichever failure the work meets first', async () => {
    await inTransaction(database.db, (tx) => insertStore(tx, 991_020));
    const answer = inTransaction(database.db, async (tx) => {
      const sql = sqlOf(tx);
      // Begun together: the insert fails (the store exists), the read behind it is refused
      // (25P02); the insert's failure reaches Promise.all a few turns later than the read's.
      const failing = insertStore(tx, 991_020);
      const behind = sql.all('SELECT 1 AS "n"');
      const further = failing
        .then((count) => count)
        .then((count) => count)
        .then((count) => count);
      return Promise.all([further, behind]);
    });
    await expect(answer).rejects.toMatchObject({ code: '23505' });
  });

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

  it('sends BEGIN with its first statements, and statements begun together in one write (pipelined)', async () => {
    const { answer, writes } = await pgWritesOf(() =>
      inTransaction(database.db, async (tx) => {
        const sql = sqlOf(tx);
        const read = (id: number) =>
          sql.all<{ n: number }>('SELECT COUNT(*)::int AS "n" FROM "Store" WHERE "id" = ?', [id]);
        const together = await Promise.all([read(1), read(2), read(3)]);
        await insertStore(tx, 991_011);
        return together;
      }),
    );
    expect(answer).toHaveLength(3);
    // BEGIN and the three reads; the insert; COMMIT. One at a time it was six.
    expect(writes).toBe(3);
    expect(await storeExists(991_011)).toBe(true);
  });

  it('sends statements begun together after a wait in one write too', async () => {
    const { writes } = await pgWritesOf(() =>
      inTransaction(database.db, async (tx) => {
        const sql = sqlOf(tx);
        await insertStore(tx, 991_018);
        const read = (id: number) =>
          sql.all<{ n: number }>('SELECT COUNT(*)::int AS "n" FROM "Store" WHERE "id" = ?', [id]);
        return Promise.all([read(1), read(2), read(3)]);
      }),
    );
    // BEGIN and the insert; the three reads; COMMIT.
    expect(writes).toBe(3);
  });

  it('sends a statement sent later with the COMMIT', async () => {
    const { writes } = await pgWritesOf(() =>
      inTransaction(database.db, async (tx) => {
        await sqlOf(tx).later(
          `INSERT INTO "Store" ("id", "name", "displayName", "marketplace", "currency", "marginRatePpm")
          VALUES (?, 'own-tx-later.example', 'Later', 'SHOPIFY', 'EUR', 0)`,
          [991_016],
        );
      }),
    );
    expect(writes).toBe(1);
    expect(await storeExists(991_016)).toBe(true);
  });

  it('on the ORM’s transaction, sends statements begun together one after another (no driver warning)', async () => {
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    try {
      const answer = await inTransaction(database.db, async (tx) => {
        // An ORM call: the work runs again in the ORM's transaction, its connection not pipelined.
        await tx.store.count({ where: { id: 991_017 } });
        const sql = sqlOf(tx);
        return Promise.all([1, 2, 3].map((n) => sql.all<{ n: number }>('SELECT CAST(? AS INTEGER) AS "n"', [n])));
      });
      expect(answer.map(([row]) => row!.n)).toStrictEqual([1, 2, 3]);
      await later(20);
    } finally {
      process.off('warning', listen);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toStrictEqual([]);
  });

  it('fails and rolls back as a whole when one of the statements begun together fails; its connection serves the next', async () => {
    const answer = inTransaction(database.db, async (tx) => {
      const sql = sqlOf(tx);
      return Promise.all([insertStore(tx, 991_012), sql.all('SELECT 1 / 0 AS "never"'), sql.all('SELECT 1 AS "one"')]);
    });
    await expect(answer).rejects.toThrow(/division by zero/);
    expect(await storeExists(991_012)).toBe(false);
    for (const id of [991_013, 991_014, 991_015]) await inTransaction(database.db, (tx) => insertStore(tx, id));
    for (const id of [991_013, 991_014, 991_015]) expect(await storeExists(id)).toBe(true);
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
