// Limits on what one GraphQL request may ask for, checked before graphql-js parses the document
// for Apollo or validates it: its size in tokens, its aliases, NUL characters and lone surrogates
// in its strings, the selected operation's depth and estimated cost, and the introspection it
// asks for.
//
// Every count stops at its limit or saturates, and each fragment is walked once per request, so a
// check is one bounded pass over a bounded document. What the check cannot estimate (a fragment
// cycle, an unknown operation, a page size that is not an integer) is refused: limits fail closed.
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GraphQLError,
  Kind,
  getNamedType,
  getNullableType,
  getOperationAST,
  isInterfaceType,
  isListType,
  isObjectType,
  parse,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLFieldMap,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';
import type { Config } from '../config.js';
import { scan, type Scan, type ScanStop } from './document-scan.js';

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
  details?: Record<string, number | string>;
  locations?: { line: number; column: number }[];
}

/** How many items a list field without `first` or `limit` is assumed to return. */
const assumedListSize = 5;

/**
 * Fields one operation's `__schema` and `__type` selections may expand to, fragments spread out.
 * graphql-js's `getIntrospectionQuery()` with every option expands to about 230.
 */
export const maxIntrospectionFields = 1000;

/** Counts saturate here: far above any limit, and products of two stay finite. */
const saturated = Number.MAX_SAFE_INTEGER;
const add = (a: number, b: number) => Math.min(a + b, saturated);
const multiply = (a: number, b: number) => Math.min(a * b, saturated);

const introspectionRoots = new Set(['__schema', '__type']);
const pagedFields = new Set(['edges', 'nodes']);
const sizeArguments = ['first', 'limit'] as const;

interface Tally {
  /** Deepest chain of fields, introspection excluded: `{ a { b } }` is 2. */
  depth: number;
  /** Estimated cost, introspection excluded, without `paged`. */
  cost: number;
  /** Cost of one item of the `edges`/`nodes` lists here, to multiply by the enclosing page size. */
  paged: number;
  /** Fields, fragments spread out. */
  fields: number;
  /** Fields under `__schema` and `__type`, fragments spread out. */
  introspection: number;
}

const nothing: Tally = Object.freeze({ depth: 0, cost: 0, paged: 0, fields: 0, introspection: 0 });

/** Adds `part` to `sum` in place: selections side by side. */
function absorb(sum: Tally, part: Tally): void {
  sum.depth = Math.max(sum.depth, part.depth);
  sum.cost = add(sum.cost, part.cost);
  sum.paged = add(sum.paged, part.paged);
  sum.fields = add(sum.fields, part.fields);
  sum.introspection = add(sum.introspection, part.introspection);
}

class Unestimable extends Error {}

/** A type's fields when it has any (objects and interfaces); unknown types have none. */
function fieldsOf(type: GraphQLType | null | undefined): GraphQLFieldMap<unknown, unknown> | undefined {
  const named = type ? getNamedType(type) : undefined;
  return isObjectType(named) || isInterfaceType(named) ? named.getFields() : undefined;
}

/** Walks one operation of a parsed document with fixed variables. */
class Estimator {
  private readonly fragments = new Map<string, FragmentDefinitionNode>();
  private readonly tallies = new Map<string, Tally>();
  private readonly walking = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    definitions: readonly FragmentDefinitionNode[],
    private readonly variableDefinitions: ReadonlyMap<string, VariableDefinitionNode>,
    private readonly variables: Record<string, unknown>,
  ) {
    for (const definition of definitions) this.fragments.set(definition.name.value, definition);
  }

  selectionSet(selectionSet: SelectionSetNode, parent: GraphQLFieldMap<unknown, unknown> | undefined): Tally {
    const tally = { ...nothing };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) absorb(tally, this.field(selection, parent));
      else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? fieldsOf(this.schema.getType(selection.typeCondition.name.value)) : parent;
        absorb(tally, this.selectionSet(selection.selectionSet, condition));
      } else absorb(tally, this.fragment(selection.name.value));
    }
    return tally;
  }

  private fragment(name: string): Tally {
    const known = this.tallies.get(name);
    if (known) return known;
    if (this.walking.has(name)) throw new Unestimable(`fragment "${name}" spreads itself`);
    const definition = this.fragments.get(name);
    if (!definition) throw new Unestimable(`fragment "${name}" is not defined`);
    this.walking.add(name);
    const tally = this.selectionSet(definition.selectionSet, fieldsOf(this.schema.getType(definition.typeCondition.name.value)));
    this.walking.delete(name);
    this.tallies.set(name, tally);
    return tally;
  }

  /**
   * A field costs 1 plus its selection; a list field costs that times its `first` or `limit`
   * (else `assumedListSize`). A field with a page size that is not a list (a connection)
   * multiplies its `edges` and `nodes` lists by it instead. Unknown fields cost 1 per field:
   * validation refuses them later.
   */
  private field(node: FieldNode, parent: GraphQLFieldMap<unknown, unknown> | undefined): Tally {
    const name = node.name.value;
    const definition = parent?.[name];
    const selection = node.selectionSet ? this.selectionSet(node.selectionSet, fieldsOf(definition?.type)) : nothing;
    const fields = add(1, selection.fields);
    if (introspectionRoots.has(name)) return { ...nothing, fields, introspection: fields };
    const size = this.pageSize(node, definition);
    const list = definition !== undefined && isListType(getNullableType(definition.type));
    const item = add(add(1, selection.cost), multiply(selection.paged, list ? assumedListSize : (size ?? assumedListSize)));
    const paged = list && size === undefined && pagedFields.has(name);
    return {
      depth: add(1, selection.depth),
      cost: paged ? 0 : list ? multiply(item, size ?? assumedListSize) : item,
      paged: paged ? item : 0,
      fields,
      introspection: selection.introspection,
    };
  }

  /** The field's `first` or `limit` as the request gives it, else its default; undefined: none. */
  private pageSize(node: FieldNode, definition: GraphQLField<unknown, unknown> | undefined): number | undefined {
    for (const name of sizeArguments) {
      const argument = node.arguments?.find((candidate) => candidate.name.value === name);
      const size = argument ? this.size(argument.value) : undefined;
      if (size !== undefined) return size;
    }
    for (const name of sizeArguments) {
      const fallback = definition?.args.find((argument) => argument.name === name)?.defaultValue;
      if (typeof fallback === 'number') return positive(fallback);
    }
    return undefined;
  }

  private size(value: ValueNode): number | undefined {
    if (value.kind === Kind.INT) return positive(Number(value.value));
    if (value.kind === Kind.NULL) return undefined;
    if (value.kind !== Kind.VARIABLE) throw new Unestimable('a page size is not an integer');
    const name = value.name.value;
    const definition = this.variableDefinitions.get(name);
    if (!definition) throw new Unestimable(`variable $${name} is not defined by the operation`);
    if (!Object.hasOwn(this.variables, name)) return definition.defaultValue ? this.size(definition.defaultValue) : undefined;
    const given = this.variables[name];
    if (given === null) return undefined;
    if (typeof given !== 'number' || !Number.isInteger(given)) throw new Unestimable(`variable $${name} is not an integer`);
    return positive(given);
  }
}

/**
 * A page size below 1 is refused by the resolvers or means "no limit" to them, so it is
 * estimated as if absent.
 */
function positive(size: number): number | undefined {
  return size >= 1 ? Math.min(size, saturated) : undefined;
}

function tooComplex(message: string, details: Record<string, number | string>): Refusal {
  return { code: 'QUERY_TOO_COMPLEX', message, details };
}

/**
 * Which operations an endpoint runs: /graphql queries and mutations, /graphql/stream (Server-Sent
 * Events, src/live) subscriptions only.
 */
export type ServedOperations = 'queries and mutations' | 'subscriptions';

/** Refuses what the limits do not allow; undefined: the document may go on to be run. */
/** What the lexical scan alone refuses: too many tokens or aliases, text that is not text. */
function scanRefusal(scanned: Exclude<Scan | ScanStop, 'syntax error'>, limits: DocumentLimits): Refusal | undefined {
  if (scanned === 'too many tokens') {
    return tooComplex(`The document has more than ${limits.maxTokens} tokens; at most ${limits.maxTokens} are allowed`, { max_tokens: limits.maxTokens });
  }
  if ('loneSurrogate' in scanned) {
    return { code: 'VALIDATION_FAILED', message: 'The document holds a lone surrogate (half of a UTF-16 pair, \\uD800 to \\uDFFF), which is not text', locations: [scanned.loneSurrogate] };
  }
  if (scanned.nul) {
    return { code: 'VALIDATION_FAILED', message: 'A string in the document contains the NUL character (U+0000), which cannot be stored', locations: [scanned.nul] };
  }
  if (scanned.aliases > limits.maxAliases) {
    return tooComplex(`The document has ${scanned.aliases} aliases; at most ${limits.maxAliases} are allowed`, { aliases: scanned.aliases, max_aliases: limits.maxAliases });
  }
  return undefined;
}

/** Why the operation to run cannot run here: none matches, or its kind is served on the other route, or a subscription's root field could vanish. */
function operationRefusal(document: DocumentNode, operation: OperationDefinitionNode | null | undefined, request: OperationRequest, served: ServedOperations): Refusal | undefined {
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
  if (operation.operation === 'subscription' && operation.selectionSet.selections.some((selection) => selection.kind !== Kind.FIELD || (selection.directives?.length ?? 0) > 0)) {
    return { code: 'BAD_REQUEST', message: "A subscription's root field may carry no directive and sit in no fragment" };
  }

  return undefined;
}

export function checkDocument(
  schema: GraphQLSchema,
  source: string,
  request: OperationRequest,
  limits: DocumentLimits,
  served: ServedOperations = 'queries and mutations',
): Refusal | undefined {
  const scanned = scan(source, limits.maxTokens);
  if (scanned === 'syntax error') return undefined;
  const unscannable = scanRefusal(scanned, limits);
  if (unscannable) return unscannable;
  let document;
  try {
    document = parse(source, { noLocation: true, maxLexicalTokens: limits.maxTokens });
  } catch (error) {
    // A syntax error: Apollo's parse of the same text fails the same way and answers it. Anything
    // else (a stack overflow on absurd nesting) cannot be estimated, so it is refused.
    if (error instanceof GraphQLError) return undefined;
    return tooComplex('The document cannot be analysed (nested too deeply)', { reason: 'unparsable' });
  }
  // Which operation runs, with graphql-js's own rule and messages.
  const operation = getOperationAST(document, request.operationName);
  const unrunnable = operationRefusal(document, operation, request, served);
  if (unrunnable || !operation) return unrunnable;
  const variableDefinitions = new Map((operation.variableDefinitions ?? []).map((definition) => [definition.variable.name.value, definition]));
  const fragments = document.definitions.filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION);
  const estimator = new Estimator(schema, fragments, variableDefinitions, request.variables ?? {});
  let tally: Tally;
  try {
    tally = estimator.selectionSet(operation.selectionSet, fieldsOf(schema.getRootType(operation.operation)));
  } catch (error) {
    if (error instanceof Unestimable) return tooComplex(`The operation's cost cannot be estimated: ${error.message}`, { reason: error.message });
    // Selections nested past the call stack, possible only with GRAPHQL_MAX_TOKENS far above its default.
    if (error instanceof RangeError) return tooComplex('The operation is nested too deeply to estimate', {});
    throw error;
  }
  if (tally.depth > limits.maxDepth) {
    return tooComplex(`The operation is ${tally.depth} levels deep; at most ${limits.maxDepth} are allowed`, { depth: tally.depth, max_depth: limits.maxDepth });
  }
  const complexity = add(tally.cost, multiply(tally.paged, assumedListSize));
  if (complexity > limits.maxComplexity) {
    return tooComplex(`The operation's estimated cost is ${complexity}; at most ${limits.maxComplexity} is allowed`, { complexity, max_complexity: limits.maxComplexity });
  }
  if (tally.introspection > maxIntrospectionFields) {
    return tooComplex(`The operation's introspection expands to ${tally.introspection} fields; at most ${maxIntrospectionFields} are allowed`, {
      introspection_fields: tally.introspection,
      max_introspection_fields: maxIntrospectionFields,
    });
  }
  return undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function once(parameters: URLSearchParams, name: string): string | undefined {
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
  const query = once(parameters, 'query');
  if (query === undefined) return undefined;
  let variables: unknown;
  try {
    variables = JSON.parse(once(parameters, 'variables') ?? '{}');
  } catch {
    // Apollo refuses the request: BAD_REQUEST.
  }
  return { query, operationName: once(parameters, 'operationName'), variables: isRecord(variables) ? variables : undefined };
}

function refuse(reply: FastifyReply, refusal: Refusal) {
  const { code, message, details, locations } = refusal;
  const error = { message, ...(locations ? { locations } : {}), extensions: { code, http: { status: 400 }, ...(details ? { details } : {}) } };
  return reply.status(400).type('application/json; charset=utf-8').send({ errors: [error] });
}

type LimitsConfig = Pick<Config, 'graphqlMaxTokens' | 'graphqlMaxAliases' | 'graphqlMaxDepth' | 'graphqlMaxComplexity'>;

/**
 * Checks every request to /graphql in its preValidation hook: after authentication and the rate
 * limit, before idempotency records and before Apollo parses or validates anything. Register
 * before Apollo's route.
 */
export function registerGraphQLLimits(app: FastifyInstance, schema: GraphQLSchema, config: LimitsConfig, onRefused: () => void = () => undefined): void {
  const limits: DocumentLimits = {
    maxTokens: config.graphqlMaxTokens,
    maxAliases: config.graphqlMaxAliases,
    maxDepth: config.graphqlMaxDepth,
    maxComplexity: config.graphqlMaxComplexity,
  };
  // A verdict depends only on the document, the operation and the variables: those that passed
  // are remembered (4 MiB of their text), so a repeated query is not read twice.
  const passed = new LRUCache<string, true>({ max: 1000, maxSize: 4 * 1024 * 1024, sizeCalculation: (_value, key) => Math.max(1, key.length) });
  const check = async (request: FastifyRequest, reply: FastifyReply) => {
    const operation = operationOf(request);
    if (operation === undefined) return;
    const key = operation === 'batch' ? '' : JSON.stringify([operation.query, operation.operationName ?? null, operation.variables ?? null]);
    if (passed.has(key)) return;
    const refusal = operation === 'batch' ? { code: 'BAD_REQUEST' as const, message: 'Batched operations are not supported' } : checkDocument(schema, operation.query, operation, limits);
    if (refusal) {
      onRefused();
      return refuse(reply, refusal);
    }
    passed.set(key, true);
  };
  app.addHook('onRoute', (route) => {
    if (route.url !== '/graphql') return;
    route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), check];
  });
}
