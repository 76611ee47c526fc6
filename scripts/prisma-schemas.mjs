// Writes prisma/<provider>/schema.prisma from the single hand-edited prisma/schema.prisma.
// Usage: node scripts/prisma-schemas.mjs [--check]   (--check: exit 1 when a copy is stale)
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const providers = ['sqlite', 'postgresql'];

export function renderSchema(provider) {
  const source = readFileSync(join(root, 'prisma/schema.prisma'), 'utf8');
  const header = `// GENERATED from prisma/schema.prisma by scripts/prisma-schemas.mjs: edit that file instead.\n`;
  return header + source.replaceAll('__PROVIDER__', provider);
}

/** The copy's path in the repository, e.g. prisma/sqlite/schema.prisma. */
export const schemaCopy = (provider) => `prisma/${provider}/schema.prisma`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let stale = false;
  for (const provider of providers) {
    const target = join(root, schemaCopy(provider));
    const text = renderSchema(provider);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : null;
    if (current === text) continue;
    if (check) {
      console.error(`${target} is stale: run npm run prisma:generate`);
      stale = true;
    } else {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
  }
  if (stale) process.exit(1);
}
