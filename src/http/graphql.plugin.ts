// GraphQL on /graphql: Apollo Server behind the same hooks as the REST routes, and before Apollo
// the checks of its own: GET variables, the document limits (graphql/limits.ts), Idempotency-Key
// and the answer cache's (answer-cache.plugin.ts). Failures are formatted with the
// documented codes (graphql/errors.ts); a database that is away makes a 503 with Retry-After.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { Config } from '../config.js';
import type { RequestContext } from '../context.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { isCatalogOnly } from '../catalog/catalog-queries.js';
import { compiledExecutor, executorGateway, type StockMarking } from '../graphql/executor.js';
import { sandboxLandingPage } from '../explorer/landing-page.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { adminOnlyParts, maskAdminOnlyErrors } from '../graphql/admin-only.js';
import { registerGraphQLLimits } from '../graphql/limits.js';
import type { ListSizes } from '../graphql/list-size.js';
import { idempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { faultError, retryAfterOf, retryAfterSeconds } from '../db/faults.js';
import { checkJsonText } from '../security/input.js';
import { appPlugin } from '../plugin.js';
import { activeTracer } from '../tracing/tracing.js';
import { tracedExecutor } from '../tracing/graphql.js';
import { madeContext } from './request-context.plugin.js';

/**
 * What every single answer gets on its way out: its operation's estimated cost and the limit, in
 * `extensions.cost` (graphql/limits.ts estimated it); and, when it failed because the database is
 * away, a 503 with Retry-After like REST, so that load balancers and clients back off (what data
 * could be read stays in the body).
 */
const answerPlugin: ApolloServerPlugin<RequestContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, contextValue }) {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        // Let go of once sent (releaseSent below).
        contextValue?.sending(result);
        const cost = contextValue?.graphqlCost;
        if (cost) result.extensions = { ...result.extensions, cost };
        const unavailable =
          result.errors?.filter(
            (error) =>
              error.extensions?.code === 'SERVICE_UNAVAILABLE' || error.extensions?.code === 'SEARCH_UNAVAILABLE',
          ) ?? [];
        // An execution stopped by the answer budget answers nothing of what it read (a fault besides: the 503 below).
        const tooLarge = result.errors?.find((error) => error.extensions?.code === 'ANSWER_TOO_LARGE');
        if (tooLarge && unavailable.length === 0) {
          response.body.singleResult = {
            errors: [{ message: tooLarge.message, extensions: { ...tooLarge.extensions, http: { status: 400 } } }],
            ...(result.extensions ? { extensions: result.extensions } : {}),
          };
          response.http.status = 400;
          return;
        }
        if (unavailable.length === 0) return;
        response.http.status = 503;
        response.http.headers.set(
          'retry-after',
          String(
            Math.max(
              ...unavailable.map((error) =>
                retryAfterOf(error.extensions?.details as Record<string, unknown> | undefined),
              ),
            ),
          ),
        );
      },
    };
  },
};

/**
 * With introspection off, the errors of a caller without an admin key name nothing of the
 * admin-only part of the schema (graphql/admin-only.ts).
 */
function adminOnlyErrorsPlugin(schema: GraphQLSchema): ApolloServerPlugin<RequestContext> {
  const parts = adminOnlyParts(schema);
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue, document }) {
          if (response.body.kind !== 'single' || !response.body.singleResult.errors || !contextValue) return;
          const result = response.body.singleResult;
          result.errors = maskAdminOnlyErrors(schema, parts, contextValue.principal, document, result.errors ?? []);
        },
      };
    },
  };
}

export interface GraphQLOptions {
  config: Config;
  schema: GraphQLSchema;
  /** What changed in the catalog: GraphQL reads it up to its versions. */
  catalogChanges: CatalogChanges;
  /** What the cost estimate sizes lists by (graphql/list-size.ts), as of the catalog's versions last read. */
  listSizes: () => ListSizes;
}

/**
 * Once an answer is sent, its context lets go of its loaders and of the answer's data. Apollo hands
 * an executor (graphql/executor.ts: every operation runs through one, unless GRAPHQL_COMPILED is
 * false and tracing is off) a request context whose `response.http` is an object literal with a
 * getter and a setter: new closures for every request, so each gets a hidden class of its own, and
 * that class, in the old generation, holds the closures' scope (Apollo's request context: ours, and
 * the answer's result) through every young-generation collection until the next full one. Under
 * cold GraphQL reads (images of 20 products × 5 comparables) every request's records and answer
 * were promoted, about 2.5 MB a collection, and collections took about a third of a request's CPU.
 * Let go of, and with V8's allocation-site pretenuring off (main.ts; neither alone is enough),
 * about 0.2 MB.
 */
function releaseSent(request: FastifyRequest, _reply: unknown, done: () => void): void {
  madeContext(request)?.release();
  done();
}

/**
 * POST /graphql honours Idempotency-Key as the REST routes do, in a scope of its own: the key is
 * bound to the whole request, and each mutation field keeps its answer (see
 * idempotency.graphql.ts). GET's variables arrive as JSON text in the query string, unchecked by
 * the body parser: checked here. Catalog-only queries are answered from the answers they were
 * given before, until a product they hold changes.
 */
function addRouteHooks(app: FastifyInstance): void {
  const graphqlIdempotency = idempotencyHooks(':graphql');
  const checkGetVariables = async (request: FastifyRequest) => {
    const variables = (request.query as Record<string, unknown> | undefined)?.variables;
    if (request.method === 'GET' && typeof variables === 'string') checkJsonText(variables, 'variables');
  };
  const graphqlAnswers = app.graphqlAnswerHooks;
  app.addHook('onRoute', (route) => {
    if (route.url !== '/graphql') return;
    const existing = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...existing, checkGetVariables, graphqlIdempotency.preHandler, graphqlAnswers.preHandler];
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), graphqlIdempotency.onSend, graphqlAnswers.onSend];
    route.onResponse = [...(route.onResponse ? [route.onResponse].flat() : []), releaseSent];
  });
}

/**
 * An answer the answer cache keeps (it gave the request its marks) of a catalog-only operation has
 * its SKUs' quantities marked, to learn where it shows them (catalog/stock-marks.ts).
 */
function stockMarking(context: unknown, operation: OperationDefinitionNode): StockMarking | null {
  const request = context as RequestContext;
  const marks = request.stockMarks;
  if (!marks) return null;
  if (!isCatalogOnly(operation)) {
    marks.stop();
    return null;
  }
  marks.start();
  return {
    settle: (data) => marks.settle(data),
    // The second run reads what the first read: it counts them anew, unless the first went past
    // the budget (then it stops at once, as the first did).
    again: () => {
      if (!request.loaders.budget.exceeded) request.loaders.budget.restart();
    },
  };
}

function apolloServer(app: FastifyInstance, { config, schema }: GraphQLOptions): ApolloServer<RequestContext> {
  // Catalog queries run compiled (graphql/executor.ts); the rest as graphql-js runs them. With
  // tracing on, each operation runs in its span (tracing/graphql.ts), whoever runs it.
  const tracer = activeTracer();
  const executor = config.graphqlCompiled
    ? compiledExecutor(schema, {
        compiles: isCatalogOnly,
        maxCompiled: 1000,
        onRun: app.metrics.graphqlExecuted,
        stockMarking,
      })
    : tracer && compiledExecutor(schema, { compiles: () => false, maxCompiled: 1, stockMarking });
  const runs = executor
    ? { gateway: executorGateway(schema, tracer ? tracedExecutor(tracer, executor) : executor) }
    : { schema };
  return new ApolloServer<RequestContext>({
    ...runs,
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
      app.metrics.apolloPlugin,
      // The default cache-control plugin wraps every field resolver to compute cache hints this
      // API does not use: off, and list-heavy answers resolve without a wrapper per field.
      ApolloServerPluginCacheControlDisabled(),
      answerPlugin,
      ...(config.graphqlIntrospection ? [] : [adminOnlyErrorsPlugin(schema)]),
      fastifyApolloDrainPlugin(app),
      config.graphqlSandbox ? sandboxLandingPage() : ApolloServerPluginLandingPageDisabled(),
    ],
  });
}

export const graphqlPlugin = appPlugin(
  'graphql',
  async (app, options: GraphQLOptions) => {
    const { config, schema, catalogChanges: changes, listSizes } = options;
    addRouteHooks(app);
    // The catalog's versions are read before the cost is estimated (its lists' sizes come with them),
    // once per request: the context needs them read as well.
    const readied = new WeakSet<FastifyRequest>();
    const sizesFor = async (request: FastifyRequest) => {
      const failure = await changes.untilFresh().then(
        () => {
          readied.add(request);
          return null;
        },
        (error: unknown) => error,
      );
      // The database away: with the shape known, the context answers the fault (in GraphQL's
      // shape); never read, nothing can be estimated, and the limits answer it.
      if (failure !== null && changes.shape === null) throw faultError(failure) ?? failure;
      return listSizes();
    };
    registerGraphQLLimits(app, schema, config, sizesFor, app.metrics.graphqlRefused);
    const apollo = apolloServer(app, options);
    await apollo.start();
    await app.register(fastifyApollo(apollo), {
      context: async (request) => {
        try {
          if (!readied.has(request)) await changes.fresh();
        } catch (error) {
          // Apollo answers a failed context with this error's status instead of a bare 500.
          const fault = faultError(error);
          if (!fault) throw error;
          app.log.warn({ err: error }, 'database unavailable');
          throw new GraphQLError(fault.message, {
            originalError: fault,
            extensions: {
              code: fault.code,
              http: { status: fault.statusCode, headers: new Map([['retry-after', String(retryAfterSeconds)]]) },
            },
          });
        }
        // The operation's cost, for its answer (answerPlugin).
        if (request.graphqlCost) request.context.graphqlCost = request.graphqlCost;
        return request.context;
      },
    });
  },
  // Counts operations and refusals into GET /metrics; answers with the request's context; places the
  // answer cache's hooks.
  { dependencies: ['metrics', 'request-context', 'answer-cache'] },
);
