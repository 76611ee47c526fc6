// The compiled executor's bounds (src/graphql/executor.ts), on a schema of its own: a document is
// compiled from its second run, not when it expands to more than maxFields fields, not beyond
// compilesPerSecond; whatever runs it, the answer is graphql-js's.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GraphQLID,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  Kind,
  parse,
  type GraphQLFieldConfigMap,
  type OperationDefinitionNode,
} from 'graphql';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { compiledExecutor, expandedFields } from '../../src/graphql/executor.js';

interface Item {
  id: string;
  name: string;
  next: string | null;
}
const items: Record<string, Item> = {
  '1': { id: '1', name: 'one', next: '2' },
  '2': { id: '2', name: 'two', next: null },
};
const ItemType: GraphQLObjectType = new GraphQLObjectType({
  name: 'Item',
  fields: (): GraphQLFieldConfigMap<Item, unknown> => ({
    id: { type: new GraphQLNonNull(GraphQLID) },
    name: { type: new GraphQLNonNull(GraphQLString) },
    next: { type: ItemType, resolve: (item) => (item.next === null ? null : Promise.resolve(items[item.next])) },
  }),
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      item: {
        type: ItemType,
        args: { id: { type: new GraphQLNonNull(GraphQLID) } },
        resolve: (_root, args: { id: string }) => items[args.id] ?? null,
      },
    },
  }),
});

function executor(options: { maxFields?: number; compilesPerSecond?: number } = {}) {
  const runs: boolean[] = [];
  const execute = compiledExecutor(schema, {
    compiles: () => true,
    maxCompiled: 10,
    onRun: (compiled) => runs.push(compiled),
    ...options,
  });
  const run = (source: string) => {
    const document = parse(source);
    const operation = document.definitions.find(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    ) as OperationDefinitionNode;
    // Only what the executor reads of Apollo's request context.
    return execute({
      document,
      operation,
      operationName: null,
      queryHash: source,
      source,
      request: { variables: {} },
      context: {},
    } as unknown as GatewayGraphQLRequestContext);
  };
  return { runs, run };
}

describe('the compiled executor', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('counts the fields of an operation with its fragments expanded, and stops past the cap', () => {
    const document = parse(
      `{ a: item(id: "1") { ...F } b: item(id: "2") { ...F } } fragment F on Item { id name next { ...G } } fragment G on Item { id name }`,
    );
    const operation = document.definitions[0] as OperationDefinitionNode;
    expect(expandedFields(document, operation, 1000)).toBe(2 * (1 + 3 + 2));
    expect(expandedFields(document, operation, 3)).toBe(4);
  });

  it('compiles a document from its second run on, and never one larger than maxFields', async () => {
    const small = executor({ maxFields: 3 });
    for (let round = 0; round < 3; round += 1) await small.run(`{ item(id: "1") { id name } }`);
    for (let round = 0; round < 3; round += 1) await small.run(`{ item(id: "1") { id name next { id } } }`);
    expect(small.runs).toStrictEqual([false, true, true, false, false, false]);
  });

  it('compiles at most compilesPerSecond documents a second; the rest run on graphql-js until the next', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const slow = executor({ compilesPerSecond: 1 });
    for (const source of [`{ item(id: "1") { id } }`, `{ item(id: "2") { id } }`])
      for (let round = 0; round < 2; round += 1) await slow.run(source);
    now.mockReturnValue(1_001_000);
    await slow.run(`{ item(id: "2") { id } }`);
    expect(slow.runs).toStrictEqual([false, true, false, false, true]);
  });

  it('answers as graphql-js does, compiled or not, nulls and errors included', async () => {
    const { run, runs } = executor();
    for (const source of [
      `{ item(id: "1") { id name next { id name next { id } } } }`,
      `{ item(id: "9") { id } }`,
      `{ a: item(id: "1") { ...F } } fragment F on Item { name next { name } }`,
    ]) {
      const answers = [];
      for (let round = 0; round < 3; round += 1) answers.push(JSON.stringify(await run(source)));
      expect(new Set(answers).size, source).toBe(1);
    }
    expect(runs.filter(Boolean)).toHaveLength(6);
  });
});
