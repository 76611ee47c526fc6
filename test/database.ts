// Databases of the engine under test for the test files: blank ones, and migrated ones copied from
// the template that test/database-template.ts migrates once per run. Migrating a new database
// takes the schema engine most of a second; copying the template takes milliseconds (a file copy
// on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) and gives the same tables. Nothing here
// loads the app: the process tier's files import it directly.
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { admin, createScratchDatabase, dropScratchDatabase, withDatabase } from '../src/db/postgres.js';
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
  return copyDatabase(runTemplate());
}

function runTemplate(): string {
  const template = inject('databaseTemplate');
  if (!template)
    throw new Error(
      'No database template: the project must list test/database-template.ts in its globalSetup (vitest.config.ts)',
    );
  return template;
}

/** A new database with the tables and rows of `template` (a database nobody is connected to). */
async function copyDatabase(template: string): Promise<ScratchDatabase> {
  if (testEngine === 'postgresql') {
    const name = `test_${randomUUID().replaceAll('-', '')}`;
    await copyInto(template, withDatabase(testPgUrl, name));
    return { url: withDatabase(testPgUrl, name), remove: () => dropScratchDatabase(testPgUrl, name) };
  }
  mkdirSync(tmpDir, { recursive: true });
  const file = join(tmpDir, `${randomUUID()}.db`);
  await copyInto(template, `file:${file}`);
  return sqliteScratch(file);
}

/** Makes `target` a copy of `template`: CREATE DATABASE … TEMPLATE on PostgreSQL, a file copy on SQLite. */
async function copyInto(template: string, target: string): Promise<void> {
  if (testEngine === 'postgresql')
    await admin(testPgUrl, (client) =>
      client.query(`CREATE DATABASE "${databaseName(target)}" TEMPLATE "${databaseName(template)}"`),
    );
  else copyFileSync(sqliteFilePath(template), sqliteFilePath(target));
}

const databaseName = (url: string) => new URL(url).pathname.slice(1);
/** The template's own name: its database's, or its file's without `.db`. */
const runName = (template: string) =>
  testEngine === 'postgresql' ? databaseName(template) : basename(sqliteFilePath(template), '.db');

/**
 * A new migrated database holding `catalog`, imported by `load`: a copy of a database made once per
 * run for each catalog (a hundred products of 1,000 SKUs take some 10 s of CPU to import, and
 * several files of the process tier start from the same one). The files run in processes of their
 * own, so the first to ask makes it under a lock file and the others wait for its marker; the
 * template's teardown removes them (removeCatalogCopies).
 */
export async function createCatalogDatabase(
  catalog: unknown,
  load: (url: string) => Promise<void>,
): Promise<ScratchDatabase> {
  const template = runTemplate();
  const digest = createHash('sha256').update(JSON.stringify(catalog)).digest('hex').slice(0, 16);
  const cache = catalogCopyUrl(template, digest);
  const marker = join(tmpDir, `${runName(template)}.${digest}.ready`);
  mkdirSync(tmpDir, { recursive: true });
  if (tryLock(`${marker}.lock`)) {
    try {
      await copyInto(template, cache);
      await load(cache);
      writeFileSync(marker, 'ready');
    } catch (error) {
      writeFileSync(marker, `failed: ${String(error)}`);
      throw error;
    }
  } else {
    const deadline = Date.now() + 180_000;
    while (!existsSync(marker)) {
      if (Date.now() > deadline) throw new Error(`The catalog database ${cache} was not made within 180 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const state = readFileSync(marker, 'utf8');
    if (state !== 'ready') throw new Error(`The catalog database ${cache} could not be made: ${state}`);
  }
  return copyDatabase(cache);
}

function tryLock(path: string): boolean {
  try {
    closeSync(openSync(path, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Where the run keeps the database of one catalog: named after the run's template. */
function catalogCopyUrl(template: string, digest: string): string {
  if (testEngine === 'postgresql') return withDatabase(testPgUrl, `${runName(template)}_${digest}`);
  return `file:${join(tmpDir, `${runName(template)}.${digest}.db`)}`;
}

/** Removes the catalog databases made from `template` this run (createCatalogDatabase) and their markers. */
export async function removeCatalogCopies(template: string): Promise<void> {
  const prefix = `${runName(template)}.`;
  if (existsSync(tmpDir))
    for (const name of readdirSync(tmpDir).filter((entry) => entry.startsWith(prefix)))
      rmSync(join(tmpDir, name), { force: true });
  if (testEngine !== 'postgresql') return;
  const { rows } = await admin(testPgUrl, (client) =>
    client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${runName(template)}\\_%`,
    ]),
  );
  for (const { datname } of rows) await dropScratchDatabase(testPgUrl, datname);
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
  // In the order the statements were begun: those answered together come back in no set order.
  const database = await openDatabase(url, {
    onQuery: (event) => {
      let at = queries.length;
      while (at > 0 && queries[at - 1]!.startedAt > event.startedAt) at -= 1;
      queries.splice(at, 0, event);
    },
  });
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
