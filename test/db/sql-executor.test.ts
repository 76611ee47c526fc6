// The SQL executor's SQLite side (db/sql-executor.ts): a transaction runs as one task of the event
// loop, never blocks on another writer's lock, and writes values as Prisma's adapter does.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../helpers.js';
import { sqliteFilePath } from '../../src/db/database.js';
import { DatabaseBusyError, sqliteExecutor } from '../../src/db/sql-executor.js';

let database: TestDatabase;
beforeAll(async () => {
  if (testEngine === 'sqlite') database = await createTestDatabase();
});
afterAll(() => database?.close());

const endpoint = (id: string) =>
  [
    'INSERT INTO "WebhookEndpoint" ("id", "url", "secret", "enabled", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?, ?)',
    [id, 'http://127.0.0.1:9/', 'whsec_x', true, new Date('2026-11-27T10:00:00.123Z'), new Date()],
  ] as const;

describe.runIf(testEngine === 'sqlite')('the SQLite SQL executor', () => {
  it('writes dates and booleans as Prisma reads them', async () => {
    const [sql, params] = endpoint('whep_format');
    await database.sql.transaction((tx) => tx.run(sql, params));
    const row = await database.db.webhookEndpoint.findUniqueOrThrow({ where: { id: 'whep_format' } });
    expect(row.createdAt.toISOString()).toBe('2026-11-27T10:00:00.123Z');
    expect(row.enabled).toBe(true);
    const [read] = await database.sql.all<{ id: string }>(
      `SELECT "id" FROM "WebhookEndpoint" WHERE "createdAt" = ? AND "enabled" = ?`,
      [new Date('2026-11-27T10:00:00.123Z'), true],
    );
    expect(read?.id).toBe('whep_format');
  });

  it('refuses a transaction that waits on something else, and rolls it back', async () => {
    const [sql, params] = endpoint('whep_waited');
    const waiting = database.sql.transaction(async (tx) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return tx.run(sql, params);
    });
    await expect(waiting).rejects.toThrow(/must run as one task/);
    expect(await database.db.webhookEndpoint.count({ where: { id: 'whep_waited' } })).toBe(0);
    // The connection is usable again.
    await expect(database.sql.transaction((tx) => tx.all('SELECT 1 AS one'))).resolves.toStrictEqual([{ one: 1 }]);
  });

  it('waits for another writer without blocking the event loop, then gives up with DatabaseBusyError, having written nothing', async () => {
    const file = sqliteFilePath(database.url);
    const other = new Database(file, { timeout: 0 });
    const executor = sqliteExecutor(file, { busyWaitMs: 300 });
    try {
      const [sql, params] = endpoint('whep_busy');
      // Held for 100 ms: the transaction goes through once it is released.
      other.exec('BEGIN IMMEDIATE');
      setTimeout(() => other.exec('COMMIT'), 100);
      let ticks = 0;
      const ticker = setInterval(() => (ticks += 1), 10);
      const started = performance.now();
      await executor.transaction((tx) => tx.run(sql, params));
      clearInterval(ticker);
      expect(performance.now() - started).toBeGreaterThanOrEqual(90);
      // The event loop went on meanwhile (a blocking busy wait would have stopped the ticker).
      expect(ticks).toBeGreaterThanOrEqual(5);

      // Held for longer than busyWaitMs: refused, nothing written.
      const [sql2, params2] = endpoint('whep_busy_2');
      other.exec('BEGIN IMMEDIATE');
      try {
        await expect(executor.transaction((tx) => tx.run(sql2, params2))).rejects.toBeInstanceOf(DatabaseBusyError);
      } finally {
        other.exec('COMMIT');
      }
      expect(await database.db.webhookEndpoint.count({ where: { id: { in: ['whep_busy', 'whep_busy_2'] } } })).toBe(1);
    } finally {
      executor.close();
      other.close();
    }
  });
});
