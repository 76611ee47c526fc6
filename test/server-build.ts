// The compiled server (dist/, as `npm start` runs it) that the process tiers start, built once a
// run. Vitest runs every tier's global setup before the first test of any, so a compile there (25 s
// and more on a fresh clone or after a change) would hold up the unit and app tiers; instead the
// global setup starts it in the background (startServerBuild), and the process tiers' setup file
// waits for it before their first file (serverBuilt), by when the app tier has usually let it
// finish. A build that failed fails every file that needs it, with the compiler's output.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot } from '../src/db/schema-engine.js';

/** The file the background build writes its outcome to: set by the global setup, seen by the workers. */
const statusVariable = 'TEST_SERVER_BUILD_STATUS';
const buildCommand = [join(projectRoot, 'scripts', 'build.mjs'), '--if-stale'];
/** Longer than a compile on a busy machine ever took; then the wait fails instead of hanging. */
const buildTimeoutMs = 300_000;

interface Outcome {
  code: number | null;
  output: string;
}

/** Starts the build (once for the run, whichever tier's setup comes first); the teardown ends it if it still runs. */
export function startServerBuild(): () => void {
  if (process.env[statusVariable]) return () => undefined;
  const statusFile = join(mkdtempSync(join(tmpdir(), 'server-build-')), 'outcome.json');
  process.env[statusVariable] = statusFile;
  const child = spawn(process.execPath, buildCommand, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  child.once('error', (error) => writeOutcome(statusFile, { code: null, output: `${output}\n${error.message}` }));
  child.once('exit', (code) => writeOutcome(statusFile, { code, output }));
  return () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dirname(statusFile), { recursive: true, force: true });
    delete process.env[statusVariable];
  };
}

function writeOutcome(statusFile: string, outcome: Outcome): void {
  // Written whole, then renamed: a reader never sees half of it.
  writeFileSync(`${statusFile}.part`, JSON.stringify(outcome));
  renameSync(`${statusFile}.part`, statusFile);
}

/** Waits for the build the global setup started (the process tiers' setup file, before each file). */
export async function serverBuilt(): Promise<void> {
  const statusFile = process.env[statusVariable];
  if (!statusFile) return;
  const deadline = Date.now() + buildTimeoutMs;
  while (!existsSync(statusFile)) {
    if (Date.now() > deadline) throw new Error(`the server build did not finish within ${buildTimeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  buildServer();
}

/**
 * Makes sure dist/ is built before a file starts a server: the build the global setup started,
 * which serverBuilt waited for, or, without one (a helper run outside the process tiers), a
 * build now, when the sources changed, as `npm start` does.
 */
export function buildServer(): void {
  const statusFile = process.env[statusVariable];
  if (!statusFile) {
    execFileSync(process.execPath, buildCommand, { cwd: projectRoot });
    return;
  }
  if (!existsSync(statusFile)) throw new Error('the server build has not finished: wait for serverBuilt() first');
  const outcome = JSON.parse(readFileSync(statusFile, 'utf8')) as Outcome;
  if (outcome.code !== 0) throw new Error(`the server build failed (exit ${outcome.code}):\n${outcome.output}`);
}
