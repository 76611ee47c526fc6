// Generates the Prisma client for each provider without the native schema engine, which cannot
// be downloaded offline: `generate` only needs PRISMA_SCHEMA_ENGINE_BINARY to point at an
// executable, and /bin/false makes any accidental use of it fail loudly instead of "succeeding".
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' };

const render = spawnSync(process.execPath, [join(root, 'scripts/prisma-schemas.mjs')], { stdio: 'inherit' });
if (render.status !== 0) process.exit(render.status ?? 1);
for (const provider of ['sqlite', 'postgresql']) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'generate', '--schema', join(root, 'prisma', provider, 'schema.prisma')], { stdio: 'inherit', env, cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
