import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import { reachable } from './src/db/postgres.js';
import { testEngine, testPgUrl } from './test/pg.js';

const require = createRequire(import.meta.url);

/**
 * `npm run test:pg` (TEST_DATABASE=postgresql) needs the server of TEST_PG_URL. Without one the
 * suite is skipped with a message on a developer's machine, and fails on CI.
 */
export default defineConfig(async () => {
  const skipAll = testEngine === 'postgresql' && !(await reachable(testPgUrl));
  if (skipAll) {
    const message = `PostgreSQL does not answer at TEST_PG_URL (${testPgUrl})`;
    if (process.env.CI) throw new Error(`${message}: CI must run the suite on PostgreSQL`);
    console.warn(`\n*** SKIPPED: ${message}; start one (see README, "Running on PostgreSQL") to run the suite on it. ***\n`);
  }
  return {
    resolve: {
      // graphql 16 ships CommonJS and ESM side by side without an "exports" map: Node gives
      // dependencies (type-graphql, Apollo) the CommonJS build, so the tests must use it too or
      // its `instanceof` checks fail across the two copies.
      alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
    },
    test: {
      include: skipAll ? [] : ['test/**/*.test.ts'],
      passWithNoTests: skipAll,
      setupFiles: ['test/setup.ts'],
      globalSetup: skipAll ? [] : ['test/global-setup.ts'],
      pool: 'forks',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
});
