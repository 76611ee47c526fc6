// Data access lives in repositories: outside `*.repository.ts` files and `db/`, no code in src/
// calls a Prisma model (`tx.cart.findMany(…)`) or the client's own queries and transactions
// (`$queryRaw`, `$executeRaw`, `$transaction`). Services, routes and resolvers call repository
// methods, so a table's statements can be found, read and changed in one place.
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, sourceRoot } from './source-files.js';

const root = resolve(import.meta.dirname, '../..');

/** The client's delegates, one per model of the data model: `model CartStore` → `cartStore`. */
function modelDelegates(): string[] {
  const schema = readFileSync(join(root, 'prisma', 'schema.prisma'), 'utf8');
  return [...schema.matchAll(/^model\s+(\w+)/gm)].map(([, name]) => name!.charAt(0).toLowerCase() + name!.slice(1));
}

const methods = [
  'findMany',
  'findFirst',
  'findFirstOrThrow',
  'findUnique',
  'findUniqueOrThrow',
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'upsert',
  'delete',
  'deleteMany',
  'count',
  'aggregate',
  'groupBy',
];

/** Where `text` calls Prisma: `<anything>.<model>.<method>(` or `.$queryRaw…`/`.$executeRaw…`/`.$transaction(`. */
export function prismaCalls(text: string, delegates: readonly string[]): string[] {
  const modelCall = new RegExp(`\\.(${delegates.join('|')})\\s*\\.\\s*(${methods.join('|')})\\s*\\(`, 'g');
  const clientCall = /\.\$(queryRaw|queryRawUnsafe|executeRaw|executeRawUnsafe|transaction)\b/g;
  return [...text.matchAll(modelCall), ...text.matchAll(clientCall)].map((match) => match[0]);
}

const allowed = (file: string) => file.endsWith('.repository.ts') || file.startsWith('db/');

describe('data access', () => {
  const delegates = modelDelegates();

  it('reads the models of the data model', () => {
    expect(delegates).toContain('cartStore');
    expect(delegates).toContain('idempotencyRecord');
  });

  it('happens only in repositories and db/', () => {
    const found: string[] = [];
    for (const file of sourceFiles(sourceRoot)) {
      const name = relative(sourceRoot, file);
      if (allowed(name)) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const call of prismaCalls(line, delegates)) found.push(`${name}:${index + 1}: ${call}`);
        });
    }
    expect(found).toStrictEqual([]);
  });

  it('sees a call when there is one', () => {
    expect(prismaCalls('await tx.cartStore.update({ where })', delegates)).toStrictEqual(['.cartStore.update(']);
    expect(prismaCalls('await this.db.$queryRaw`SELECT 1`', delegates)).toStrictEqual(['.$queryRaw']);
    expect(prismaCalls('this.byKey.delete(key); this.carts.create(tx, id)', delegates)).toStrictEqual([]);
  });
});
