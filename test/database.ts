// Databases of the engine under test for the test files: blank ones, and migrated ones copied from
// the template that test/database-template.ts migrates once per run. Migrating a new database
// takes the schema engine most of a second; copying the template takes milliseconds (a file copy
// on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) and gives the same tables. Nothing here
// loads the app: the process tier's files import it directly.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createScratchDatabase, dropScratchDatabase, withDatabase } from '../src/db/postgres.js';
import { openDatabase, sqliteFilePath, type Database, type QueryEvent } from '../src/db/database.js';
import { testEngine, testPgUrl } from './pg.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The URL of the migrated, empty database that createMigratedDatabase copies. */
    databaseTemplate: string;
  }
}

export interface ScratchDatabase {
  url: string;
  remove(): Promise<void>;
}

const tmpDir = join(import.meta.dirname, '.tmp');

/** A new database of the engine under test, without tables yet. */
export async function createBlankDatabase(): Promise<ScratchDatabase> {
  if (testEngine === 'postgresql') {
    const scratch = await createScratchDatabase(testPgUrl, 'test');
    return { url: scratch.url, remove: () => dropScratchDatabase(testPgUrl, scratch.name) };
  }
  mkdirSync(tmpDir, { recursive: true });
  return sqliteScratch(join(tmpDir, `${randomUUID()}.db`));
}

function sqliteScratch(file: string): ScratchDatabase {
  return {
    url: `file:${file}`,
    remove: async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/** A new database with every migration applied and nothing else: a copy of the run's template. */
export async function createMigratedDatabase(): Promise<ScratchDatabase> {
  const template = inject('databaseTemplate');
  if (!template)
    throw new Error(
      'No database template: the project must list test/database-template.ts in its globalSetup (vitest.config.ts)',
    );
  if (testEngine === 'postgresql') {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    const client = new pg.Client({ connectionString: testPgUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${new URL(template).pathname.slice(1)}"`);
    } finally {
      await client.end();
    }
    return { url: withDatabase(testPgUrl, name), remove: () => dropScratchDatabase(testPgUrl, name) };
  }
  mkdirSync(tmpDir, { recursive: true });
  const file = join(tmpDir, `${randomUUID()}.db`);
  copyFileSync(sqliteFilePath(template), file);
  return sqliteScratch(file);
}

export interface TestDatabase extends Database {
  url: string;
  /** SQL statements sent since the last reset. */
  queries: QueryEvent[];
}

/** A new, migrated, empty database of the engine under test, removed by close(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { url, remove } = await createMigratedDatabase();
  const queries: QueryEvent[] = [];
  const database = await openDatabase(url, { onQuery: (event) => queries.push(event) });
  return {
    ...database,
    url,
    queries,
    close: async () => {
      await database.close();
      await remove();
    },
  };
}
