// SQLite WAL checkpoints in a thread (db/checkpointer.ts): the gateway's connections checkpoint
// only past autoCheckpointPages, and the thread keeps the log small meanwhile, so no commit on
// the event loop copies it into the database and syncs.
import Database from 'better-sqlite3';
import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine, type TestDatabase } from '../helpers.js';
import { sqliteFilePath } from '../../src/db/database.js';
import { autoCheckpointPages, startCheckpointer } from '../../src/db/checkpointer.js';

let database: TestDatabase;
beforeAll(async () => {
  if (testEngine === 'sqlite') database = await createTestDatabase();
});
afterAll(() => database?.close());

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(testEngine === 'sqlite')('the SQLite checkpoint thread', () => {
  it("keeps the log from growing with writes that stay below the connections' own threshold, and stops", async () => {
    const file = sqliteFilePath(database.url);
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma(`wal_autocheckpoint = ${autoCheckpointPages}`);
    writer.exec('CREATE TABLE "Scratch" ("id" INTEGER PRIMARY KEY, "body" TEXT NOT NULL)');
    const insert = writer.prepare('INSERT INTO "Scratch" ("body") VALUES (?)');
    const batch = writer.transaction(() => {
      for (let index = 0; index < 500; index += 1) insert.run('x'.repeat(4_000));
    });
    const errors: Error[] = [];
    const checkpointer = startCheckpointer(file, (error) => errors.push(error), 100);
    try {
      // Five batches of about 2 MB each: 2,500 pages in all, below the 10,000 of the writer's own
      // threshold; with the thread the log is copied between batches and written again from its start.
      for (let round = 0; round < 5; round += 1) {
        batch();
        await pause(400);
      }
      const walBytes = statSync(`${file}-wal`).size;
      expect(walBytes).toBeGreaterThan(1_000_000);
      expect(walBytes).toBeLessThan(5_000_000);
    } finally {
      await checkpointer.stop();
      writer.exec('DROP TABLE "Scratch"');
      writer.close();
    }
    expect(errors).toStrictEqual([]);
  });
});
