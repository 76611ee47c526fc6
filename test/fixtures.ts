// The catalogs of test/fixtures/ and the demo's, for the test files that need them without the app (test/helpers.ts
// re-exports them beside createTestApp, and loads the whole app to do so).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const fixturesDir = join(import.meta.dirname, 'fixtures');

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(fixturesDir, name), 'utf8'));
}

/** The demo catalog's document (prisma/seed/demo-catalog.json), a copy of its own to change. */
export function readDemoCatalog(): unknown {
  return JSON.parse(readFileSync(join(import.meta.dirname, '..', 'prisma', 'seed', 'demo-catalog.json'), 'utf8'));
}
