// How Apollo runs operations: catalog queries through graphql-jit, everything else through
// graphql-js. graphql-jit compiles a document once into a function that resolves its selection
// without graphql-js's per-field bookkeeping (field lookups, argument maps, a path and a resolve
// info per field), which is most of a cold catalog answer's time: 20 products × 5 comparables
// are about 9,000 fields. Only documents seen before are compiled (compiling costs more than
// running once, and a caller may send a new document each time), at most `maxCompiled` of them,
// the least recently used dropped first. Apollo's pipeline is unchanged around it: parsing,
// validation, plugins, formatError and the limits before it (graphql/limits.ts) all still run;
// the executor sits where Apollo calls graphql-js's execute, through Apollo's gateway interface.
//
// graphql-jit's errors are rebuilt as graphql-js GraphQLErrors (with their path, locations and
// original error), so that formatError maps them to the documented codes as before.
import { execute, getVariableValues, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { LRUCache } from 'lru-cache';

export interface CompiledExecutorOptions {
  /** Whether an operation is run compiled (else by graphql-js). */
  compiles(operation: OperationDefinitionNode): boolean;
  /** Compiled documents kept. */
  maxCompiled: number;
  /** Told of each operation run: compiled or not. */
  onRun?(compiled: boolean): void;
}

/** A document seen once (not compiled yet), or its compiled form. */
type Seen = { compiled: CompiledQuery | null };

/** An error of graphql-jit's as graphql-js makes it: the same message, path, locations and cause. */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions ?? undefined });
  if (error.locations) Object.defineProperty(rebuilt, 'locations', { value: error.locations, enumerable: true });
  return rebuilt;
}

function withGraphQLErrors(result: ExecutionResult): ExecutionResult {
  return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
}

/** The executor: compiled for operations `compiles` accepts and seen before, graphql-js otherwise. */
export function compiledExecutor(schema: GraphQLSchema, options: CompiledExecutorOptions): GatewayExecutor {
  const seen = new LRUCache<string, Seen>({ max: Math.max(1, options.maxCompiled) });
  const compiledFor = (key: string, document: DocumentNode, operationName: string | null): CompiledQuery | null => {
    const entry = seen.get(key);
    if (entry === undefined) {
      seen.set(key, { compiled: null });
      return null;
    }
    if (entry.compiled === null) {
      const compiled = compileQuery(schema, document, operationName ?? undefined, { disablingCapturingStackErrors: true });
      // A document graphql-jit cannot compile runs on graphql-js, every time.
      if (!isCompiledQuery(compiled)) return null;
      entry.compiled = compiled;
    }
    return entry.compiled;
  };
  return async (request) => {
    const variables = request.request.variables ?? {};
    const compiled = options.compiles(request.operation) ? compiledFor(`${request.queryHash}|${request.operationName ?? ''}`, request.document, request.operationName) : null;
    options.onRun?.(compiled !== null);
    if (compiled === null) {
      return execute({ schema, document: request.document, contextValue: request.context, variableValues: variables, operationName: request.operationName });
    }
    // Variables are checked by graphql-js first: its refusals are the ones Apollo knows to answer
    // 400 BAD_USER_INPUT (they name the variable's definition), whoever runs the operation.
    const checked = getVariableValues(schema, request.operation.variableDefinitions ?? [], variables);
    if (checked.errors) return { errors: checked.errors };
    return withGraphQLErrors(await compiled.query(undefined, request.context, variables));
  };
}

/** The executor as Apollo takes it: a "gateway" that serves one fixed schema. */
export function executorGateway(schema: GraphQLSchema, executor: GatewayExecutor): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => undefined;
    },
    async load() {
      return { executor };
    },
    async stop() {},
  };
}
