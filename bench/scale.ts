// What the benches at scale share (import-200k.ts, search.ts): where their data goes, the import
// command run in a process of its own under /usr/bin/time -v, and a new database of each engine.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyMigrations } from '../src/db/migrate.js';
import { createScratchDatabase, dropScratchDatabase } from '../src/db/postgres.js';

export const root = join(import.meta.dirname, '..', '..');
export const dataDir = join(root, 'bench', 'data');
const cli = join(root, 'dist', 'src', 'catalog', 'import', 'cli.js');
export const pgUrl = process.env.TEST_PG_URL ?? 'postgresql://gateway:gateway@127.0.0.1:5432/gateway';

export interface Run {
  wallSeconds: number;
  maxRssKiB: number;
  output: string;
}

/** Imports `file` into `databaseUrl` with the import command; its wall time and peak RSS. */
export function importOnce(file: string, databaseUrl: string, flags: string[] = []): Run {
  const result = spawnSync('/usr/bin/time', ['-v', process.execPath, cli, file, ...flags], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (result.status !== 0) throw new Error(`import failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)/.exec(result.stderr);
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr);
  if (!wall || !rss) throw new Error(`no timing in:\n${result.stderr}`);
  const wallSeconds = Number(wall[1] ?? 0) * 3600 + Number(wall[2]) * 60 + Number(wall[3]);
  return { wallSeconds, maxRssKiB: Number(rss[1]), output: result.stdout.trim() };
}

/** A new, migrated database: a SQLite file under bench/data, or a scratch PostgreSQL database named `<prefix>_<uuid>`. */
export async function freshDatabase(
  engine: string,
  name = 'import-200k.db',
  prefix = 'import200k',
): Promise<{ url: string; remove(): Promise<void> }> {
  if (engine === 'sqlite') {
    const file = join(dataDir, name);
    const remove = async () => {
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    };
    await remove();
    const url = `file:${file}`;
    await applyMigrations(url);
    return { url, remove };
  }
  const scratch = await createScratchDatabase(pgUrl, prefix);
  await applyMigrations(scratch.url);
  return { url: scratch.url, remove: () => dropScratchDatabase(pgUrl, scratch.name) };
}
