// How Apollo runs operations: catalog queries through graphql-jit, everything else through
// graphql-js. graphql-jit compiles a document once into a function that resolves its selection
// without graphql-js's per-field bookkeeping (field lookups, argument maps, a path and a resolve
// info per field), which is most of a cold catalog answer's time: 20 products × 5 comparables are
// about 9,000 fields. Only documents seen before are compiled (compiling costs more than running
// once, and a caller may send a new document each time), and only those of at most `maxFields`
// fields once fragments are expanded (compiled code grows with them); at most `maxCompiled`
// documents and `maxCompiledFields` fields are kept compiled, the least recently used dropped
// first, and at most `compilesPerSecond` are compiled each second (each blocks the process while it
// compiles): beyond any of these a document runs on graphql-js. Apollo's pipeline is unchanged
// around it: parsing, validation, plugins, formatError and the limits before it (graphql/limits.ts)
// all still run; the executor sits where Apollo calls graphql-js's execute, through Apollo's
// gateway interface.
//
// graphql-jit's errors are rebuilt as graphql-js GraphQLErrors (with their path, locations and
// original error), so that formatError maps them to the documented codes as before.
import {
  execute,
  getVariableValues,
  GraphQLError,
  Kind,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { LRUCache } from 'lru-cache';

/**
 * An operation run with its SKU quantities marked (catalog/stock-marks.ts): whether its result can
 * keep them, and how to ready its context to run it again unmarked when not.
 */
export interface StockMarking {
  settle(data: unknown): boolean;
  again(): void;
}

export interface CompiledExecutorOptions {
  /** Whether an operation is run compiled (else by graphql-js). */
  compiles(operation: OperationDefinitionNode): boolean;
  /** Compiled documents kept. */
  maxCompiled: number;
  /** Fields of one document (fragments expanded) beyond which it is not compiled (default 2,000). */
  maxFields?: number;
  /** Fields of all compiled documents kept (default 100,000). */
  maxCompiledFields?: number;
  /** Compiles each second at most (default 20). */
  compilesPerSecond?: number;
  /** Told of each operation run: compiled or not. */
  onRun?(compiled: boolean): void;
  /**
   * Whether the operation's SKU quantities are to be marked (an answer to keep, catalog/stock-marks.ts):
   * when its answer turns out unfit for them, it runs again unmarked.
   */
  stockMarking?(context: unknown, operation: OperationDefinitionNode): StockMarking | null;
}

/** A document seen once (null: not compiled yet), its compiled form, or false: it runs on graphql-js. */
type Seen = { compiled: CompiledQuery | null | false; fields: number };

/** The fields an operation resolves once fragments are expanded; counting stops past `cap`. */
export function expandedFields(document: DocumentNode, operation: OperationDefinitionNode, cap: number): number {
  const fragments = new Map<string, SelectionSetNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition.selectionSet);
  let count = 0;
  const walk = (set: SelectionSetNode, depth: number): void => {
    // Validation refused cycles; the depth bound is only a guard.
    if (depth > 64) return;
    for (const selection of set.selections) {
      if (count > cap) return;
      if (selection.kind === Kind.FIELD) {
        count += 1;
        if (selection.selectionSet) walk(selection.selectionSet, depth + 1);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet, depth + 1);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment, depth + 1);
      }
    }
  };
  walk(operation.selectionSet, 0);
  return count;
}

/** An error of graphql-jit's as graphql-js makes it: the same message, path, locations and cause. */
function asGraphQLError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path,
    originalError: error.originalError ?? undefined,
    extensions: error.extensions ?? undefined,
  });
  if (error.locations) Object.defineProperty(rebuilt, 'locations', { value: error.locations, enumerable: true });
  return rebuilt;
}

function withGraphQLErrors(result: ExecutionResult): ExecutionResult {
  return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
}

/** The executor: compiled for operations `compiles` accepts and seen before, graphql-js otherwise. */
export function compiledExecutor(schema: GraphQLSchema, options: CompiledExecutorOptions): GatewayExecutor {
  const maxFields = options.maxFields ?? 2_000;
  const compilesPerSecond = options.compilesPerSecond ?? 20;
  const seen = new LRUCache<string, Seen>({
    max: Math.max(1, options.maxCompiled),
    maxSize: options.maxCompiledFields ?? 100_000,
    sizeCalculation: (entry) => Math.max(1, entry.compiled ? entry.fields : 1),
  });
  const budget = { second: 0, compiles: 0 };
  const compiledFor = (
    key: string,
    document: DocumentNode,
    operation: OperationDefinitionNode,
    operationName: string | null,
  ): CompiledQuery | null => {
    const entry = seen.get(key);
    if (entry === undefined) {
      seen.set(key, { compiled: null, fields: 0 });
      return null;
    }
    if (entry.compiled !== null) return entry.compiled || null;
    const second = Math.floor(Date.now() / 1000);
    if (second !== budget.second) Object.assign(budget, { second, compiles: 0 });
    if (budget.compiles >= compilesPerSecond) return null;
    budget.compiles += 1;
    const fields = expandedFields(document, operation, maxFields);
    const compiled =
      fields > maxFields
        ? null
        : compileQuery(schema, document, operationName ?? undefined, { disablingCapturingStackErrors: true });
    // Too large, or a document graphql-jit cannot compile: graphql-js, every time.
    if (compiled === null || !isCompiledQuery(compiled)) {
      seen.set(key, { compiled: false, fields });
      return null;
    }
    seen.set(key, { compiled, fields });
    return compiled;
  };
  return async (request) => {
    const variables = request.request.variables ?? {};
    const compiled = options.compiles(request.operation)
      ? compiledFor(
          `${request.queryHash}|${request.operationName ?? ''}`,
          request.document,
          request.operation,
          request.operationName,
        )
      : null;
    options.onRun?.(compiled !== null);
    const run = async (): Promise<ExecutionResult> => {
      if (compiled === null) {
        return execute({
          schema,
          document: request.document,
          contextValue: request.context,
          variableValues: variables,
          operationName: request.operationName,
        });
      }
      // Variables are checked by graphql-js first: its refusals are the ones Apollo knows to answer
      // 400 BAD_USER_INPUT (they name the variable's definition), whoever runs the operation.
      const checked = getVariableValues(schema, request.operation.variableDefinitions ?? [], variables);
      if (checked.errors) return { errors: checked.errors };
      return withGraphQLErrors(await compiled.query(undefined, request.context, variables));
    };
    const marking = options.stockMarking?.(request.context, request.operation) ?? null;
    const result = await run();
    if (marking === null || marking.settle(result.data)) return result;
    // Marks the answer holds but not each once (or with a number equal to one): its quantities
    // cannot be told apart; run unmarked.
    marking.again();
    return run();
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
