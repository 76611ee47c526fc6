// GET or POST /graphql/stream: GraphQL subscriptions over Server-Sent Events, served by
// graphql-sse's handler for Fastify in its "distinct connections" mode (one subscription per
// request, Accept: text/event-stream), which passes through ordinary HTTP proxies and needs no
// state shared between processes. The same rules as /graphql: API keys (security.ts's onRoute
// hooks reach this route too), the document limits of graphql/limits.ts (subscriptions only
// here), errors formatted alike. What cannot run is refused with an HTTP status before the stream
// opens: an unknown cart is a 404, not a stream of one error, so that a browser's EventSource
// does not reconnect to it forever.
import { STATUS_CODES } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestParams } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fastify';
import {
  GraphQLError,
  parse,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFormattedError,
  type GraphQLSchema,
} from 'graphql';
import type { Config } from '../config.js';
import type { ListSizes } from '../graphql/list-size.js';
import { assessDocument, type DocumentLimits, type OperationCost, type Refusal } from '../graphql/limits.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { adminOnlyParts, maskAdminOnlyErrors } from '../graphql/admin-only.js';
import { retryAfterSeconds } from '../db/faults.js';
import { checkJsonText } from '../security/input.js';
import type { ChangeFeed } from '../events/change-feed.js';
import type { LiveUpdates, Outlet } from './live.service.js';
import type { LiveContext, LiveSession } from './live.resolver.js';

export const streamPath = '/graphql/stream';

/** A subscriber whose connection has not taken the last update within this is dropped. */
export const slowSubscriberMs = 10_000;
const drainPollMs = 50;

type FormatError = (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;

export interface LiveRoutesOptions {
  schema: GraphQLSchema;
  live: LiveUpdates;
  /** Closed when the app closes, which ends every stream so that shutdown does not wait for them. */
  changes: ChangeFeed;
  config: Pick<
    Config,
    'graphqlMaxTokens' | 'graphqlMaxAliases' | 'graphqlMaxDepth' | 'graphqlMaxComplexity' | 'graphqlIntrospection'
  >;
  /** Counts a document the limits refused. */
  onRefused: () => void;
  /** The sizes of the catalog's lists, for the cost estimate. */
  listSizes: () => Promise<ListSizes>;
}

type Answer = readonly [string, { status: number; statusText: string; headers: Record<string, string> }];

/**
 * A refusal before the stream opens: JSON with GraphQL errors (and the cost, when estimated), as
 * /graphql answers them.
 */
function answer(status: number, errors: readonly GraphQLFormattedError[], cost?: OperationCost): Answer {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (status === 503) headers['retry-after'] = String(retryAfterSeconds);
  return [
    JSON.stringify({ errors, ...(cost ? { extensions: { cost } } : {}) }),
    { status, statusText: STATUS_CODES[status] ?? '', headers },
  ];
}

function refusalError({ code, message, details, locations }: Refusal): GraphQLFormattedError {
  return {
    message,
    ...(locations ? { locations } : {}),
    extensions: { code, http: { status: 400 }, ...(details ? { details } : {}) },
  };
}

/** The first error's status; 400 for errors that name none. */
function statusOf(errors: readonly GraphQLFormattedError[]): number {
  const status = (errors[0]?.extensions?.http as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : 400;
}

/** An error of the request itself (not of a resolver), with the code Apollo gives it on /graphql. */
function requestError(format: FormatError, error: GraphQLError, code: string): GraphQLFormattedError {
  const formatted = error.toJSON();
  return format({ ...formatted, extensions: { ...formatted.extensions, code } }, error);
}

/** A resolver's errors as on /graphql; errors without a path are the request's (its variables). */
function formatErrors(format: FormatError, errors: readonly GraphQLError[]): GraphQLFormattedError[] {
  return errors.map((error) =>
    error.path ? format(error.toJSON(), error) : requestError(format, error, 'BAD_USER_INPUT'),
  );
}

/** Updates wait until the previous one has left the process; past slowSubscriberMs the subscriber is dropped. */
function outletOf(reply: FastifyReply, log: FastifyBaseLogger): Outlet {
  const response = reply.raw;
  return {
    async caughtUp() {
      const deadline = Date.now() + slowSubscriberMs;
      while (response.writableLength > 0 && !response.destroyed) {
        if (Date.now() >= deadline) {
          log.warn('live updates: dropped a subscriber that did not keep up');
          response.destroy();
          return false;
        }
        await new Promise((resolve) => setTimeout(resolve, drainPollMs));
      }
      return !response.destroyed;
    },
  };
}

function refuse(reply: FastifyReply, status: number, message: string) {
  const error = { message, extensions: { code: 'BAD_REQUEST', http: { status } } };
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ errors: [error] });
}

/**
 * Asks for what graphql-sse's distinct connections mode reads, and checks JSON in the URL as the
 * body parser checks bodies.
 */
async function checkStreamRequest(request: FastifyRequest, reply: FastifyReply) {
  const accept = request.headers.accept ?? '';
  if (!accept.split(',').some((range) => range.split(';')[0]?.trim() === 'text/event-stream')) {
    return refuse(reply, 406, `${streamPath} answers Server-Sent Events only: send Accept: text/event-stream`);
  }
  // graphql-sse recognises the exact header only.
  request.headers.accept = 'text/event-stream';
  if (request.method === 'POST') {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return refuse(reply, 400, `POST ${streamPath} takes a JSON object: {"query", "variables"?, "operationName"?}`);
    }
    return;
  }
  const parameters = new URLSearchParams(request.url.split('?')[1] ?? '');
  for (const name of ['variables', 'extensions'])
    for (const value of parameters.getAll(name)) checkJsonText(value, name);
}

/** What starting a subscription needs, built once for the route. */
interface Subscriptions {
  schema: GraphQLSchema;
  limits: DocumentLimits;
  formatError: FormatError;
  /** The errors a caller is shown: with introspection off, nothing of the admin-only schema to others. */
  shown: (reply: FastifyReply, document: DocumentNode, errors: readonly GraphQLFormattedError[]) => typeof errors;
  /** The live updates a subscription reads, sent through its response. */
  session: (reply: FastifyReply) => LiveSession;
  onRefused: () => void;
  listSizes: () => Promise<ListSizes>;
}

function subscriptions(app: FastifyInstance, options: LiveRoutesOptions): Subscriptions {
  const { schema, live, config, onRefused, listSizes } = options;
  const limits: DocumentLimits = {
    maxTokens: config.graphqlMaxTokens,
    maxAliases: config.graphqlMaxAliases,
    maxDepth: config.graphqlMaxDepth,
    maxComplexity: config.graphqlMaxComplexity,
  };
  const formatError = formatGraphQLError(
    (error) => app.log.error({ err: error }, 'unexpected GraphQL error'),
    (error) => app.log.warn({ err: error }, 'database unavailable'),
    !config.graphqlIntrospection,
  );
  const adminParts = config.graphqlIntrospection ? undefined : adminOnlyParts(schema);
  return {
    schema,
    limits,
    formatError,
    shown: (reply, document, errors) =>
      adminParts ? maskAdminOnlyErrors(schema, adminParts, reply.request.context.principal, document, errors) : errors,
    session: (reply) => {
      const outlet = outletOf(reply, app.log);
      return { cart: (cartId) => live.cart(cartId, outlet), order: (orderId) => live.order(orderId, outlet) };
    },
    onRefused,
    listSizes,
  };
}

/** The document's checks, as on /graphql: its limits and cost, then parsing and validation. */
async function checkDocument(
  steps: Subscriptions,
  reply: FastifyReply,
  params: RequestParams,
): Promise<{ document: DocumentNode; cost?: OperationCost } | { refused: Answer }> {
  const { schema, limits, formatError } = steps;
  const { refusal, cost } = assessDocument(
    schema,
    params.query,
    { operationName: params.operationName, variables: params.variables },
    limits,
    await steps.listSizes(),
    'subscriptions',
  );
  if (refusal) {
    steps.onRefused();
    return { refused: answer(400, [refusalError(refusal)], cost) };
  }
  let document;
  try {
    document = parse(params.query, { maxLexicalTokens: limits.maxTokens });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    return { refused: answer(400, [requestError(formatError, error, 'GRAPHQL_PARSE_FAILED')]) };
  }
  const invalid = validate(schema, document);
  if (invalid.length === 0) return { document, cost };
  const errors = invalid.map((error) => requestError(formatError, error, 'GRAPHQL_VALIDATION_FAILED'));
  return { refused: answer(400, steps.shown(reply, document, errors)) };
}

/** Subscribes to a checked document: the stream of its events, or the refusal of what cannot run. */
async function subscribeTo(
  steps: Subscriptions,
  reply: FastifyReply,
  params: RequestParams,
  document: DocumentNode,
): Promise<Answer | AsyncIterable<ExecutionResult>> {
  const contextValue: LiveContext = { live: steps.session(reply) };
  let result: Awaited<ReturnType<typeof subscribe>>;
  try {
    result = await subscribe({
      schema: steps.schema,
      document,
      operationName: params.operationName ?? null,
      variableValues: params.variables ?? null,
      contextValue,
    });
  } catch (error) {
    // graphql-js throws (rather than answers) some request errors, e.g. of variables.
    if (!(error instanceof GraphQLError)) throw error;
    return answer(400, steps.shown(reply, document, [requestError(steps.formatError, error, 'BAD_USER_INPUT')]));
  }
  if (Symbol.asyncIterator in result) return result;
  const errors = steps.shown(reply, document, formatErrors(steps.formatError, result.errors ?? []));
  return answer(statusOf(errors), errors);
}

export function registerLiveRoutes(app: FastifyInstance, options: LiveRoutesOptions): void {
  const steps = subscriptions(app, options);
  // Each stream's cost, for every event it sends (extensions.cost, as on /graphql).
  const costs = new WeakMap<object, OperationCost>();
  const handler = createHandler({
    schema: options.schema,
    // Checked, parsed, validated and subscribed here rather than by graphql-sse, so that what
    // cannot run is an HTTP refusal rather than a stream of one error.
    onSubscribe: async (request, params) => {
      const checked = await checkDocument(steps, request.context.reply, params);
      if ('refused' in checked) return checked.refused;
      if (checked.cost) costs.set(request, checked.cost);
      return subscribeTo(steps, request.context.reply, params, checked.document);
    },
    // Each event carries the stream's cost; errors after the first state (the cart expired
    // meanwhile) are formatted as on /graphql.
    onNext: (_context, request, result) => {
      const { errors, extensions } = result as ExecutionResult;
      const cost = costs.get(request);
      if (!errors && !cost) return undefined;
      // graphql-sse sends the result as JSON: formatted errors serialise as GraphQLErrors do.
      return {
        ...result,
        ...(errors ? { errors: formatErrors(steps.formatError, errors) } : {}),
        ...(cost ? { extensions: { ...extensions, cost } } : {}),
      } as unknown as typeof result;
    },
  });

  registerStreamRoute(app, handler, options.changes);
}

/**
 * The stream route: each subscription a response that graphql-sse's handler writes, ended when
 * the subscriber goes away; on close, the feed completes every stream first.
 */
function registerStreamRoute(
  app: FastifyInstance,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
  changes: LiveRoutesOptions['changes'],
): void {
  const streams = new Set<Promise<void>>();
  app.route({
    method: ['GET', 'POST'],
    url: streamPath,
    preValidation: checkStreamRequest,
    handler: async (request, reply) => {
      // graphql-sse's handler never settles for a subscriber that went away (it waits for the
      // 'finish' of a destroyed response), so the stream ends when the response closes too.
      const closed = new Promise<void>((resolve) => reply.raw.once('close', resolve));
      // Proxies that buffer responses (nginx) pass this one through as it is written.
      void reply.header('x-accel-buffering', 'no');
      const stream = Promise.race([handler(request, reply), closed]);
      streams.add(stream);
      try {
        await stream;
      } catch (error) {
        // Before the stream opened, the error handler answers; after, the stream is cut.
        if (!reply.raw.headersSent) throw error;
        request.log.warn({ err: error }, 'live updates: a stream failed');
        reply.raw.destroy();
      } finally {
        streams.delete(stream);
      }
    },
  });

  // Closing the feed completes every stream; once they have ended, their connections are idle
  // and the server closes them instead of waiting for the clients to.
  app.addHook('preClose', async () => {
    await changes.close();
    await Promise.race([Promise.allSettled(streams), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  });
}
