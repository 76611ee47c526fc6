// Test harness: the app built in process on a fresh database (requests go through app.inject, no
// port), and what the test files share besides: the fixtures (test/fixtures.ts) and the test
// databases (test/database.ts), re-exported for the files that build apps.
import type { FastifyInstance } from 'fastify';
import { print, type DocumentNode } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { buildApp, type BuildOptions } from '../src/app.js';
import type { Database } from '../src/db/database.js';
import { importCatalog } from '../src/catalog/import/importer.js';
import { seedDemo } from '../src/demo-seed.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { readFixture } from './fixtures.js';
import { sharedSerializers, sharedValidators } from './compilers.js';

export { fixturesDir, readDemoCatalog, readFixture } from './fixtures.js';
export { createBlankDatabase, createTestDatabase, type TestDatabase } from './database.js';
export { testEngine, testPgUrl } from './pg.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The configuration of test apps: the defaults, quiet, without rate limits. */
export function testConfig(env: Record<string, string> = {}) {
  // Tests import catalogs while apps run: the cache checks the catalog version on every request.
  return loadConfig({ RATE_LIMIT_MAX: '0', LOG_LEVEL: 'silent', CATALOG_CACHE_TTL_MS: '0', ...env });
}

/** The app on a fresh database, with the test catalog (test/fixtures/catalog.json) loaded. */
export async function createTestApp(
  catalog: unknown = readFixture('catalog.json'),
  env: Record<string, string> = {},
  options: BuildOptions = {},
): Promise<TestApp> {
  return appOn(catalog === null ? null : (db) => importCatalog(db, catalog), env, options);
}

/** The app on a fresh database filled as `npm start` fills an empty one: the demo catalog and its discounts. */
export async function createDemoApp(env: Record<string, string> = {}): Promise<TestApp> {
  const seed = async (db: Database['db']) => {
    if (!(await seedDemo(db))) throw new Error('the demo seed found a catalog in a fresh database');
  };
  return appOn(seed, env, {});
}

/** The app on a fresh database, once `fill` has written it. */
async function appOn(
  fill: ((db: Database['db']) => Promise<unknown>) | null,
  env: Record<string, string>,
  options: BuildOptions,
): Promise<TestApp> {
  const database = await createTestDatabase();
  if (fill) await fill(database.db);
  const app = await buildApp(testConfig(env), database, {
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers, buildValidator: sharedValidators } },
    ...options,
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export interface GraphQLResponse<T> {
  status: number;
  data?: T | null;
  errors?: {
    message: string;
    path?: (string | number)[];
    extensions: { code: string; http?: { status: number }; details?: Record<string, unknown> };
  }[];
}

export async function graphql<TResult, TVariables>(
  app: FastifyInstance,
  document: TypedDocumentNode<TResult, TVariables> | DocumentNode,
  ...[variables]: TVariables extends Record<string, never> ? [] : [TVariables]
): Promise<GraphQLResponse<TResult>> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: print(document), variables },
  });
  return { status: response.statusCode, ...(response.json() as Omit<GraphQLResponse<TResult>, 'status'>) };
}

/** Tables no request writes data to: migrations' bookkeeping, the readiness probe's scratch row. */
const notData = new Set(['_prisma_migrations', 'HealthProbe']);

/** The tables of the schema that hold data, by name. */
async function tableNames(database: Database): Promise<string[]> {
  const rows =
    database.sql.dialect === 'sqlite'
      ? await database.sql.all<{ name: string }>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
      : await database.sql.all<{ name: string }>(
          'SELECT table_name AS name FROM information_schema.tables ' +
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
        );
  return rows.map((row) => row.name).filter((name) => !notData.has(name));
}

/**
 * Every row of every table (whatever tables a later change adds), in a stable order: equal dumps
 * mean nothing was written. One plain statement a table, not the ORM's: the fuzz test dumps
 * before and after each of its thousand requests. `except`: tables left out, for comparing two
 * databases whose bookkeeping (when each was imported) differs.
 */
export async function dumpDatabase(database: Database, except: readonly string[] = []): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const name of await tableNames(database)) {
    if (except.includes(name)) continue;
    const rows = await database.sql.all<Record<string, unknown>>(`SELECT * FROM "${name}"`);
    tables[name] = rows
      .map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)))
      .sort();
  }
  return JSON.stringify(tables);
}
