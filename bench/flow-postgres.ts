// (g) on PostgreSQL: the reads while orders flow scenario of run.ts, the gateway on a new scratch
// PostgreSQL database (TEST_PG_URL's server) that the normal import command fills with the same
// bench catalog. Quiet, then with 50 submits a second, GraphQL documents and REST comparables;
// the target (issue 41) is 0.8× quiet. A server that cannot be reached skips the scenario: the
// targets then say "not measured".
import { orderWarmupSeconds, warmOrderPath, whileOrdersFlow, type Flow } from './flow.js';
import { load, start, startFlags, type LoadOptions, type Measure, type Request } from './harness.js';
import { freshDatabase, importOnce } from './scale.js';

export interface PostgresFlow {
  measures: Record<string, Measure>;
  flows: Record<string, Flow>;
  /** Why it was not measured; null when it was. */
  skipped: string | null;
}

export async function flowOnPostgres(options: {
  catalogFile: string;
  products: number;
  gatewayScript: string;
  gatewayEnv: Record<string, string>;
  requests: { graphql: Request; rest: Request };
  /** Every request the scenario asks, once, before it is measured. */
  warmUp: (base: string) => Promise<void>;
  loadOptions: LoadOptions;
  /** A second of warm-up orders instead of the full warm-up (npm run bench -- --smoke). */
  smoke: boolean;
  progress: (what: string) => void;
}): Promise<PostgresFlow> {
  const result: PostgresFlow = { measures: {}, flows: {}, skipped: null };
  let database: { url: string; remove(): Promise<void> };
  try {
    database = await freshDatabase('postgresql', '', 'benchflow');
  } catch (error) {
    result.skipped = `PostgreSQL at TEST_PG_URL could not be reached (${String(error)})`;
    options.progress(`(g) on PostgreSQL skipped: ${result.skipped}`);
    return result;
  }
  try {
    const imported = importOnce(options.catalogFile, database.url);
    options.progress(`(g) on PostgreSQL: bench catalog imported in ${imported.wallSeconds.toFixed(1)} s`);
    const server = await start(
      options.gatewayScript,
      [],
      startFlags(),
      { ...options.gatewayEnv, DATABASE_URL: database.url },
      '/readyz',
    );
    try {
      await options.warmUp(server.base);
      const kinds = ['graphql', 'rest'] as const;
      // Both quiet first, then the order path's warm-up, then both flows: as on SQLite (run.ts).
      for (const kind of kinds)
        result.measures[`g-pg-${kind}-quiet`] = await load(server, [options.requests[kind]], options.loadOptions);
      result.flows['g-pg-order-warm-up'] = await warmOrderPath(
        server.base,
        50,
        options.products,
        orderWarmupSeconds(options.smoke),
      );
      for (const kind of kinds) {
        const { result: measured, flow } = await whileOrdersFlow(server.base, 50, options.products, () =>
          load(server, [options.requests[kind]], options.loadOptions),
        );
        result.measures[`g-pg-${kind}-flow-50`] = measured;
        result.flows[`g-pg-${kind}-flow-50`] = flow;
      }
    } finally {
      await server.stop();
    }
  } finally {
    await database.remove();
  }
  return result;
}
