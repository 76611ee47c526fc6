// A write's own SQL (db/tx-sql.ts): straight on the connection of the ORM's transaction (SQLite's
// one connection, or the pool connection a PostgreSQL transaction took); its rows are typed as
// the ORM types the same SQL, and its statements are the transaction's: seen by the ORM's
// statements in it, committed and rolled back with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../helpers.js';
import { inTransaction, isUniqueViolation, transactionOptions } from '../../src/db/transaction.js';
import { inImportTransaction } from '../../src/catalog/import/import.repository.js';
import { jsonParameter, ormSql, sqlOf, transactionSql } from '../../src/db/tx-sql.js';
import { TransactionClosedError, type TxSql } from '../../src/db/sql-statement.js';
import { postgresExecutor, timeParameter } from '../../src/db/sql-executor.js';
import { openDatabase } from '../../src/db/database.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const insertCart = (id: string, snapshot: unknown) =>
  [
    `INSERT INTO "Cart" ("id", "currency", "version", "createdAt", "updatedAt", "snapshot")
    VALUES (?, ?, 3, ${timeParameter(testEngine)}, ${timeParameter(testEngine)}, ${jsonParameter(testEngine)})`,
    [id, 'EUR', new Date('2026-11-27T10:00:00.123Z'), new Date('2026-11-28T11:30:00.456Z'), JSON.stringify(snapshot)],
  ] as const;

describe('a transaction’s own SQL', () => {
  it('runs on the transaction’s connection (through the ORM outside a transaction)', async () => {
    const via = await inTransaction(database.db, (tx) => Promise.resolve(sqlOf(tx).via));
    expect(via).toBe('connection');
    expect(sqlOf(database.db).via).toBe('orm');
  });

  it('is the import transaction’s too', async () => {
    const via = await inImportTransaction(database.db, (tx) => Promise.resolve(sqlOf(tx).via), 60_000);
    expect(via).toBe('connection');
  });

  it('types rows as the ORM does: dates, booleans, JSON, 64-bit and 32-bit integers, nulls', async () => {
    const snapshot = { id: 'tx_sql_types', stores: [{ storeId: 1, isSubmitted: true }], note: 'é ✓' };
    const query = `SELECT c."id", c."currency", c."version", c."createdAt", c."updatedAt", c."snapshot", s."isSubmitted",
      s."submittedAt", o."subtotalMinor", o."orderNumber"
      FROM "Cart" c JOIN "CartStore" s ON s."cartId" = c."id" LEFT JOIN "Order" o ON o."cartId" = c."id"
      WHERE c."id" = ?`;
    const [ours, orms] = await inTransaction(database.db, async (tx) => {
      const sql = sqlOf(tx);
      await sql.run(...insertCart('tx_sql_types', snapshot));
      const store = { id: 990_001, name: 'tx-sql.example', displayName: 'TX SQL', marketplace: 'SHOPIFY' };
      await tx.store.create({ data: { ...store, currency: 'EUR', marginRatePpm: 0 } });
      await sql.run(`INSERT INTO "CartStore" ("cartId", "storeId", "position", "isSubmitted") VALUES (?, ?, ?, ?)`, [
        'tx_sql_types',
        store.id,
        0,
        true,
      ]);
      const amount = BigInt(12_345_678_901_234);
      await tx.order.create({
        data: {
          id: 'tx_sql_order',
          cartId: 'tx_sql_types',
          storeId: store.id,
          orderNumber: 1001,
          storeName: store.name,
          status: 'SUBMITTED',
          requestId: 'r',
          currency: 'EUR',
          subtotalMinor: amount,
          shippingMinor: 0,
          taxMinor: 0,
          totalMinor: amount,
        },
      });
      const rows = await sql.all<Record<string, unknown>>(query, ['tx_sql_types']);
      const numbered = testEngine === 'postgresql' ? query.replace('?', '$1') : query;
      return [rows, await tx.$queryRawUnsafe<Record<string, unknown>[]>(numbered, 'tx_sql_types')];
    });
    expect(ours).toStrictEqual(orms);
    expect(ours[0]).toMatchObject({
      version: 3,
      createdAt: new Date('2026-11-27T10:00:00.123Z'),
      updatedAt: new Date('2026-11-28T11:30:00.456Z'),
      snapshot,
      isSubmitted: true,
      submittedAt: null,
      subtotalMinor: BigInt(12_345_678_901_234),
      orderNumber: 1001,
    });
  });

  it('is the transaction’s: the ORM sees its rows before the commit, and they go with a rollback', async () => {
    const seen = await inTransaction(database.db, async (tx) => {
      await sqlOf(tx).run(...insertCart('tx_sql_commit', null));
      return tx.cart.findUnique({ where: { id: 'tx_sql_commit' }, select: { currency: true } });
    });
    expect(seen).toStrictEqual({ currency: 'EUR' });
    const failed = inTransaction(database.db, async (tx) => {
      await sqlOf(tx).run(...insertCart('tx_sql_rollback', null));
      await tx.cart.update({ where: { id: 'tx_sql_commit' }, data: { currency: 'USD' } });
      throw new Error('rolled back');
    });
    await expect(failed).rejects.toThrow('rolled back');
    expect(await database.db.cart.count({ where: { id: 'tx_sql_rollback' } })).toBe(0);
    expect(await database.db.cart.findUnique({ where: { id: 'tx_sql_commit' }, select: { currency: true } })).toEqual({
      currency: 'EUR',
    });
  });

  it('refuses a duplicate row as a unique violation, as the ORM does', async () => {
    const failed = inTransaction(database.db, async (tx) => {
      await sqlOf(tx).run(...insertCart('tx_sql_twice', null));
      await sqlOf(tx).run(...insertCart('tx_sql_twice', null));
    });
    const error = await failed.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(isUniqueViolation(error), String(error)).toBe(true);
    expect(await database.db.cart.count({ where: { id: 'tx_sql_twice' } })).toBe(0);
  });

  it('refuses statements after its transaction ended, writing nothing', async () => {
    let after: TxSql | null = null;
    await inTransaction(database.db, (tx) => {
      after = sqlOf(tx);
      return Promise.resolve();
    });
    await expect(after!.run(...insertCart('tx_sql_after', null))).rejects.toThrow();
    expect(await database.db.cart.count({ where: { id: 'tx_sql_after' } })).toBe(0);
  });

  it('refuses statements past its deadline (before the ORM ends it)', async () => {
    await database.db.$transaction(async (tx) => {
      const own = await transactionSql(database.db, tx, performance.now() + 20);
      expect(own.sql.via).toBe('connection');
      await own.sql.run(...insertCart('tx_sql_in_time', null));
      await new Promise((resolve) => setTimeout(resolve, 40));
      await expect(own.sql.run(...insertCart('tx_sql_late', null))).rejects.toBeInstanceOf(TransactionClosedError);
    }, transactionOptions);
    expect(await database.db.cart.count({ where: { id: { in: ['tx_sql_in_time', 'tx_sql_late'] } } })).toBe(1);
  });

  it.runIf(testEngine === 'postgresql')(
    'on PostgreSQL, refuses statements once the ORM ended the transaction, on a connection another transaction took since',
    async () => {
      let late: TxSql | null = null;
      // The ORM rolls it back after 200 ms; its work goes on past that, then the ORM refuses to commit.
      const expired = database.db.$transaction(
        async (tx) => {
          late = (await transactionSql(database.db, tx, performance.now() + 60_000)).sql;
          expect(late.via).toBe('connection');
          await new Promise((resolve) => setTimeout(resolve, 600));
        },
        { maxWait: 5_000, timeout: 200 },
      );
      await expect(expired).rejects.toThrow();
      // Every connection of the pool (10) in a transaction of its own, the expired one's among them.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holders = Array.from({ length: 10 }, () => inTransaction(database.db, () => held));
      try {
        await new Promise((resolve) => setTimeout(resolve, 200));
        await expect(late!.run(...insertCart('tx_sql_stranger', null))).rejects.toBeInstanceOf(TransactionClosedError);
      } finally {
        release();
        await Promise.all(holders);
      }
      expect(await database.db.cart.count({ where: { id: 'tx_sql_stranger' } })).toBe(0);
    },
  );

  it.runIf(testEngine === 'postgresql')(
    'on PostgreSQL, finds its connection while a transaction begun for something else stays open',
    async () => {
      // A batch transaction of the ORM's (as the health check's) held open: no work's transaction is
      // the only one unclaimed, so each asks the ORM which is its own.
      const batch = database.db.$transaction([
        database.db.$queryRawUnsafe('SELECT 1 AS "slept" FROM pg_sleep(0.5)'),
        database.db.$queryRawUnsafe('SELECT 2 AS "after"'),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const seen = await Promise.all(
        Array.from({ length: 8 }, () =>
          inTransaction(database.db, async (tx) => {
            const [ours] = await sqlOf(tx).all<{ id: bigint }>(`SELECT txid_current() AS "id"`);
            const [orms] = await tx.$queryRawUnsafe<{ id: bigint }[]>(`SELECT txid_current() AS "id"`);
            return [ours!.id, orms!.id, sqlOf(tx).via] as const;
          }),
        ),
      );
      await batch;
      for (const [ours, orms, via] of seen) expect([ours, via]).toStrictEqual([orms, 'connection']);
    },
  );

  it.runIf(testEngine === 'postgresql')(
    'on PostgreSQL, texts prepared before a migration changed what they return run again: a transaction once, a statement outside one at once',
    async () => {
      // One connection, so that every run of a text meets the statement prepared on it (a pool
      // connection whose statement failed is closed: the next statement finds a new one).
      const single = await openDatabase(database.url, { poolSize: 1 });
      try {
        await single.db.$executeRawUnsafe('CREATE TABLE "TxSqlStale" ("v" INTEGER, "w" INTEGER, "x" INTEGER)');
        await single.db.$executeRawUnsafe('INSERT INTO "TxSqlStale" ("v", "w", "x") VALUES (1, 2, 3)');
        const read = () => single.sql.all<{ v: unknown }>('SELECT "v" FROM "TxSqlStale" WHERE "v" IS NOT NULL');
        const catalogRead = () => single.reader.all<{ v: unknown }>('SELECT "v" FROM "TxSqlStale"', []);
        let runs = 0;
        const write = () =>
          inTransaction(single.db, async (tx) => {
            runs += 1;
            const [w] = await sqlOf(tx).all<{ w: unknown }>('SELECT "w" FROM "TxSqlStale" WHERE "w" IS NOT NULL');
            const [x] = await sqlOf(tx).all<{ x: unknown }>('SELECT "x" FROM "TxSqlStale" WHERE "x" IS NOT NULL');
            await sqlOf(tx).run('UPDATE "TxSqlStale" SET "v" = "v"');
            return [w, x];
          });
        expect(await read()).toStrictEqual([{ v: 1 }]);
        expect(await catalogRead()).toStrictEqual([{ v: 1 }]);
        expect(await write()).toStrictEqual([{ w: 2 }, { x: 3 }]);
        // What a migration of a rolling upgrade may do under a running process: two statements of
        // the write made stale, and the transaction meets one at a time.
        await single.db.$executeRawUnsafe('ALTER TABLE "TxSqlStale" ALTER COLUMN "w" TYPE TEXT');
        await single.db.$executeRawUnsafe('ALTER TABLE "TxSqlStale" ALTER COLUMN "x" TYPE TEXT');
        runs = 0;
        expect(await write()).toStrictEqual([{ w: '2' }, { x: '3' }]);
        // The first run met a stale statement (0A000), was rolled back, and every text was renamed.
        expect(runs).toBe(2);
        await single.db.$executeRawUnsafe('ALTER TABLE "TxSqlStale" ALTER COLUMN "v" TYPE TEXT');
        expect(await catalogRead()).toStrictEqual([{ v: '1' }]);
        expect(await read()).toStrictEqual([{ v: '1' }]);
        // The pool read's own text made stale on the connection it is prepared on.
        await single.db.$executeRawUnsafe('ALTER TABLE "TxSqlStale" ALTER COLUMN "v" TYPE INTEGER USING "v"::INTEGER');
        expect(await read()).toStrictEqual([{ v: 1 }]);
        expect(await read()).toStrictEqual([{ v: 1 }]);
      } finally {
        await single.db.$executeRawUnsafe('DROP TABLE IF EXISTS "TxSqlStale"');
        await single.close();
      }
    },
  );

  it.runIf(testEngine === 'postgresql')(
    'on PostgreSQL, types the other column types as the ORM does, and refuses the ones it cannot',
    async () => {
      const query = `SELECT CAST('2026-01-02' AS DATE) AS "day", CAST(7 AS SMALLINT) AS "small",
        CAST(2.5 AS DOUBLE PRECISION) AS "double", CAST(0.25 AS REAL) AS "real", CAST(? AS TIMESTAMP(3)) AS "at",
        CAST('2026-11-28 11:30:00.456+00' AS TIMESTAMPTZ) AS "zoned", COUNT(*) AS "count",
        CAST('{"a":[1,"é"]}' AS JSON) AS "json", CAST('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' AS UUID) AS "uuid",
        CAST('x' AS VARCHAR(3)) AS "varchar", CAST('y' AS CHAR(2)) AS "char", CAST(? AS BOOLEAN) AS "flag", NULL AS "nothing"`;
      const params = [new Date('2026-11-27T10:00:00.120Z'), false] as const;
      const [ours, orms] = await inTransaction(database.db, async (tx) => [
        await sqlOf(tx).all<Record<string, unknown>>(query, params),
        await tx.$queryRawUnsafe<Record<string, unknown>[]>(query.replace('?', '$1').replace('?', '$2'), ...params),
      ]);
      expect(ours).toStrictEqual(orms);
      expect(ours[0]).toMatchObject({ at: new Date('2026-11-27T10:00:00.120Z'), count: 1n, flag: false });
      const numeric = inTransaction(database.db, (tx) => sqlOf(tx).all(`SELECT CAST(1.5 AS NUMERIC) AS "amount"`));
      await expect(numeric).rejects.toThrow('cannot type column "amount"');
    },
  );

  it.runIf(testEngine === 'postgresql')(
    'on PostgreSQL, the background work’s statements outside a transaction run on the pool, typed as the ORM does',
    async () => {
      await inTransaction(database.db, (tx) => sqlOf(tx).run(...insertCart('tx_sql_pool', { on: 'pool' })));
      const query = `SELECT "id", "version", "createdAt", "snapshot", COUNT(*) OVER () AS "count" FROM "Cart" WHERE "id" = ?`;
      const ours = await database.sql.all<Record<string, unknown>>(query, ['tx_sql_pool']);
      const orms = await database.db.$queryRawUnsafe<Record<string, unknown>[]>(
        query.replace('?', '$1'),
        'tx_sql_pool',
      );
      expect(ours).toStrictEqual(orms);
      expect(ours[0]).toMatchObject({ version: 3, snapshot: { on: 'pool' }, count: 1n });
      expect(await database.sql.run(`UPDATE "Cart" SET "version" = ? WHERE "id" = ?`, [4, 'tx_sql_pool'])).toBe(1);
    },
  );

  it.runIf(testEngine === 'postgresql')(
    'on PostgreSQL, runs in the transaction it belongs to while others begin and end beside it',
    async () => {
      const seen = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          inTransaction(database.db, async (tx) => {
            await new Promise((resolve) => setTimeout(resolve, (index % 4) * 3));
            const [ours] = await sqlOf(tx).all<{ id: bigint }>(`SELECT txid_current() AS "id"`);
            const [orms] = await tx.$queryRawUnsafe<{ id: bigint }[]>(`SELECT txid_current() AS "id"`);
            return [ours!.id, orms!.id, sqlOf(tx).via] as const;
          }),
        ),
      );
      for (const [ours, orms, via] of seen) expect([ours, via]).toStrictEqual([orms, 'connection']);
      expect(new Set(seen.map(([id]) => id)).size).toBe(12);
    },
  );

  it.runIf(testEngine === 'postgresql')('on PostgreSQL, retries a deadlock between two of its writes', async () => {
    await inTransaction(database.db, async (tx) => {
      await sqlOf(tx).run(...insertCart('tx_sql_lock_a', null));
      await sqlOf(tx).run(...insertCart('tx_sql_lock_b', null));
    });
    // Both first attempts take one row each, meet, then each asks for the other's row.
    let waiting: (() => void) | null = null;
    let met = false;
    const meet = () =>
      met
        ? Promise.resolve()
        : waiting
          ? ((met = true), waiting(), Promise.resolve())
          : new Promise<void>((resolve) => (waiting = resolve));
    const bump = (tx: Parameters<typeof sqlOf>[0], id: string) =>
      sqlOf(tx).run(`UPDATE "Cart" SET "version" = "version" + 1 WHERE "id" = ?`, [id]);
    const crosswise = (first: string, second: string) =>
      inTransaction(database.db, async (tx) => {
        await bump(tx, first);
        await meet();
        await bump(tx, second);
      });
    const outcomes = await Promise.allSettled([
      crosswise('tx_sql_lock_a', 'tx_sql_lock_b'),
      crosswise('tx_sql_lock_b', 'tx_sql_lock_a'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toStrictEqual(['fulfilled', 'fulfilled']);
    const versions = await database.db.cart.findMany({
      where: { id: { in: ['tx_sql_lock_a', 'tx_sql_lock_b'] } },
      select: { version: true },
    });
    expect(versions.map((row) => row.version)).toStrictEqual([5, 5]);
  });
});

describe.runIf(testEngine === 'postgresql')('the executor over the ORM’s raw queries', () => {
  it('runs them as the statement runner’s methods, whoever holds them', async () => {
    const executor = postgresExecutor(database.db, ormSql(database.db));
    expect(await executor.all<{ one: number }>('SELECT 1 AS "one"')).toStrictEqual([{ one: 1 }]);
    expect(await executor.run(`UPDATE "Cart" SET "version" = "version" WHERE "id" = ?`, ['none'])).toBe(0);
  });
});
