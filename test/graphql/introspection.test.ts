// Introspection for the tools nobody on this project wrote (Apollo Sandbox, GraphiQL, Rover,
// GraphQL Code Generator, graphql-inspector): the standard introspection query answers the whole
// schema over HTTP under the default limits, is refused as a whole when GRAPHQL_INTROSPECTION is
// off, and codegen from the running server's URL writes exactly what it writes from the SDL file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InMemoryCache } from '@apollo/client';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import {
  buildClientSchema,
  buildSchema,
  getIntrospectionQuery,
  lexicographicSortSchema,
  parse,
  printSchema,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import generatedPossibleTypes from '../../schema/possible-types.js';
import { projectRoot } from '../../src/db/schema-engine.js';
import { printGatewaySchema } from '../../src/schema.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** What the tools send: graphql-js's standard introspection query with every option on. */
const introspectionQuery = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
});

interface Answer {
  status: number;
  body: { data?: IntrospectionQuery | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

async function introspect(endpoint: string, method: 'POST' | 'GET'): Promise<Answer> {
  const response =
    method === 'POST'
      ? await fetch(endpoint, {
          method,
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ query: introspectionQuery, operationName: 'IntrospectionQuery' }),
        })
      : await fetch(
          `${endpoint}?${new URLSearchParams({ query: introspectionQuery, operationName: 'IntrospectionQuery' })}`,
          { headers: { accept: 'application/json' } },
        );
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const sortedSdl = (schema: GraphQLSchema) => printSchema(lexicographicSortSchema(schema));

/**
 * Mistakes graphql-js answers with a "Did you mean …?" naming what the schema has: a field, an
 * argument, a type, enum values (literal and variable), an input field, and a subscription field
 * on the Server-Sent Events endpoint.
 */
const misspelt = [
  { url: '/graphql', query: '{ prodcts { id } }' },
  { url: '/graphql', query: '{ image(slg: "x") { id } }' },
  { url: '/graphql', query: 'query ($id: Strin!) { product(id: $id) { id } }' },
  { url: '/graphql', query: 'mutation { updateOrderStatus(orderId: "x", status: PLACD) { id } }' },
  {
    url: '/graphql',
    query: 'mutation ($s: OrderStatus!) { updateOrderStatus(orderId: "x", status: $s) { id } }',
    variables: { s: 'PLACD' },
  },
  {
    url: '/graphql',
    query: 'mutation ($items: [CartItemInput!]!) { addCartItems(items: $items) { id } }',
    variables: { items: [{ variantid: '1', quantity: 1 }] },
  },
  { url: '/graphql/stream', query: 'subscription { cartUpdatd(cartId: "x") { id } }' },
];

/** The messages of the errors each misspelt document gets. */
async function misspeltMessages(t: TestApp): Promise<string[][]> {
  const answers = [];
  for (const { url, query, variables } of misspelt) {
    const response = await t.app.inject({
      method: 'POST',
      url,
      payload: { query, variables },
      headers: { accept: url.endsWith('stream') ? 'text/event-stream' : 'application/json' },
    });
    expect(response.statusCode, query).toBe(400);
    answers.push((response.json() as Answer['body']).errors?.map((error) => error.message) ?? []);
  }
  return answers;
}

/** The app's own SDL: what `npm run schema:print` writes (test/graphql/schema.test.ts holds it to the checked-in file). */
const appSdl = printGatewaySchema();

describe('introspection with GRAPHQL_INTROSPECTION on (the default) and the default limits', () => {
  let t: TestApp;
  let endpoint: string;
  let scratch: string;
  beforeAll(async () => {
    t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    endpoint = `${address}/graphql`;
    scratch = mkdtempSync(join(tmpdir(), 'introspection-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it.each(['POST', 'GET'] as const)(
    '%s getIntrospectionQuery() answers 200 with the whole schema, the SDL the app builds',
    async (method) => {
      const { status, body } = await introspect(endpoint, method);
      expect(body.errors).toBeUndefined();
      expect(status).toBe(200);
      expect(body.data?.__schema.queryType?.name).toBe('Query');
      const fromServer = buildClientSchema(body.data!);
      expect(sortedSdl(fromServer)).toBe(sortedSdl(buildSchema(appSdl)));
    },
  );

  it('answers misspelt names with the suggestions of graphql-js', async () => {
    for (const [index, messages] of (await misspeltMessages(t)).entries())
      expect(messages.join(' '), misspelt[index]!.query).toMatch(/Did you mean "?\w/);
  });

  it('GraphQL Code Generator from the server URL writes exactly what it writes from the SDL file (codegen.yml)', async () => {
    // codegen.yml as npm run codegen reads it; only the schema differs between the two runs. The
    // file is the running app's own SDL, so that the comparison holds while schema/schema.graphql
    // is being regenerated; schema.test.ts holds the checked-in SDL to it.
    const { config } = await loadCodegenConfig({ configFilePath: join(projectRoot, 'codegen.yml') });
    const sdlFile = join(scratch, 'schema.graphql');
    writeFileSync(sdlFile, appSdl);
    const run = async (schema: string) => {
      const files = (await generate({ ...config, schema, cwd: projectRoot, silent: true, hooks: {} }, false)) as {
        filename: string;
        content: string;
      }[];
      return Object.fromEntries(files.map((file) => [file.filename, file.content]));
    };
    const fromUrl = await run(endpoint);
    const fromFile = await run(sdlFile);
    expect(Object.keys(fromFile).sort()).toEqual(
      expect.arrayContaining([
        'schema/possible-types.ts',
        'test/gql/graphql.ts',
        'test/gql/gql.ts',
        'test/gql/index.ts',
      ]),
    );
    expect(fromFile['schema/possible-types.ts']).toContain('"CatalogProduct": [');
    expect(Object.keys(fromUrl).sort()).toEqual(Object.keys(fromFile).sort());
    for (const [filename, content] of Object.entries(fromFile)) expect(fromUrl[filename], filename).toBe(content);
    // Two whole runs of the generator, CPU alone: seconds on an idle machine, over 30 on a busy one.
  }, 120_000);
});

describe('schema/possible-types.ts (npm run codegen) in a default Apollo Client cache', () => {
  // Type-checked here: the generated map is what InMemoryCache's possibleTypes takes (Apollo Client 4).
  const { possibleTypes } = generatedPossibleTypes;
  const fragment = parse('fragment CatalogProductFields on CatalogProduct { id title }');

  it('lists the implementations of CatalogProduct', () => {
    expect(possibleTypes.CatalogProduct?.length).toBeGreaterThan(0);
  });

  it.each(possibleTypes.CatalogProduct ?? [])(
    'a CatalogProduct fragment reads a %s back whole (without possibleTypes it does not)',
    (typename) => {
      const data = { __typename: typename, id: '101', title: 'Linen shirt' };
      const read = (cache: InMemoryCache) => {
        cache.writeFragment({ fragment, data });
        return cache.readFragment({ fragment, id: cache.identify(data) });
      };
      expect(read(new InMemoryCache({ possibleTypes }))).toEqual(data);
      expect(read(new InMemoryCache())).not.toEqual(data);
    },
  );
});

describe('introspection with GRAPHQL_INTROSPECTION=false', () => {
  let t: TestApp;
  let endpoint: string;
  beforeAll(async () => {
    t = await createTestApp(null, { GRAPHQL_INTROSPECTION: 'false' });
    endpoint = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/graphql`;
  });
  afterAll(() => t.close());

  it.each(['POST', 'GET'] as const)(
    '%s getIntrospectionQuery() is refused as a whole: 400, no data',
    async (method) => {
      const { status, body } = await introspect(endpoint, method);
      expect(status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors?.length).toBeGreaterThan(0);
      for (const error of body.errors ?? []) expect(error.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    },
  );

  it('a document that asks for ordinary fields besides __type is refused as a whole too', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: '{ __typename __type(name: "Query") { name } }' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as Answer['body'];
    expect(body.data).toBeUndefined();
    expect(body.errors?.map((error) => error.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it('misspelt names get no suggestions, on /graphql and /graphql/stream: nothing spells out the schema', async () => {
    for (const [index, messages] of (await misspeltMessages(t)).entries()) {
      expect(messages.length, misspelt[index]!.query).toBeGreaterThan(0);
      for (const message of messages) expect(message, misspelt[index]!.query).not.toMatch(/Did you mean/);
    }
  });
});
