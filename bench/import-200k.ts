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
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { applyMigrations } from '../src/db/migrate.js';
import { createScratchDatabase, dropScratchDatabase } from '../src/db/postgres.js';
import { largeShape, rowCounts, scaledShape, writeLargeCatalog, type LargeShape } from './large-catalog.js';

const root = join(import.meta.dirname, '..', '..');
const dataDir = join(root, 'bench', 'data');
const cli = join(root, 'dist', 'src', 'catalog', 'import.cli.js');
const pgUrl = process.env.TEST_PG_URL ?? 'postgresql://gateway:gateway@127.0.0.1:5432/gateway';

interface Run {
  wallSeconds: number;
  maxRssKiB: number;
  output: string;
}

function parseArgs(argv: string[]) {
  let shape: LargeShape = largeShape;
  let engines = ['sqlite', 'postgresql'];
  let runs = 1;
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--products') shape = scaledShape(Number(argv[++index]));
    else if (argv[index] === '--engines') engines = argv[++index]!.split(',');
    else if (argv[index] === '--runs') runs = Number(argv[++index]);
  }
  return { shape, engines, runs };
}

/** One import, its own process, as `npm run catalog:import` runs it (without the build). */
function importOnce(file: string, databaseUrl: string): Run {
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, file], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (result.status !== 0) throw new Error(`import failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(result.stderr);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr);
  if (!wall || !rss) throw new Error(`no timing in:\n${result.stderr}`);
  const wallSeconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  return { wallSeconds, maxRssKiB: Number(rss[1]), output: result.stdout.trim() };
}

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
async function freshDatabase(engine: string): Promise<{ url: string; remove(): Promise<void> }> {
  if (engine === 'sqlite') {
    const file = join(dataDir, 'import-200k.db');
    const remove = async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    };
    await remove();
    const url = `file:${file}`;
    await applyMigrations(url);
    return { url, remove };
  }
  const scratch = await createScratchDatabase(pgUrl, 'import200k');
  await applyMigrations(scratch.url);
  return { url: scratch.url, remove: () => dropScratchDatabase(pgUrl, scratch.name) };
}

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
  if (JSON.stringify(stored) !== JSON.stringify(counts)) throw new Error(`${engine}: stored ${JSON.stringify(stored)}, expected ${JSON.stringify(counts)}`);
}

function unchanged(run: Run): void {
  if (/[1-9]\d* (inserted|updated)|[1-9]\d* unlisted/.test(run.output)) throw new Error(`the re-import changed something:\n${run.output}`);
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
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');

async function main() {
  const { shape, engines, runs } = parseArgs(process.argv.slice(2));
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
        console.log(`${engine} run ${run}: unchanged re-import, right after`);
        const again = importOnce(file, database.url);
        console.log(`  ${seconds(again.wallSeconds)}, ${mib(again.maxRssKiB)}`);
        unchanged(again);
        await settle(engine, database.url);
        console.log(`${engine} run ${run}: unchanged re-import, settled`);
        const settled = importOnce(file, database.url);
        console.log(`  ${seconds(settled.wallSeconds)}, ${mib(settled.maxRssKiB)}`);
        unchanged(settled);
        const version = await engineVersion(engine, database.url);
        for (const [label, result] of [
          ['first import (new database)', first],
          ['unchanged re-import, right after', again],
          [engine === 'sqlite' ? 'unchanged re-import, again' : 'unchanged re-import, after VACUUM ANALYZE', settled],
        ] as const) {
          table.push(
            `| ${engine}${runs > 1 ? ` #${run}` : ''} | ${label} | ${seconds(result.wallSeconds)} | ${thousands(rows / result.wallSeconds)} | ${mib(result.maxRssKiB)} | ${result === first ? '' : `${(first.wallSeconds / result.wallSeconds).toFixed(2)}×`} |`,
          );
        }
        details.push(`${version}${runs > 1 ? `, run ${run}` : ''}: first import, then the re-import right after`, '', '```', first.output, '', again.output, '```', '');
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
    'Each import is `node dist/src/catalog/import.cli.js <file>` (what `npm run catalog:import` runs after its build) in a process of its own under `/usr/bin/time -v`: wall time includes start-up and the (no-op) migration check; peak RSS is its maximum resident set size. The first import goes into a new, migrated database; each re-import imports the same file again (nothing changes, nothing is written). On PostgreSQL the re-import right after the load also pays for the load (the first read of each new row sets its hint bits; autovacuum starts meanwhile); the settled one runs after `VACUUM ANALYZE`.',
    '',
    '| engine | import | wall time | rows/s | peak RSS | first ÷ this |',
    '|---|---|---|---|---|---|',
    ...table,
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
  const text = from === -1 || to === -1 ? `${start}\n${measured}\n${end}\n${before}` : `${before.slice(0, from)}${start}\n${measured}\n${before.slice(to)}`;
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}
process.exit(0);
