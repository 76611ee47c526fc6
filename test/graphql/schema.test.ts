// The checked-in contracts stay in step with the code: the SDL, the per-provider Prisma schemas,
// and the migrations of each provider.
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { describe, expect, it } from 'vitest';
import { printGatewaySchema } from '../../src/schema.js';
import { migrationScript, projectRoot } from '../../src/db/schema-engine.js';
import { scratchShadowFactory } from '../../src/db/postgres.js';
import { testEngine, testPgUrl } from '../helpers.js';

describe('checked-in schemas', () => {
  it('schema/schema.graphql is the SDL the code builds (npm run schema:print)', () => {
    const checkedIn = readFileSync(join(projectRoot, 'schema', 'schema.graphql'), 'utf8');
    expect(printGatewaySchema()).toBe(checkedIn);
  });

  it('prisma/<provider>/schema.prisma are generated from prisma/schema.prisma (npm run prisma:generate)', () => {
    const result = spawnSync(process.execPath, [join(projectRoot, 'scripts', 'prisma-schemas.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('the SQLite migrations build exactly prisma/sqlite/schema.prisma', async () => {
    const script = await migrationScript('sqlite', new PrismaBetterSqlite3({ url: ':memory:' }));
    expect(script.trim()).toMatch(/^(-- This is an empty migration\.)?$/);
  });

  it.runIf(testEngine === 'postgresql')(
    'the PostgreSQL migrations build exactly prisma/postgresql/schema.prisma',
    async () => {
      const { factory, cleanup } = scratchShadowFactory(testPgUrl);
      try {
        const script = await migrationScript('postgresql', factory);
        expect(script.trim()).toMatch(/^(-- This is an empty migration\.)?$/);
      } finally {
        await cleanup();
      }
    },
  );
});
