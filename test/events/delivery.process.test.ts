// Webhook delivery by real gateway processes, counted at a real receiver by webhook-id: a
// `kill -9` while a delivery is in flight and the rest wait loses none of them after a restart
// (at least once), and on PostgreSQL two healthy processes delivering the same outbox deliver
// each event exactly once, in event order per endpoint.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { claimMs } from '../../src/events/delivery.js';
import { createMigratedDatabase } from '../database.js';
import { readFixture } from '../fixtures.js';
import { testEngine } from '../pg.js';
import { freePort } from '../../bench/ports.js';
import { buildServer, json, servedAfter503, startGateway, until, waitReady, type Gateway } from '../process/gateway.js';
import { californian } from '../cart/cart-helpers.js';
import { newSecret, startReceiver, type Receiver, type Reply } from './webhook-receiver.js';

let scratch: { url: string; remove(): Promise<void> };
let database: Database;
const running: Gateway[] = [];
const receivers: Receiver[] = [];
const gatewayEnv = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '1,1,2' };

beforeAll(async () => {
  buildServer();
  scratch = await createMigratedDatabase();
  database = await openDatabase(scratch.url);
  await importCatalog(database.db, readFixture('cart-catalog.json'));
}, 120_000);

afterAll(async () => {
  for (const gateway of running) gateway.process.kill('SIGKILL');
  await Promise.all(running.map((gateway) => gateway.exited));
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await database?.close();
  await scratch?.remove();
});

// Each test's endpoint takes no events from the next test.
afterEach(() => database.db.webhookEndpoint.updateMany({ data: { enabled: false } }));

async function start(env: Record<string, string> = {}): Promise<Gateway> {
  const gateway = await startGateway(scratch.url, { env: { ...gatewayEnv, ...env } });
  running.push(gateway);
  await waitReady(gateway);
  return gateway;
}

async function receiver(secret: string, options: Parameters<typeof startReceiver>[1]): Promise<Receiver> {
  const started = await startReceiver(secret, options);
  receivers.push(started);
  return started;
}

async function crash(gateway: Gateway): Promise<void> {
  gateway.process.kill('SIGKILL');
  await gateway.exited;
}

/** A two-store cart submitted through `base`, its orders moved to PLACED: five events. */
async function submitAndPlace(base: string): Promise<void> {
  const cart = await json('POST', `${base}/cart`, {
    items: {
      storefront_cart_items_input: [
        { variant_id: '2021', quantity: 1 },
        { variant_id: '2051', quantity: 1 },
      ],
    },
  });
  const id = String(cart.body.id);
  expect(
    (
      await json('POST', `${base}/cart/customerInfo`, {
        id,
        buyer_identity: californian,
      })
    ).status,
  ).toBe(200);
  const submitted = await servedAfter503(() => json('POST', `${base}/cart/submit`, { id }));
  expect(submitted.status).toBe(200);
  for (const order of submitted.body.orders as { id: string }[]) {
    const placed = await servedAfter503(() => json('POST', `${base}/orders/${order.id}/status`, { status: 'PLACED' }));
    expect(placed.status).toBe(200);
  }
}

async function createEndpoint(id: string, url: string, secret: string): Promise<void> {
  await database.db.webhookEndpoint.create({ data: { id, url, secret } });
}

const pendingOf = (endpointId: string) =>
  database.db.webhookDelivery.count({ where: { endpointId, status: { not: 'delivered' } } });
const messageIdsOf = async (endpointId: string) =>
  (
    await database.db.webhookDelivery.findMany({
      where: { endpointId },
      select: { event: { select: { messageId: true } } },
      orderBy: { eventId: 'asc' },
    })
  ).map((row) => row.event.messageId);

/** How many times each webhook-id arrived. */
function counts(hook: Receiver): Map<string, number> {
  const seen = new Map<string, number>();
  for (const webhook of hook.received) seen.set(webhook.id, (seen.get(webhook.id) ?? 0) + 1);
  return seen;
}

/**
 * Which of `pids` owns the loopback connection from `localPort` to `remotePort` (Linux /proc), or
 * null once it is closed: shows that both processes delivered.
 */
function ownerOf(localPort: number, remotePort: number, pids: number[]): number | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hex(localPort)}`) && fields[2]?.endsWith(`:${hex(remotePort)}`));
  const inode = line?.[9];
  if (!inode) return null;
  return (
    pids.find((pid) => descriptorsOf(pid).some((fd) => linkOf(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`)) ?? null
  );
}

/** A process's open descriptors; none once it is gone. */
function descriptorsOf(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
}

/** What a descriptor points at; null when it closed since it was listed (the process runs on). */
function linkOf(path: string): string | null {
  try {
    return readlinkSync(path, { encoding: 'utf8' });
  } catch {
    return null;
  }
}

describe(`webhook delivery by gateway processes (${testEngine})`, () => {
  it('kill -9 with a delivery in flight and the rest pending: after a restart every event arrives, none lost', async () => {
    const secret = newSecret();
    const port = await freePort();
    await createEndpoint('whep_crash', `http://127.0.0.1:${port}/webhooks`, secret);
    const first = await start();
    // The receiver is down while the events are written: the first delivery is retried, the rest wait behind it.
    for (let cart = 0; cart < 4; cart += 1) await submitAndPlace(first.base);
    await until(
      async () => (await database.db.webhookAttempt.count({ where: { delivery: { endpointId: 'whep_crash' } } })) >= 2,
      'two refused attempts',
      15_000,
    );
    // It comes up, takes one request and never answers it; the gateway dies meanwhile.
    let replies: (n: number) => Reply = (n) => (n === 0 ? 'hang' : 200);
    const hook = await receiver(secret, { port, reply: (n) => replies(n) });
    await until(async () => hook.received.length === 1, 'a request in flight', 15_000);
    await crash(first);
    replies = () => 200;
    const pendingAtCrash = await pendingOf('whep_crash');

    const second = await start();
    const restarted = Date.now();
    // On PostgreSQL the dead process's claim holds until it expires (30 s); SQLite gives it back at start.
    await until(async () => (await pendingOf('whep_crash')) === 0, 'every delivery after the restart', 60_000);
    const ids = await messageIdsOf('whep_crash');
    const seen = counts(hook);
    // Lost: never taken in with a 2xx (the request cut by the crash does not count).
    const lost = ids.filter((id) => !hook.acknowledged.includes(id));
    const doubled = [...seen.values()].filter((times) => times > 1).length;
    console.info(
      `delivery crash test (${testEngine}): ${ids.length} events, ${pendingAtCrash} pending at the kill, ${hook.received.length} requests received, ${seen.size} distinct webhook-ids, ${lost.length} lost, ${doubled} delivered twice, all delivered ${Date.now() - restarted} ms after the restarted gateway was ready`,
    );
    expect(ids).toHaveLength(20);
    expect(lost).toStrictEqual([]);
    expect(seen.size).toBe(ids.length);
    expect(hook.acknowledged).toStrictEqual(ids);
    expect(hook.rejected).toStrictEqual([]);
    // In event order, the request cut by the crash sent again first.
    expect(hook.received.map((webhook) => webhook.id)).toStrictEqual([ids[0], ...ids]);
    await crash(second);
  }, 120_000);

  it('SIGTERM with a request hanging: the gateway exits in time, gives the delivery back, and the next process delivers it at once', async () => {
    const secret = newSecret();
    const hook = await receiver(secret, { reply: (n) => (n === 0 ? 'hang' : 200) });
    await createEndpoint('whep_term', hook.url, secret);
    const shutdownTimeoutMs = 4_000;
    const first = await start({ SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) });
    await submitAndPlace(first.base);
    await until(async () => hook.received.length === 1, 'a request in flight', 15_000);
    const stopping = Date.now();
    first.process.kill('SIGTERM');
    const code = await first.exited;
    const stoppedAfter = Date.now() - stopping;
    const given = await database.db.webhookDelivery.findMany({
      where: { endpointId: 'whep_term' },
      orderBy: { eventId: 'asc' },
      select: { status: true, claimedUntil: true },
    });

    const second = await start();
    const restarted = Date.now();
    // At once: not after the claim the stopped process took lapses (claimMs, 30 s). The bound leaves
    // room for a loaded machine (it took 5.1 s beside three other test files).
    await until(async () => (await pendingOf('whep_term')) === 0, 'every delivery after the restart', 20_000);
    console.info(
      `delivery on SIGTERM (${testEngine}): exit ${code} after ${stoppedAfter} ms, ${given.filter((delivery) => delivery.claimedUntil !== null).length} claims left, all ${given.length} delivered ${Date.now() - restarted} ms after the next process was ready`,
    );
    expect(code).toBe(0);
    expect(stoppedAfter).toBeLessThan(shutdownTimeoutMs);
    expect(given.every((delivery) => delivery.status === 'pending' && delivery.claimedUntil === null)).toBe(true);
    expect(Date.now() - restarted).toBeLessThan(claimMs / 2);
    expect(hook.acknowledged).toStrictEqual(await messageIdsOf('whep_term'));
    await crash(second);
  }, 60_000);

  it('20 receivers that never answer and 1 healthy one, at the 10 s deadline: the healthy one gets every event within 15 s; no socket outlives its deadline; deleting the hanging endpoints closes theirs', async () => {
    const secret = newSecret();
    const hanging = await receiver(secret, { reply: () => 'hang' });
    const healthy = await receiver(secret, {});
    for (let index = 0; index < 20; index += 1)
      await createEndpoint(`whep_hang${index}`, `${hanging.url}/${index}`, secret);
    await createEndpoint('whep_healthy', healthy.url, secret);
    const gateway = await start();
    const submitted = Date.now();
    await submitAndPlace(gateway.base);
    const placedMs = Date.now() - submitted;
    await until(async () => healthy.acknowledged.length >= 5, 'the healthy endpoint to get every event', 15_000);
    const healthyMs = Date.now() - submitted;
    // Past the first deadline and a retry (schedule 1,1,2 s): every hanging request was cut at 10 s.
    await until(async () => Date.now() - submitted > 13_000, 'a deadline to pass', 15_000);
    const longest = hanging.longestSocketMs();
    const open = hanging.openSockets;
    const deleting = Date.now();
    // A 503 (a connection not free within 5 s: seen on PostgreSQL beside other test files at load
    // 7) is asked again after its Retry-After; the delete itself must succeed.
    const busy = { count: 0 };
    for (let index = 0; index < 20; index += 1) {
      const url = `${gateway.base}/webhooks/whep_hang${index}`;
      const answer = await servedAfter503(() => fetch(url, { method: 'DELETE' }), busy);
      expect(answer.status).toBe(204);
    }
    await until(async () => hanging.openSockets === 0, 'the hanging sockets to close', 5_000);
    const closedMs = Date.now() - deleting;
    console.info(
      `20 hanging + 1 healthy (${testEngine}): healthy got its 5 events ${healthyMs} ms after the submit began (the requests making them took ${placedMs} ms); ${hanging.received.length} requests to hanging receivers, at most ${hanging.maxConcurrent} open at once, longest socket ${longest} ms, ${hanging.overlapping} re-sent while open; after deleting them (${busy.count} deletes answered 503 first), ${open} open sockets closed in ${closedMs} ms`,
    );
    expect(healthyMs).toBeLessThan(15_000);
    expect(healthy.received.map((webhook) => webhook.id)).toStrictEqual(await messageIdsOf('whep_healthy'));
    expect(longest).toBeLessThan(10_000 + 1_000);
    expect(hanging.overlapping).toBe(0);
    // One slot per endpoint: each hanging receiver holds its own, never the healthy one's.
    expect(hanging.maxConcurrent).toBeLessThanOrEqual(20);
    await crash(gateway);
  }, 60_000);

  it.skipIf(testEngine !== 'postgresql')(
    'two healthy processes: each event delivered exactly once, in event order per endpoint',
    async () => {
      const secrets = [newSecret(), newSecret()];
      // One slot a process, and receivers slower than a poll (250 ms): while one process holds an
      // endpoint, the other polls at least once and finds the other endpoint's head free, so both
      // always take part (with a slot per endpoint, one process could win every claim).
      const oneSlot = { WEBHOOK_MAX_ENDPOINTS: '1' };
      const gateways = [await start(oneSlot), await start(oneSlot)];
      const pids = gateways.map((gateway) => gateway.process.pid ?? 0);
      // Each delivery has a connection of its own: who sent it is asked while it is open.
      const senderOf = (remotePort: number, localPort: number) => ownerOf(remotePort, localPort, pids);
      const hooks = [
        await receiver(secrets[0]!, { delayMs: 300, senderOf }),
        await receiver(secrets[1]!, { delayMs: 300, senderOf }),
      ];
      await createEndpoint('whep_twin_a', hooks[0]!.url, secrets[0]!);
      await createEndpoint('whep_twin_b', hooks[1]!.url, secrets[1]!);
      const carts = 6;
      for (let cart = 0; cart < carts; cart += 1) await submitAndPlace(gateways[cart % 2]!.base);
      await until(
        async () => (await pendingOf('whep_twin_a')) + (await pendingOf('whep_twin_b')) === 0,
        'every delivery',
        60_000,
      );
      // Duplicates would come after the deliveries: a window for them to show, a wait for what must
      // not happen (nothing to wait on when all goes well).
      await new Promise((resolve) => setTimeout(resolve, 500));
      const attempts = await database.db.webhookAttempt.count({
        where: { delivery: { endpointId: { in: ['whep_twin_a', 'whep_twin_b'] } } },
      });
      const sentBy = new Set<number | null>();
      for (const [index, endpointId] of ['whep_twin_a', 'whep_twin_b'].entries()) {
        const hook = hooks[index]!;
        const ids = await messageIdsOf(endpointId);
        const seen = counts(hook);
        const perProcess = [...pids, null].map(
          (pid) => hook.received.filter((webhook) => webhook.sender === pid).length,
        );
        for (const webhook of hook.received) sentBy.add(webhook.sender);
        console.info(
          `two processes (${testEngine}), ${endpointId}: ${carts} carts, ${ids.length} events, ${hook.received.length} requests, ${seen.size} distinct webhook-ids, ${[...seen.values()].filter((times) => times > 1).length} duplicated, at most ${hook.maxConcurrent} in flight; sent by process A ${perProcess[0]}, B ${perProcess[1]}, unknown ${perProcess[2]}`,
        );
        expect(ids).toHaveLength(carts * 5);
        expect(hook.received.map((webhook) => webhook.id)).toStrictEqual(ids);
        expect(hook.rejected).toStrictEqual([]);
        expect(hook.maxConcurrent).toBe(1);
      }
      expect(attempts).toBe(carts * 5 * 2);
      // Both took part: the claims really competed.
      expect(pids.every((pid) => sentBy.has(pid))).toBe(true);
      for (const gateway of gateways) await crash(gateway);
    },
    120_000,
  );
});
