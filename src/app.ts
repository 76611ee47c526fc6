// buildApp(config, database): Fastify with the REST routes, Apollo Server on /graphql, and the one
// error handler that turns every failure into the documented error shape.
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyHttpOptions, type FastifyServerOptions } from 'fastify';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { AppError, errorBody, errorStatus, reasonPhrase, type ErrorCode } from './errors.js';
import { createRequestContext, type RequestContext } from './context.js';
import { CatalogRepository } from './catalog/catalog.repository.js';
import { CatalogService } from './catalog/catalog.service.js';
import { CatalogReadModel } from './catalog/product-answer.repository.js';
import { CatalogCache } from './catalog/catalog.cache.js';
import { registerCatalogRoutes } from './catalog/catalog.routes.js';
import { graphqlAnswerCache } from './catalog/catalog.answers.graphql.js';
import { CartLifetime, CartService } from './cart/cart.service.js';
import { CheckoutService } from './cart/checkout.service.js';
import { registerCartRoutes } from './cart/cart.routes.js';
import { OrderService } from './orders/order.service.js';
import { registerOrderRoutes } from './orders/order.routes.js';
import { WebhookService } from './webhooks/webhooks.service.js';
import { registerWebhookRoutes } from './webhooks/webhooks.routes.js';
import { registerExplorerRoutes } from './explorer/explorer.routes.js';
import { sandboxLandingPage } from './explorer/landing-page.js';
import { buildGatewaySchema } from './schema.js';
import { formatGraphQLError } from './graphql/errors.js';
import { Lifecycle } from './lifecycle.js';
import { faultError, retryAfterSeconds } from './db/faults.js';
import { DatabaseHealth, healthTimeoutMs, writeProbeIntervalMs } from './db/health.js';
import { checkJsonText, checkUrl } from './security/input.js';
import { registerGraphQLLimits } from './graphql/limits.js';
import { principalOf, registerSecurity } from './security/security.js';
import { idempotencyHooks } from './idempotency/idempotency.hooks.js';
import { idempotencyScope } from './idempotency/idempotency.js';
import { registerMetrics } from './metrics/metrics.js';
import { createChangeFeed } from './events/change-feed.js';
import { LiveUpdates } from './live/live.service.js';
import { registerLiveRoutes } from './live/live.routes.js';
import { registerOpenApi } from './rest/openapi.js';
import { Type } from '@sinclair/typebox';

declare module 'fastify' {
  interface FastifyRequest {
    readonly context: RequestContext;
  }
}

export type AppConfig = Pick<
  Config,
  | 'logLevel'
  | 'graphqlIntrospection'
  | 'graphqlSandbox'
  | 'bodyLimit'
  | 'apiKeys'
  | 'corsOrigins'
  | 'rateLimitMax'
  | 'graphqlMaxDepth'
  | 'graphqlMaxComplexity'
  | 'catalogCacheTtlMs'
  | 'catalogCacheMaxEntries'
  | 'catalogCacheMaxBytes'
  | 'catalogAnswerCacheMaxBytes'
  | 'trustProxy'
  | 'redisUrl'
  | 'requestTimeoutMs'
  | 'keepAliveTimeoutMs'
  | 'maxConnections'
  | 'graphqlMaxTokens'
  | 'graphqlMaxAliases'
  | 'cartTtlSeconds'
  | 'webhookRetrySchedule'
  | 'webhookAllowPrivateUrls'
  | 'webhookMaxEndpoints'
>;

const requestIdShape = /^[A-Za-z0-9._-]{1,64}$/;

/** The answer of /healthz and /readyz. */
const Probe = Type.Object({ status: Type.String({ description: 'ok / ready; else why not: unavailable, starting, migrating, stopping.' }) });

/**
 * What a request log line says of the request: its route pattern, not its URL, so that cart ids
 * (the only key to a cart) and query strings stay out of logs. Bodies and headers are never logged.
 */
function requestLogView(request: FastifyRequest) {
  // A path that matches no route may still hold a cart id (/cart/<id>/typo): it is not logged.
  return { method: request.method, route: request.routeOptions.url ?? '(no route)', remoteAddress: request.ip };
}

const contextKey = Symbol('requestContext');

/**
 * A GraphQL answer that failed because the database is away is a 503 with Retry-After, like
 * REST, so that load balancers and clients back off; what data could be read stays in the body.
 */
const serviceUnavailablePlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        if (!response.body.singleResult.errors?.some((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
        response.http.status = 503;
        response.http.headers.set('retry-after', String(retryAfterSeconds));
      },
    };
  },
};

/** TRUST_PROXY as a hop count: the nearest `hops` proxies may name the client. */
function hopsTrusted(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

/** Fastify's own errors for bad requests, by their code, and the documented code for each. */
const fastifyErrorCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

function toAppError(error: FastifyError): AppError | null {
  if (error instanceof AppError) return error;
  const code = error.code && fastifyErrorCodes[error.code];
  if (code) {
    const details = error.validation
      ? { problems: error.validation.map((problem) => ({ path: `${error.validationContext ?? ''}${problem.instancePath}`, message: problem.message ?? 'is invalid' })) }
      : undefined;
    return new AppError(code, error.message, details);
  }
  // Apollo's integration builds a URL from Host (or X-Forwarded-Host/-Proto behind a trusted
  // proxy): one that is not a host name is the request's fault.
  if ((error as { code?: unknown }).code === 'ERR_INVALID_URL') {
    return new AppError('VALIDATION_FAILED', 'The Host header (or X-Forwarded-Host / X-Forwarded-Proto) is not valid', { field: 'Host' });
  }
  if (error instanceof SyntaxError || (error as { type?: string }).type === 'entity.parse.failed') {
    return new AppError('INVALID_JSON', 'The request body is not valid JSON');
  }
  return null;
}

/**
 * Builds the app. With a Lifecycle that is not ready yet (the server while it migrates), every
 * route but /healthz and /readyz waits until it is.
 */
export interface BuildOptions {
  lifecycle?: Lifecycle;
  /** Where logs go (stdout by default); tests read them. */
  logStream?: { write(line: string): unknown };
  /** Log lines the log stream has dropped so far (GET /metrics). */
  droppedLogLines?: () => number;
  /** Fastify's schema compilers, its own when absent (tests share serializers among their apps). */
  schemaController?: FastifyServerOptions['schemaController'];
}

/** Fastify's options: logging without buyer data, limits, timeouts, request ids, schema compilers. */
function serverOptions(config: AppConfig, options: BuildOptions): FastifyHttpOptions<FastifyInstance['server']> {
  return {
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: { req: requestLogView },
      // Belt and braces: nothing logs these today, and nothing will by accident.
      redact: {
        paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'headers.authorization', 'headers["x-api-key"]', '*.buyer_identity', '*.buyerIdentity', '*.email', '*.phone', '*.address_1', '*.address1'],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.bodyLimit,
    // Long path parameters reach the handlers, which refuse them with a 400 (a slug over 255
    // characters) instead of a 404 for a route that does exist; node's header limit bounds them.
    routerOptions: { maxParamLength: 16_384 },
    // A path Fastify cannot decode (bad percent-encoding) gets the documented error shape too.
    frameworkErrors: (_error, _request, reply) => {
      const error = new AppError('VALIDATION_FAILED', 'The URL is not valid (bad percent-encoding)');
      void (reply as unknown as FastifyReply).status(error.statusCode).send(errorBody(error));
    },
    return503OnClosing: true,
    // Behind a load balancer the client is the address the trusted proxy names, not the proxy:
    // rate limits, idempotency scopes and logs all use request.ip.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // A client has requestTimeoutMs to send a whole request and a socket may idle as long; node
    // checks often enough that a trickled body is cut within a second of its deadline.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: { headersTimeout: Math.min(config.requestTimeoutMs, 10_000), connectionsCheckingInterval: Math.min(config.requestTimeoutMs, 1000) },
    // A caller's x-request-id is kept when it is a plain token, else a UUID; answered back.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdShape.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true, allowUnionTypes: true } },
    ...(options.schemaController ? { schemaController: options.schemaController } : {}),
  };
}

export async function buildApp(config: AppConfig, database: Database, options: BuildOptions = {}): Promise<FastifyInstance> {
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const app = Fastify(serverOptions(config, options));
  // Past this many open sockets a process refuses new ones at once, before they cost anything.
  app.server.maxConnections = config.maxConnections;
  // Callback style: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    try {
      checkUrl(request.url);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  const { refuseWithoutKey } = await registerSecurity(app, config);
  if (config.apiKeys.length === 0) app.log.warn('API_KEYS is not set: the service runs open, every caller may do everything');
  app.decorateRequest('idempotentWrite', null);
  const idempotency = idempotencyHooks();

  const catalogRepository = new CatalogRepository(database.db, database.reader);
  const catalogCache = new CatalogCache(catalogRepository, { ttlMs: config.catalogCacheTtlMs, maxEntries: config.catalogCacheMaxEntries, maxBytes: config.catalogCacheMaxBytes, answerMaxBytes: config.catalogAnswerCacheMaxBytes });
  const catalog = new CatalogService(catalogRepository, catalogCache, new CatalogReadModel(database.reader));
  const lifetime = new CartLifetime(config.cartTtlSeconds * 1000);
  // Writes publish their changes for live updates (src/live); streams may take at most half of
  // the connections a process accepts.
  const changes = createChangeFeed(database, { maxWatches: Math.max(1, Math.floor(config.maxConnections / 2)), log: app.log });
  const carts = new CartService(database.db, lifetime, changes);
  // A process shows its own stock changes at once (other processes' within CATALOG_CACHE_TTL_MS).
  const stockChanged = () => catalog.stockChanged();
  const checkout = new CheckoutService(database.db, lifetime, changes, stockChanged);
  const orders = new OrderService(database.db, changes, stockChanged);

  app.decorateRequest(contextKey, null);
  app.decorateRequest('context', {
    getter() {
      const holder = this as unknown as { [contextKey]: RequestContext | null };
      const principal = principalOf(this);
      return (holder[contextKey] ??= createRequestContext(catalogRepository, catalogCache, {
        principal,
        idempotencyScope: idempotencyScope(principal, this.ip),
        idempotentWrite: () => this.idempotentWrite,
      }));
    },
  });

  // JSON bodies: an empty body is accepted as "no body" (cartStatus documents one as optional);
  // anything unparsable is INVALID_JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      checkJsonText(text);
      parsed = JSON.parse(text);
    } catch (error) {
      return done(error instanceof AppError ? error : new AppError('INVALID_JSON', 'The request body is not valid JSON'), undefined);
    }
    done(null, parsed);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError = toAppError(error);
    if (!appError && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const status = error.statusCode;
      const code = (Object.keys(errorStatus) as ErrorCode[]).find((candidate) => errorStatus[candidate] === status) ?? 'VALIDATION_FAILED';
      appError = new AppError(code, error.message);
    }
    if (!appError) {
      appError = faultError(error);
      if (appError?.code === 'SERVICE_UNAVAILABLE') request.log.warn({ err: error }, 'database unavailable');
    }
    if (!appError) {
      request.log.error({ err: error }, 'unexpected error');
      appError = new AppError('INTERNAL_SERVER_ERROR', reasonPhrase[500] ?? 'Internal Server Error');
    }
    if (appError.statusCode === 503) void reply.header('retry-after', String(retryAfterSeconds));
    // The catalog routes' caching headers, set before the handler, belong to successful answers only.
    if (reply.hasHeader('etag')) {
      reply.removeHeader('etag');
      reply.removeHeader('cache-control');
    }
    return reply.status(appError.statusCode).send(errorBody(appError));
  });

  app.setNotFoundHandler(refuseWithoutKey ? { preHandler: refuseWithoutKey } : {}, (request, reply) => {
    const error = new AppError('ROUTE_NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]?.slice(0, 200) ?? ''}`);
    return reply.status(error.statusCode).send(errorBody(error));
  });

  if (!lifecycle.ready) {
    // While the server migrates, requests wait for it (at most 30 s) rather than fail; probes
    // answer at once. One comparison per request once ready.
    app.addHook('onRequest', async (request, reply) => {
      if (lifecycle.ready || request.url === '/healthz' || request.url === '/readyz') return;
      if (await lifecycle.waitUntilReady(30_000)) return;
      const error = new AppError('SERVICE_UNAVAILABLE', `The service is ${lifecycle.phase}; try again shortly`);
      await reply.status(error.statusCode).header('retry-after', '1').send(errorBody(error));
    });
  }

  // REST routes from here on are collected into the OpenAPI document.
  await registerOpenApi(app);
  const probe = (summary: string) => ({
    schema: { tags: ['Operations'], summary, security: [], response: { 200: Probe, 503: { ...Probe, description: 'Not ready, or the database is not answering.' } } },
  });

  app.get('/readyz', probe('Readiness: ready once migrations ran'), async (_request, reply) => {
    if (lifecycle.ready) return { status: 'ready' };
    return reply.status(503).send({ status: lifecycle.phase });
  });

  const health = new DatabaseHealth(database.db, app.log);
  app.get('/healthz', probe(`Liveness: the database answers a read within ${healthTimeoutMs / 1000} s and takes a write (tried at most every ${writeProbeIntervalMs / 1000} s)`), async (_request, reply) => {
    // Before migrations finish the database is not to be touched (SQLite is held exclusively).
    if (lifecycle.phase === 'starting' || lifecycle.phase === 'migrating') return reply.status(503).send({ status: lifecycle.phase });
    if (await health.healthy()) return { status: 'ok' };
    return reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ status: 'unavailable' });
  });

  registerCatalogRoutes(app, catalog);
  registerCartRoutes(app, carts, checkout, idempotency);
  registerOrderRoutes(app, orders, idempotency);
  const webhooks = new WebhookService(database.db, database.provider, { allowPrivateUrls: config.webhookAllowPrivateUrls, maxEndpoints: config.webhookMaxEndpoints });
  registerWebhookRoutes(app, webhooks);
  if (config.graphqlSandbox) registerExplorerRoutes(app);

  // POST /graphql honours Idempotency-Key as the REST routes do, in a scope of its own: the key
  // is bound to the whole request, and each mutation field keeps its answer (see
  // idempotency.graphql.ts). GET's variables arrive as JSON text in the query string, unchecked
  // by the body parser: checked here.
  const graphqlIdempotency = idempotencyHooks(':graphql');
  const checkGetVariables = async (request: FastifyRequest) => {
    const variables = (request.query as Record<string, unknown> | undefined)?.variables;
    if (request.method === 'GET' && typeof variables === 'string') checkJsonText(variables, 'variables');
  };
  // Catalog-only queries are answered from the answers they were given before (same catalog version).
  const graphqlAnswers = graphqlAnswerCache(catalog);
  app.addHook('onRoute', (route) => {
    if (route.url !== '/graphql') return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, checkGetVariables, graphqlIdempotency.preHandler, graphqlAnswers.preHandler];
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), graphqlIdempotency.onSend, graphqlAnswers.onSend];
  });

  const schema = buildGatewaySchema({ catalog, carts, checkout, orders, webhooks });
  // GET /metrics and the HTTP request hook; GraphQL operations are counted as they are answered.
  const metrics = registerMetrics(app, { pool: () => database.poolStats(), cache: () => catalogCache.stats(), droppedLogLines: options.droppedLogLines });
  registerGraphQLLimits(app, schema, config, metrics.graphqlRefused);
  registerLiveRoutes(app, { schema, live: new LiveUpdates(carts, orders, changes), changes, config, onRefused: metrics.graphqlRefused });
  const apollo = new ApolloServer<RequestContext>({
    schema,
    introspection: config.graphqlIntrospection,
    // Every document is checked before Apollo parses it (graphql/limits.ts); Apollo's parse is
    // bounded as well, and persisted queries are off: a hash alone would skip the check.
    parseOptions: { maxLexicalTokens: config.graphqlMaxTokens },
    persistedQueries: false,
    // Clients authenticate with headers, never cookies, so a cross-site form cannot act for a
    // shopper; GET queries from plain clients are welcome.
    csrfPrevention: false,
    formatError: formatGraphQLError(
      (error) => app.log.error({ err: error }, 'unexpected GraphQL error'),
      (error) => app.log.warn({ err: error }, 'database unavailable'),
      !config.graphqlIntrospection,
    ),
    includeStacktraceInErrorResponses: false,
    // The server's shutdown owns the stop signals. Apollo's own handlers (on unless NODE_ENV is
    // test) would close the app beside it, cut requests still running after 10 s whatever
    // SHUTDOWN_TIMEOUT_MS says, and send the signal again once done.
    stopOnTerminationSignals: false,
    plugins: [
      metrics.apolloPlugin,
      // The default cache-control plugin wraps every field resolver to compute cache hints this
      // API does not use: off, and list-heavy answers resolve without a wrapper per field.
      ApolloServerPluginCacheControlDisabled(),
      serviceUnavailablePlugin,
      fastifyApolloDrainPlugin(app),
      config.graphqlSandbox ? sandboxLandingPage() : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    context: async (request) => {
      try {
        await catalog.version();
      } catch (error) {
        // Apollo answers a failed context with this error's status instead of a bare 500.
        const fault = faultError(error);
        if (!fault) throw error;
        app.log.warn({ err: error }, 'database unavailable');
        throw new GraphQLError(fault.message, { originalError: fault, extensions: { code: fault.code, http: { status: fault.statusCode, headers: new Map([['retry-after', String(retryAfterSeconds)]]) } } });
      }
      return request.context;
    },
  });
  return app;
}
