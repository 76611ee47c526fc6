// npm run dev: builds as scripts/build.mjs does, with the compile kept in memory between builds
// (scripts/compile-worker.mjs), starts the server as `npm start` does (the
// same command line, so the same defaults: data/catalog.db, port 4000, unless DATABASE_URL, PORT,
// … say otherwise), then watches src/ and prisma/ and, on a change, builds again and restarts it.
// - Changes are gathered for a moment (an editor's save, a checkout) and built once; the build
//   runs while the old server still serves, and only a build that succeeds replaces it: SIGTERM,
//   which the server answers by draining its requests, and SIGKILL if it is still there after
//   SHUTDOWN_TIMEOUT_MS and a margin; then the new one starts on the same port.
// - A failing build (tsc's errors, or the player's bundle over its limit, printed above) leaves the
//   old server running, and dist/ as it was (the compile writes nothing when it fails); the next
//   change tries again. Saving a file unchanged restarts without a
//   compile (the build compares contents).
// - A server that exits on its own is not started again until the next change.
// - SIGINT (Ctrl-C), SIGTERM or SIGHUP stops the server (and a build in progress), then exits.
// One line per event, starting with [dev]; the server's own logs go to stdout as with npm start.
import { spawn } from 'node:child_process';
import { readFileSync, watch } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { inputsDigest, isCurrent, removeStamp } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watched = ['src', 'prisma'];
/** Changes closer together than this are built once. */
const settleMs = 200;
/** How long a server may drain after SIGTERM before it is killed: its own limit and a margin. */
const stopTimeoutMs = (Number(process.env.SHUTDOWN_TIMEOUT_MS) || 10_000) + 5_000;
/** Editors' swap, backup and lock files. */
const scratchFile = /(^|\/)(\.#[^/]*|#[^/]*#|[^/]*~|[^/]*\.sw[px]|4913)$/;

// The server's command line is the start script's, so that the two cannot drift apart.
const startScript = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start;
const [command, ...serverArgs] = startScript.split(/\s+/);
if (command !== 'node') throw new Error(`npm run dev: the start script is expected to run node, not: ${startScript}`);

const say = (line) => console.log(`[dev] ${line}`);

/**
 * A child process of node, sharing this one's output, and the promise of its exit. `detached`: in
 * a process group of its own, so that `stopGroup` reaches what it starts (the build's tsc).
 */
function run(args, { detached = false } = {}) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', detached });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  return { child, exited };
}

/** The running server: { child, exited, stopping }. */
let server;
/** The build in progress: { child, exited }. */
let build;
const changed = new Set();
let settle;
let building = false;
let stopping = false;

function startServer() {
  const started = run(serverArgs);
  const current = { ...started, stopping: false };
  server = current;
  started.exited.then((code) => {
    if (current.stopping) return;
    if (server === current) server = undefined;
    if (!stopping)
      say(`the server (pid ${current.child.pid}) exited on its own (${code}); it starts again on the next change`);
  });
  return current.child.pid;
}

async function stopServer() {
  const current = server;
  if (!current) return;
  current.stopping = true;
  current.child.kill('SIGTERM');
  const kill = setTimeout(() => {
    say(`the server (pid ${current.child.pid}) is still running ${stopTimeoutMs / 1000} s after SIGTERM: killing it`);
    current.child.kill('SIGKILL');
  }, stopTimeoutMs);
  await current.exited;
  clearTimeout(kill);
  if (server === current) server = undefined;
}

/** Sends a signal to a detached child's whole group (it may be gone already). */
function stopGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group has exited
  }
}

/**
 * The compile, in a worker thread that keeps the parsed program between builds
 * (scripts/compile-worker.mjs): a change compiles in a fraction of a second instead of the several
 * seconds of tsc started anew. Terminated at once when dev stops.
 */
let compiler;
/** Paths changed since the compiler last read the sources: it parses them again. */
const unread = new Set();

/** The compile asked for last: compiles run one after the other, each answer to its own request. */
let compiling = Promise.resolve();

/** tsc's outcome: { ok, output }. A compiler that died is replaced by a new one, which reads everything. */
function compile() {
  compiling = compiling.then(request);
  return compiling;
}

function request() {
  compiler ??= new Worker(join(root, 'scripts', 'compile-worker.mjs'), {
    workerData: { root, colour: Boolean(process.stdout.isTTY) },
  });
  const current = compiler;
  const changed = [...unread].map((name) => join(root, name));
  unread.clear();
  return new Promise((resolve) => {
    const died = (error) => {
      if (compiler === current) compiler = undefined;
      resolve({ ok: false, output: `the compiler stopped: ${error?.stack ?? error}\n` });
    };
    current.once('error', died);
    current.once('exit', died);
    current.once('message', (answer) => {
      current.off('error', died);
      current.off('exit', died);
      resolve(answer);
    });
    current.postMessage({ compile: changed });
  });
}

/**
 * Builds what changed (nothing when the sources are those of the last build: saving a file
 * unchanged); returns true when the build succeeded. A failed build writes nothing into dist/.
 */
async function buildOnce() {
  const digest = inputsDigest();
  if (isCurrent(digest)) return true;
  removeStamp();
  const compiled = await compile();
  process.stdout.write(compiled.output);
  if (!compiled.ok || stopping) return false;
  build = run([join(root, 'scripts', 'build.mjs'), '--finish', digest], { detached: true });
  const code = await build.exited;
  build = undefined;
  return code === 0;
}

/** Builds and restarts until no change is left, one at a time. */
async function rebuild() {
  if (building || stopping) return;
  building = true;
  try {
    while (changed.size > 0 && !stopping) {
      const names = [...changed];
      changed.clear();
      const what = names.length === 1 ? names[0] : `${names[0]} and ${names.length - 1} other files`;
      const began = Date.now();
      const built = await buildOnce();
      if (stopping) return;
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      if (!built) {
        const kept = server
          ? `the server (pid ${server.child.pid}) keeps running the last build`
          : 'no server is running';
        say(`${what} changed: the build failed after ${seconds} s (above); ${kept}; waiting for the next change`);
        continue;
      }
      // Changed again while building: build those too before restarting.
      if (changed.size > 0) continue;
      const before = server?.child.pid;
      await stopServer();
      if (stopping) return;
      const pid = startServer();
      say(
        `${what} changed: built in ${seconds} s, ${before ? `restarted: server pid ${before} → pid ${pid}` : `started: server pid ${pid}`}`,
      );
    }
  } finally {
    building = false;
  }
}

function onChange(folder, name) {
  if (stopping || (name && scratchFile.test(name))) return;
  const path = name ? join(folder, name) : folder;
  changed.add(path);
  unread.add(path);
  clearTimeout(settle);
  settle = setTimeout(rebuild, settleMs);
}

const watchers = watched.map((folder) => {
  const watcher = watch(join(root, folder), { recursive: true }, (_event, name) => onChange(folder, name));
  // A watch that fails (its folder removed, the system's watch limit) stops dev, server included.
  watcher.on('error', (error) => {
    say(`watching ${folder}/ failed (${error.message}): stopping`);
    void shutdown('watch error');
  });
  return watcher;
});

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  clearTimeout(settle);
  for (const watcher of watchers) watcher.close();
  if (build) stopGroup(build.child, 'SIGTERM');
  await Promise.all([stopServer(), build?.exited, compiler?.terminate()]);
  say(`stopped (${signal})`);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal));
// Whatever ends dev, nothing it started outlives it.
process.on('exit', () => {
  if (build) stopGroup(build.child, 'SIGKILL');
  if (server) server.child.kill('SIGKILL');
});

say(`watching ${watched.map((folder) => `${folder}/`).join(' and ')} of ${root}; Ctrl-C stops`);
building = true;
const built = await buildOnce();
building = false;
// Sources already built: the compiler reads them now, while nothing waits on it, so that the first
// change compiles as fast as the next ones.
if (built && !stopping && unread.size === 0) void compile();
if (!stopping) {
  if (built) say(`built: server pid ${startServer()} started (${startScript})`);
  else say('the build failed (above): the server starts after the next change that builds');
  // Changes made during the first build.
  if (changed.size > 0) void rebuild();
}
