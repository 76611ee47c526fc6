// The ORM's SQLite connection keeps its prepared statements (db/sqlite-statements.ts): the same SQL
// is prepared once, answers are those of a statement prepared anew (big integers, raw rows, a
// failed statement run again), and what is kept stays bounded in count and in SQL length.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../../src/db/database.js';
import { PrismaClient } from '../../src/db/generated/sqlite/client.js';
import { keepStatements, maxKept, maxKeptSqlLength, StatementKeepingSqlite3 } from '../../src/db/sqlite-statements.js';
import { createMigratedDatabase, type ScratchDatabase } from '../database.js';
import { testEngine } from '../pg.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function memoryConnection() {
  const connection = new Database(':memory:');
  connection.defaultSafeIntegers(true);
  cleanups.push(() => void connection.close());
  connection.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER NOT NULL UNIQUE)');
  // How many statements better-sqlite3 itself prepared.
  const counted = { prepared: 0 };
  const prepareAnew = connection.prepare.bind(connection);
  Object.assign(connection, {
    prepare: (sql: string) => {
      counted.prepared += 1;
      return prepareAnew(sql);
    },
  });
  const kept = keepStatements(connection);
  // What the adapter calls: prepare, bind the call's arguments, then run or read raw rows.
  const prepare = connection.prepare as unknown as (sql: string) => {
    bind(args: unknown[]): { reader: boolean; run(): { changes: number }; raw(): { all(): unknown[][] } };
  };
  return { kept, prepare, counted };
}

describe('prepared statements kept on a SQLite connection', () => {
  it('prepares the same SQL once and binds each call its own arguments', () => {
    const { kept, prepare, counted } = memoryConnection();
    const insert = 'INSERT INTO t (n) VALUES (?)';
    for (const n of [1n, 9_007_199_254_740_993n]) expect(prepare(insert).bind([n]).run().changes).toBe(1);
    const select = 'SELECT n FROM t WHERE n >= ? ORDER BY n';
    expect(prepare(select).bind([2n]).raw().all()).toStrictEqual([[9_007_199_254_740_993n]]);
    expect(prepare(select).bind([0n]).raw().all()).toStrictEqual([[1n], [9_007_199_254_740_993n]]);
    expect(kept()).toBe(2);
    // A statement that failed (a unique violation) answers the next call.
    expect(() => prepare(insert).bind([1n]).run()).toThrow(/UNIQUE/);
    expect(prepare(insert).bind([2n]).run().changes).toBe(1);
    expect({ kept: kept(), prepared: counted.prepared }).toStrictEqual({ kept: 2, prepared: 2 });
  });

  it(`keeps at most ${maxKept}, the least recently used dropped first, and no SQL over ${maxKeptSqlLength} characters`, () => {
    const { kept, prepare, counted } = memoryConnection();
    const select = (k: number) => `SELECT ${k} AS k`;
    for (let k = 0; k < maxKept + 50; k += 1) {
      expect(prepare(select(k)).bind([]).raw().all()).toStrictEqual([[BigInt(k)]]);
      // The first one, used all along, is never the one dropped.
      prepare(select(0));
    }
    expect({ kept: kept(), prepared: counted.prepared }).toStrictEqual({ kept: maxKept, prepared: maxKept + 50 });
    // The first is still kept; the second was dropped 50 statements ago.
    prepare(select(0));
    expect(counted.prepared).toBe(maxKept + 50);
    prepare(select(1));
    expect(counted.prepared).toBe(maxKept + 51);
    const long = `SELECT 1 AS k WHERE 1 IN (${Array.from({ length: 3_000 }, () => '?').join(',')})`;
    expect(long.length).toBeGreaterThan(maxKeptSqlLength);
    expect(
      prepare(long)
        .bind(Array.from({ length: 3_000 }, () => 1n))
        .raw()
        .all(),
    ).toStrictEqual([[1n]]);
    expect(kept()).toBe(maxKept);
  });
});

describe.runIf(testEngine === 'sqlite')("the ORM's SQLite adapter", () => {
  let scratch: ScratchDatabase;

  it('keeps the statements Prisma runs: the same queries again prepare nothing new', async () => {
    scratch = await createMigratedDatabase();
    cleanups.push(() => scratch.remove());
    const adapter = new StatementKeepingSqlite3({ url: `file:${sqliteFilePath(scratch.url)}` });
    const db = new PrismaClient({ adapter });
    cleanups.push(() => db.$disconnect());
    const reads = async () => {
      await db.store.findMany({ where: { id: { in: [1, 2] } }, include: { shippingMethods: true } });
      await db.catalogMeta.findUnique({ where: { id: 1 } });
    };
    await db.$transaction(async (tx) => {
      await tx.store.create({
        data: { id: 1, name: 'one', displayName: 'One', marketplace: 'one.example', currency: 'USD', marginRatePpm: 0 },
      });
    });
    await reads();
    const afterFirst = adapter.kept();
    expect(afterFirst).toBeGreaterThan(2);
    for (let round = 0; round < 3; round += 1) await reads();
    expect(adapter.kept()).toBe(afterFirst);
    expect((await db.store.findMany({ select: { name: true } })).map((store) => store.name)).toStrictEqual(['one']);
  });
});
