// npm run dev (scripts/dev.mjs) rebuilds and restarts the server on a change: run on a copy of the
// project (its sources, dist/ as the tier's global setup built it, node_modules linked), so that
// the test edits no real file. A change to a source file is compiled and replaces the server (a new
// pid, answering); a change that does not compile leaves the running server alone; SIGTERM stops
// dev and its server, leaving no process behind.
import { spawn } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/ports.js';
import { projectRoot } from '../../src/db/schema-engine.js';
import { buildServer, status, until } from './gateway.js';

const copy = mkdtempSync(join(tmpdir(), 'dev-'));
/** What a build reads and the server runs from (scripts/build.mjs: its inputs). */
const copied = [
  'src',
  'dist',
  'prisma',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

/** Processes whose command line names the copy: dev, its builds and its servers (Linux's /proc). */
function processesOfCopy(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(copy) ||
          readFileSync(`/proc/${pid}/environ`, 'utf8').includes(copy)
        );
      } catch {
        return false;
      }
    })
    .map(Number)
    .filter((pid) => pid !== process.pid);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

beforeAll(() => {
  buildServer();
  for (const entry of copied) cpSync(join(projectRoot, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'), 'dir');
  reuseBuildInfo();
}, 60_000);

/**
 * tsc names the files it read by their real paths, and the copy's node_modules is a link to the
 * project's: its incremental build info, as copied, names no file the copy's compile will see, so
 * the first change would check and emit everything again (some 15 s alone, 30 s on a busy machine).
 * Written as the project's build would have been had it been run in the copy, it lets the dev
 * builds below compile only what changed, as they do in a project.
 */
function reuseBuildInfo() {
  const buildInfo = join(copy, 'dist', '.tsbuildinfo');
  const modules = relative(join(copy, 'dist'), join(realpathSync(projectRoot), 'node_modules'));
  const text = readFileSync(buildInfo, 'utf8').replaceAll('"../node_modules/', `"${modules}/`);
  writeFileSync(buildInfo, text);
}

afterAll(() => {
  for (const pid of processesOfCopy()) process.kill(pid, 'SIGKILL');
  rmSync(copy, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('is scripts/dev.mjs', () => {
    const scripts = (
      JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.dev).toBe('node scripts/dev.mjs');
  });

  it('restarts the server on a change that builds, keeps it on one that does not, and stops with it', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const dev = spawn(process.execPath, [join(copy, 'scripts', 'dev.mjs')], {
      cwd: copy,
      // The copy's path in the environment too, so that every process of the tree can be found.
      env: {
        ...process.env,
        DEV_TEST_COPY: copy,
        DATABASE_URL: `file:${join(copy, 'dev.db')}`,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    dev.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
    const devLines = () => output.split('\n').filter((line) => line.startsWith('[dev] '));
    const lineAfter = async (count: number, what: string, timeoutMs = 60_000) => {
      await until(async () => devLines().length > count, what, timeoutMs);
      return devLines()[count]!;
    };
    const healthy = async () => (await status(`${base}/healthz`)) === 200;

    try {
      expect(await lineAfter(0, 'dev to start')).toContain('watching src/ and prisma/');
      const started = await lineAfter(1, 'the first server');
      const first = Number(/server pid (\d+) started/.exec(started)?.[1]);
      expect(first, started).toBeGreaterThan(0);
      await until(healthy, 'the first server to answer');

      // A change that builds: compiled into dist/, and a new server in place of the old one.
      const marker = `// changed by the dev test ${Date.now()}`;
      appendFileSync(join(copy, 'src', 'lifecycle.ts'), `\n${marker}\n`);
      const restarted = await lineAfter(2, 'a restart');
      const second = Number(/restarted: server pid (\d+) → pid (\d+)/.exec(restarted)?.[2]);
      expect(restarted, output).toMatch(
        new RegExp(
          `^\\[dev\\] src/lifecycle\\.ts changed: built in [\\d.]+ s, restarted: server pid ${first} → pid ${second}$`,
        ),
      );
      expect(second).not.toBe(first);
      expect(alive(first)).toBe(false);
      expect(readFileSync(join(copy, 'dist', 'src', 'lifecycle.js'), 'utf8')).toContain(marker);
      await until(healthy, 'the restarted server to answer');

      // A change that does not build: said so, and the server of the last build keeps serving.
      appendFileSync(join(copy, 'src', 'lifecycle.ts'), "export const broken: number = 'not a number';\n");
      const failed = await lineAfter(3, 'the failed build');
      expect(failed).toContain(`src/lifecycle.ts changed: the build failed`);
      expect(failed).toContain(`the server (pid ${second}) keeps running the last build`);
      expect(output).toContain('error TS2322');
      expect(alive(second)).toBe(true);
      expect(await healthy()).toBe(true);
      // and dist/ is the last build's: the failed compile wrote nothing
      const compiled = readFileSync(join(copy, 'dist', 'src', 'lifecycle.js'), 'utf8');
      expect(compiled).toContain(marker);
      expect(compiled).not.toContain('not a number');

      // SIGTERM to dev: the server drains and exits, then dev, and nothing of the tree is left.
      dev.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(devLines().at(-1)).toBe('[dev] stopped (SIGTERM)');
      expect(alive(second)).toBe(false);
      expect(processesOfCopy()).toStrictEqual([]);
    } finally {
      dev.kill('SIGKILL');
    }
  }, 150_000);
});
