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
import { sharedSerializers } from './serializers.js';

export { fixturesDir, readFixture } from './fixtures.js';
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
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers } },
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

/** Every row of every table, in a stable order: equal dumps mean nothing was written. */
export async function dumpDatabase(database: Database): Promise<string> {
  const { db } = database;
  const tables = await Promise.all([
    db.store.findMany({ orderBy: { id: 'asc' } }),
    db.shippingMethod.findMany({ orderBy: [{ storeId: 'asc' }, { code: 'asc' }] }),
    db.taxRate.findMany({ orderBy: { id: 'asc' } }),
    db.product.findMany({ orderBy: { id: 'asc' } }),
    db.sku.findMany({ orderBy: { id: 'asc' } }),
    db.media.findMany({ orderBy: { id: 'asc' } }),
    db.mediaProduct.findMany({ orderBy: [{ mediaId: 'asc' }, { position: 'asc' }] }),
    db.mediaPlacement.findMany({ orderBy: [{ mediaId: 'asc' }, { position: 'asc' }] }),
    db.similarProduct.findMany({ orderBy: [{ productId: 'asc' }, { position: 'asc' }] }),
    db.productAnswer.findMany({ orderBy: { productId: 'asc' } }),
    db.cart.findMany({ orderBy: { id: 'asc' } }),
    db.buyerIdentity.findMany({ orderBy: { cartId: 'asc' } }),
    db.cartStore.findMany({ orderBy: [{ cartId: 'asc' }, { storeId: 'asc' }] }),
    db.cartLine.findMany({ orderBy: [{ cartId: 'asc' }, { skuId: 'asc' }] }),
    db.cartDiscountCode.findMany({ orderBy: [{ cartId: 'asc' }, { position: 'asc' }] }),
    db.discount.findMany({ orderBy: { id: 'asc' } }),
    db.discountUse.findMany({ orderBy: [{ discountId: 'asc' }, { orderId: 'asc' }] }),
    db.order.findMany({ orderBy: { id: 'asc' } }),
    db.orderNumberCounter.findMany({ orderBy: { storeId: 'asc' } }),
    db.orderEvent.findMany({ orderBy: { id: 'asc' } }),
    db.orderLine.findMany({ orderBy: [{ orderId: 'asc' }, { position: 'asc' }] }),
    db.requiredAction.findMany({ orderBy: { id: 'asc' } }),
    db.idempotencyRecord.findMany({ orderBy: [{ scope: 'asc' }, { key: 'asc' }] }),
    db.event.findMany({ orderBy: { id: 'asc' } }),
    db.webhookEndpoint.findMany({ orderBy: { id: 'asc' } }),
    db.webhookDelivery.findMany({ orderBy: { id: 'asc' } }),
    db.webhookAttempt.findMany({ orderBy: { id: 'asc' } }),
    db.playerEventCount.findMany({
      orderBy: [{ mediaId: 'asc' }, { type: 'asc' }, { hour: 'asc' }, { placementId: 'asc' }],
    }),
    db.playerEventSeen.findMany({
      orderBy: [{ sessionId: 'asc' }, { mediaId: 'asc' }, { type: 'asc' }, { placementId: 'asc' }],
    }),
  ]);
  return JSON.stringify(tables, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
