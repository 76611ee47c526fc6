// The studio's script: src/studio/app/ (browser TypeScript, Lit) bundled as one ES module, as the
// player is (embed/bundle.ts): written to dist/studio/ by `npm run build`, built in memory by a
// server running from the sources.
import { join } from 'node:path';
import type { BundleSpec } from '../embed/bundle.js';
import { projectRoot } from '../paths.js';

export const studioFileName = 'studio.js';

export const studioBundle: BundleSpec = {
  name: 'studio',
  sources: join(projectRoot, 'src', 'studio', 'app'),
  entry: 'studio.ts',
  output: join('studio', studioFileName),
  maxGzippedBytes: 40 * 1024,
};
