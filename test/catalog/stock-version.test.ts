// A stock change recorded in a write's transaction (catalog-version.repository.ts): one stock row
// of CatalogMeta moved by one, the move in CatalogChange with its products, and at each hundredth
// version of a row the row's moves older than the kept ones dropped. On PostgreSQL all of it is
// one statement sent with the COMMIT, its version known once committed; a rollback leaves nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers.js';
import { testEngine } from '../pg.js';
import { inTransaction } from '../../src/db/transaction.js';
import { keptChangesPerRow, recordStockChange } from '../../src/catalog/catalog-version.repository.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

/** The stock rows (2 to 17), each at `version`, each with its moves at `versions`. */
async function stockRowsAt(version: number, versions: readonly number[]): Promise<void> {
  const db = database.db;
  await db.catalogChange.deleteMany({});
  await db.catalogMeta.deleteMany({ where: { id: { gte: 2 } } });
  for (let row = 2; row <= 17; row += 1) {
    await db.catalogMeta.create({ data: { id: row, version } });
    for (const moved of versions) await db.catalogChange.create({ data: { row, version: moved, productIds: '9' } });
  }
}

const movesOf = async (row: number) =>
  (await database.db.catalogChange.findMany({ where: { row }, orderBy: { version: 'asc' } })).map((change) => [
    change.version,
    change.productIds,
  ]);

describe(`a stock change recorded in its transaction (${testEngine})`, () => {
  beforeEach(() => stockRowsAt(41, [40, 41]));

  it('moves one stock row by one and records the move; its version once committed', async () => {
    const change = await inTransaction(database.db, (tx) => recordStockChange(tx, [3, 1, 2]));
    expect(change.row).toBeGreaterThanOrEqual(2);
    expect(change.row).toBeLessThanOrEqual(17);
    expect(await change.version).toBe(42);
    expect((await database.db.catalogMeta.findUniqueOrThrow({ where: { id: change.row } })).version).toBe(42);
    expect(await movesOf(change.row)).toStrictEqual([
      [40, '9'],
      [41, '9'],
      [42, '3,1,2'],
    ]);
    const others = await database.db.catalogMeta.findMany({ where: { id: { gte: 2, not: change.row } } });
    expect(others.map((row) => row.version)).toStrictEqual(Array.from({ length: 15 }, () => 41));
  });

  it('at a hundredth version drops the moves of its row that are no longer kept, and only those', async () => {
    const newest = 5 * 100;
    const oldest = newest - keptChangesPerRow;
    await stockRowsAt(newest - 1, [oldest - 1, oldest, oldest + 1, newest - 1]);
    const change = await inTransaction(database.db, (tx) => recordStockChange(tx, [7]));
    expect(await change.version).toBe(newest);
    expect((await movesOf(change.row)).map(([version]) => version)).toStrictEqual([oldest + 1, newest - 1, newest]);
    const other = change.row === 2 ? 3 : 2;
    expect((await movesOf(other)).map(([version]) => version)).toStrictEqual([
      oldest - 1,
      oldest,
      oldest + 1,
      newest - 1,
    ]);
  });

  it('keeps its row’s old moves at a version that is not a hundredth', async () => {
    const version = 5 * 100 + 50;
    await stockRowsAt(version - 1, [version - keptChangesPerRow - 1, version - 1]);
    const change = await inTransaction(database.db, (tx) => recordStockChange(tx, [7]));
    expect(await change.version).toBe(version);
    expect((await movesOf(change.row)).map(([moved]) => moved)).toStrictEqual([
      version - keptChangesPerRow - 1,
      version - 1,
      version,
    ]);
  });

  it('leaves nothing when its transaction rolls back', async () => {
    const failure = new Error('the write failed after it');
    await expect(
      inTransaction(database.db, async (tx) => {
        await recordStockChange(tx, [5]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const rows = await database.db.catalogMeta.findMany({ where: { id: { gte: 2 } } });
    expect(rows.map((row) => row.version)).toStrictEqual(Array.from({ length: 16 }, () => 41));
    expect(await database.db.catalogChange.count()).toBe(32);
  });
});
