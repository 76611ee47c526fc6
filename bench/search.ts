// The catalog search at scale: the large catalog (bench/large-catalog.ts, 200,000 products) imported
// with the import command into a new database of each engine (wall time: what the search costs the
// import, nothing since the index is the gateway's), then the gateway as `npm start` runs it on it:
// how long until its index is built, the latency of 1-3 word searches with facets (one at a time,
// each timed), throughput (autocannon, 8 connections), peak RSS. Beside it, in the same run, a raw
// SQLite FTS5 table over the same products' texts answering the same words (the first 20 by rank
// and the count), in process: what the engine alone costs, without HTTP or facets. Then a search
// flood (8 connections of whole-catalog searches) against /product/5: its p99 against idle.
// Results are appended to bench/results/search.md.
//
//   tsc -p tsconfig.bench.json && node dist/bench/search.js [--products N] [--engines sqlite,postgresql]
import { appendFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Agent, get as httpGet } from 'node:http';
import Database from 'better-sqlite3';
import { largeShape, scaledShape, writeLargeCatalog, type LargeShape } from './large-catalog.js';
import { load, start, startFlags, type Measure, type Server } from './harness.js';
import { dataDir, freshDatabase, importOnce, root } from './scale.js';
import { searchQueries, type Query } from './search-queries.js';
import { sqliteFilePath } from '../src/db/database.js';

interface Timed {
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

function summary(times: number[]): Timed {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 100) / 100;
  return { p50_ms: at(0.5), p99_ms: at(0.99), max_ms: Math.round(sorted.at(-1)! * 100) / 100 };
}

/** Each path asked once, one at a time on a kept-alive connection, timed to the microsecond. */
async function oneAtATime(base: string, paths: readonly string[]): Promise<Timed> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (const path of paths) {
    times.push(
      await new Promise<number>((resolve, reject) => {
        const started = performance.now();
        httpGet(`${base}${path}`, { agent }, (response) => {
          response.resume();
          response.on('end', () =>
            response.statusCode === 200
              ? resolve(performance.now() - started)
              : reject(new Error(`${path}: ${response.statusCode}`)),
          );
        }).on('error', reject);
      }),
    );
  }
  agent.destroy();
  return summary(times);
}

/** Asks until the answer is 200: the index is built from ready on, in the search thread, and a search answers 503 until it is. */
async function untilIndexed(base: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${base}/search/products?limit=0`);
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (response.status !== 503) throw new Error(`search: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface Flood {
  idle: Timed;
  flooded: Timed;
  /** p99 under the flood / p99 idle. */
  ratio: number;
  searches: Measure;
}

/**
 * A search flood against unrelated requests: /product/5 one at a time, idle, then while 8
 * connections ask whole-catalog searches ("product" is in every title, 100 a page, with facets)
 * as fast as they are answered; the ratio of the two p99s. The searches run in the search thread:
 * the reads should hardly notice them.
 */
async function searchFlood(server: Server): Promise<Flood> {
  const reads = async () => {
    const times: number[] = [];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const until = performance.now() + 10_000;
    while (performance.now() < until) times.push(await timedGet(server.base, '/product/5', agent));
    agent.destroy();
    return summary(times);
  };
  await reads();
  const idle = await reads();
  const flood = load(server, [{ method: 'GET', path: '/search/products?q=product&limit=100' }], {
    connections: 8,
    duration: 12,
    warmup: 0,
  });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const flooded = await reads();
  const searches = await flood;
  return { idle, flooded, ratio: Math.round((flooded.p99_ms / idle.p99_ms) * 100) / 100, searches };
}

/** One GET on `agent`, timed; not 200 is an error. */
function timedGet(base: string, path: string, agent: Agent): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const started = performance.now();
    httpGet(`${base}${path}`, { agent }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${path}: ${response.statusCode}`)),
      );
    }).on('error', reject);
  });
}

interface EngineRun {
  engine: string;
  importSeconds: number;
  importRssMiB: number;
  indexSeconds: number;
  latency: Timed;
  throughput: Measure;
  peakRssMiB: number | null;
  flood: Flood;
}

async function measureEngine(engine: string, file: string, list: Query[]): Promise<EngineRun> {
  const database = await freshDatabase(engine, 'search-200k.db');
  try {
    console.log(`${engine}: importing`);
    const imported = importOnce(file, database.url);
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
    };
    const server = await start(join(root, 'dist', 'src', 'main.js'), [], startFlags(), env, '/readyz');
    try {
      // The index is built from ready on.
      const began = performance.now();
      await untilIndexed(server.base);
      const indexSeconds = (performance.now() - began) / 1000;
      console.log(`${engine}: index ready in ${indexSeconds.toFixed(1)} s`);
      const paths = list.map((query) => query.path);
      await oneAtATime(server.base, paths);
      const latency = await oneAtATime(server.base, paths);
      let next = 0;
      const requests = [
        {
          method: 'GET' as const,
          path: paths[0]!,
          setupRequest: (request: { path?: string }) => ({ ...request, path: paths[(next += 1) % paths.length]! }),
        },
      ];
      const throughput = await load(server, requests, { connections: 8, duration: 10, warmup: 2 });
      const flood = await searchFlood(server);
      console.log(
        `${engine}: /product/5 p99 ${flood.idle.p99_ms} ms idle, ${flood.flooded.p99_ms} ms under the search flood (${flood.ratio}×)`,
      );
      return {
        engine,
        importSeconds: imported.wallSeconds,
        importRssMiB: Math.round(imported.maxRssKiB / 1024),
        indexSeconds,
        latency,
        throughput,
        peakRssMiB: server.peakRssMiB(),
        flood,
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (engine === 'sqlite') await rawFts5Reference.prepare(sqliteFilePath(database.url));
    await database.remove();
  }
}

/** The raw FTS5 reference: built from the SQLite bench database before it is removed, then queried. */
const rawFts5Reference = {
  file: join(dataDir, 'search-fts5.db'),
  async prepare(source: string): Promise<void> {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${this.file}${suffix}`, { force: true });
    const fts = new Database(this.file);
    fts.exec(`ATTACH DATABASE '${source.replaceAll("'", "''")}' AS src`);
    fts.exec(
      `CREATE VIRTUAL TABLE "search" USING fts5(title, brand, category, rest, tokenize = 'unicode61 remove_diacritics 2')`,
    );
    fts.exec(`INSERT INTO "search" (rowid, title, brand, category, rest)
      SELECT p."id", p."title", coalesce(p."brand", ''), coalesce(p."category", ''),
        coalesce(p."description", '') || ' ' || coalesce((SELECT group_concat(s."name", ' ') FROM src."Sku" AS s WHERE s."productId" = p."id"), '')
      FROM src."Product" AS p`);
    fts.exec('DETACH DATABASE src');
    fts.close();
  },
  /** The same words: each a term, the last also a prefix; the first 20 by bm25 and the count. */
  query(list: Query[]): Timed {
    const fts = new Database(this.file, { readonly: true });
    const page = fts.prepare(`SELECT rowid FROM "search" WHERE "search" MATCH ? ORDER BY rank LIMIT 20`);
    const count = fts.prepare(`SELECT count(*) AS n FROM "search" WHERE "search" MATCH ?`);
    const times: number[] = [];
    for (let pass = 0; pass < 2; pass += 1) {
      times.length = 0;
      for (const { words } of list) {
        const terms = words.split(/\s+/).map((word, index, all) => `"${word}"${index === all.length - 1 ? '*' : ''}`);
        const match = terms.join(' AND ');
        const started = performance.now();
        page.all(match);
        count.get(match);
        times.push(performance.now() - started);
      }
    }
    fts.close();
    return summary(times);
  },
};

function parseArgs(argv: string[]) {
  let shape: LargeShape = largeShape;
  let engines = ['sqlite', 'postgresql'];
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--products') shape = scaledShape(Number(argv[++index]));
    else if (argv[index] === '--engines') engines = argv[++index]!.split(',');
  }
  return { shape, engines };
}

async function main(): Promise<void> {
  const { shape, engines } = parseArgs(process.argv.slice(2));
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, shape === largeShape ? 'large-catalog.json' : `large-catalog-${shape.products}.json`);
  if (!existsSync(file)) {
    console.log(`writing ${file}`);
    await writeLargeCatalog(file, shape);
  }
  const list = searchQueries('large', shape.products, 500);
  const runs: EngineRun[] = [];
  for (const engine of engines) runs.push(await measureEngine(engine, file, list));
  const raw = engines.includes('sqlite') ? rawFts5Reference.query(list) : null;
  const lines = [
    `## ${new Date().toISOString()} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version})`,
    '',
    `${shape.products.toLocaleString('en-US')} products (bench/large-catalog.ts). 500 queries of 1-3 words (categories, brands, product numbers, prefixes, typos; a fifth with a filter or a sort), each with the total and the facets, over HTTP to the gateway as \`npm start\` runs it: one at a time, each timed, after a first pass over the same 500 (there is no answer cache: every search is computed); then 8 connections for 10 s.`,
    '',
    '| engine | import (wall, peak RSS) | index ready after start | p50 ms | p99 ms | max ms | searches/s (8 connections) | p99 ms there | gateway peak RSS |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map(
      (run) =>
        `| ${run.engine} | ${run.importSeconds.toFixed(1)} s, ${run.importRssMiB} MiB | ${run.indexSeconds.toFixed(1)} s | ${run.latency.p50_ms} | ${run.latency.p99_ms} | ${run.latency.max_ms} | ${run.throughput.rps} | ${run.throughput.p99_ms} | ${run.peakRssMiB ?? '?'} MiB |`,
    ),
    ...(raw
      ? [
          `| raw SQLite FTS5 (in process, no HTTP, no facets) | | | ${raw.p50_ms} | ${raw.p99_ms} | ${raw.max_ms} | | | |`,
        ]
      : []),
    '',
    'A search flood: `/product/5` one at a time for 10 s, idle, then while 8 connections ask whole-catalog searches (`q=product&limit=100`, every product matches, facets counted over all) as fast as they are answered; the ratio of the p99s (within 2× is the goal). Searches the thread could not take are 503 `SEARCH_UNAVAILABLE`.',
    '',
    '| engine | /product/5 idle p50 / p99 ms | under the flood p50 / p99 ms | p99 ratio | flood searches/s | their p99 ms | flood answers not 200 |',
    '|---|---|---|---|---|---|---|',
    ...runs.map(
      ({ engine, flood }) =>
        `| ${engine} | ${flood.idle.p50_ms} / ${flood.idle.p99_ms} | ${flood.flooded.p50_ms} / ${flood.flooded.p99_ms} | ${flood.ratio}× | ${flood.searches.rps} | ${flood.searches.p99_ms} | ${flood.searches.errors} |`,
    ),
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  appendFileSync(join(root, 'bench', 'results', 'search.md'), `${text}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
