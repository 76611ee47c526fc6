// The catalogs of test/fixtures/, for the test files that need them without the app (test/helpers.ts
// re-exports them beside createTestApp, and loads the whole app to do so).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const fixturesDir = join(import.meta.dirname, 'fixtures');

export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(join(fixturesDir, name), 'utf8'));
}
