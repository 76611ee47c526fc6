// The import command on documents made to exhaust its memory (bench/hostile-catalog.ts), at sizes
// too slow for the test suite (test/catalog/import-memory.test.ts runs the same at tens of MB):
// each document is generated into bench/data/ (about `--bytes` bytes, 2 GB by default), imported
// into a new SQLite file by `node dist/src/catalog/import/cli.js` under /usr/bin/time -v (wall
// time, peak RSS), then removed. Prints a Markdown table; exits 1 when an import went past
// 512 MiB or ended otherwise than it must (a complete import of what the format ignores, a
// refusal with exit 1 of the rest).
//
//   tsc -p tsconfig.bench.json && node dist/bench/hostile-import.js [--bytes N] [--cases unknown-deep,known-array,…]
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { acceptedByImport, hostileCases, writeHostileCatalog, type HostileCase } from './hostile-catalog.js';

const root = join(import.meta.dirname, '..', '..');
const dataDir = join(root, 'bench', 'data');
const cli = join(root, 'dist', 'src', 'catalog', 'import', 'cli.js');
const peakLimitKiB = 512 * 1024;

function parseArgs(argv: string[]): { bytes: number; cases: HostileCase[] } {
  let bytes = 2_000_000_000;
  let cases: HostileCase[] = [...hostileCases];
  for (let index = 0; index < argv.length; index += 1) {
    if (argv[index] === '--bytes') bytes = Number(argv[++index]);
    else if (argv[index] === '--cases')
      cases = argv[++index]!.split(',').filter((name): name is HostileCase =>
        (hostileCases as readonly string[]).includes(name),
      );
  }
  return { bytes, cases };
}

interface Run {
  code: number | null;
  wallSeconds: number;
  peakKiB: number;
  /** The command's last line: the first problem, or the counts it imported. */
  outcome: string;
}

function importOnce(file: string, databaseUrl: string): Run {
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, file], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(result.stderr);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr);
  const status = /Exit status: (\d+)/.exec(result.stderr);
  if (!wall || !rss) throw new Error(`no timing in:\n${result.stderr}`);
  const lines = `${result.stdout}\n${result.stderr}`.split('\n');
  const problem = lines.find((line) => line.startsWith('  $'))?.trim();
  const products = lines.find((line) => line.startsWith('products:'));
  return {
    code: status ? Number(status[1]) : result.status,
    wallSeconds: Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]),
    peakKiB: Number(rss[1]),
    outcome: problem ?? products ?? lines.filter((line) => line.trim() !== '' && !line.startsWith('\t'))[0] ?? '',
  };
}

const { bytes, cases } = parseArgs(process.argv.slice(2));
mkdirSync(dataDir, { recursive: true });
const rows: string[] = [];
let failed = false;
for (const kind of cases) {
  const file = join(dataDir, `hostile-${kind}.json`);
  const database = join(dataDir, `hostile-${kind}.db`);
  const removeDatabase = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${database}${suffix}`, { force: true });
  };
  try {
    await writeHostileCatalog(file, kind, bytes);
    const size = statSync(file).size;
    removeDatabase();
    const run = importOnce(file, `file:${database}`);
    const expected = acceptedByImport(kind) ? 0 : 1;
    const ok = run.code === expected && run.peakKiB < peakLimitKiB;
    failed ||= !ok;
    const outcome = run.outcome.replace(/(\[0\]){4,}/g, (indexes) => `[0]×${indexes.length / 3}`);
    rows.push(
      `| ${kind} | ${(size / 1e9).toFixed(2)} GB | ${run.code} (${expected === 0 ? 'imported' : 'refused'} expected) | ${outcome.replaceAll('|', '\\|')} | ${run.wallSeconds.toFixed(1)} s | ${Math.round(run.peakKiB / 1024)} MiB${ok ? '' : ' ✗'} |`,
    );
    console.error(rows.at(-1));
  } finally {
    rmSync(file, { force: true });
    removeDatabase();
  }
}
console.log(
  ['| document | size | exit | outcome | wall time | peak RSS |', '|---|---|---|---|---|---|', ...rows].join('\n'),
);
process.exit(failed ? 1 : 0);
