// A webhook backlog must not slow requests: on SQLite every statement runs on the event loop, so
// each one the delivery worker and the sweeper send is looked at with EXPLAIN QUERY PLAN against a
// backlog of 250,000 pending deliveries. None may scan the deliveries, events or attempts: every
// statement is an index lookup, bounded by the endpoints (a few hundred at most) or a batch.
// Latency under such a backlog, and the drain rate, are measured by bench/webhook-backlog.ts.
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, readFixture, testConfig, testEngine, type TestApp } from '../helpers.js';
import { sqliteFilePath } from '../../src/db/database.js';
import { startDeliveryWorker } from '../../src/events/delivery.js';
import { sweep } from '../../src/cart/cart.sweeper.js';
import { CartRepository } from '../../src/cart/cart.repository.js';
import { CartLifetime } from '../../src/cart/cart.lifetime.js';
import { DeliveryRepository } from '../../src/events/delivery.repository.js';
import { numbered } from '../../src/db/pg-statements.js';

const endpoints = 100;
const eventsWithDeliveries = 2_500;

let t: TestApp;
beforeAll(async () => {
  if (testEngine !== 'sqlite') return;
  t = await createTestApp(readFixture('cart-catalog.json'));
  const db = t.database.db;
  // Receivers on a closed port: every attempt fails at once, as a dead receiver's do.
  await db.webhookEndpoint.createMany({
    data: Array.from({ length: endpoints }, (_, index) => ({
      id: `whep_${index}`,
      url: `http://127.0.0.1:9/${index}`,
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    })),
  });
  // Dates as the SQLite adapter writes them (ISO 8601 text).
  await db.$executeRawUnsafe(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${eventsWithDeliveries + 50})
    INSERT INTO "Event" ("id", "messageId", "type", "data", "createdAt", "fanOutPending")
    SELECT i, 'msg_' || i, 'order.created', '{}', '${new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00')}', i > ${eventsWithDeliveries} FROM n`);
  await db.$executeRawUnsafe(`
    INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "status", "attempts", "nextAttemptAt", "createdAt")
    SELECT 'dlv_' || e."id" || '_' || w."id", w."id", e."id", 'pending', 0, e."createdAt", e."createdAt"
    FROM "Event" e CROSS JOIN "WebhookEndpoint" w WHERE e."id" <= ${eventsWithDeliveries}`);
}, 120_000);
afterAll(() => t?.close());

/** Statements that read a big table without an index (EXPLAIN QUERY PLAN's "SCAN <table or alias>"). */
function scansOfBigTables(file: string, statements: string[]): { sql: string; plan: string[] }[] {
  const sqlite = new Database(file, { readonly: true });
  try {
    return statements.flatMap((sql) => {
      const parameters = Array.from(sql.matchAll(/\?/g), () => null);
      const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map(
        (row) => row.detail,
      );
      // The endpoints (alias e) may be read whole: there are at most WEBHOOK_MAX_ENDPOINTS.
      const scans = plan.filter((detail) =>
        /^SCAN (?!e$|e |WebhookEndpoint\b|n\b|CONSTANT|\d+-ROW VALUES)/.test(detail),
      );
      return scans.length > 0 ? [{ sql: sql.slice(0, 300), plan }] : [];
    });
  } finally {
    sqlite.close();
  }
}

describe.runIf(testEngine === 'sqlite')(
  'the delivery worker and the sweeper over a 250,000-delivery backlog (SQLite)',
  () => {
    it('send only index lookups: no statement scans deliveries, events or attempts', async () => {
      expect(await t.database.db.webhookDelivery.count({ where: { status: 'pending' } })).toBe(
        endpoints * eventsWithDeliveries,
      );
      t.database.queries.length = 0;
      const started = performance.now();
      const worker = startDeliveryWorker({
        sql: t.database.sql,
        config: testConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }),
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
        pollIntervalMs: 20,
      });
      // Until every step has run: fan-out, claims, an attempt to every endpoint and its record
      // (counted on a connection of its own, whose statements are not the worker's).
      const counter = new Database(sqliteFilePath(t.database.url), { readonly: true });
      const attempts = () =>
        counter.prepare('SELECT COUNT(*) AS "count" FROM "WebhookAttempt"').get() as { count: number };
      try {
        await vi.waitFor(() => expect(attempts().count).toBeGreaterThanOrEqual(endpoints), {
          timeout: 30_000,
          interval: 50,
        });
      } finally {
        counter.close();
      }
      const ranMs = Math.round(performance.now() - started);
      await worker.stop();
      await sweep(t.database.db, new CartLifetime(60_000), new CartRepository());
      const statements = [...new Set(t.database.queries.map((query) => query.query))].filter(
        (sql) =>
          /^\s*(SELECT|UPDATE|DELETE|INSERT)/i.test(sql) && /["`](WebhookDelivery|Event|WebhookAttempt)["`]/.test(sql),
      );
      console.info(
        `delivery worker over ${endpoints * eventsWithDeliveries} pending deliveries: ${t.database.queries.length} statements in ${ranMs} ms, ${statements.length} distinct on deliveries, events or attempts; attempts recorded: ${await t.database.db.webhookAttempt.count()}`,
      );
      expect(statements.some((sql) => /"fanOutPending"/.test(sql))).toBe(true);
      expect(statements.some((sql) => /"claimedUntil"/.test(sql))).toBe(true);
      expect(await t.database.db.webhookAttempt.count()).toBeGreaterThan(0);
      expect(scansOfBigTables(sqliteFilePath(t.database.url), statements)).toStrictEqual([]);
    }, 60_000);
  },
);

// On PostgreSQL a prepared statement's plan is made for its values the first five runs, then, when
// no better, kept for any values (its generic plan): the worker's reads of waiting events ran every
// round, and with the flag a parameter their generic plan read the whole Event table (136 ms at
// 111,000 events). Looked at as PostgreSQL keeps them, against a table of many events delivered
// and a few waiting, its statistics up to date.
describe.runIf(testEngine === 'postgresql')('the fan-out’s reads of waiting events (PostgreSQL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(readFixture('cart-catalog.json'));
    await app.database.db.$executeRawUnsafe(`
      INSERT INTO "Event" ("messageId", "type", "data", "createdAt", "fanOutPending")
      SELECT 'msg_' || i, 'order.created', '{}', now(), i > 50000 FROM generate_series(1, 50005) AS i`);
    await app.database.db.$executeRawUnsafe('ANALYZE "Event"');
  }, 120_000);
  afterAll(() => app?.close());

  it('find them through the index in the plan kept for any values', async () => {
    app.database.queries.length = 0;
    expect(await new DeliveryRepository(app.database.sql).fanOut(100)).toBe(5);
    const reads = [...new Set(app.database.queries.map((query) => query.query))].filter(
      (sql) => /^\s*SELECT/i.test(sql) && /"fanOutPending"/.test(sql),
    );
    expect(reads).toHaveLength(2);
    const client = new pg.Client({ connectionString: app.database.url });
    await client.connect();
    try {
      await client.query('SET plan_cache_mode = force_generic_plan');
      const plans: string[] = [];
      for (const [index, sql] of reads.entries()) {
        const text = numbered(sql);
        const parameters = Array.from(text.matchAll(/\$\d+/g), () => 'NULL').join(', ');
        await client.query(`PREPARE fan_out_read_${index} AS ${text}`);
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN EXECUTE fan_out_read_${index}${parameters ? `(${parameters})` : ''}`,
        );
        plans.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
      // Not the whole table, nor its primary key walked with the flag as a filter: the flag's index.
      const flagIndex = /(Index (Only )?Scan using|Bitmap Index Scan on) "Event_fanOutPending_id_idx"/;
      for (const plan of plans) expect(plan).toMatch(flagIndex);
    } finally {
      await client.end();
    }
  });
});
