// The browser modules this gateway serves, each one minified ES module built by esbuild from its
// browser TypeScript (Lit): the player (src/embed/player/, here) and the merchant studio
// (src/studio/bundle.ts). `npm run build` writes each under dist/ (scripts/build.mjs) and prints its
// size, failing over its gzipped limit; the compiled server serves those files, and a server running
// from the TypeScript sources (the tests) builds them in memory at start, so that they always match
// the sources.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { projectRoot } from '../paths.js';

/** What to bundle, where the build writes it and how much it may weigh. */
export interface BundleSpec {
  /** Its name in the build's output ("player"). */
  name: string;
  /** The folder of its sources (with their own tsconfig.json), under src/. */
  sources: string;
  /** The entry module, in `sources`. */
  entry: string;
  /** Where the build writes it, under dist/ ("embed/shoppable-media.js"). */
  output: string;
  /** The most it may weigh gzipped: a build over it fails. */
  maxGzippedBytes: number;
}

/** The module's file name, under dist/embed/ and at GET /embed/. */
export const playerFileName = 'shoppable-media.js';
/** The most the player may weigh gzipped: a build over it fails. */
export const maxGzippedBytes = 60 * 1024;

export const playerBundle: BundleSpec = {
  name: 'player',
  sources: join(projectRoot, 'src', 'embed', 'player'),
  entry: 'shoppable-media.ts',
  output: join('embed', playerFileName),
  maxGzippedBytes,
};

export interface Bundle {
  code: Buffer;
  /** The same, gzipped (what most browsers are sent, and what the size limit is about). */
  gzipped: Buffer;
  bytes: number;
  gzippedBytes: number;
}

function measured(text: string): Bundle {
  const code = Buffer.from(text);
  const gzipped = gzipSync(code, { level: 9 });
  return { code, gzipped, bytes: code.length, gzippedBytes: gzipped.length };
}

/** Bundles a module from its sources (esbuild is a build tool: imported only here). */
export async function bundleModule(spec: BundleSpec): Promise<Bundle> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(spec.sources, spec.entry)],
    tsconfig: join(spec.sources, 'tsconfig.json'),
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
  if (!output) throw new Error(`esbuild wrote no ${spec.name} bundle`);
  return measured(output.text);
}

/** The bundle to serve: the built file when this server was compiled, else built now from the sources. */
export async function loadBundle(spec: BundleSpec): Promise<Bundle> {
  const compiled = fileURLToPath(import.meta.url).endsWith('.js');
  if (compiled) {
    try {
      return measured(await readFile(join(projectRoot, 'dist', spec.output), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return bundleModule(spec);
}
