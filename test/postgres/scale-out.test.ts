// Several gateway processes on one PostgreSQL database: real processes (dist/src/main.js), real
// HTTP. Readiness while migrations run, 200 mixed concurrent cart requests split across two
// processes, and a graceful shutdown that finishes the request in flight.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { createBlankDatabase } from '../database.js';
import { readFixture } from '../fixtures.js';
import { lockWaiters, testEngine } from '../pg.js';
import { californian, exampleA } from '../cart/cart-helpers.js';
import { buildServer, json, startGateway, status, until, type Gateway } from '../process/gateway.js';

/** Prisma's migration lock: the schema engine takes it around every migration on PostgreSQL. */
const migrationLock = 72707369;

describe.runIf(testEngine === 'postgresql')('two gateway processes on one PostgreSQL database', () => {
  let blank: { url: string; remove(): Promise<void> };
  let database: Database;
  const gateways: Gateway[] = [];

  beforeAll(async () => {
    // The processes run the compiled server, as `npm start` does.
    buildServer();
    blank = await createBlankDatabase();
  }, 120_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.process.kill('SIGKILL');
    await database?.close();
    await blank?.remove();
  });

  it('answers 503 on /readyz and /healthz while migrations wait, holds other requests until ready', async () => {
    const holder = new pg.Client({ connectionString: blank.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [migrationLock]);
    const first = await startGateway(blank.url);
    gateways.push(first);
    let early: ReturnType<typeof json> | undefined;
    try {
      await until(async () => (await status(`${first.base}/readyz`)) === 503, 'the first process to listen');
      expect(await json('GET', `${first.base}/readyz`)).toMatchObject({ status: 503, body: { status: 'migrating' } });
      expect((await json('GET', `${first.base}/healthz`)).status).toBe(503);
      early = json('GET', `${first.base}/product/1`);
      let settled = false;
      void early.then(() => (settled = true));
      // A window in which the request must stay unanswered: a wait for what must not happen.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [migrationLock]);
      await holder.end();
    }
    // Once migrated, the waiting request is served: the catalog is empty, so 404, not 503.
    expect(await early).toMatchObject({ status: 404, body: { code: 'PRODUCT_NOT_FOUND' } });
    await until(async () => (await status(`${first.base}/readyz`)) === 200, 'the first process to be ready');
    expect(await json('GET', `${first.base}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok' } });
  }, 60_000);

  it('200 mixed concurrent cart requests across two processes: exact quantities, distinct carts, one set of orders', async () => {
    const second = await startGateway(blank.url);
    gateways.push(second);
    await until(async () => (await status(`${second.base}/readyz`)) === 200, 'the second process to be ready');
    database = await openDatabase(blank.url);
    await importCatalog(database.db, readFixture('cart-catalog.json'));
    const [a, b] = gateways.map((gateway) => gateway.base) as [string, string];

    const shared = await json('POST', `${a}/cart`, {
      items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
    });
    const ready = await json('POST', `${b}/cart`, { items: { storefront_cart_items_input: exampleA } });
    await json('POST', `${a}/cart/customerInfo`, { id: ready.body.id, buyer_identity: californian });
    const cartsBefore = await database.db.cart.count();

    const requests = Array.from({ length: 200 }, (_, index) => {
      const base = index % 2 === 0 ? a : b;
      if (index < 100)
        return json('POST', `${base}/cart/add`, { cart_id: shared.body.id, item: { variant_id: '2021', quantity: 1 } });
      if (index < 150) return json('POST', `${base}/cart/add`, { item: { variant_id: '2041', quantity: 2 } });
      return json('POST', `${base}/cart/submit`, { id: ready.body.id });
    });
    const answers = await Promise.all(requests);

    const adds = answers.slice(0, 100);
    const creations = answers.slice(100, 150);
    const submits = answers.slice(150);
    const line = await database.db.cartLine.findUniqueOrThrow({
      where: { cartId_skuId: { cartId: shared.body.id ?? '', skuId: 2021 } },
    });
    const submitted = submits.filter((answer) => answer.status === 200).length;
    const conflicts = submits.filter(
      (answer) => answer.status === 409 && answer.body.code === 'CART_ALREADY_SUBMITTED',
    ).length;
    console.info(
      `scale-out: adds ${adds.filter((answer) => answer.status === 200).length}/100 ok → quantity ${line.quantity}; ` +
        `creations ${new Set(creations.map((answer) => answer.body.id)).size} distinct; submits ${submitted} × 200, ${conflicts} × 409`,
    );
    expect(adds.map((answer) => answer.status)).toStrictEqual(Array(100).fill(200));
    expect(line.quantity).toBe(101);
    expect(creations.map((answer) => answer.status)).toStrictEqual(Array(50).fill(200));
    expect(new Set(creations.map((answer) => answer.body.id)).size).toBe(50);
    expect(await database.db.cart.count()).toBe(cartsBefore + 50);
    // What the other submits got, by status and code, for a failure's message.
    const others = submits
      .filter((answer) => answer.status !== 200 && answer.body.code !== 'CART_ALREADY_SUBMITTED')
      .map((answer) => `${answer.status} ${String(answer.body.code)}`);
    expect(submitted, others.join(', ')).toBe(1);
    expect(conflicts, others.join(', ')).toBe(49);
    expect(await database.db.order.count({ where: { cartId: ready.body.id ?? '' } })).toBe(2);
  }, 60_000);

  it('finishes the request in flight on SIGTERM, then exits 0', async () => {
    const gateway = gateways[0]!;
    const cart = await json('POST', `${gateway.base}/cart`, {
      items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
    });
    // Hold the cart's row lock so that the next add stays in flight as long as the test wants.
    const holder = new pg.Client({ connectionString: blank.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM "Cart" WHERE id = $1 FOR UPDATE', [cart.body.id]);
    const inFlight = json('POST', `${gateway.base}/cart/add`, {
      cart_id: cart.body.id,
      item: { variant_id: '2021', quantity: 4 },
    });
    await until(async () => (await lockWaiters(database.db)) > 0, 'the add to wait for the cart lock');
    gateway.process.kill('SIGTERM');
    // Stopping (503, or the listening socket closed), and held by the request in flight.
    await until(async () => (await status(`${gateway.base}/readyz`)) !== 200, 'the shutdown to begin');
    expect(gateway.process.exitCode).toBeNull();
    await holder.query('COMMIT');
    await holder.end();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await gateway.exited, gateway.output.join('').slice(-4_000)).toBe(0);
    expect(gateway.output.join('')).not.toMatch(/"level":50/);
    const line = await database.db.cartLine.findUniqueOrThrow({
      where: { cartId_skuId: { cartId: cart.body.id ?? '', skuId: 2021 } },
    });
    expect(line.quantity).toBe(5);
  }, 60_000);
});

describe.skipIf(testEngine === 'postgresql')('two gateway processes on one PostgreSQL database', () => {
  it.skip('runs with npm run test:pg (TEST_DATABASE=postgresql), against the server of TEST_PG_URL', () => {});
});
