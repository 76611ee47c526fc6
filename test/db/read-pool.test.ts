// Catalog reads never queue behind write transactions. Under a stream of submits on PostgreSQL the
// write transactions held every connection of the pool, and the catalog reads, which shared it,
// waited behind them: the catalog versions' check that every read may wait on among them, so
// reads fell to a tenth of quiet. On PostgreSQL they have a pool of their own; on SQLite a
// read-only connection of their own (WAL), which a writer's lock does not stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src/catalog/catalog.repository.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createMigratedDatabase, type ScratchDatabase } from '../database.js';
import { testEngine } from '../pg.js';

/** Whether `promise` settled within `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const settled = promise.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

let scratch: ScratchDatabase;
let database: Database;
beforeAll(async () => {
  scratch = await createMigratedDatabase();
  // One connection for the writes, and a long wait for it: a read that shared it would hang, not fail.
  database = await openDatabase(scratch.url, { poolSize: 1, readPoolSize: 1, connectTimeoutMs: 20_000 });
});
afterAll(async () => {
  await database?.close();
  await scratch?.remove();
});

describe('catalog reads while a write transaction holds every connection of the writes', () => {
  it('answer at once: the reader, and the catalog versions every read may wait on', async () => {
    const { db } = database;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let began = () => {};
    const holding = new Promise<void>((resolve) => (began = resolve));
    const transaction = db.$transaction(
      async (tx) => {
        // A write of the catalog's versions: SQLite's write lock, PostgreSQL's row lock and connection.
        await tx.catalogMeta.upsert({ where: { id: 2 }, create: { id: 2, version: 1 }, update: { version: 1 } });
        began();
        await held;
      },
      { timeout: 60_000, maxWait: 20_000 },
    );
    try {
      await holding;
      // PostgreSQL: the writes' one connection is taken, and a statement of the ORM waits for it.
      const waiting = database.provider === 'postgresql' ? db.store.count() : null;
      const repository = new CatalogRepository(db, database.reader);
      const reads = Promise.all([
        repository.productsByIds([1, 2]),
        repository.catalogRows(),
        repository.changedProducts([{ row: 3, after: 0, upTo: 0 }]),
      ]);
      expect(await settledWithin(reads, 2_000)).toBe(true);
      const [products, versions, changed] = await reads;
      expect(products).toStrictEqual([]);
      // What was committed before: the write in progress is not seen.
      expect(versions.rows.get(2)).toBeUndefined();
      expect(changed).toStrictEqual(new Set());
      if (waiting) expect(await settledWithin(waiting, 200)).toBe(false);
      release();
      await transaction;
      if (waiting) expect(await waiting).toBe(0);
      expect((await repository.catalogRows()).rows.get(2)).toBe(1);
    } finally {
      release();
      await transaction.catch(() => undefined);
    }
  }, 30_000);
});

describe.runIf(testEngine === 'postgresql')('product pages on PostgreSQL', () => {
  it("are planned for each page's values, never a prepared statement's generic plan", async () => {
    const repository = new CatalogRepository(database.db, database.reader);
    for (let page = 0; page < 8; page += 1)
      await repository.productPage({ first: 20, afterId: page, category: `rare ${page}`, brand: null });
    // The reader's one connection: what it has prepared (its catalog lookups are, by name).
    await repository.productsByIds([1]);
    const prepared = await database.reader.all<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements',
      [],
      { planEachRun: true },
    );
    expect(prepared.some(({ statement }) => statement.includes('"Product" WHERE "id" = ANY'))).toBe(true);
    expect(prepared.filter(({ statement }) => statement.includes('"category" = '))).toStrictEqual([]);
  });
});
