// GET /metrics in Prometheus' text format: HTTP requests by route pattern, GraphQL operations by
// outcome, the database pool, the catalog cache, dropped log lines, and the process (event-loop
// lag, memory, GC).
// Each app counts into a registry of its own, so apps built side by side (tests) never mix counts.
import { getHeapStatistics } from 'node:v8';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApolloServerPlugin, BaseContext, GraphQLRequestListener } from '@apollo/server';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { errors } from '../rest/responses.js';
import type { PoolStats } from '../db/database.js';
import type { CacheStats } from '../catalog/catalog.cache.js';
import type { PlayerEventStats } from '../player-events/player-events.model.js';

/** Read at each scrape. A pool of null (SQLite has none) has no sample. */
export interface MetricsSources {
  pool?: () => PoolStats | null;
  /** The catalog reads' own pool (PostgreSQL). */
  readPool?: () => PoolStats | null;
  cache?: () => CacheStats;
  droppedLogLines?: () => number;
  /** Kept answers dropped because the catalog changed under them. */
  droppedAnswers?: () => number;
  /** Kept answers whose SKU quantities were rewritten after a stock change. */
  restockedAnswers?: () => number;
  playerEvents?: () => PlayerEventStats;
}

/** The route label of requests no route matched: their URLs may hold anything, cart ids included. */
const unmatchedRoute = '(no route)';

/** Seconds; from a cached catalog read to the request timeout (30 s by default). */
const durationBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

let processRegistry: Registry | undefined;

/**
 * Event-loop lag, memory, CPU, handles, GC: facts of the process, not of an app. prom-client
 * measures some with an event-loop monitor and a GC observer that it never stops (both unref'd,
 * so they hold no process open): one set per process, however many apps it builds.
 */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
  // What "the heap is nearly full" compares with: --max-old-space-size plus the young generation.
  new Gauge({
    name: 'nodejs_heap_size_limit_bytes',
    help: 'Size the V8 heap may grow to, in bytes.',
    registers: [processRegistry],
  }).set(getHeapStatistics().heap_size_limit);
  return processRegistry;
}

/** A gauge read from a source at each scrape; without a reading (null) it has no sample. */
function gaugeOf<S>(source: () => S | null, read: (stats: S) => number) {
  return function collect(this: Gauge) {
    const stats = source();
    if (stats === null) this.remove();
    else this.set(read(stats));
  };
}

/** A counter set to a cumulative count the source keeps (never summed by the counter itself). */
function counterOf<S>(source: () => S, read: (stats: S) => number) {
  return function collect(this: Counter) {
    this.reset();
    this.inc(read(source()));
  };
}

/** What became of player events (docs/analytics.md), and what waits to be written. */
function registerPlayerEventMetrics(registry: Registry, source: () => PlayerEventStats): void {
  const outcomes = ['accepted', 'refused', 'counted', 'repeated', 'dropped'] as const;
  new Counter({
    name: 'player_events_total',
    help:
      'Player events by outcome: accepted (202), refused (503: too many waiting), then each accepted one counted ' +
      'or repeated (its session counted the same within 30 minutes); dropped: lost at shutdown.',
    labelNames: ['outcome'],
    registers: [registry],
    collect(this: Counter<'outcome'>) {
      const stats = source();
      this.reset();
      for (const outcome of outcomes) this.inc({ outcome }, stats[outcome]);
    },
  });
  new Counter({
    name: 'player_event_flushes_failed_total',
    help: 'Writes of player events that failed (their events waited for the next).',
    registers: [registry],
    collect: counterOf(source, (stats) => stats.failedFlushes),
  });
  new Gauge({
    name: 'player_events_pending',
    help: 'Player events taken in and not written yet.',
    registers: [registry],
    collect: gaugeOf(source, (stats) => stats.pending),
  });
}

/** A pool's connections, busy or idle, its idle ones, and the queries waiting for one. */
function registerPoolMetrics(registry: Registry, prefix: string, which: string, pool: () => PoolStats | null): void {
  const registers = [registry];
  new Gauge({
    name: `${prefix}_connections`,
    help: `Connections ${which} holds, busy or idle.`,
    registers,
    collect: gaugeOf(pool, (stats) => stats.total),
  });
  new Gauge({
    name: `${prefix}_connections_idle`,
    help: `Connections of ${which} not in use.`,
    registers,
    collect: gaugeOf(pool, (stats) => stats.idle),
  });
  new Gauge({
    name: `${prefix}_waiting_requests`,
    help: `Queries waiting for a connection of ${which}.`,
    registers,
    collect: gaugeOf(pool, (stats) => stats.waiting),
  });
}

function registerSourceMetrics(registry: Registry, sources: MetricsSources): void {
  const registers = [registry];
  const { pool, readPool, cache, droppedLogLines, droppedAnswers, restockedAnswers, playerEvents } = sources;
  if (playerEvents) registerPlayerEventMetrics(registry, playerEvents);
  if (pool) registerPoolMetrics(registry, 'db_pool', 'the database pool', pool);
  if (readPool) registerPoolMetrics(registry, 'db_read_pool', "the catalog reads' pool", readPool);
  if (cache) {
    new Counter({
      name: 'catalog_cache_hits_total',
      help: 'Catalog reads answered by the in-process cache.',
      registers,
      collect: counterOf(cache, (stats) => stats.hits),
    });
    new Counter({
      name: 'catalog_cache_misses_total',
      help: 'Catalog reads the cache sent to the database.',
      registers,
      collect: counterOf(cache, (stats) => stats.misses),
    });
    new Gauge({
      name: 'catalog_cache_bytes',
      help: 'Estimated bytes the catalog cache holds.',
      registers,
      collect: gaugeOf(cache, (stats) => stats.bytes),
    });
    new Gauge({
      name: 'catalog_cache_entries',
      help: 'Entries the catalog cache holds.',
      registers,
      collect: gaugeOf(cache, (stats) => stats.entries),
    });
  }
  if (droppedAnswers) {
    new Counter({
      name: 'catalog_answers_dropped_total',
      help: 'Kept answers dropped because a product they show changed or an import replaced the catalog.',
      registers,
      collect: counterOf(droppedAnswers, (count) => count),
    });
  }
  if (restockedAnswers) {
    new Counter({
      name: 'catalog_answers_restocked_total',
      help: 'Kept answers whose SKU quantities were read again and rewritten after a stock change, instead of dropped.',
      registers,
      collect: counterOf(restockedAnswers, (count) => count),
    });
  }
  if (droppedLogLines) {
    new Counter({
      name: 'log_lines_dropped_total',
      help: 'Log lines dropped: stdout did not take them in time, or could no longer be written to.',
      registers,
      collect: counterOf(droppedLogLines, (count) => count),
    });
  }
}

/**
 * GraphQL operations by type and outcome: `refused` when the answer has no `data` (it never ran:
 * unparsable, invalid, over a limit, bad variables), `error` when it ran with errors. No operation
 * name label: clients choose names, so their number has no bound.
 */
function graphqlPlugin(operations: Counter<'type' | 'outcome'>): ApolloServerPlugin {
  // Series that exist from the start, so that rates and alerts on them are defined at once.
  for (const type of ['query', 'mutation']) {
    for (const outcome of ['success', 'error', 'refused']) operations.inc({ type, outcome }, 0);
  }
  // One listener for every request: it keeps no state of its own.
  const listener: GraphQLRequestListener<BaseContext> = {
    async willSendResponse({ operation, response }) {
      const result = response.body.kind === 'single' ? response.body.singleResult : response.body.initialResult;
      const outcome = result.data === undefined ? 'refused' : result.errors?.length ? 'error' : 'success';
      operations.inc({ type: operation?.operation ?? 'unknown', outcome });
    },
  };
  return {
    async requestDidStart() {
      return listener;
    },
    // Requests Apollo cannot read as GraphQL requests at all (a query that is not a string...).
    async invalidRequestWasReceived() {
      operations.inc({ type: 'unknown', outcome: 'refused' });
    },
    // The database was away before any operation could start (answered 503).
    async contextCreationDidFail() {
      operations.inc({ type: 'unknown', outcome: 'error' });
    },
  };
}

/**
 * Adds GET /metrics (an admin key when keys are configured) and the HTTP request hook, and
 * answers what counts GraphQL operations.
 */
export interface GatewayMetrics {
  /** Counts GraphQL operations as they are answered. */
  apolloPlugin: ApolloServerPlugin;
  /** Counts an operation refused before Apollo saw it (the document limits). */
  graphqlRefused(): void;
  /** Counts an operation run, compiled (graphql-jit) or by graphql-js. */
  graphqlExecuted(compiled: boolean): void;
}

export function registerMetrics(app: FastifyInstance, sources: MetricsSources = {}): GatewayMetrics {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by route pattern.',
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations by type and outcome (success, error, refused before running).',
    labelNames: ['type', 'outcome'] as const,
    registers: [registry],
  });
  const executions = new Counter({
    name: 'graphql_executions_total',
    help: 'GraphQL operations run, by executor: compiled (graphql-jit) or graphql-js.',
    labelNames: ['executor'] as const,
    registers: [registry],
  });
  for (const executor of ['compiled', 'graphql-js']) executions.inc({ executor }, 0);
  registerSourceMetrics(registry, sources);
  const scraped = Registry.merge([registry, processMetrics()]);

  // After the answer is sent: no cost on the way in, and the status is final. The route is the
  // pattern (`/cart/:id`), never the URL, which may hold a cart id (the only key to a cart).
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? unmatchedRoute,
      status_code: reply.statusCode,
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
  const metricsSchema = {
    tags: ['Operations'],
    summary: 'Prometheus metrics (an admin key when API_KEYS is set)',
    response: {
      200: {
        description: 'Prometheus text exposition format 0.0.4.',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
      ...errors('FORBIDDEN'),
    },
  };
  app.get('/metrics', { schema: metricsSchema, preHandler: adminOnly }, async (_request, reply) =>
    reply.type(scraped.contentType).send(await scraped.metrics()),
  );

  return {
    apolloPlugin: graphqlPlugin(operations),
    graphqlRefused: () => operations.inc({ type: 'unknown', outcome: 'refused' }),
    graphqlExecuted: (compiled) => executions.inc({ executor: compiled ? 'compiled' : 'graphql-js' }),
  };
}
