// buildApp(config, database): the composition root. One Fastify instance with its options
// (http/server-options.ts), the services built once (services.ts), and the app's plugins, each
// named and registered on the app itself (plugin.ts), in the order their hooks run and their
// routes are documented: what every request meets first, the error handler, the probes, a plugin
// per feature, then GraphQL.
//
// The feature plugins are imported first: the REST shapes are named as their modules load, and
// the OpenAPI document lists them in that order (components.schemas).
import { catalogPlugin } from './catalog/catalog.plugin.js';
import { mediaFilesPlugin } from './catalog/media-files.plugin.js';
import { cartPlugin } from './cart/cart.plugin.js';
import { orderPlugin } from './orders/order.plugin.js';
import { webhooksPlugin } from './webhooks/webhooks.plugin.js';
import { discountsPlugin } from './discounts/discount.plugin.js';
import { performancePlugin } from './performance/performance.plugin.js';
import { mediaAdminPlugin } from './media/media.plugin.js';
import { MediaFiles } from './media/media-files.service.js';
import { searchPlugin } from './search/search.plugin.js';
import { playerEventsPlugin } from './player-events/player-events.plugin.js';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { Lifecycle } from './lifecycle.js';
import { createServices, type Services } from './services.js';
import { buildGatewaySchema } from './schema.js';
import { withSizes } from './graphql/list-size.js';
import { serverOptions, type LogStream } from './http/server-options.js';
import { hardeningPlugin } from './http/hardening.plugin.js';
import { requestContextPlugin } from './http/request-context.plugin.js';
import { errorsPlugin } from './http/errors.plugin.js';
import { probesPlugin, readinessGatePlugin } from './http/probes.plugin.js';
import { graphqlPlugin } from './http/graphql.plugin.js';
import { AnswerCache } from './http/answer-cache.js';
import { answerCachePlugin } from './http/answer-cache.plugin.js';
import { catalogOnlyOperation } from './catalog/catalog-queries.js';
import type { CacheStats } from './catalog/catalog.cache.js';
import { openApiPlugin } from './rest/openapi.js';
import { explorerPlugin } from './explorer/explorer.plugin.js';
import { embedPlugin } from './embed/embed.plugin.js';
import { storefrontPlugin } from './storefront/storefront.plugin.js';
import { studioPlugin } from './studio/studio.plugin.js';
import { metricsPlugin } from './metrics/metrics.plugin.js';
import { livePlugin } from './live/live.plugin.js';
import { activeTracer } from './tracing/tracing.js';
import { tracingPlugin } from './tracing/http.plugin.js';

export interface BuildOptions {
  /** Not ready yet (the server while it migrates): every route but /healthz and /readyz waits until it is. */
  lifecycle?: Lifecycle;
  /** Where logs go (stdout by default); tests read them. */
  logStream?: LogStream;
  /** Log lines the log stream has dropped so far (GET /metrics). */
  droppedLogLines?: () => number;
  /** Fastify's schema compilers, its own when absent (tests share serializers among their apps). */
  schemaController?: FastifyServerOptions['schemaController'];
  /**
   * The server's: the search in a thread of its own (search/search-thread.ts), which builds the
   * index once the lifecycle is ready; else in process, the index built at the first search.
   */
  searchThread?: boolean;
  /** The server's: on SQLite, player events written in a thread of their own (player-events-thread.ts). */
  eventsThread?: boolean;
}

/** The app on a database; the whole config, each plugin and service reads the keys it needs. */
export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const app = Fastify(serverOptions(config, options.logStream, options.schemaController));
  const services = createServices(config, database, app.log, {
    searchThread: options.searchThread ?? false,
    eventsThread: options.eventsThread ?? false,
  });

  // With tracing on (started before the app: server.ts), a span around each request, first of all.
  const tracer = activeTracer();
  if (tracer) await app.register(tracingPlugin, { tracer });
  // Before any route, in this order: request id and URL check, CORS, API keys, rate limit (hooks),
  // the JSON body parser; request.context; the error and not-found handlers; the readiness gate.
  await app.register(hardeningPlugin, { config });
  await app.register(requestContextPlugin, { requestContext: services.requestContext });
  await app.register(errorsPlugin);
  await app.register(readinessGatePlugin, { lifecycle });

  // REST routes from here on are collected into the OpenAPI document, in this order.
  await app.register(openApiPlugin);
  await app.register(probesPlugin, { lifecycle, database });
  // Whole answers of the catalog routes and of catalog-only GraphQL queries, kept at the edge
  // (before the routes that opt in: its onRoute hook gives them theirs).
  const answers = new AnswerCache(services.catalogChanges, {
    maxEntries: config.catalogCacheMaxEntries,
    maxBytes: config.catalogAnswerCacheMaxBytes,
    quantities: (productIds) => services.catalog.quantities(productIds),
  });
  await app.register(answerCachePlugin, {
    answers,
    changes: services.catalogChanges,
    catalogOnly: catalogOnlyOperation,
  });
  await app.register(catalogPlugin, { catalog: services.catalog });
  await app.register(mediaFilesPlugin, { dir: config.mediaFilesDir });
  await app.register(cartPlugin, { carts: services.carts, checkout: services.checkout });
  await app.register(orderPlugin, { orders: services.orders });
  await app.register(webhooksPlugin, { webhooks: services.webhooks });
  await app.register(discountsPlugin, { discounts: services.discounts });
  await app.register(mediaAdminPlugin, {
    media: services.media,
    files: new MediaFiles(config.mediaFilesDir, config.mediaUploadMaxBytes),
    uploadMaxBytes: config.mediaUploadMaxBytes,
  });
  await app.register(performancePlugin, { performance: services.performance, ranking: services.ranking });
  await app.register(playerEventsPlugin, { events: services.playerEvents });
  await app.register(searchPlugin, {
    search: services.search,
    catalog: services.catalog,
    changes: services.catalogChanges,
    warmWhen: options.searchThread ? lifecycle.whenReady : null,
  });
  if (config.graphqlSandbox) await app.register(explorerPlugin);
  await app.register(embedPlugin);
  if (config.storefrontDemo) await app.register(storefrontPlugin, { config, catalog: services.catalog });
  if (config.studio) await app.register(studioPlugin, { config });
  // GET /metrics, and the count of every answered request; GraphQL operations are counted as
  // they are answered.
  const sources = {
    pool: () => database.poolStats(),
    readPool: () => database.readPoolStats(),
    cache: () => sumStats(services.catalogCache.stats(), answers.stats()),
    droppedLogLines: options.droppedLogLines,
    droppedAnswers: () => answers.dropped,
    restockedAnswers: () => answers.restockedCount,
    playerEvents: () => services.playerEvents.stats(),
  };
  await app.register(metricsPlugin, { sources });

  await registerGraphQL(app, config, services);
  return app;
}

/** GraphQL on /graphql and its live updates over Server-Sent Events, last: their routes come after REST's. */
async function registerGraphQL(app: FastifyInstance, config: Config, services: Services): Promise<void> {
  const schema = buildGatewaySchema(services);
  // What GraphQL's cost estimate sizes lists by: the catalog's measured sizes, and the configuration's
  // (a delivery's attempts by the retry schedule: an assumption, since the last step repeats while
  // the endpoint has failed for less than five days).
  const configured = {
    webhookAttempts: config.webhookRetrySchedule.length + 1,
    webhookEndpoints: config.webhookMaxEndpoints,
  };
  const listSizes = withSizes(configured, () => services.catalogChanges.listSizes());
  const readSizes = async () => {
    await services.catalogChanges.untilFresh().catch(() => undefined);
    return listSizes();
  };
  await app.register(livePlugin, {
    config,
    schema,
    live: services.live,
    changes: services.changes,
    listSizes: readSizes,
  });
  await app.register(graphqlPlugin, { config, schema, catalogChanges: services.catalogChanges, listSizes });
}

/** The catalog's caches counted as one (the metrics' catalog_cache_*): records and whole answers. */
const sumStats = (records: CacheStats, answers: CacheStats): CacheStats => ({
  hits: records.hits + answers.hits,
  misses: records.misses + answers.misses,
  bytes: records.bytes + answers.bytes,
  entries: records.entries + answers.entries,
});
