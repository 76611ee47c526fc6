// kill -9 of a real gateway process, on the engine under test: an Idempotency-Key whose request
// died before committing does not block its retry, and concurrent cart writes retried with their
// keys across repeated crashes are each applied exactly once (none lost, none doubled).
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../../src/db/database.js';
import { readFixture } from '../fixtures.js';
import { lockWaiters, testEngine } from '../pg.js';
import { freePort } from '../../bench/ports.js';
import { json, processFixture, until, type Gateway, type ProcessFixture } from './gateway.js';

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(readFixture('cart-catalog.json'));
}, 120_000);
afterAll(() => fixture?.close());

const start = (port: number) => fixture.start({ port });

async function crash(gateway: Gateway): Promise<void> {
  gateway.process.kill('SIGKILL');
  await gateway.exited;
}

/** Holds the cart's write lock from outside the gateway until released. */
async function holdCart(cartId: string): Promise<() => Promise<void>> {
  if (testEngine === 'postgresql') {
    const client = new pg.Client({ connectionString: fixture.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query('SELECT id FROM "Cart" WHERE id = $1 FOR UPDATE', [cartId]);
    return async () => {
      await client.query('ROLLBACK');
      await client.end();
    };
  }
  const file = new Sqlite(sqliteFilePath(fixture.url));
  file.exec('BEGIN IMMEDIATE');
  return async () => {
    file.exec('ROLLBACK');
    file.close();
  };
}

const quantityOf = async (cartId: string, skuId: number) =>
  (await fixture.database.db.cartLine.findUnique({ where: { cartId_skuId: { cartId, skuId } } }))?.quantity ?? 0;

describe(`kill -9 of a gateway (${testEngine})`, () => {
  it('a request that died before committing: its retry with the same Idempotency-Key runs once, not 409', async () => {
    const port = await freePort();
    const first = await start(port);
    const cart = await json('POST', `${first.base}/cart`, {
      items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
    });
    const cartId = String(cart.body.id);
    const add = { cart_id: cartId, item: { variant_id: '2021', quantity: 4 } };
    const key = { 'idempotency-key': `crash-${cartId}` };

    const release = await holdCart(cartId);
    let answered = false;
    const inFlight = json('POST', `${first.base}/cart/add`, add, key)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
      .finally(() => (answered = true));
    // PostgreSQL: killed while the write waits for the cart's row lock, inside its transaction.
    // SQLite: the write waits for the file's lock 200 ms at most (server.ts), then answers 503.
    if (testEngine === 'postgresql')
      await until(async () => (await lockWaiters(fixture.database.db)) > 0, 'the write to wait for the cart lock');
    else await until(async () => answered, 'the write to give up on the locked file');
    await crash(first);
    const outcome = await inFlight;
    expect(outcome instanceof Error || outcome.status === 503).toBe(true);
    await release();
    expect(await quantityOf(cartId, 2021)).toBe(1);

    const second = await start(port);
    const started = Date.now();
    const retry = await json('POST', `${second.base}/cart/add`, add, key);
    expect(retry.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const again = await json('POST', `${second.base}/cart/add`, add, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toStrictEqual(retry.body);
    expect(await quantityOf(cartId, 2021)).toBe(5);
    await crash(second);
  }, 60_000);

  it('concurrent cart writes across three crashes: every add retried with its key is applied exactly once', async () => {
    const port = await freePort();
    let gateway = await start(port);
    const base = gateway.base;
    const clients = 6;
    const addsPerClient = 20;
    const carts: string[] = [];
    for (let index = 0; index < clients; index += 1) {
      carts.push(
        String(
          (
            await json('POST', `${base}/cart`, {
              items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
            })
          ).body.id,
        ),
      );
    }
    const statuses = new Map<number, number>();
    let applied = 0;
    let retries = 0;
    let replayed = 0;
    // A client sends each add until it is answered; a lost connection or a 503 is retried with the same key.
    const client = async (cartId: string) => {
      for (let n = 0; n < addsPerClient; n += 1) {
        const deadline = Date.now() + 30_000;
        for (;;) {
          const answer = await json(
            'POST',
            `${base}/cart/add`,
            { cart_id: cartId, item: { variant_id: '2021', quantity: 1 } },
            { 'idempotency-key': `${cartId}-${n}` },
          ).catch(() => null);
          if (answer) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer?.headers.get('idempotent-replayed') === 'true') replayed += 1;
          if (answer?.status === 200) {
            applied += 1;
            break;
          }
          if (answer && answer.status !== 503)
            throw new Error(`add ${n} of ${cartId}: ${answer.status} ${JSON.stringify(answer.body)}`);
          if (Date.now() > deadline) throw new Error(`add ${n} of ${cartId} never got through`);
          retries += 1;
          // A pace for retries while the gateway restarts, not a wait for it: the loop asks again.
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    const killer = (async () => {
      for (let kill = 0; kill < 3; kill += 1) {
        // Each kill lands among writes under way: the clients' adds go through this process first.
        const before = applied;
        await until(async () => applied >= before + clients, 'adds applied by the restarted gateway');
        await crash(gateway);
        gateway = await start(port);
      }
    })();
    await Promise.all([...carts.map(client), killer]);
    const quantities = await Promise.all(carts.map((cartId) => quantityOf(cartId, 2021)));
    console.info(
      `crash test (${testEngine}): 3 kills, ${clients * addsPerClient} adds, ${retries} retries (${replayed} answered from a committed key), answers ${JSON.stringify(Object.fromEntries(statuses))}, quantities ${quantities.join(',')}`,
    );
    expect(quantities).toStrictEqual(Array(clients).fill(1 + addsPerClient));
    expect([...statuses.keys()].every((code) => code === 200 || code === 503)).toBe(true);
    await crash(gateway);
  }, 120_000);
});
