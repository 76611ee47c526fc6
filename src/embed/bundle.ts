// The player's bundle: src/embed/player/ (browser TypeScript, Lit) as one minified ES module,
// built by esbuild. `npm run build` writes it to dist/embed/ (scripts/build.mjs) and prints its
// size; the compiled server serves that file, and a server running from the TypeScript sources
// (the tests) builds it in memory at start, so that it always matches the sources.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '../paths.js';

/** The module's file name, under dist/embed/ and at GET /embed/. */
export const playerFileName = 'shoppable-media.js';
/** The most the bundle may weigh gzipped: a build over it fails. */
export const maxGzippedBytes = 60 * 1024;

const playerSources = join(projectRoot, 'src', 'embed', 'player');
const builtPlayer = join(projectRoot, 'dist', 'embed', playerFileName);

export interface PlayerBundle {
  code: Buffer;
  /** The same, gzipped (what most browsers are sent, and what the size limit is about). */
  gzipped: Buffer;
  bytes: number;
  gzippedBytes: number;
}

function measured(text: string): PlayerBundle {
  const code = Buffer.from(text);
  const gzipped = gzipSync(code, { level: 9 });
  return { code, gzipped, bytes: code.length, gzippedBytes: gzipped.length };
}

/** Bundles the player from its sources (esbuild is a build tool: imported only here). */
export async function bundlePlayer(): Promise<PlayerBundle> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(playerSources, 'shoppable-media.ts')],
    tsconfig: join(playerSources, 'tsconfig.json'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2021', 'chrome100', 'firefox100', 'safari15'],
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild wrote no player bundle');
  return measured(output.text);
}

/** The bundle to serve: the built file when this server was compiled, else built now from the sources. */
export async function loadPlayer(): Promise<PlayerBundle> {
  const compiled = fileURLToPath(import.meta.url).endsWith('.js');
  if (compiled) {
    try {
      return measured(await readFile(builtPlayer, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return bundlePlayer();
}
