// Limits on what one GraphQL request may ask for, checked before graphql-js parses the document
// for Apollo or validates it: its size in tokens, its aliases, NUL characters and lone surrogates
// in its strings, the selected operation's depth and estimated cost, and the introspection it
// asks for.
//
// Every count stops at its limit or saturates (the estimate: graphql/cost.ts), so a check is one
// bounded pass over a bounded document. What the check cannot estimate (a fragment cycle, an
// unknown operation, a page size that is not an integer) is refused: limits fail closed. The
// estimated cost and its limit go out with every answer, in `extensions.cost`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  Kind,
  getOperationAST,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Config } from '../config.js';
import { scan, type Scan, type ScanStop } from './document-scan.js';
import { estimate, maxIntrospectionFields, Unestimable, type Estimate } from './cost.js';
import type { CostlyField } from './cost-tally.js';
import type { ListSizes } from './list-size.js';
import { KeptVerdicts } from './kept-verdicts.js';
import { AppError } from '../errors.js';
import { retryAfterSeconds } from '../db/faults.js';

export { maxIntrospectionFields };

export interface DocumentLimits {
  maxTokens: number;
  maxAliases: number;
  maxDepth: number;
  maxComplexity: number;
}

/** What a request asks for besides its document, as Apollo reads it. */
export interface OperationRequest {
  operationName?: string | undefined;
  variables?: Record<string, unknown> | undefined;
}

export interface Refusal {
  code: 'QUERY_TOO_COMPLEX' | 'VALIDATION_FAILED' | 'BAD_REQUEST' | 'OPERATION_RESOLUTION_FAILURE';
  message: string;
  details?: Record<string, number | string | readonly CostlyField[]>;
  locations?: { line: number; column: number }[];
}

/** An operation's estimated cost and the most it may cost: every answer's `extensions.cost`. */
export interface OperationCost {
  estimated: number;
  limit: number;
}

/** What the check says of a request: a refusal, or nothing against it; the cost when it was estimated. */
export interface Verdict {
  refusal?: Refusal;
  cost?: OperationCost;
  /** The variables whose values the cost estimate read (cost.ts), when there was one. */
  variablesRead?: readonly string[];
}

function tooComplex(message: string, details: Record<string, number | string | readonly CostlyField[]>): Refusal {
  return { code: 'QUERY_TOO_COMPLEX', message, details };
}

/**
 * Which operations an endpoint runs: /graphql queries and mutations, /graphql/stream (Server-Sent
 * Events, src/live) subscriptions only.
 */
export type ServedOperations = 'queries and mutations' | 'subscriptions';

/** What the lexical scan alone refuses: too many tokens or aliases, text that is not text. */
function scanRefusal(scanned: Exclude<Scan | ScanStop, 'syntax error'>, limits: DocumentLimits): Refusal | undefined {
  if (scanned === 'too many tokens') {
    return tooComplex(
      `The document has more than ${limits.maxTokens} tokens; at most ${limits.maxTokens} are allowed`,
      { max_tokens: limits.maxTokens },
    );
  }
  if ('loneSurrogate' in scanned) {
    return {
      code: 'VALIDATION_FAILED',
      message: 'The document holds a lone surrogate (half of a UTF-16 pair, \\uD800 to \\uDFFF), which is not text',
      locations: [scanned.loneSurrogate],
    };
  }
  if (scanned.nul) {
    return {
      code: 'VALIDATION_FAILED',
      message: 'A string in the document contains the NUL character (U+0000), which cannot be stored',
      locations: [scanned.nul],
    };
  }
  if (scanned.aliases > limits.maxAliases) {
    return tooComplex(`The document has ${scanned.aliases} aliases; at most ${limits.maxAliases} are allowed`, {
      aliases: scanned.aliases,
      max_aliases: limits.maxAliases,
    });
  }
  return undefined;
}

/**
 * Why the operation to run cannot run here: none matches, or its kind is served on the other route,
 * or a subscription's root field could vanish.
 */
function operationRefusal(
  document: DocumentNode,
  operation: OperationDefinitionNode | null | undefined,
  request: OperationRequest,
  served: ServedOperations,
): Refusal | undefined {
  if (!operation) {
    const message = request.operationName
      ? `Unknown operation named "${request.operationName}".`
      : document.definitions.some((definition) => definition.kind === Kind.OPERATION_DEFINITION)
        ? 'Must provide operation name if query contains multiple operations.'
        : 'Must provide an operation.';
    return { code: 'OPERATION_RESOLUTION_FAILURE', message };
  }
  if ((operation.operation === 'subscription') !== (served === 'subscriptions')) {
    const message =
      served === 'subscriptions'
        ? '/graphql/stream serves subscriptions only; send queries and mutations to /graphql'
        : 'Subscriptions are served over Server-Sent Events at /graphql/stream, not here';
    return { code: 'BAD_REQUEST', message };
  }
  // A subscription runs exactly its one root field: graphql-js cannot run one that @skip/@include
  // (or a fragment) might remove, so such documents are refused rather than failing later.
  if (
    operation.operation === 'subscription' &&
    operation.selectionSet.selections.some(
      (selection) => selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0,
    )
  ) {
    return {
      code: 'BAD_REQUEST',
      message: "A subscription's root field may carry no directive and sit in no fragment",
    };
  }

  return undefined;
}

/**
 * What the limits say of a document: a refusal, or none (it may go on to be run); and its cost when
 * it could be estimated.
 */
export function assessDocument(
  schema: GraphQLSchema,
  source: string,
  request: OperationRequest,
  limits: DocumentLimits,
  sizes: ListSizes,
  served: ServedOperations = 'queries and mutations',
): Verdict {
  const scanned = scan(source, limits.maxTokens);
  if (scanned === 'syntax error') return {};
  const unscannable = scanRefusal(scanned, limits);
  if (unscannable) return { refusal: unscannable };
  let document;
  try {
    document = parse(source, { noLocation: true, maxLexicalTokens: limits.maxTokens });
  } catch (error) {
    // A syntax error: Apollo's parse of the same text fails the same way and answers it. Anything
    // else (a stack overflow on absurd nesting) cannot be estimated, so it is refused.
    if (error instanceof GraphQLError) return {};
    return { refusal: tooComplex('The document cannot be analysed (nested too deeply)', { reason: 'unparsable' }) };
  }
  // Which operation runs, with graphql-js's own rule and messages.
  const operation = getOperationAST(document, request.operationName);
  const unrunnable = operationRefusal(document, operation, request, served);
  if (unrunnable || !operation) return { refusal: unrunnable };
  const fragments = document.definitions.filter(
    (definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION,
  );
  let estimated: Estimate;
  try {
    estimated = estimate(schema, operation, fragments, request.variables ?? {}, sizes);
  } catch (error) {
    if (error instanceof Unestimable)
      return {
        refusal: tooComplex(`The operation's cost cannot be estimated: ${error.message}`, { reason: error.message }),
      };
    // Selections nested past the call stack, possible only with GRAPHQL_MAX_TOKENS far above its default.
    if (error instanceof RangeError)
      return { refusal: tooComplex('The operation is nested too deeply to estimate', {}) };
    throw error;
  }
  const cost = { estimated: estimated.cost, limit: limits.maxComplexity };
  return {
    refusal: limitRefusal(
      estimated,
      limits,
      () => estimate(schema, operation, fragments, request.variables ?? {}, sizes, true).costly,
    ),
    cost,
    variablesRead: estimated.variablesRead,
  };
}

/** Which limit an estimated operation is over, if any; the costliest fields are named when it costs too much. */
function limitRefusal(
  estimated: Estimate,
  limits: DocumentLimits,
  costliestFields: () => readonly CostlyField[],
): Refusal | undefined {
  if (estimated.depth > limits.maxDepth) {
    return tooComplex(`The operation is ${estimated.depth} levels deep; at most ${limits.maxDepth} are allowed`, {
      depth: estimated.depth,
      max_depth: limits.maxDepth,
    });
  }
  if (estimated.cost > limits.maxComplexity) {
    const fields = costliestFields();
    const named = fields
      .map((field) => `${field.path} (${field.items === 1 ? '' : `${field.items} items: `}${field.cost})`)
      .join(', ');
    return tooComplex(
      `The operation's estimated cost is ${estimated.cost}; at most ${limits.maxComplexity} is ` +
        `allowed${named ? `. The costliest fields: ${named}` : ''}`,
      {
        complexity: estimated.cost,
        max_complexity: limits.maxComplexity,
        costliest_fields: fields,
      },
    );
  }
  if (estimated.introspection > maxIntrospectionFields) {
    return tooComplex(
      `The operation's introspection expands to ${estimated.introspection} fields; at most ` +
        `${maxIntrospectionFields} are allowed`,
      {
        introspection_fields: estimated.introspection,
        max_introspection_fields: maxIntrospectionFields,
      },
    );
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of a parameter given exactly once; undefined when it is absent or repeated. */
function singleParameter(parameters: URLSearchParams, name: string): string | undefined {
  const values = parameters.getAll(name);
  return values.length === 1 ? values[0] : undefined;
}

/**
 * The document, operation name and variables Apollo will read from this request, read the way
 * @as-integrations/fastify and Apollo's runHttpQuery read them, so that the document checked is
 * the document run. undefined: no document (the landing page, OPTIONS, an envelope Apollo
 * refuses before parsing anything).
 */
function operationOf(request: FastifyRequest): ({ query: string } & OperationRequest) | 'batch' | undefined {
  if (request.method === 'POST') {
    const body = request.body;
    if (Array.isArray(body)) return 'batch';
    if (!isRecord(body) || typeof body.query !== 'string') return undefined;
    return {
      query: body.query,
      operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
      variables: isRecord(body.variables) ? body.variables : undefined,
    };
  }
  if (request.method !== 'GET') return undefined;
  let parameters: URLSearchParams;
  try {
    parameters = new URLSearchParams(new URL(request.url, 'http://localhost/').search);
  } catch {
    return undefined;
  }
  const query = singleParameter(parameters, 'query');
  if (query === undefined) return undefined;
  let variables: unknown;
  try {
    variables = JSON.parse(singleParameter(parameters, 'variables') ?? '{}');
  } catch {
    // Apollo refuses the request: BAD_REQUEST.
  }
  return {
    query,
    operationName: singleParameter(parameters, 'operationName'),
    variables: isRecord(variables) ? variables : undefined,
  };
}

function refuse(reply: FastifyReply, { refusal, cost }: { refusal: Refusal; cost?: OperationCost | undefined }) {
  const { code, message, details, locations } = refusal;
  const error = {
    message,
    ...(locations ? { locations } : {}),
    extensions: { code, http: { status: 400 }, ...(details ? { details } : {}) },
  };
  return reply
    .status(400)
    .type('application/json; charset=utf-8')
    .send({ errors: [error], ...(cost ? { extensions: { cost } } : {}) });
}

/** Where an operation's cost waits for its answer: on the request, then in Apollo's context. */
export interface CostContext {
  graphqlCost?: OperationCost;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The cost the limits estimated (null: none); a request answered from kept bytes needs no context for it. */
    graphqlCost: OperationCost | null;
  }
}

type LimitsConfig = Pick<Config, 'graphqlMaxTokens' | 'graphqlMaxAliases' | 'graphqlMaxDepth' | 'graphqlMaxComplexity'>;

/**
 * Checks every request to /graphql in its preValidation hook: after authentication and the rate
 * limit, before idempotency records and before Apollo parses or validates anything. Register
 * before Apollo's route. The cost of what passes is left on the request for the answer. Lists are
 * sized by `listSizes` (the catalog's measured sizes: the same function until they change).
 */
export function registerGraphQLLimits(
  app: FastifyInstance,
  schema: GraphQLSchema,
  config: LimitsConfig,
  listSizes: (request: FastifyRequest) => Promise<ListSizes>,
  onRefused: () => void = () => undefined,
): void {
  const limits: DocumentLimits = {
    maxTokens: config.graphqlMaxTokens,
    maxAliases: config.graphqlMaxAliases,
    maxDepth: config.graphqlMaxDepth,
    maxComplexity: config.graphqlMaxComplexity,
  };
  // Operations that passed are remembered with their cost (4 MiB of their text), so a repeated
  // query is not read twice (kept-verdicts.ts).
  app.decorateRequest('graphqlCost', null);
  const passed = new KeptVerdicts<OperationCost | 'unestimated'>(1000, 4 * 1024 * 1024);
  let sizesPassedWith: ListSizes | undefined;
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const operation = operationOf(request);
    if (operation === undefined) return;
    // Verdicts hold for the sizes they were reached with: new sizes (an import), new verdicts.
    let sizes: ListSizes;
    try {
      sizes = await listSizes(request);
    } catch (error) {
      // The sizes could not be read (the database away): a 503, in GraphQL's shape.
      if (!(error instanceof AppError) || error.statusCode !== 503) throw error;
      return reply
        .status(503)
        .header('retry-after', String(retryAfterSeconds))
        .type('application/json; charset=utf-8')
        .send({ errors: [{ message: error.message, extensions: { code: error.code, http: { status: 503 } } }] });
    }
    if (sizes !== sizesPassedWith) {
      passed.clear();
      sizesPassedWith = sizes;
    }
    if (operation === 'batch') {
      onRefused();
      return refuse(reply, { refusal: { code: 'BAD_REQUEST', message: 'Batched operations are not supported' } });
    }
    const known = passed.get(operation);
    if (known !== undefined) {
      if (known !== 'unestimated') request.graphqlCost = known;
      return;
    }
    const verdict = assessDocument(schema, operation.query, operation, limits, sizes);
    if (verdict.refusal) {
      onRefused();
      return refuse(reply, { refusal: verdict.refusal, cost: verdict.cost });
    }
    if (verdict.cost) request.graphqlCost = verdict.cost;
    passed.set(operation, verdict.variablesRead ?? [], verdict.cost ?? 'unestimated');
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== '/graphql') return;
    route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), check];
  });
}
