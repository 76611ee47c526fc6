// node dist/bench/media-performance.js: the latency of GET /media/{id}/performance over a media
// item with 20,000 attributed order lines, on SQLite (default) or PostgreSQL
// (BENCH_PG_URL=postgresql://user:pass@host:5432/db: a scratch database beside it is created and
// dropped). One gateway (demo catalog, default settings) starts once on a fresh database to
// migrate and seed it and is stopped; then rows are written straight into the tables:
//   - 25,000 carts, each with 4 lines and one order of 4 lines (100,000 cart lines, 100,000
//     order lines);
//   - 5,000 of them from the media item measured (20,000 attributed cart lines and 20,000
//     attributed order lines), the rest from another media item or none;
//   - lines and orders spread over the last 60 days (about half in the default window), every
//     10th order CANCELLED and every 15th FAILED;
// then, over the default window (the last 30 days) and over 90 days (every attributed line):
//   - cold: a fresh gateway process, left 2 s after it is ready (its start-up work, such as the
//     first sweep, done), answers its first request: statements never prepared, the database
//     pages never read by its connection;
//   - warm: 100 more requests one after the other (p50, p99, max);
//   - at ready (not a target): another fresh process's first request the moment /readyz says
//     ready, while its start-up work still runs on the same thread.
// Target: cold and every warm latency under 100 ms, on both engines. Results are appended to
// bench/results/media-performance.md.
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { projectRoot } from '../src/db/schema-engine.js';
import { openDatabase } from '../src/db/database.js';
import { running, start, type Server } from './harness.js';

/** Every measured latency must stay under this, on both engines. */
export const targetMs = 100;

const attributedOrders = 5_000;
const otherOrders = 20_000;
const linesPerOrder = 4;
const warmRequests = 100;
const settleMs = 2_000;
const day = 24 * 60 * 60 * 1000;
const gatewayScript = join(projectRoot, 'dist', 'src', 'main.js');
const dataDir = join(projectRoot, 'bench', 'data');
const pgUrl = process.env.BENCH_PG_URL;
const scratchDb = 'media_performance_bench';

function databaseUrl(): string {
  if (!pgUrl) return `file:${join(dataDir, 'media-performance.db')}`;
  const url = new URL(pgUrl);
  url.pathname = `/${scratchDb}`;
  return url.toString();
}

async function freshDatabase(): Promise<void> {
  if (!pgUrl) {
    mkdirSync(dataDir, { recursive: true });
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `media-performance.db${suffix}`), { force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${scratchDb} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${scratchDb}`);
  } finally {
    await admin.end();
  }
}

async function dropDatabase(): Promise<void> {
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${scratchDb} WITH (FORCE)`).finally(() => admin.end());
}

const startGateway = () =>
  start(
    gatewayScript,
    [],
    ['--max-old-space-size=224'],
    { DATABASE_URL: databaseUrl(), LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', HOST: '127.0.0.1', PORT: '{port}' },
    '/readyz',
  );

/** Writes the carts, lines and orders; answers the media item measured. */
async function seed(): Promise<number> {
  const database = await openDatabase(databaseUrl());
  const { db } = database;
  try {
    const link = await db.mediaProduct.findFirstOrThrow({ orderBy: [{ mediaId: 'asc' }, { position: 'asc' }] });
    const other = await db.mediaProduct.findFirstOrThrow({ where: { mediaId: { not: link.mediaId } } });
    const products = (
      await db.mediaProduct.findMany({ where: { mediaId: link.mediaId }, select: { productId: true } })
    ).map((row) => row.productId);
    const skus = await db.sku.findMany({
      where: { productId: { in: products }, listed: true },
      select: { id: true, merchantId: true, currency: true, salePriceMinor: true, retailPriceMinor: true },
      take: linesPerOrder,
    });
    if (skus.length < linesPerOrder) throw new Error(`media ${link.mediaId} shows fewer than ${linesPerOrder} SKUs`);
    const now = Date.now();
    const statuses = (index: number) => (index % 10 === 0 ? 'CANCELLED' : index % 15 === 0 ? 'FAILED' : 'SUBMITTED');
    const total = attributedOrders + otherOrders;
    for (let first = 0; first < total; first += 1_000) {
      const indexes = Array.from({ length: Math.min(1_000, total - first) }, (_, offset) => first + offset);
      const rows = indexes.map((index) => {
        const at = new Date(now - Math.floor((((index * 7919) % total) / total) * 60 * day));
        const mediaId = index < attributedOrders ? link.mediaId : index % 2 === 0 ? other.mediaId : null;
        return { index, at, mediaId, cartId: `bench${String(index).padStart(8, '0')}`, orderId: randomUUID() };
      });
      await db.cart.createMany({
        data: rows.map((row) => ({
          id: row.cartId,
          currency: skus[0]!.currency,
          createdAt: row.at,
          updatedAt: new Date(now),
        })),
      });
      await db.cartLine.createMany({
        data: rows.flatMap((row) =>
          skus.map((sku, position) => ({
            cartId: row.cartId,
            skuId: sku.id,
            storeId: sku.merchantId,
            quantity: 1 + (position % 3),
            position,
            mediaId: row.mediaId,
            attributedAt: row.mediaId === null ? null : row.at,
          })),
        ),
      });
      await db.order.createMany({
        data: rows.map((row) => ({
          id: row.orderId,
          cartId: row.cartId,
          storeId: skus[0]!.merchantId,
          orderNumber: 1001 + row.index,
          storeName: 'Bench store',
          status: statuses(row.index),
          requestId: randomUUID(),
          currency: skus[0]!.currency,
          subtotalMinor: 0n,
          shippingMinor: 0n,
          taxMinor: 0n,
          totalMinor: 0n,
          createdAt: row.at,
          updatedAt: row.at,
        })),
      });
      await db.orderLine.createMany({
        data: rows.flatMap((row) =>
          skus.map((sku, position) => ({
            orderId: row.orderId,
            position,
            skuId: sku.id,
            quantity: 1 + (position % 3),
            lineTotalMinor: BigInt((sku.salePriceMinor ?? sku.retailPriceMinor ?? 0) * (1 + (position % 3))),
            mediaId: row.mediaId,
            storeId: sku.merchantId,
            currency: sku.currency,
            createdAt: row.at,
          })),
        ),
      });
    }
    if (database.provider === 'postgresql') await db.$executeRawUnsafe('ANALYZE');
    return link.mediaId;
  } finally {
    await database.close();
  }
}

interface Timing {
  atReadyMs: number;
  firstMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  orders: number;
  unitsSold: number;
}

async function timed(url: string): Promise<{ ms: number; body: { orders: number; units_sold: number } }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = (await response.json()) as { orders: number; units_sold: number };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Cold and warm on a settled fresh process (the at-ready time is measured apart). */
async function measure(server: Server, path: string, atReadyMs: number): Promise<Timing> {
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  const first = await timed(`${server.base}${path}`);
  const times: number[] = [];
  for (let index = 0; index < warmRequests; index += 1) times.push((await timed(`${server.base}${path}`)).ms);
  times.sort((a, b) => a - b);
  const at = (fraction: number) => times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)]!;
  return {
    atReadyMs,
    firstMs: first.ms,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: times[times.length - 1]!,
    orders: first.body.orders,
    unitsSold: first.body.units_sold,
  };
}

async function main(): Promise<void> {
  const engine = pgUrl ? 'postgresql' : 'sqlite';
  await freshDatabase();
  const seeding = await startGateway();
  await seeding.stop();
  const seedStarted = performance.now();
  const mediaId = await seed();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const results: [string, Timing][] = [];
  // Each window on a fresh process, so that its first request is cold.
  for (const [label, query] of [
    ['default window (last 30 days)', ''],
    ['90 days (all 20,000 attributed lines)', `?from=${new Date(Date.now() - 90 * day).toISOString()}`],
  ] as const) {
    const path = `/media/${mediaId}/performance${query}`;
    const early = await startGateway();
    const atReady = await timed(`${early.base}${path}`).finally(() => early.stop());
    const gateway = await startGateway();
    try {
      results.push([label, await measure(gateway, path, atReady.ms)]);
    } finally {
      await gateway.stop();
    }
  }
  await dropDatabase();
  const met = results.every(([, timing]) => Math.max(timing.firstMs, timing.maxMs) < targetMs);
  const f = (ms: number) => ms.toFixed(1);
  const lines = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${engine}`,
    '',
    `${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores, Linux ${release()}, Node ${process.versions.node}. Media ${mediaId}: ${attributedOrders * linesPerOrder} attributed order lines and as many cart lines, among ${(attributedOrders + otherOrders) * linesPerOrder} of each (seeded in ${seedSeconds.toFixed(1)} s).`,
    '',
    '| window | orders counted | units sold | cold ms | warm p50 ms | warm p99 ms | warm max ms | target | at ready ms (no target) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      ([label, t]) =>
        `| ${label} | ${t.orders} | ${t.unitsSold} | ${f(t.firstMs)} | ${f(t.p50Ms)} | ${f(t.p99Ms)} | ${f(t.maxMs)} | < ${targetMs} ms: ${Math.max(t.firstMs, t.maxMs) < targetMs ? 'met' : 'not met'} | ${f(t.atReadyMs)} |`,
    ),
    '',
  ];
  console.log(lines.join('\n'));
  mkdirSync(join(projectRoot, 'bench', 'results'), { recursive: true });
  appendFileSync(join(projectRoot, 'bench', 'results', 'media-performance.md'), `${lines.join('\n')}\n`);
  console.log(
    JSON.stringify({ engine, media_id: mediaId, target_ms: targetMs, met, results: Object.fromEntries(results) }),
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    for (const child of running) child.kill('SIGKILL');
    process.exit(1);
  },
);
