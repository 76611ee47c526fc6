// SQLite whose storage fills up under a running gateway, two ways: a real full disk (a 16 MiB
// tmpfs the test mounts, then fills with a file, where mounting is permitted), and SQLite's own
// SQLITE_FULL from a page cap on the gateway's connection (PRAGMA max_page_count, everywhere).
// Either way: writes are 503 with Retry-After on REST and GraphQL, never 500; /healthz turns 503
// within the probe write's interval; catalog reads go on; and once there is room again, writes and
// /healthz recover without a restart.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/database.js';
import { writeProbeIntervalMs } from '../../src/db/health.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { createTestApp, readFixture, testEngine, type TestApp } from '../helpers.js';
import { buildServer, json, startGateway, until, waitReady, type Gateway } from './gateway.js';

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

/** A gateway whose database can be filled up and given room again. */
interface Subject {
  request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer>;
  fill(): Promise<void>;
  free(): Promise<void>;
}

const newCart = { items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] } };
const addCartItems = 'mutation { addCartItems(items: [{ variantId: "1101", quantity: 1 }]) { id } }';

const codeOf = (answer: Answer) =>
  (answer.body.errors as { extensions: { code: string } }[] | undefined)?.[0]?.extensions.code ?? answer.body.code;

async function storageFills(subject: Subject, what: string): Promise<void> {
  const health = () => subject.request('GET', '/healthz');
  const createCart = () => subject.request('POST', '/cart', newCart);
  expect((await health()).status).toBe(200);
  await subject.fill();

  // Writes take what room the file has left, then fail.
  const untilFull: number[] = [];
  while (untilFull.length < 500 && !untilFull.includes(503)) untilFull.push((await createCart()).status);
  expect(untilFull.filter((status) => status !== 200 && status !== 503)).toStrictEqual([]);
  expect(untilFull).toContain(503);
  const full: Answer[] = [];
  for (let n = 0; n < 20; n += 1) full.push(await createCart());
  full.push(await subject.request('POST', '/graphql', { query: addCartItems }));
  expect(full.map((answer) => [answer.status, answer.retryAfter, codeOf(answer)])).toStrictEqual(
    full.map(() => [503, '1', 'SERVICE_UNAVAILABLE']),
  );

  const fullAt = Date.now();
  await until(async () => (await health()).status === 503, '/healthz to answer 503', writeProbeIntervalMs + 3_000);
  const unhealthyAfter = Date.now() - fullAt;
  expect((await subject.request('GET', '/product/11')).status).toBe(200);

  await subject.free();
  const freedAt = Date.now();
  await until(
    async () => (await createCart()).status === 200 && (await health()).status === 200,
    'writes and /healthz to recover',
    writeProbeIntervalMs + 5_000,
  );
  console.info(
    `${what}: ${untilFull.length - 1} writes went through, then 503 (21 of 21 after it, GraphQL included); /healthz 503 after ${unhealthyAfter} ms; room again: writes and /healthz 200 after ${Date.now() - freedAt} ms`,
  );
}

describe.runIf(testEngine === 'sqlite')('SQLite on a full disk (a tmpfs, where it can be mounted)', () => {
  let dir: string;
  let mounted = false;
  let gateway: Gateway;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'disk-full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'pipe' });
      mounted = true;
    } catch {
      return;
    }
    buildServer();
    const url = `file:${join(dir, 'gateway.db')}`;
    await applyMigrations(url);
    const database = await openDatabase(url);
    try {
      await importCatalog(database.db, readFixture('catalog.json'));
    } finally {
      await database.close();
    }
    gateway = await startGateway(url);
    await waitReady(gateway);
  }, 120_000);

  afterAll(async () => {
    gateway?.process.kill('SIGKILL');
    await gateway?.exited;
    if (mounted) execFileSync('umount', [dir]);
    if (dir) rmdirSync(dir);
  });

  it('writes 503 with Retry-After, /healthz 503, reads 200; room again: both recover', async (context) => {
    context.skip(!mounted, 'mounting a tmpfs is not permitted here (the page-cap test below still runs)');
    const filler = join(dir, 'filler');
    await storageFills(
      {
        request: async (method, path, body) => {
          const answer = await json(method, `${gateway.base}${path}`, body);
          return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: answer.body };
        },
        fill: async () => {
          // Until the file system refuses another byte.
          const fd = openSync(filler, 'w');
          const chunk = Buffer.alloc(4096, 1);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as { code?: string }).code !== 'ENOSPC') throw error;
          } finally {
            closeSync(fd);
          }
        },
        free: async () => rmSync(filler),
      },
      'full tmpfs',
    );
    expect(gateway.process.exitCode).toBeNull();
  }, 60_000);
});

describe.runIf(testEngine === 'sqlite')('SQLite answering SQLITE_FULL (its page cap reached)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  /** The gateway's own connection: the cap holds for its writes, and for the probe write. */
  const setPageCap = (pages: number | bigint) => t.database.db.$queryRawUnsafe(`PRAGMA max_page_count = ${pages}`);

  it('writes 503 with Retry-After, /healthz 503, reads 200; cap lifted: both recover', async () => {
    await storageFills(
      {
        request: async (method, url, payload) => {
          const response = await t.app.inject({
            method,
            url,
            ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
          });
          const retryAfter = response.headers['retry-after'];
          return {
            status: response.statusCode,
            retryAfter: retryAfter === undefined ? null : String(retryAfter),
            body: response.json(),
          };
        },
        fill: async () => {
          const [{ page_count: pages }] =
            await t.database.db.$queryRawUnsafe<[{ page_count: bigint }]>('PRAGMA page_count');
          await setPageCap(pages);
        },
        free: async () => {
          await setPageCap(4_294_967_294); // SQLite's own maximum
        },
      },
      'page cap',
    );
  }, 60_000);
});
