// Real gateway processes for the tests that need them (crashes, shutdown, scale-out, outages):
// the compiled server (dist/src/main.js, as `npm start` runs it) on a free port, spoken to over
// real HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { projectRoot } from '../../src/db/schema-engine.js';
import { freePort } from '../../bench/ports.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import { createCatalogDatabase } from '../database.js';
import { buildServer } from '../server-build.js';

export interface Gateway {
  process: ChildProcess;
  base: string;
  port: number;
  output: string[];
  exited: Promise<number | null>;
}

export { buildServer } from '../server-build.js';

export interface StartOptions {
  env?: Record<string, string>;
  port?: number;
  /** Leave stdout unread (a log reader that went away); its pipe fills up. */
  unreadStdout?: boolean;
}

export async function startGateway(databaseUrl: string, options: StartOptions = {}): Promise<Gateway> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [join(projectRoot, 'dist', 'src', 'main.js')], {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_SIZE: '8',
      RATE_LIMIT_MAX: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  if (!options.unreadStdout) child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, base: `http://127.0.0.1:${port}`, port, output, exited };
}

/**
 * Sends a stop signal and waits for the exit: its code, and the last of what the process wrote,
 * for the message of an assertion on the code (a shutdown that fails says why in its log).
 */
export async function stopGateway(
  gateway: Gateway,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; output: string }> {
  gateway.process.kill(signal);
  const code = await gateway.exited;
  return { code, output: gateway.output.join('').slice(-4_000) };
}

export async function status(url: string): Promise<number | null> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch {
    return null;
  }
}

export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function waitReady(gateway: Gateway): Promise<void> {
  await until(async () => (await status(`${gateway.base}/readyz`)) === 200, 'the gateway to be ready');
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { id?: string; code?: string };
}

export async function json(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as JsonAnswer['body'] };
}

/**
 * A request asked again after its Retry-After while it answers 503 (at most `retries` times), as a
 * client should: a 503 (a connection not free in time, a write lock held past its wait, on a busy
 * machine) changed nothing. Counts the 503s in `busy`.
 */
export async function servedAfter503<T extends { status: number; headers: Headers }>(
  ask: () => Promise<T>,
  busy = { count: 0 },
  retries = 3,
): Promise<T> {
  let answer = await ask();
  for (let retry = 0; answer.status === 503 && retry < retries; retry += 1) {
    busy.count += 1;
    await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000));
    answer = await ask();
  }
  return answer;
}

/** A migrated database of the engine under test with a catalog (a copy of the run's one of that catalog: createCatalogDatabase), and the gateways started on it. */
export interface ProcessFixture {
  url: string;
  /** Open for the test's own checks. */
  database: Database;
  /** Starts a gateway on the database (killed by close()) and waits until it is ready. */
  start(options?: StartOptions): Promise<Gateway>;
  close(): Promise<void>;
}

/** One store, one lamp with one SKU, one video showing it: the smallest catalog a process test starts on. */
export const lampCatalog = {
  stores: [
    { id: 1, name: 'one.example', marketplace: 'shopify', currency: 'USD', shipping_methods: [], tax_rates: [] },
  ],
  products: [
    {
      id: 1,
      title: 'Lamp',
      price: 10,
      currency: 'USD',
      skus: [{ sku_id: 10, merchant_id: 1, name: 'Lamp', qty_available: 5, retail_price: 10, currency: 'USD' }],
    },
  ],
  media: [{ type: 'video', id: 1, slug: 'lamp-video', file_name: 'lamp.mp4', product_ids: [1] }],
};

export async function processFixture(catalog: unknown): Promise<ProcessFixture> {
  buildServer();
  const scratch = await createCatalogDatabase(catalog, async (url) => {
    const loading = await openDatabase(url);
    try {
      await importCatalog(loading.db, catalog);
    } finally {
      await loading.close();
    }
  });
  const database = await openDatabase(scratch.url);
  const running: Gateway[] = [];
  return {
    url: scratch.url,
    database,
    async start(options = {}) {
      const gateway = await startGateway(scratch.url, options);
      running.push(gateway);
      await waitReady(gateway);
      return gateway;
    },
    async close() {
      for (const gateway of running) gateway.process.kill('SIGKILL');
      await database.close();
      await scratch.remove();
    },
  };
}
