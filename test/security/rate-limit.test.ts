// Rate limits behind a load balancer and across processes: which address counts (TRUST_PROXY),
// the IETF RateLimit fields, one budget shared through Redis by several app instances and by two
// real server processes, and 503 (never a pass, a 500 or a hang) when Redis cannot answer.
//
// The Redis tests use TEST_REDIS_URL, else a redis-server of their own on a free port. Without
// either they are skipped with a message, and fail on CI.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { randomInt } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { freePort } from '../../bench/ports.js';
import { buildServer, startGateway, stopGateway, waitReady, type Gateway } from '../process/gateway.js';

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, command)));
const canStartRedis = onPath('redis-server');
const givenRedisUrl = process.env.TEST_REDIS_URL;
const haveRedis = givenRedisUrl !== undefined || canStartRedis;
if (!haveRedis) {
  const message = 'redis-server is not on PATH and TEST_REDIS_URL is not set';
  if (process.env.CI) throw new Error(`${message}: CI must run the Redis rate-limit tests`);
  console.warn(
    `\n*** SKIPPED (test/security/rate-limit.test.ts, Redis): ${message}; install redis-server to run them. ***\n`,
  );
}

interface RedisServer {
  url: string;
  port: number;
  process: ChildProcess;
}

/** A throwaway redis-server, nothing kept on disk; resolves once it accepts connections. */
async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  return { url: `redis://127.0.0.1:${chosen}`, port: chosen, process: child };
}

async function stopRedis(server: RedisServer | undefined): Promise<void> {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

/** A client address no earlier run used: a Redis given by TEST_REDIS_URL may still count old ones. */
const freshAddress = () => `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

/** The peer every test request comes from: the load balancer, when TRUST_PROXY names it. */
const balancer = '127.0.0.1';

const get = (
  t: TestApp,
  options: { client?: string; from?: string; url?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'GET',
    url: options.url ?? '/product/1',
    remoteAddress: options.from ?? balancer,
    headers: { ...(options.client ? { 'x-forwarded-for': options.client } : {}), ...options.headers },
  });

/** Statuses of requests sent one after another. */
async function statuses(count: number, send: (index: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const result: number[] = [];
  for (let index = 0; index < count; index += 1) result.push((await send(index)).statusCode);
  return result;
}

const allowed = (count: number) => Array<number>(count).fill(404);
const refused = (count: number) => Array<number>(count).fill(429);

async function withApp(
  env: Record<string, string>,
  run: (t: TestApp) => Promise<void>,
  catalog: unknown = null,
): Promise<void> {
  const t = await createTestApp(catalog, env);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe('which address counts', () => {
  it('behind a trusted proxy (TRUST_PROXY=127.0.0.1), each forwarded client has its own bucket', async () => {
    await withApp({ RATE_LIMIT_MAX: '2', TRUST_PROXY: balancer }, async (t) => {
      expect(await statuses(3, () => get(t, { client: '203.0.113.1' }))).toStrictEqual([404, 404, 429]);
      expect(await statuses(2, () => get(t, { client: '203.0.113.2' }))).toStrictEqual(allowed(2));
      // what the client put in front of the balancer's entry is not believed
      expect((await get(t, { client: '203.0.113.2, 203.0.113.1' })).statusCode).toBe(429);
      expect((await get(t, { client: '203.0.113.1, 203.0.113.3' })).statusCode).toBe(404);
    });
  });

  it('trusts a CIDR and a hop count the same way', async () => {
    await withApp({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '10.0.0.0/8' }, async (t) => {
      expect((await get(t, { from: '10.20.30.40', client: '203.0.113.1' })).statusCode).toBe(404);
      expect((await get(t, { from: '10.20.30.41', client: '203.0.113.1' })).statusCode).toBe(429);
      expect((await get(t, { from: '10.20.30.40', client: '203.0.113.2' })).statusCode).toBe(404);
    });
    // two hops: a CDN names the client, the balancer names the CDN
    await withApp({ RATE_LIMIT_MAX: '1', TRUST_PROXY: '2' }, async (t) => {
      expect((await get(t, { from: '192.0.2.1', client: '203.0.113.1, 10.9.0.1' })).statusCode).toBe(404);
      expect((await get(t, { from: '192.0.2.2', client: 'forged, 203.0.113.1, 10.9.0.2' })).statusCode).toBe(429);
      expect((await get(t, { from: '192.0.2.1', client: '203.0.113.2, 10.9.0.1' })).statusCode).toBe(404);
    });
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot leave its bucket by forging it', async () => {
    await withApp({ RATE_LIMIT_MAX: '2' }, async (t) => {
      expect(await statuses(4, (n) => get(t, { from: '192.0.2.7', client: `203.0.113.${n + 1}` }))).toStrictEqual([
        404, 404, 429, 429,
      ]);
      expect((await get(t, { from: '192.0.2.8', client: '203.0.113.1' })).statusCode).toBe(404);
    });
  });

  it('ignores X-Forwarded-For from a peer that is not the trusted proxy', async () => {
    await withApp({ RATE_LIMIT_MAX: '2', TRUST_PROXY: balancer }, async (t) => {
      expect(await statuses(3, (n) => get(t, { from: '192.0.2.7', client: `203.0.113.${n + 1}` }))).toStrictEqual([
        404, 404, 429,
      ]);
    });
  });

  it('counts an IPv6 client per /64, the block one subscriber is given', async () => {
    await withApp({ RATE_LIMIT_MAX: '2', TRUST_PROXY: balancer }, async (t) => {
      expect(await statuses(3, (n) => get(t, { client: `2001:db8:1:2::${n + 1}` }))).toStrictEqual([404, 404, 429]);
      expect((await get(t, { client: '2001:db8:1:3::1' })).statusCode).toBe(404);
    });
  });

  it('keeps the Idempotency-Key scopes of two forwarded clients apart when the service runs open', async () => {
    const body = { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } };
    await withApp(
      { TRUST_PROXY: balancer },
      async (t) => {
        const send = (client: string) =>
          t.app.inject({
            method: 'POST',
            url: '/cart',
            payload: body,
            remoteAddress: balancer,
            headers: { 'x-forwarded-for': client, 'idempotency-key': 'order-1' },
          });
        const first = await send('203.0.113.1');
        const other = await send('203.0.113.2');
        expect([first.statusCode, other.statusCode]).toStrictEqual([200, 200]);
        expect(other.headers['idempotent-replayed']).toBeUndefined();
        expect(other.json().id).not.toBe(first.json().id);
        expect((await send('203.0.113.1')).headers['idempotent-replayed']).toBe('true');
      },
      readFixture('cart-catalog.json'),
    );
  });
});

interface Keys {
  client: string;
  admin: string;
}
/** A client and an admin key no earlier run used (a Redis given by TEST_REDIS_URL may still count old ones), and their API_KEYS. */
function freshKeys(): Keys & { setting: string } {
  const suffix = `${Date.now().toString(36)}-${randomInt(1e9)}-0123456789abcdef`;
  const keys = { client: `rate-client-${suffix}`, admin: `rate-admin-${suffix}` };
  return { ...keys, setting: `${keys.client}:client,${keys.admin}:admin` };
}
const keyed = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * One publishable client key shared by every shopper: shopper A spends its whole budget, shopper
 * B (another address, same key) still has all of its own, and A stays refused; an admin key is
 * one budget wherever it calls from. `send(n, client, key)` sends the n-th request of the test.
 */
async function checkPerShopper(
  max: number,
  keys: Keys,
  send: (n: number, client: string, key: string) => Promise<{ statusCode: number }>,
  [a, b]: [string, string],
): Promise<void> {
  let n = 0;
  const next = (client: string, key: string) => send(n++, client, key);
  expect(await statuses(max + 1, () => next(a, keys.client))).toStrictEqual([...allowed(max), ...refused(1)]);
  expect(await statuses(max, () => next(b, keys.client))).toStrictEqual(allowed(max));
  expect((await next(a, keys.client)).statusCode).toBe(429);
  expect((await next(b, keys.client)).statusCode).toBe(429);
  // an admin key is a server's: one budget across addresses
  expect(await statuses(max, (k) => next(k % 2 === 0 ? a : b, keys.admin))).toStrictEqual(allowed(max));
  expect((await next(b, keys.admin)).statusCode).toBe(429);
  expect((await next(a, keys.admin)).statusCode).toBe(429);
}

describe('a publishable client key counts per shopper', () => {
  it('per client key and address (behind a trusted proxy, and by the peer address without one); an admin key per key', async () => {
    const keys = freshKeys();
    const env = { RATE_LIMIT_MAX: '5', API_KEYS: keys.setting };
    await withApp({ ...env, TRUST_PROXY: balancer }, (t) =>
      checkPerShopper(5, keys, (_n, client, key) => get(t, { client, headers: keyed(key) }), [
        '203.0.113.1',
        '203.0.113.2',
      ]),
    );
    await withApp(env, (t) =>
      checkPerShopper(5, keys, (_n, from, key) => get(t, { from, headers: keyed(key) }), ['192.0.2.7', '192.0.2.8']),
    );
    // IPv6 shoppers per /64 under the same key, as without a key
    await withApp({ ...env, RATE_LIMIT_MAX: '2', TRUST_PROXY: balancer }, async (t) => {
      expect(
        await statuses(3, (n) => get(t, { client: `2001:db8:1:2::${n + 1}`, headers: keyed(keys.client) })),
      ).toStrictEqual([404, 404, 429]);
      expect((await get(t, { client: '2001:db8:1:3::1', headers: keyed(keys.client) })).statusCode).toBe(404);
    });
  });
});

describe('RateLimit fields (draft-ietf-httpapi-ratelimit-headers-11)', () => {
  it('tell the policy and what is left on every counted answer, with Retry-After on the 429', async () => {
    await withApp({ RATE_LIMIT_MAX: '3' }, async (t) => {
      const answers = [];
      for (let n = 0; n < 4; n += 1) answers.push(await get(t));
      expect(answers.map((answer) => answer.headers['ratelimit-policy'])).toStrictEqual(
        Array(4).fill('"default";q=3;w=60'),
      );
      const fields = answers.map((answer) => /^"default";r=(\d+);t=(\d+)$/.exec(String(answer.headers.ratelimit)));
      expect(fields.map((match) => Number(match?.[1]))).toStrictEqual([2, 1, 0, 0]);
      for (const match of fields) expect(Number(match?.[2])).toBeGreaterThanOrEqual(59);
      const over = answers[3]!;
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBe(fields[3]?.[2]);
      expect(over.json()).toStrictEqual({
        statusCode: 429,
        code: 'RATE_LIMITED',
        error: 'Too Many Requests',
        message: `More than 3 requests per minute; retry in ${fields[3]?.[2]} s`,
        details: { limit: 3, retry_after_seconds: Number(fields[3]?.[2]) },
      });
      expect(answers.slice(0, 3).map((answer) => answer.headers['retry-after'])).toStrictEqual([
        undefined,
        undefined,
        undefined,
      ]);
      // unknown routes count too, so scanning for them is limited as well
      expect((await get(t, { url: '/no-such-route' })).statusCode).toBe(429);
      // probes are never counted nor refused
      for (const url of ['/healthz', '/readyz']) {
        const probe = await get(t, { url });
        expect(probe.statusCode).toBe(200);
        expect(probe.headers.ratelimit).toBeUndefined();
      }
    });
  });

  it('count per valid API key, wrong keys per client address; browsers may read the fields (CORS)', async () => {
    const keyA = 'rate-key-a-0123456789abcdef';
    const keyB = 'rate-key-b-0123456789abcdef';
    await withApp(
      { RATE_LIMIT_MAX: '2', API_KEYS: `${keyA}:client,${keyB}:client`, CORS_ORIGINS: 'https://shop.example' },
      async (t) => {
        const as = (key: string) => ({ authorization: `Bearer ${key}`, origin: 'https://shop.example' });
        expect(await statuses(3, () => get(t, { headers: as(keyA) }))).toStrictEqual([404, 404, 429]);
        const other = await get(t, { headers: as(keyB) });
        expect(other.statusCode).toBe(404);
        expect(String(other.headers['access-control-expose-headers']).split(/,\s*/)).toEqual(
          expect.arrayContaining(['ratelimit', 'ratelimit-policy', 'retry-after']),
        );
        expect(await statuses(3, (n) => get(t, { headers: as(`wrong-key-${n}-0123456789abcdef`) }))).toStrictEqual([
          401, 401, 429,
        ]);
      },
    );
  });
});

describe.runIf(haveRedis)('one budget shared through Redis (REDIS_URL)', () => {
  let shared: RedisServer | undefined;
  let redisUrl: string;
  beforeAll(async () => {
    if (givenRedisUrl === undefined) shared = await startRedis();
    redisUrl = givenRedisUrl ?? shared!.url;
  });
  afterAll(() => stopRedis(shared));

  it('two app instances with RATE_LIMIT_MAX=6: 12 requests alternating between them, exactly 6 pass', async () => {
    const env = { RATE_LIMIT_MAX: '6', TRUST_PROXY: balancer };
    const apps = [
      await createTestApp(null, { ...env, REDIS_URL: redisUrl }),
      await createTestApp(null, { ...env, REDIS_URL: redisUrl }),
    ];
    const alone = [await createTestApp(null, env), await createTestApp(null, env)];
    try {
      const client = freshAddress();
      const answers = [];
      for (let n = 0; n < 12; n += 1) answers.push(await get(apps[n % 2]!, { client }));
      expect(answers.map((answer) => answer.statusCode)).toStrictEqual([...allowed(6), ...refused(6)]);
      // one counter: what is left goes down across both instances
      expect(
        answers.slice(0, 6).map((answer) => /;r=(\d+);/.exec(String(answer.headers.ratelimit))?.[1]),
      ).toStrictEqual(['5', '4', '3', '2', '1', '0']);
      // and another client behind the same balancer still has all of its own
      expect(await statuses(2, (n) => get(apps[n % 2]!, { client: freshAddress() }))).toStrictEqual(allowed(2));
      // without Redis each process counts alone: N × the setting
      expect(await statuses(14, (n) => get(alone[n % 2]!, { client }))).toStrictEqual([...allowed(12), ...refused(2)]);
    } finally {
      for (const t of [...apps, ...alone]) await t.close();
    }
  });

  it('a client key per shopper and an admin key per key, counted in one Redis by two app instances', async () => {
    const keys = freshKeys();
    const env = { RATE_LIMIT_MAX: '4', TRUST_PROXY: balancer, API_KEYS: keys.setting, REDIS_URL: redisUrl };
    const apps = [await createTestApp(null, env), await createTestApp(null, env)];
    try {
      await checkPerShopper(4, keys, (n, client, key) => get(apps[n % 2]!, { client, headers: keyed(key) }), [
        '198.18.1.1',
        '198.18.1.2',
      ]);
    } finally {
      for (const t of apps) await t.close();
    }
  });

  describe('two real server processes', () => {
    const servers: Gateway[] = [];
    let dataDir: string;

    beforeAll(async () => {
      buildServer();
      dataDir = mkdtempSync(join(tmpdir(), 'rate-limit-'));
      for (const name of ['a', 'b']) {
        servers.push(
          await startGateway(`file:${join(dataDir, `${name}.db`)}`, {
            env: { RATE_LIMIT_MAX: '6', TRUST_PROXY: balancer, REDIS_URL: redisUrl },
          }),
        );
      }
      for (const server of servers) await waitReady(server);
    }, 120_000);

    afterAll(() => {
      for (const server of servers) server.process.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('share one limit over real HTTP, then stop cleanly on SIGTERM', async () => {
      const client = freshAddress();
      const codes = [];
      for (let n = 0; n < 12; n += 1)
        codes.push(
          (await fetch(`${servers[n % 2]!.base}/product/1`, { headers: { 'x-forwarded-for': client } })).status,
        );
      expect(codes).toStrictEqual([...allowed(6), ...refused(6)]);
      const stopped = await Promise.all(servers.map((server) => stopGateway(server)));
      for (const { code, output } of stopped) expect(code, output).toBe(0);
      for (const server of servers) expect(server.output.join('')).not.toMatch(/"level":50/);
    }, 30_000);
  });
});

describe('when Redis cannot answer', () => {
  it('refuses with 503 SERVICE_UNAVAILABLE and Retry-After at once when Redis is unreachable from the start; probes still answer', async () => {
    const closedPort = await freePort();
    const logs: string[] = [];
    const started = Date.now();
    const t = await createTestApp(
      null,
      { RATE_LIMIT_MAX: '600', REDIS_URL: `redis://127.0.0.1:${closedPort}`, LOG_LEVEL: 'info' },
      { logStream: { write: (line) => logs.push(line) } },
    );
    try {
      // the app starts without waiting for Redis (the bound is loose: it includes the migrations)
      expect(Date.now() - started).toBeLessThan(5000);
      const before = Date.now();
      const answers = [await get(t), await get(t, { url: '/healthz' }), await get(t)];
      expect(Date.now() - before).toBeLessThan(2000);
      expect(answers.map((answer) => answer.statusCode)).toStrictEqual([503, 200, 503]);
      const refusal = answers[0]!;
      expect(refusal.headers['retry-after']).toBe('1');
      expect(refusal.headers.ratelimit).toBeUndefined();
      expect(refusal.json()).toStrictEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        error: 'Service Unavailable',
        message: 'Rate limits cannot be checked right now; retry in 1 s',
        details: { retry_after_seconds: 1 },
      });
      // one line per outage, not one per refused request or reconnection attempt
      expect(logs.filter((line) => line.includes('Redis does not answer'))).toHaveLength(1);
      expect(logs.filter((line) => line.includes('Redis answers again'))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it.runIf(canStartRedis)(
    'refuses quickly while Redis hangs or is down, and counts again once it is back',
    async () => {
      let redis = await startRedis();
      const { port } = redis;
      const t = await createTestApp(null, { RATE_LIMIT_MAX: '600', REDIS_URL: redis.url });
      let closing: Promise<void> | undefined;
      const close = () => (closing ??= t.close());
      try {
        const timed = async () => {
          const before = Date.now();
          const answer = await get(t);
          return { status: answer.statusCode, retryAfter: answer.headers['retry-after'], ms: Date.now() - before };
        };
        const waitFor = async (status: number) => {
          const deadline = Date.now() + 10_000;
          for (;;) {
            const answer = await timed();
            if (answer.status === status || Date.now() > deadline) return answer;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        };
        expect((await timed()).status).toBe(404);

        redis.process.kill('SIGSTOP');
        const hung = await timed();
        redis.process.kill('SIGCONT');
        expect(hung).toMatchObject({ status: 503, retryAfter: '1' });
        expect(hung.ms).toBeLessThan(2000);
        expect((await waitFor(404)).status).toBe(404);

        await stopRedis(redis);
        const down = await timed();
        expect(down).toMatchObject({ status: 503, retryAfter: '1' });
        expect(down.ms).toBeLessThan(2000);
        expect((await get(t, { url: '/readyz' })).statusCode).toBe(200);

        redis = await startRedis(port);
        expect((await waitFor(404)).status).toBe(404);
        console.info(`rate limits with Redis: hung → 503 in ${hung.ms} ms, down → 503 in ${down.ms} ms`);

        // closing the app closes its Redis connection
        const admin = new Redis(redis.url);
        try {
          const clients = async () =>
            String(await admin.client('LIST'))
              .trim()
              .split('\n').length;
          expect(await clients()).toBe(2);
          await close();
          await expect.poll(clients).toBe(1);
        } finally {
          admin.disconnect();
        }
      } finally {
        await close();
        await stopRedis(redis);
      }
    },
  );
});
