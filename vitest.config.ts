import { createRequire } from 'node:module';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { reachable } from './src/db/postgres.js';
import { testEngine, testPgUrl } from './test/pg.js';

const require = createRequire(import.meta.url);

/**
 * The suite in three tiers (`npm test` runs them all; `npm run test:unit`, `test:app` and
 * `test:process` one each):
 * - unit: pure rules (the player's among them) and the architecture checks, no database, in two
 *   workers that load the modules once for all their files (isolate: false), so a file must leave
 *   no changed globals behind;
 * - app: the app in process (Fastify's inject, Apollo, a real database), two files at a time in
 *   two workers that load the modules once for all their files (isolate: false), so a file must
 *   leave nothing behind (open apps, timers, listeners, changed globals) that another could see;
 * - process: real gateway and import processes (dist/, compiled once in the background while the
 *   unit and app tiers run: test/server-build.ts), Chromium, Redis, outages and fuzzing, two files at
 *   a time in two workers that load the test modules once (isolate: false, as the app tier: the
 *   processes under test are new for every file), after the other tiers so that their timings are
 *   not measured on a machine busy with them. The files timed against the
 *   heap, forced collections, rate windows or a stop under load ran one at a time once; they pass
 *   beside a CPU hog (npm run test:loaded), so beside one another file too. A third file at a time
 *   did not make the tier much shorter (293 s against 306 s, every file stretched): the two cores
 *   are busy, not waiting.
 */
const unitFiles = [
  'test/domain/**/*.test.ts',
  'test/architecture/**/*.test.ts',
  'test/player/**/*.test.ts',
  'test/config.test.ts',
];
const processFiles = [
  'test/process/**/*.test.ts',
  'test/postgres/**/*.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/**/*.process.test.ts',
  'test/**/*.browser.test.ts',
  'test/security/rate-limit.test.ts',
  'test/catalog/import-memory.test.ts',
  'test/events/delivery-gc-pressure.test.ts',
  'test/live/subscriptions.test.ts',
];
/** Waits, before each process file, for the server that test/global-setup.ts began to build. */
const serverBuilt = 'test/process-setup.ts';
/** The migrated database that the app and process tiers copy for each test database (test/database.ts). */
const databaseTemplate = 'test/database-template.ts';

/**
 * `npm run test:pg` (TEST_DATABASE=postgresql) needs the server of TEST_PG_URL. Without one the
 * suite is skipped with a message on a developer's machine, and fails on CI.
 */
export default defineConfig(async () => {
  const skipAll = testEngine === 'postgresql' && !(await reachable(testPgUrl));
  if (skipAll) {
    const message = `PostgreSQL does not answer at TEST_PG_URL (${testPgUrl})`;
    if (process.env.CI) throw new Error(`${message}: CI must run the suite on PostgreSQL`);
    console.warn(
      `\n*** SKIPPED: ${message}; start one (docs/operations.md, "Running on PostgreSQL") to run the suite on it. ***\n`,
    );
  }
  const tier = (
    name: string,
    include: string[],
    options: {
      exclude?: string[];
      isolate?: boolean;
      order: number;
      globalSetup?: string[];
      setupFiles?: string[];
    },
  ): TestProjectInlineConfiguration => ({
    extends: true,
    test: {
      name,
      include: skipAll ? [] : include,
      exclude: options.exclude ?? [],
      maxWorkers: 2,
      isolate: options.isolate ?? true,
      sequence: { groupOrder: options.order },
      globalSetup: skipAll ? [] : (options.globalSetup ?? []),
      setupFiles: ['test/setup.ts', ...(options.setupFiles ?? [])],
    },
  });
  return {
    resolve: {
      // graphql 16 ships CommonJS and ESM side by side without an "exports" map: Node gives
      // dependencies (type-graphql, Apollo) the CommonJS build, so the tests must use it too or
      // its `instanceof` checks fail across the two copies.
      alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
    },
    test: {
      passWithNoTests: skipAll,
      pool: 'forks',
      testTimeout: 30_000,
      hookTimeout: 60_000,
      projects: [
        tier('unit', unitFiles, { order: 0, isolate: false }),
        tier('app', ['test/**/*.test.ts'], {
          exclude: [...unitFiles, ...processFiles],
          isolate: false,
          order: 0,
          globalSetup: [databaseTemplate],
        }),
        tier('process', processFiles, {
          isolate: false,
          order: 1,
          globalSetup: ['test/global-setup.ts', databaseTemplate],
          setupFiles: [serverBuilt],
        }),
      ],
    },
  };
});
