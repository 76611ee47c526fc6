// GraphQL document limits (src/graphql/limits.ts): the pure check against the checked-in schema,
// then over HTTP, where refusals must come before Apollo parses or validates anything, fast, and
// leave the server answering.
import { performance } from 'node:perf_hooks';
import { getIntrospectionQuery, getNullableType, isInterfaceType, isListType, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assessDocument,
  maxIntrospectionFields,
  type DocumentLimits,
  type OperationRequest,
} from '../../src/graphql/limits.js';
import { declaredListSize, type ListSizes } from '../../src/graphql/list-size.js';
import { emptyShape } from '../../src/catalog/catalog-shape.repository.js';
import { unservedGatewaySchema } from '../../src/schema.js';
import { createTestApp, type TestApp } from '../helpers.js';

// The built schema: the SDL does not carry what each list declares it returns at most.
const schema = unservedGatewaySchema();
/** Every measured size of the catalog (catalog-shape.repository.ts) at 5. */
const fives: ListSizes = (name) => (name in emptyShape ? 5 : undefined);
const defaults: DocumentLimits = { maxTokens: 5000, maxAliases: 30, maxDepth: 10, maxComplexity: 10_000 };
const unlimited: DocumentLimits = {
  maxTokens: 1_000_000,
  maxAliases: 1_000_000,
  maxDepth: 1_000_000,
  maxComplexity: Number.MAX_SAFE_INTEGER,
};

const check = (
  source: string,
  request: OperationRequest = {},
  limits: DocumentLimits = defaults,
  sizes: ListSizes = fives,
) => assessDocument(schema, source, request, limits, sizes).refusal;

/** The estimated cost of a document that is otherwise unlimited (a limit of 0 reports it). */
function costOf(source: string, variables?: Record<string, unknown>): unknown {
  const refusal = check(source, { variables }, { ...unlimited, maxComplexity: 0 });
  return refusal?.details?.complexity ?? refusal;
}

/** Every option on, as GraphiQL and Apollo Sandbox ask. */
const introspectionQuery = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});

/** 26 fragments, each spreading the one before twice: 1 KB that expands to 2^26 fields. */
function doublingFragments(count: number, on = 'Query', leaf = '__typename'): string {
  let fragments = `fragment F0 on ${on} { ${leaf} }\n`;
  for (let n = 1; n <= count; n += 1) fragments += `fragment F${n} on ${on} { ...F${n - 1} ...F${n - 1} }\n`;
  return fragments;
}
const doubling = `{ ...F26 }\n${doublingFragments(26)}`;

/** 1,700 aliases of a product page with comparables: 137 KB. */
const aliasFlood = `{ ${Array.from({ length: 1700 }, (_, n) => `a${n}: products(first: 100) { edges { node { id similarProducts { priceTier product { id title } } } } }`).join(' ')} }`;

/** `__schema { types { fields { type { fields { type { fields ... ` */
const nestedIntrospection = `{ __schema { types { ${'fields { type { '.repeat(6)}name${' } }'.repeat(6)} } } }`;

describe('cost model', () => {
  it('costs each field 1, a list field its items × the most it can return, or first or limit when smaller', () => {
    expect(costOf('{ product(id: "1") { id title } }')).toBe(3);
    expect(costOf('{ product(id: "1") { similarProducts(limit: 3) { priceTier } } }')).toBe(1 + 2 * 3);
    expect(costOf('{ product(id: "1") { similarProducts { priceTier } } }')).toBe(1 + 2 * 5);
    // a list of scalars costs its length
    expect(costOf('{ product(id: "1") { images } }')).toBe(1 + 5);
  });

  it('names the costliest fields, through fragments, lists in lists and connections in lists', () => {
    const listsOf = (source: string) =>
      check(source, {}, { ...unlimited, maxComplexity: 10 })?.details?.costliest_fields;
    // image 1 + products 5 × (1 + similarProducts 2 × (1 + product 2) + skus 5 × 2) = 86
    expect(
      listsOf(
        'query { image(id: 1) { ...M } } fragment M on Media { products { similarProducts(limit: 2) { product { id } } skus { skuId } } }',
      ),
    ).toStrictEqual([
      { path: 'image', items: 1, cost: 86 },
      { path: 'image.products', items: 5, cost: 85 },
      { path: 'image.products.skus', items: 5, cost: 50 },
      { path: 'image.products.similarProducts', items: 2, cost: 30 },
      { path: 'image.products.similarProducts.product', items: 1, cost: 20 },
    ]);
    // products(first: 2) 1 + 2 × edges (1 + node 1 + media(first: 3) (1 + 3 × nodes 2)) = 19
    expect(listsOf('{ products(first: 2) { edges { node { media(first: 3) { nodes { id } } } } } }')).toStrictEqual([
      { path: 'products', items: 2, cost: 19 },
      { path: 'products.edges', items: 2, cost: 18 },
      { path: 'products.edges.node', items: 1, cost: 16 },
      { path: 'products.edges.node.media', items: 3, cost: 14 },
      { path: 'products.edges.node.media.nodes', items: 3, cost: 12 },
    ]);
    // at most five, the costliest
    const many = `{ product(id: 1) { ${['a', 'b', 'c', 'd', 'e', 'f'].map((alias, n) => `${alias}: similarProducts(limit: ${n + 1}) { priceTier }`).join(' ')} } }`;
    const roomy: ListSizes = (name) => (name in emptyShape ? 50 : undefined);
    const manyLists = check(many, {}, { ...unlimited, maxComplexity: 10 }, roomy)?.details?.costliest_fields;
    expect((manyLists as readonly { path: string }[]).map((list) => list.path)).toStrictEqual([
      'product',
      'product.f',
      'product.e',
      'product.d',
      'product.c',
    ]);
    // an object without lists is named too
    expect(
      listsOf('{ product(id: 1) { id title brand category description url currency price externalId isAvailable } }'),
    ).toStrictEqual([{ path: 'product', items: 1, cost: 11 }]);
  });

  it("multiplies a connection's edges and nodes by its first, 20 by default", () => {
    expect(costOf('{ products(first: 5) { nodes { id title } } }')).toBe(1 + 5 * 3);
    expect(costOf('{ products(first: 100) { nodes { id title } } }')).toBe(1 + 100 * 3);
    expect(costOf('{ products { nodes { id } } }')).toBe(1 + 20 * 2);
    expect(
      costOf('{ products(first: 10) { edges { cursor node { id } } nodes { id } pageInfo { hasNextPage } } }'),
    ).toBe(1 + 10 * 4 + 10 * 2 + 2);
    // a limit above what the catalog holds counts what it holds (5 here)
    expect(costOf('{ products(first: 100) { nodes { similarProducts(limit: 50) { priceTier } } } }')).toBe(
      1 + 100 * (1 + 5 * 2),
    );
  });

  it('reads first and limit from variables, their defaults, then the schema default', () => {
    const page = 'query ($n: Int) { products(first: $n) { nodes { id } } }';
    expect(costOf(page, { n: 7 })).toBe(1 + 7 * 2);
    expect(costOf(page, {})).toBe(1 + 20 * 2);
    expect(costOf(page, { n: null })).toBe(1 + 20 * 2);
    expect(costOf('query ($n: Int = 3) { products(first: $n) { nodes { id } } }', {})).toBe(1 + 3 * 2);
    // below 1 is refused by the resolvers, or means no limit: estimated as absent
    expect(costOf(page, { n: 0 })).toBe(1 + 20 * 2);
    expect(costOf('{ product(id: "1") { similarProducts(limit: -3) { priceTier } } }')).toBe(1 + 2 * 5);
  });

  it('tells which variables it read: the page sizes, through fragments, given or not, and no other', () => {
    const read = (source: string, variables: Record<string, unknown> = {}) =>
      assessDocument(schema, source, { variables }, defaults, fives).variablesRead;
    const document =
      'query ($id: ID!, $n: Int, $m: Int, $unused: Int) { product(id: $id) { ...more } products(first: $n) { nodes { id } } } ' +
      'fragment more on Product { similarProducts(limit: $m) { priceTier } }';
    expect(read(document, { id: '1', n: 3 })).toEqual(expect.arrayContaining(['n', 'm']));
    expect(read(document, { id: '1', n: 3 })).toHaveLength(2);
    expect(read('query ($id: ID!) { product(id: $id) { id } }', { id: '1' })).toEqual([]);
  });

  it('walks fragments and inline fragments with their own types', () => {
    expect(
      costOf(
        '{ products(first: 4) { ...Page } } fragment Page on ProductConnection { nodes { ... on Product { id } } }',
      ),
    ).toBe(1 + 4 * 2);
    // each spread counts, though graphql-js merges them: an estimate may only err high
    expect(
      costOf(
        '{ products(first: 4) { nodes { ...P ...P } } } fragment P on Product { similarProducts(limit: 2) { priceTier } }',
      ),
    ).toBe(1 + 4 * (1 + 2 * (2 * 2)));
  });

  it('sizes every list field of the schema: by what it declares, or by a first or limit with a default', () => {
    const unsized: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
      for (const field of Object.values(type.getFields())) {
        if (!isListType(getNullableType(field.type))) continue;
        // a connection's page: sized by its first
        if (type.name.endsWith('Connection') && ['edges', 'nodes'].includes(field.name)) continue;
        const paged = field.args.some(
          (argument) => ['first', 'limit'].includes(argument.name) && argument.defaultValue !== undefined,
        );
        if (declaredListSize(field) === undefined && !paged) unsized.push(`${type.name}.${field.name}`);
      }
    }
    expect(unsized).toStrictEqual([]);
  });

  it('refuses a list whose size it does not know: fails closed', () => {
    const nothingMeasured: ListSizes = () => undefined;
    expect(check('{ product(id: 1) { skus { skuId } } }', {}, defaults, nothingMeasured)).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { reason: 'the size "skusPerProduct" of the list field "skus" is not known' },
    });
  });

  it("counts a cart's lines once per cart, not once per store: they are at most 250 in all", () => {
    // cart 1 + stores 50 × (1 + storeId 1) + cartLines 250 × (1 + id 1): not 50 × 250 lines
    expect(costOf('{ cart(id: "c") { stores { storeId cartLines { id } } } }')).toBe(1 + 50 * 2 + 250 * 2);
    expect(
      costOf(
        'query { cart(id: "c") { ...C } } fragment C on Cart { stores { ...S } } fragment S on StoreEntry { cartLines { id } }',
      ),
    ).toBe(1 + 50 + 250 * 2);
    // the lines of a submit's orders are a cart's lines too; an order alone has at most 250
    expect(costOf('mutation { submitCart(cartId: "c") { orders { id lines { id } } } }')).toBe(1 + 50 * 2 + 250 * 2);
    expect(costOf('{ order(id: "o") { lines { id } } }')).toBe(1 + 250 * 2);
    // two carts: each its own 250
    expect(
      costOf('{ a: cart(id: "a") { stores { cartLines { id } } } b: cart(id: "b") { stores { cartLines { id } } } }'),
    ).toBe(2 * (1 + 50 + 250 * 2));
  });

  it('names the lines of a cart once per cart when it refuses', () => {
    const lists = check('{ cart(id: "c") { stores { cartLines { id } } } }', {}, { ...unlimited, maxComplexity: 10 })
      ?.details?.costliest_fields;
    expect(lists).toStrictEqual([
      { path: 'cart', items: 1, cost: 551 },
      { path: 'cart.stores.cartLines', items: 250, cost: 500 },
      { path: 'cart.stores', items: 50, cost: 50 },
    ]);
  });

  it('saturates instead of overflowing', () => {
    const huge = '99999999999999999999999';
    const cost = costOf(
      `{ products(first: ${huge}) { nodes { similarProducts(limit: ${huge}) { product { skus { variantValues { variant } } } } } } }`,
    );
    expect(cost).toBe(Number.MAX_SAFE_INTEGER);
    expect(costOf(`{ ...F60 }\n${doublingFragments(60)}`)).toBe(Number.MAX_SAFE_INTEGER);
    expect(costOf(doubling)).toBe(2 ** 26);
  });

  it('costs unknown fields and types 1 each, leaving them to validation', () => {
    expect(costOf('{ nope { deeper(first: 3) { x } } ... on Nowhere { y } }')).toBe(4);
    expect(check('{ nope { deeper { x } } } fragment F on Nowhere { y }')).toBeUndefined();
  });
});

describe('assessDocument', () => {
  it('refuses a deep operation, fragments included, with depth and max_depth', () => {
    const deep =
      '{ image(id: "1") { products { similarProducts { product { skus { variantValues { variant } } } } } } }';
    expect(check(deep, {}, { ...defaults, maxDepth: 5 })).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { depth: 7, max_depth: 5 },
    });
    expect(
      check(
        '{ image(id: "1") { ...M } } fragment M on Media { products { similarProducts { product { skus { variantValues { variant } } } } } }',
        {},
        { ...defaults, maxDepth: 5 },
      ),
    ).toMatchObject({ details: { depth: 7 } });
    expect(check(deep, {}, { ...defaults, maxDepth: 7 })).toBeUndefined();
  });

  it('refuses an expensive operation with complexity and max_complexity', () => {
    expect(
      check('{ products(first: 100) { nodes { id title } } }', {}, { ...defaults, maxComplexity: 300 }),
    ).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { complexity: 301, max_complexity: 300 },
    });
  });

  it('counts tokens as graphql-js does, stopping at the limit', () => {
    // { product ( id : "1" ) { id } } is 11 tokens; comments are not tokens
    const source = '# a comment\n{ product(id: "1") { id } }';
    expect(check(source, {}, { ...defaults, maxTokens: 11 })).toBeUndefined();
    expect(check(source, {}, { ...defaults, maxTokens: 10 })).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { max_tokens: 10 },
    });
  });

  it('counts aliases, not the colons of arguments, variables and input objects', () => {
    const aliased = 'query ($id: ID! = "1") { a: product(id: $id) { b: id c: title } cart(id: "x") { id } }';
    expect(check(aliased, {}, { ...defaults, maxAliases: 3 })).toBeUndefined();
    expect(check(aliased, {}, { ...defaults, maxAliases: 2 })).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { aliases: 3, max_aliases: 2 },
    });
    const input = 'mutation { addCartItems(items: [{ variantId: "1", quantity: 1 }]) { id } }';
    expect(check(input, {}, { ...defaults, maxAliases: 0 })).toBeUndefined();
  });

  it('refuses NUL in any string literal with VALIDATION_FAILED and where it is', () => {
    expect(check('{ product(id: "1\\u0000") { id } }')).toMatchObject({
      code: 'VALIDATION_FAILED',
      locations: [{ line: 1, column: 15 }],
    });
    expect(check('{ product(id: "1\u0000") { id } }')).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(check('query { product(id: """\n1\u0000""") { id } }')).toMatchObject({
      code: 'VALIDATION_FAILED',
      locations: [{ line: 1, column: 21 }],
    });
    // in an operation that is not run, too
    expect(
      check('query A { product(id: "1") { id } } query B { product(id: "\\u0000") { id } }', { operationName: 'A' }),
    ).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(check('{ product(id: "1") { id } } # \u0000 in a comment is nothing')).toBeUndefined();
  });

  it('refuses fragment cycles, unknown fragments and variables, and page sizes it cannot read', () => {
    for (const [source, variables] of [
      ['{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }', {}],
      ['{ ...A } fragment A on Query { __typename ...A }', {}],
      ['{ ...Missing }', {}],
      ['{ products(first: $n) { nodes { id } } }', {}],
      ['{ products(first: "5") { nodes { id } } }', {}],
      ['query ($n: Int) { products(first: $n) { nodes { id } } }', { n: '5' }],
      ['query ($n: Int) { products(first: $n) { nodes { id } } }', { n: 2.5 }],
    ] as const) {
      const refusal = check(source, { variables });
      expect(refusal, source).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        message: expect.stringContaining('cannot be estimated'),
      });
    }
  });

  it('refuses what it cannot tell the operation of, and subscriptions', () => {
    const two = 'query A { __typename } query B { __typename }';
    expect(check(two, { operationName: 'B' })).toBeUndefined();
    expect(check(two, { operationName: 'C' })).toMatchObject({
      code: 'OPERATION_RESOLUTION_FAILURE',
      message: 'Unknown operation named "C".',
    });
    expect(check(two)).toMatchObject({ code: 'OPERATION_RESOLUTION_FAILURE' });
    expect(check('fragment F on Query { __typename }')).toMatchObject({
      code: 'OPERATION_RESOLUTION_FAILURE',
      message: 'Must provide an operation.',
    });
    expect(check('subscription { orderUpdated }')).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('leaves syntax errors to Apollo', () => {
    expect(check('{ product(id: ')).toBeUndefined();
    expect(check('{ a } \u0001')).toBeUndefined();
  });

  it('walks each fragment once: 26 doublings are refused at once', () => {
    const started = performance.now();
    expect(check(doubling)).toMatchObject({ code: 'QUERY_TOO_COMPLEX', details: { complexity: 2 ** 26 } });
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('refuses 1,700 aliased pages by tokens first, and by cost without the other limits', () => {
    expect(check(aliasFlood)).toMatchObject({ details: { max_tokens: 5000 } });
    expect(check(aliasFlood, {}, { ...unlimited, maxComplexity: 10_000 })).toMatchObject({
      details: { complexity: 1700 * (1 + 100 * (1 + 1 + 1 + 5 * 5)) },
    });
  });
});

describe('introspection', () => {
  it('allows the standard introspection query under the default limits', () => {
    expect(check(introspectionQuery)).toBeUndefined();
  });

  it('bounds what __schema and __type expand to instead of their depth', () => {
    const doubled = `{ __schema { types { ...F30 } } }\n${doublingFragments(30, '__Type', 'name')}`;
    expect(check(doubled)).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { max_introspection_fields: maxIntrospectionFields },
    });
    // regular fields beside it still count
    expect(
      check(
        '{ product(id: "1") { id } __schema { types { name fields { name type { name } } } } }',
        {},
        { ...defaults, maxComplexity: 2, maxDepth: 2 },
      ),
    ).toBeUndefined();
    expect(
      check(
        '{ product(id: "1") { id title } __type(name: "Product") { name } }',
        {},
        { ...defaults, maxComplexity: 2 },
      ),
    ).toMatchObject({ details: { complexity: 3 } });
  });
});

describe('over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(undefined, { GRAPHQL_MAX_COMPLEXITY: '200' });
  });
  afterAll(() => t.close());

  const post = (query: string, variables?: object) =>
    t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables } });

  /** Sends, and answers the response with how long it took. */
  async function timed(send: () => ReturnType<typeof post>) {
    const started = performance.now();
    const response = await send();
    return { response, ms: performance.now() - started };
  }

  async function stillServing() {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await post('{ product(id: "11") { id } }')).json()).toStrictEqual({
      data: { product: { id: '11' } },
      extensions: { cost: { estimated: 2, limit: 200 } },
    });
  }

  it('tells every answer its estimated cost and the limit, also when answered from memory', async () => {
    // products(first: 3): 1 + 3 × nodes' item (1 + id 1 + skus 2 × (1 + skuId 1)) = 19: the test
    // catalog's products have at most 2 SKUs
    const query = '{ products(first: 3) { nodes { id skus { skuId } } } }';
    for (let time = 0; time < 3; time += 1) {
      const answer = (await post(query)).json() as { data: unknown; extensions: unknown };
      expect(answer.extensions).toStrictEqual({ cost: { estimated: 19, limit: 200 } });
    }
    // a field error changes nothing: the estimate is the document's
    const missing = (await post('query($id: ID!) { product(id: $id) { id title } }', { id: 'abc' })).json() as {
      errors: unknown[];
      extensions: unknown;
    };
    expect(missing.errors).toHaveLength(1);
    expect(missing.extensions).toStrictEqual({ cost: { estimated: 3, limit: 200 } });
  });

  it('names the costliest fields when it refuses a cost, paths as in the answer, and gives the cost beside', async () => {
    const query = '{ catalog: products(first: 50) { nodes { id skus { skuId } similarProducts { product { id } } } } }';
    const response = await post(query);
    expect(response.statusCode).toBe(400);
    // The test catalog's products have at most 2 SKUs and 4 comparables: a node is 1 + id 1 +
    // skus 2 × 2 + similarProducts 4 × (1 + product 2) = 18.
    const lists = [
      { path: 'catalog', items: 50, cost: 901 },
      { path: 'catalog.nodes', items: 50, cost: 900 },
      { path: 'catalog.nodes.similarProducts', items: 4, cost: 600 },
      { path: 'catalog.nodes.similarProducts.product', items: 1, cost: 400 },
      { path: 'catalog.nodes.skus', items: 2, cost: 200 },
    ];
    expect(response.json()).toStrictEqual({
      errors: [
        {
          message:
            "The operation's estimated cost is 901; at most 200 is allowed. The costliest fields: catalog (50 items: 901), catalog.nodes (50 items: 900), catalog.nodes.similarProducts (4 items: 600), catalog.nodes.similarProducts.product (400), catalog.nodes.skus (2 items: 200)",
          extensions: {
            code: 'QUERY_TOO_COMPLEX',
            http: { status: 400 },
            details: { complexity: 901, max_complexity: 200, costliest_fields: lists },
          },
        },
      ],
      extensions: { cost: { estimated: 901, limit: 200 } },
    });
  });

  it('refuses 1,700 aliased pages (137 KB) at once with 400, and keeps serving', async () => {
    expect(aliasFlood.length).toBeGreaterThan(137_000);
    const { response, ms } = await timed(() => post(aliasFlood));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions).toStrictEqual({
      code: 'QUERY_TOO_COMPLEX',
      http: { status: 400 },
      details: { max_tokens: 5000 },
    });
    expect(ms).toBeLessThan(1000);
    await stillServing();
  });

  it('refuses 26 doubling fragments at once with 400, over POST and GET, and keeps serving', async () => {
    for (const send of [
      () => post(doubling),
      () => t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(doubling)}` }),
    ]) {
      const { response, ms } = await timed(send);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions).toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        details: { complexity: 2 ** 26, max_complexity: 200 },
      });
      expect(ms).toBeLessThan(1000);
    }
    await stillServing();
  });

  it('costs a page of 5 less than a page of 100', async () => {
    const page = (first: number) => `{ products(first: ${first}) { nodes { id title } } }`;
    expect((await post(page(5))).statusCode).toBe(200);
    const over = await post(page(100));
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { complexity: 301, max_complexity: 200 },
    });
    const query = 'query ($first: Int) { products(first: $first) { nodes { id title } } }';
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"first":5}')}`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"first":100}')}`,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers the standard introspection query under the default limits', async () => {
    const open = await createTestApp(null);
    try {
      const response = await open.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: introspectionQuery },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.__schema.queryType.name).toBe('Query');
    } finally {
      await open.close();
    }
  });

  it('refuses crafted introspection quickly', async () => {
    const nested = await timed(() => post(nestedIntrospection));
    expect(nested.response.statusCode).toBe(400);
    expect(nested.response.json().errors[0].message).toBe('Maximum introspection depth exceeded');
    expect(nested.ms).toBeLessThan(1000);
    const doubled = await timed(() =>
      post(`{ __schema { types { ...F26 } } }\n${doublingFragments(26, '__Type', 'name')}`),
    );
    expect(doubled.response.statusCode).toBe(400);
    expect(doubled.response.json().errors[0].extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      details: { max_introspection_fields: maxIntrospectionFields },
    });
    expect(doubled.ms).toBeLessThan(1000);
  });

  it('refuses documents over the token and alias limits', async () => {
    const tokens = await post(`{ product(id: "11") { ${'id '.repeat(5000)} } }`);
    expect(tokens.statusCode).toBe(400);
    expect(tokens.json().errors[0].extensions.details).toStrictEqual({ max_tokens: 5000 });
    const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, n) => `a${n}: __typename`).join(' ')} }`;
    expect((await post(aliases(30))).statusCode).toBe(200);
    const over = await post(aliases(31));
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].extensions.details).toStrictEqual({ aliases: 31, max_aliases: 30 });
  });

  it('refuses a fragment cycle with 400, not 500 and not a hang', async () => {
    const { response, ms } = await timed(() =>
      post('{ ...A } fragment A on Query { ...B } fragment B on Query { __typename ...A }'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(ms).toBeLessThan(1000);
  });

  it('refuses NUL in a string literal with 400 VALIDATION_FAILED', async () => {
    const response = await post('{ product(id: "11\\u0000") { id } }');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({
      locations: [{ line: 1, column: 15 }],
      extensions: { code: 'VALIDATION_FAILED', http: { status: 400 } },
    });
  });

  it('refuses subscriptions, batches and persisted-query hashes, which would skip the check', async () => {
    const subscription = await post('subscription { orderUpdated { id } }');
    expect(subscription.statusCode).toBe(400);
    expect(subscription.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    const batch = await t.app.inject({ method: 'POST', url: '/graphql', payload: [{ query: doubling }] });
    expect(batch.statusCode).toBe(400);
    expect(batch.json().errors[0].extensions.code).toBe('BAD_REQUEST');
    // Apollo answers this one with 200, so that clients fall back to sending documents
    const persisted = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } } },
    });
    expect(persisted.json()).toMatchObject({ errors: [{ extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED' } }] });
    expect(persisted.json().data).toBeUndefined();
  });

  it('leaves what is not a document to Apollo', async () => {
    const broken = await post('{ product(id: ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    const invalid = await post('{ product(id: "11") { nope } }');
    expect(invalid.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
