// /healthz after the database took writes again (src/db/health.ts): once its probe write failed,
// it is tried again within a quarter of a second, not after the 5 s of a healthy database, so that
// /healthz says 200 within 1 s of the database taking writes (requests succeeded while it still
// said 503 for up to 5 s). SQLite: its page cap on the gateway's own connection (SQLITE_FULL);
// PostgreSQL: the probe's table locked by another session (the write waits past the probe's bound).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthTimeoutMs } from '../../src/db/health.js';
import { createTestApp, testEngine, type TestApp } from '../helpers.js';

/** How the probe write is made to fail, and undone. */
interface Breakage {
  break(): Promise<void>;
  mend(): Promise<void>;
}

function sqliteFull(t: TestApp): Breakage {
  const { db } = t.database;
  const setPageCap = (pages: number | bigint) => db.$queryRawUnsafe(`PRAGMA max_page_count = ${pages}`);
  return {
    break: async () => {
      const [{ page_count: pages }] = await db.$queryRawUnsafe<[{ page_count: bigint }]>('PRAGMA page_count');
      await setPageCap(pages);
      // The file's free pages taken too, by rows like the probe's, until SQLite refuses one.
      for (let n = 0; n < 10_000; n += 1) {
        const full = await db
          .$executeRawUnsafe(`INSERT INTO "HealthProbe" ("id", "payload") VALUES ('filler-${n}', zeroblob(8192))`)
          .then(
            () => false,
            () => true,
          );
        if (full) return;
      }
      throw new Error('the page cap refused no write');
    },
    mend: async () => {
      await setPageCap(4_294_967_294); // SQLite's own maximum
      await db.$executeRawUnsafe(`DELETE FROM "HealthProbe" WHERE "id" LIKE 'filler-%'`);
    },
  };
}

function postgresLocked(t: TestApp): Breakage {
  const session = new pg.Client({ connectionString: t.database.url });
  return {
    break: async () => {
      await session.connect();
      await session.query('BEGIN');
      await session.query('LOCK TABLE "HealthProbe" IN ACCESS EXCLUSIVE MODE');
    },
    mend: async () => {
      await session.query('COMMIT');
      await session.end();
    },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const health = async () => (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;

/** Polls until `check` holds; the ms it took. */
async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('/healthz once the database takes writes again', () => {
  it('answers 200 within 1 s of a write going through', async () => {
    const breakage = testEngine === 'sqlite' ? sqliteFull(t) : postgresLocked(t);
    expect(await health()).toBe(200);
    await breakage.break();
    try {
      await waitFor(async () => (await health()) === 503, '/healthz to answer 503', 10_000 + healthTimeoutMs);
    } finally {
      await breakage.mend();
    }
    // Requests succeed at once…
    const write = await t.app.inject({
      method: 'POST',
      url: '/cart',
      payload: { items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] } },
    });
    expect(write.statusCode).toBe(200);
    // …and /healthz follows within a second.
    const recoveredMs = await waitFor(async () => (await health()) === 200, '/healthz to answer 200', 10_000);
    console.info(`/healthz 200 ${recoveredMs} ms after a write went through again (${testEngine})`);
    expect(recoveredMs).toBeLessThan(1_000);
  }, 30_000);
});
