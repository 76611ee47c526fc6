// Compiles src/ into dist/ (tsc -p tsconfig.build.json), then bundles the browser modules with
// esbuild (src/embed/bundle.ts: the player, src/embed/player/, into dist/embed/; the studio,
// src/studio/app/, into dist/studio/) and prints their sizes: `npm run build`.
// With --if-stale (the npm scripts that run dist/, and the tests that start real processes) it
// compiles only when the inputs differ from those of the last successful build, so that a command
// whose sources did not change starts at once instead of after a compile of several seconds.
// The inputs are every file under src/ (the generated Prisma clients included), the tsconfig files
// and package.json + package-lock.json (the installed compiler and types). They are compared by
// content, not by modification time: a checkout, a copy or `npm install` regenerating the same
// clients touches files without changing them, and an edit keeps its old time under `cp -p` or tar.
// Hashing them all takes a few milliseconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, 'dist', '.build-inputs');
const configFiles = ['tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** One digest of the names and contents of every input; a file added, removed or renamed changes it too. */
export function inputsDigest() {
  const files = [
    ...filesUnder(join(root, 'src')),
    ...configFiles.map((name) => join(root, name)).filter((path) => existsSync(path)),
  ];
  const hash = createHash('sha256');
  for (const file of files.map((path) => relative(root, path)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function isCurrent(digest = inputsDigest()) {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8') === digest;
}

/** Writes the browser modules (their specs compiled a moment ago); fails when one is over its size limit. */
async function bundleBrowserModules() {
  const compiled = (path) => import(pathToFileURL(join(root, 'dist', 'src', ...path)).href);
  const { bundleModule, playerBundle } = await compiled(['embed', 'bundle.js']);
  const { studioBundle } = await compiled(['studio', 'bundle.js']);
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  for (const spec of [playerBundle, studioBundle]) {
    const bundle = await bundleModule(spec);
    console.log(
      `${spec.name}: dist/${spec.output} ${kib(bundle.bytes)}, ${kib(bundle.gzippedBytes)} gzipped (at most ${kib(spec.maxGzippedBytes)})`,
    );
    if (bundle.gzippedBytes > spec.maxGzippedBytes) {
      console.error(`${spec.name}: the bundle is over its limit of ${kib(spec.maxGzippedBytes)} gzipped`);
      return 1;
    }
    mkdirSync(dirname(join(root, 'dist', spec.output)), { recursive: true });
    writeFileSync(join(root, 'dist', spec.output), bundle.code);
  }
  return 0;
}

/** Forgets that dist/ is current: a build in progress, or one that failed. */
export function removeStamp() {
  rmSync(stampFile, { force: true });
}

/** After a compile that succeeded: the browser modules, then the inputs recorded as built. */
export async function finishBuild(digest) {
  const status = await bundleBrowserModules();
  if (status === 0) {
    mkdirSync(dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, digest);
  }
  return status;
}

/**
 * Compiles, and records the inputs it compiled when tsc succeeds. Returns tsc's exit code. A compile
 * that fails writes nothing (tsconfig.build.json: noEmitOnError), so dist/ stays the last good build
 * (npm run dev keeps serving it), and npm run build, npm start and npm run dev compile with the same
 * options: each reuses the others' incremental build info instead of checking everything again.
 */
export async function build() {
  const digest = inputsDigest();
  removeStamp();
  const tscArgs = [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'];
  const tsc = spawnSync(process.execPath, tscArgs, { cwd: root, stdio: 'inherit' });
  const status = tsc.status ?? 1;
  return status === 0 ? finishBuild(digest) : status;
}

export async function buildIfStale() {
  return isCurrent() ? 0 : build();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --finish DIGEST: what follows npm run dev's own compile (scripts/compile-worker.mjs).
  const finish = process.argv.indexOf('--finish');
  if (finish > 0) process.exit(await finishBuild(process.argv[finish + 1]));
  process.exit(await (process.argv.includes('--if-stale') ? buildIfStale() : build()));
}
