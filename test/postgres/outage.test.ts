// A real PostgreSQL server of its own (initdb in a scratch folder), stopped, restarted and frozen
// under load while a real gateway process serves: only 200s and 503s with Retry-After, never a
// 500 or a hang; /healthz says 503 within 2 s; cached catalog reads go on answering; recovery
// without a restart of the gateway.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, chownSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/database.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { readFixture } from '../fixtures.js';
import { testEngine } from '../pg.js';
import { freePort } from '../../bench/ports.js';
import { buildServer, json, startGateway, until, waitReady, type Gateway } from '../process/gateway.js';

const pgBin = '/usr/lib/postgresql/15/bin';
const canRun = testEngine === 'postgresql' && existsSync(join(pgBin, 'initdb')) && process.getuid?.() === 0;

/** Runs a PostgreSQL program as the postgres user (the server refuses to run as root). */
function asPostgres(program: string, args: string[]): string {
  return execFileSync('runuser', ['-u', 'postgres', '--', join(pgBin, program), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

interface Sample {
  kind: 'cached' | 'uncached' | 'write' | 'health';
  status: number | null;
  ms: number;
  retryAfter: string | null;
}

describe.runIf(canRun)('PostgreSQL stopped, restarted and frozen under load', () => {
  let dataDir: string;
  let port: number;
  let url: string;
  let gateway: Gateway;
  let cartId: string;

  const pgCtl = (...args: string[]) => asPostgres('pg_ctl', ['-D', dataDir, ...args]);
  const startServer = () =>
    pgCtl(
      '-w',
      '-l',
      join(dataDir, 'server.log'),
      '-o',
      `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    );
  const serverPids = () => {
    const postmaster = execFileSync('head', ['-1', join(dataDir, 'postmaster.pid')], { encoding: 'utf8' }).trim();
    const children = execFileSync('pgrep', ['-P', postmaster], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    return [postmaster, ...children];
  };

  beforeAll(async () => {
    buildServer();
    dataDir = mkdtempSync(join(tmpdir(), 'outage-pg-'));
    chownSync(
      dataDir,
      Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    );
    asPostgres('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    port = await freePort();
    startServer();
    const admin = new pg.Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    await admin.query('CREATE DATABASE outage');
    await admin.end();
    url = `postgresql://postgres@127.0.0.1:${port}/outage`;
    await applyMigrations(url);
    const database = await openDatabase(url);
    await importCatalog(database.db, readFixture('cart-catalog.json'));
    await database.close();
    gateway = await startGateway(url, { env: { DATABASE_STATEMENT_TIMEOUT_MS: '1000', CATALOG_CACHE_TTL_MS: '200' } });
    await waitReady(gateway);
    cartId = String(
      (
        await json('POST', `${gateway.base}/cart`, {
          items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
        })
      ).body.id,
    );
    expect((await json('GET', `${gateway.base}/product/201`)).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    gateway?.process.kill('SIGKILL');
    if (dataDir) {
      try {
        for (const pid of serverPids()) process.kill(Number(pid), 'SIGCONT');
        pgCtl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** Requests of every kind, four at a time, for `ms`. */
  async function load(ms: number): Promise<Sample[]> {
    const samples: Sample[] = [];
    const deadline = Date.now() + ms;
    const one = async (kind: Sample['kind'], method: string, path: string, body?: unknown) => {
      const started = Date.now();
      try {
        const response = await fetch(`${gateway.base}${path}`, {
          method,
          signal: AbortSignal.timeout(15_000),
          ...(body === undefined
            ? {}
            : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
        });
        await response.arrayBuffer();
        samples.push({
          kind,
          status: response.status,
          ms: Date.now() - started,
          retryAfter: response.headers.get('retry-after'),
        });
      } catch {
        samples.push({ kind, status: null, ms: Date.now() - started, retryAfter: null });
      }
    };
    const worker = async (kind: Sample['kind']) => {
      let n = 0;
      while (Date.now() < deadline) {
        n += 1;
        if (kind === 'cached') await one(kind, 'GET', '/product/201');
        else if (kind === 'uncached') await one(kind, 'GET', `/product/${900_000 + n}`);
        else if (kind === 'write')
          await one(kind, 'POST', '/cart/add', { cart_id: cartId, item: { variant_id: '2021', quantity: 1 } });
        else await one(kind, 'GET', '/healthz');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await Promise.all((['cached', 'uncached', 'write', 'health'] as const).map(worker));
    return samples;
  }

  const summary = (samples: Sample[]) =>
    Object.fromEntries(
      (['cached', 'uncached', 'write', 'health'] as const).map((kind) => {
        const mine = samples.filter((sample) => sample.kind === kind);
        const counts: Record<string, number> = {};
        for (const sample of mine) counts[String(sample.status)] = (counts[String(sample.status)] ?? 0) + 1;
        return [kind, { ...counts, maxMs: Math.max(0, ...mine.map((sample) => sample.ms)) }];
      }),
    );

  function expectOnlyFaultAnswers(samples: Sample[]) {
    expect(
      samples.filter((sample) => sample.status === null || (sample.status >= 500 && sample.status !== 503)),
    ).toStrictEqual([]);
    expect(samples.filter((sample) => sample.status === 503 && sample.retryAfter === null)).toStrictEqual([]);
    expect(samples.filter((sample) => sample.kind === 'cached' && sample.status !== 200)).toStrictEqual([]);
    for (const sample of samples.filter((s) => s.kind === 'health')) expect(sample.ms).toBeLessThan(2_000);
  }

  it('stopped: 503s with Retry-After (cached reads still 200), /healthz 503 within 2 s; started again: 200s', async () => {
    pgCtl('-m', 'immediate', 'stop');
    const down = await load(3_000);
    console.info(`outage, server stopped: ${JSON.stringify(summary(down))}`);
    expectOnlyFaultAnswers(down);
    expect(down.filter((sample) => sample.kind === 'write' && sample.status === 503).length).toBeGreaterThan(0);
    expect(down.filter((sample) => sample.kind === 'health').every((sample) => sample.status === 503)).toBe(true);

    startServer();
    await until(async () => (await json('GET', `${gateway.base}/healthz`)).status === 200, 'recovery', 15_000);
    const back = await load(1_500);
    console.info(`outage, server back: ${JSON.stringify(summary(back))}`);
    expect(
      back.filter((sample) => sample.status !== 200 && !(sample.kind === 'uncached' && sample.status === 404)),
    ).toStrictEqual([]);
  }, 60_000);

  it('frozen (SIGSTOP): nothing hangs; 503s within bounded time, cached reads 200; thawed: 200s', async () => {
    const pids = serverPids();
    for (const pid of pids) process.kill(Number(pid), 'SIGSTOP');
    let frozen: Sample[];
    try {
      frozen = await load(6_000);
    } finally {
      for (const pid of pids) process.kill(Number(pid), 'SIGCONT');
    }
    console.info(`outage, server frozen: ${JSON.stringify(summary(frozen))}`);
    expectOnlyFaultAnswers(frozen);
    expect(frozen.filter((sample) => sample.kind === 'health').some((sample) => sample.status === 503)).toBe(true);
    // Every database wait is bounded: a pooled connection's statement (1 s + 1 s), a new connection or a free slot (5 s).
    expect(Math.max(...frozen.map((sample) => sample.ms))).toBeLessThan(8_000);

    await until(async () => (await json('GET', `${gateway.base}/healthz`)).status === 200, 'recovery', 20_000);
    const back = await load(1_500);
    expect(
      back.filter((sample) => sample.status !== 200 && !(sample.kind === 'uncached' && sample.status === 404)),
    ).toStrictEqual([]);
  }, 60_000);
});

describe.skipIf(canRun)('PostgreSQL stopped, restarted and frozen under load', () => {
  it.skip('runs with npm run test:pg as root, with PostgreSQL 15 from Debian (initdb of its own)', () => {});
});
