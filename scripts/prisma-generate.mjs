// Writes prisma/<provider>/schema.prisma from prisma/schema.prisma (scripts/prisma-schemas.mjs),
// then generates the Prisma client of each provider from its copy. With --clients-only (npm
// install's postinstall) it generates the clients from the checked-in copies and writes no
// checked-in file, so that an install cannot hide a stale copy from `npm run generate -- --check`.
//
// The clients are generated without the native schema engine, which cannot be downloaded
// offline: `generate` only needs PRISMA_SCHEMA_ENGINE_BINARY to point at an executable, and
// /bin/false makes any accidental use of it fail loudly instead of "succeeding".
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { providers, schemaCopy } from './prisma-schemas.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/false',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};

/** Generates src/db/generated/<provider>/ from each prisma/<provider>/schema.prisma. Returns an exit code. */
export function generateClients() {
  for (const provider of providers) {
    const result = spawnSync(
      process.execPath,
      [join(root, 'node_modules/prisma/build/index.js'), 'generate', '--schema', join(root, schemaCopy(provider))],
      { stdio: 'inherit', env, cwd: root },
    );
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--clients-only')) {
    const render = spawnSync(process.execPath, [join(root, 'scripts/prisma-schemas.mjs')], { stdio: 'inherit' });
    if (render.status !== 0) process.exit(render.status ?? 1);
  }
  process.exit(generateClients());
}
