// Issue 14, "Scale": the large catalog (bench/large-catalog.ts: 200,000 products, 600,000 SKUs,
// 20,000 media items, 1,000,000 similar pairs) imported with `npm run catalog:import`'s command
// into a new SQLite file and a new PostgreSQL database, then imported again unchanged. Each run
// is its own process under /usr/bin/time -v: wall time and peak RSS (maximum resident set size).
// Writes the measured part of bench/results/import-200k.md (between its marks).
//
//   tsc -p tsconfig.bench.json && node dist/bench/import-200k.js [--products N] [--engines sqlite,postgresql] [--runs N] [--no-write]
//
// PostgreSQL: the server of TEST_PG_URL (default postgresql://gateway:gateway@127.0.0.1:5432/gateway,
// a role with CREATEDB); the scratch database is dropped afterwards.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { largeShape, rowCounts, scaledShape, writeLargeCatalog, type LargeShape } from './large-catalog.js';
import { randomInt, start as startServer, startFlags } from './harness.js';
import { Agent, get as httpGet } from 'node:http';

import { dataDir, freshDatabase, importOnce, root, type Run } from './scale.js';

function parseArgs(argv: string[]) {
  let shape: LargeShape = largeShape;
  let engines = ['sqlite', 'postgresql'];
  let runs = 1;
  let latency = true;
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--products') shape = scaledShape(Number(argv[++index]));
    else if (argv[index] === '--engines') engines = argv[++index]!.split(',');
    else if (argv[index] === '--runs') runs = Number(argv[++index]);
    else if (argv[index] === '--no-latency') latency = false;
  }
  return { shape, engines, runs, latency };
}

/** The reference for read latency: the same generator at 5,000 products (the bench catalog's size). */
const referenceProducts = 5_000;
/** Requests in flight while latency is sampled: a light load, so that latency is service time, not queueing. */
const sampleConcurrency = 4;
const sampleCounts = { product: 20_000, comparables: 2_000 };

interface Sampled {
  p50_ms: number;
  p99_ms: number;
  /** Requests per second the sampling reached (sampleConcurrency in flight). */
  rps: number;
}

interface Latency {
  catalog: string;
  mode: 'cold' | 'warm';
  route: 'product' | 'comparables';
  measure: Sampled;
}

/** Asks `count` paths, `sampleConcurrency` at a time on kept-alive connections, timing each to the microsecond. */
async function sample(base: string, path: () => string, count: number): Promise<Sampled> {
  const agent = new Agent({ keepAlive: true, maxSockets: sampleConcurrency });
  const times: number[] = [];
  const one = (url: string) =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      const request = httpGet(url, { agent }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      });
      request.on('error', reject);
    });
  const began = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: sampleConcurrency }, async () => {
      while (next < count) {
        next += 1;
        times.push(await one(`${base}${path()}`));
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
  return { p50_ms: at(0.5), p99_ms: at(0.99), rps: Math.round(count / elapsed) };
}

/**
 * Read latency of the gateway (as `npm start` runs it) on a catalog: REST product and image
 * comparables, random ids over the whole catalog, cold (CATALOG_CACHE_MAX_ENTRIES=0) and warm
 * (default cache). Each is sampled twice, the first pass not counted (it warms the code, and the
 * warm gateway's cache: a catalog larger than the cache stays mostly cold).
 */
async function latencyOf(databaseUrl: string, shape: LargeShape, catalog: string): Promise<Latency[]> {
  const results: Latency[] = [];
  const routes = [
    ['product', () => `/product/${randomInt(1, shape.products)}`],
    ['comparables', () => `/image/comparables/${randomInt(1, shape.media)}`],
  ] as const;
  for (const mode of ['cold', 'warm'] as const) {
    const env = {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      ...(mode === 'cold' ? { CATALOG_CACHE_MAX_ENTRIES: '0' } : {}),
    };
    const server = await startServer(join(root, 'dist', 'src', 'main.js'), [], startFlags(), env, '/readyz');
    try {
      for (const [route, path] of routes) {
        await sample(server.base, path, sampleCounts[route]);
        const measure = await sample(server.base, path, sampleCounts[route]);
        console.log(
          `  ${catalog} ${mode} ${route}: p50 ${measure.p50_ms} ms, p99 ${measure.p99_ms} ms, ${measure.rps} rps`,
        );
        results.push({ catalog, mode, route, measure });
      }
    } finally {
      await server.stop();
    }
  }
  return results;
}

/** Read latency on the large catalog's database and on a new one of the same generator at 5,000 products. */
async function readLatency(largeUrl: string, shape: LargeShape): Promise<Latency[]> {
  const small = scaledShape(referenceProducts);
  const file = join(dataDir, `large-catalog-${referenceProducts}.json`);
  if (!existsSync(file)) await writeLargeCatalog(file, small);
  const database = await freshDatabase('sqlite', 'scale-reference.db');
  try {
    importOnce(file, database.url);
    console.log('read latency');
    return [
      ...(await latencyOf(database.url, small, `${thousands(referenceProducts)} products`)),
      ...(await latencyOf(largeUrl, shape, `${thousands(shape.products)} products`)),
    ];
  } finally {
    await database.remove();
  }
}

function latencyTable(reads: Latency[]): string[] {
  if (reads.length === 0) return [];
  const [reference, large] = [...new Set(reads.map((read) => read.catalog))];
  const rows: string[] = [];
  for (const mode of ['cold', 'warm'] as const) {
    for (const route of ['product', 'comparables'] as const) {
      const find = (catalog: string | undefined) =>
        reads.find((read) => read.catalog === catalog && read.mode === mode && read.route === route)!.measure;
      const [small, big] = [find(reference), find(large)];
      const times = (a: number, b: number) => `${(b / a).toFixed(2)}×`;
      rows.push(
        `| ${route === 'product' ? 'REST /product/{id}' : 'REST /image/comparables/{id}'} | ${mode} | ${small.p50_ms} / ${small.p99_ms} | ${big.p50_ms} / ${big.p99_ms} | ${times(small.p50_ms, big.p50_ms)} / ${times(small.p99_ms, big.p99_ms)} | ${thousands(small.rps)} / ${thousands(big.rps)} |`,
      );
    }
  }
  return [
    '',
    `### Read latency: ${large} against ${reference} of the same generator`,
    '',
    `SQLite, the gateway as \`npm start\` runs it (node ${startFlags().join(' ')}), one at a time. Each route is asked ${thousands(sampleCounts.product)} times (product) or ${thousands(sampleCounts.comparables)} times (comparables) with random ids over the whole catalog, ${sampleConcurrency} requests in flight on kept-alive connections (a light load: latency is service time, not queueing), each timed to the microsecond; a first pass of as many requests is not counted. Cold: \`CATALOG_CACHE_MAX_ENTRIES=0\` (the read model in the database stays on). Warm: the default cache, warmed by the first pass only, so the large catalog (larger than the cache) stays mostly cold. Media of the generator: ${largeShape.productsPerMedia} products × ${largeShape.similarPerProduct} comparables each.`,
    '',
    `| route | cache | p50 / p99 ms, ${reference} | p50 / p99 ms, ${large} | large ÷ reference | rps at ${sampleConcurrency} in flight, ${reference} / ${large} |`,
    '|---|---|---|---|---|---|',
    ...rows,
  ];
}

/** One import, its own process, as `npm run catalog:import` runs it (without the build). */

async function engineVersion(engine: string, url: string): Promise<string> {
  if (engine === 'sqlite') {
    const db = new Database(':memory:');
    const { version } = db.prepare('SELECT sqlite_version() AS version').get() as { version: string };
    db.close();
    return `SQLite ${version} (better-sqlite3, file in bench/data/)`;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
  await client.end();
  return `PostgreSQL ${rows[0]!.server_version} (local server, scratch database)`;
}

/** A new, migrated database of the engine: its URL and how to remove it. */

/** The rows the first import must have written, counted in the database. */
async function verify(engine: string, url: string, counts: ReturnType<typeof rowCounts>): Promise<void> {
  const sql = `SELECT (SELECT COUNT(*) FROM "Store") AS stores, (SELECT COUNT(*) FROM "Product") AS products, (SELECT COUNT(*) FROM "Sku") AS skus, (SELECT COUNT(*) FROM "Media") AS media, (SELECT COUNT(*) FROM "MediaProduct") AS "mediaLinks", (SELECT COUNT(*) FROM "SimilarProduct") AS similar`;
  let row: Record<string, unknown>;
  if (engine === 'sqlite') {
    const db = new Database(url.replace(/^file:/, ''), { readonly: true });
    row = db.prepare(sql).get() as Record<string, unknown>;
    db.close();
  } else {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    row = (await client.query<Record<string, unknown>>(sql)).rows[0]!;
    await client.end();
  }
  const stored = Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
  if (JSON.stringify(stored) !== JSON.stringify(counts))
    throw new Error(`${engine}: stored ${JSON.stringify(stored)}, expected ${JSON.stringify(counts)}`);
}

function unchanged(run: Run): void {
  if (/[1-9]\d* (inserted|updated)|[1-9]\d* unlisted/.test(run.output))
    throw new Error(`the re-import changed something:\n${run.output}`);
}

/**
 * PostgreSQL: the first read of rows after a bulk load also sets their hint bits, and autovacuum
 * comes by within the minute: VACUUM ANALYZE does both before the settled re-import.
 */
async function settle(engine: string, url: string): Promise<void> {
  if (engine !== 'postgresql') return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('VACUUM ANALYZE "Store", "Product", "Sku", "Media", "MediaProduct", "SimilarProduct"');
  await client.end();
}

const mib = (kib: number) => `${Math.round(kib / 1024)} MiB`;
const seconds = (value: number) => `${value.toFixed(1)} s`;
function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

async function main() {
  const { shape, engines, runs, latency } = parseArgs(process.argv.slice(2));
  const reads: Latency[] = [];
  const counts = rowCounts(shape);
  const rows = counts.products + counts.skus + counts.media + counts.similar;
  const file = join(dataDir, shape === largeShape ? 'large-catalog.json' : `large-catalog-${shape.products}.json`);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) {
    console.log(`writing ${file}`);
    await writeLargeCatalog(file, shape);
  }
  const bytes = statSync(file).size;
  const table: string[] = [];
  const details: string[] = [];
  for (const engine of engines) {
    for (let run = 1; run <= runs; run += 1) {
      const database = await freshDatabase(engine);
      try {
        console.log(`${engine} run ${run}: first import`);
        const first = importOnce(file, database.url);
        console.log(`  ${seconds(first.wallSeconds)}, ${mib(first.maxRssKiB)}`);
        await verify(engine, database.url, counts);
        console.log(`${engine} run ${run}: the same file again`);
        const same = importOnce(file, database.url);
        console.log(`  ${seconds(same.wallSeconds)}, ${mib(same.maxRssKiB)}`);
        unchanged(same);
        if (!same.output.includes('not read again')) throw new Error(`the same file was read again:\n${same.output}`);
        console.log(`${engine} run ${run}: unchanged re-import read in full (--full), right after`);
        const again = importOnce(file, database.url, ['--full']);
        console.log(`  ${seconds(again.wallSeconds)}, ${mib(again.maxRssKiB)}`);
        unchanged(again);
        await settle(engine, database.url);
        console.log(`${engine} run ${run}: unchanged re-import read in full, settled`);
        const settled = importOnce(file, database.url, ['--full']);
        console.log(`  ${seconds(settled.wallSeconds)}, ${mib(settled.maxRssKiB)}`);
        unchanged(settled);
        const version = await engineVersion(engine, database.url);
        if (engine === 'sqlite' && run === 1 && latency) reads.push(...(await readLatency(database.url, shape)));
        for (const [label, result] of [
          ['first import (new database)', first],
          ['the same file again (not read: same digest, catalog unchanged)', same],
          ['unchanged re-import read in full (`--full`), right after', again],
          [
            engine === 'sqlite'
              ? 'unchanged re-import read in full, again'
              : 'unchanged re-import read in full, after VACUUM ANALYZE',
            settled,
          ],
        ] as const) {
          table.push(
            `| ${engine}${runs > 1 ? ` #${run}` : ''} | ${label} | ${seconds(result.wallSeconds)} | ${thousands(rows / result.wallSeconds)} | ${mib(result.maxRssKiB)} | ${result === first ? '' : `${(first.wallSeconds / result.wallSeconds).toFixed(2)}×`} |`,
          );
        }
        details.push(
          `${version}${runs > 1 ? `, run ${run}` : ''}: first import, the same file again, then read in full`,
          '',
          '```',
          first.output,
          '',
          same.output,
          '',
          again.output,
          '```',
          '',
        );
      } finally {
        await database.remove();
      }
    }
  }
  const machine = `${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`;
  const report = [
    `Machine: ${machine}.`,
    '',
    `Document: \`${file.slice(root.length + 1)}\` (${(bytes / 2 ** 20).toFixed(1)} MiB, \`node dist/bench/large-catalog.js\`): ${thousands(counts.products)} products, ${thousands(counts.skus)} SKUs, ${thousands(counts.media)} media items (${thousands(counts.mediaLinks)} product links), ${thousands(counts.similar)} similar pairs, ${counts.stores} stores. Rows/s counts products + SKUs + media + similar pairs (${thousands(rows)}).`,
    '',
    "Each import is `node dist/src/catalog/import/cli.js <file>` (what `npm run catalog:import` runs after its build) in a process of its own under `/usr/bin/time -v`: wall time includes start-up and the (no-op) migration check; peak RSS is its maximum resident set size. The first import goes into a new, migrated database; then the same file is imported again as is (its SHA-256 is that of the last import and the catalog has not moved since: the file is not read, the counts are the last import's), and again with `--full`, which reads and compares every row (nothing changes, nothing is written). On PostgreSQL the re-import right after the load also pays for the load (the first read of each new row sets its hint bits; autovacuum starts meanwhile); the settled one runs after `VACUUM ANALYZE`.",
    '',
    '| engine | import | wall time | rows/s | peak RSS | first ÷ this |',
    '|---|---|---|---|---|---|',
    ...table,
    ...latencyTable(reads),
    '',
    '### Command output',
    '',
    ...details,
  ].join('\n');
  return report;
}

const measured = await main();
console.log(measured);
// The measured part of bench/results/import-200k.md is between these marks; the analysis around it is kept.
const out = join(root, 'bench', 'results', 'import-200k.md');
const [start, end] = ['<!-- measured: start (node dist/bench/import-200k.js) -->', '<!-- measured: end -->'];
if (!process.argv.includes('--no-write')) {
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  const before = existsSync(out) ? readFileSync(out, 'utf8') : `${start}\n${end}\n`;
  const from = before.indexOf(start);
  const to = before.indexOf(end);
  const text =
    from === -1 || to === -1
      ? `${start}\n${measured}\n${end}\n${before}`
      : `${before.slice(0, from)}${start}\n${measured}\n${before.slice(to)}`;
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
process.exit(0);
