// SQLite's durability of a commit (SQLITE_SYNCHRONOUS: db/sqlite-durability.ts) on every connection
// that writes: the ORM's and the SQL executor's of an opened database, and an executor of its own
// (the threads'). PRAGMA synchronous answers 1 for NORMAL, 2 for FULL.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, sqliteFilePath, type Database } from '../../src/db/database.js';
import { sqliteExecutor } from '../../src/db/sql-executor.js';
import type { SqliteSynchronous } from '../../src/db/sqlite-durability.js';
import { createMigratedDatabase, type ScratchDatabase } from '../database.js';
import { testEngine } from '../pg.js';

const opened: { database: Database; scratch: ScratchDatabase }[] = [];
afterEach(async () => {
  for (const { database, scratch } of opened.splice(0)) {
    await database.close();
    await scratch.remove();
  }
});

async function synchronousOf(mode: SqliteSynchronous | undefined) {
  const scratch = await createMigratedDatabase();
  const database = await openDatabase(scratch.url, mode ? { sqliteSynchronous: mode } : {});
  opened.push({ database, scratch });
  const [orm] = await database.db.$queryRawUnsafe<{ synchronous: number | bigint }[]>('PRAGMA synchronous');
  const [executor] = await database.sql.all<{ synchronous: number | bigint }>('PRAGMA synchronous');
  const own = sqliteExecutor(sqliteFilePath(scratch.url), mode ? { synchronous: mode } : {});
  const [thread] = await own.all<{ synchronous: number | bigint }>('PRAGMA synchronous');
  own.close();
  return [orm, executor, thread].map((row) => Number(row?.synchronous));
}

describe.runIf(testEngine === 'sqlite')("SQLite's durability of a commit", () => {
  it('is NORMAL on every writing connection by default', async () => {
    expect(await synchronousOf(undefined)).toStrictEqual([1, 1, 1]);
  });

  it('is FULL on every one of them when asked', async () => {
    expect(await synchronousOf('full')).toStrictEqual([2, 2, 2]);
    expect(await synchronousOf('normal')).toStrictEqual([1, 1, 1]);
  });
});
