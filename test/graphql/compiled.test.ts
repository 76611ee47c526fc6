// Catalog queries run compiled (graphql-jit, src/graphql/executor.ts) from the second time a
// document is seen. Whatever runs them, the answer is the same: each document below is sent three
// times to an app that compiles and once to one that does not (GRAPHQL_COMPILED=false), both with
// nothing kept (CATALOG_CACHE_MAX_ENTRIES=0, so every request executes), and every answer must be
// byte for byte the graphql-js one, errors, codes, paths and statuses included.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

const productFields = `id externalId title brand url price currency category isAvailable images nativeCheckout
  variants { name visual values }
  skus { skuId productId externalId merchantId name inStock qtyAvailable salePrice retailPrice currency status type taxable taxType dateCreated dateLastModified variantValues { variant value } skuDimensions { weight type } }`;

const documents: { name: string; query: string; variables?: Record<string, unknown> }[] = [
  {
    name: 'image 20 × 5',
    query: `query Comparables($id: ID!) { image(id: $id) { id slug fileName platform products { ${productFields} similarProducts { priceTier product { ${productFields} } } } } }`,
    variables: { id: '1' },
  },
  {
    name: 'video by slug with placements',
    query: `{ video(slug: "clip-two") { __typename id kind fileName placements { id x y startMs endMs product { id title } } products { id } } }`,
  },
  {
    name: 'fragments, aliases, directives',
    query: `query P($id: ID!, $withSkus: Boolean!, $plain: Boolean!) { first: product(id: $id) { ...Fields skus @include(if: $withSkus) { skuId qtyAvailable } } second: product(id: "13") { ...Fields title @skip(if: $plain) } }
      fragment Fields on Product { __typename id title price currency }`,
    variables: { id: 11, withSkus: true, plain: false },
  },
  {
    name: 'a page of products',
    query: `{ products(first: 3) { edges { cursor node { id title } } pageInfo { hasNextPage endCursor } } }`,
  },
  { name: 'a missing product', query: `{ product(id: "999") { id } other: product(id: "11") { id } }` },
  { name: 'an id that cannot be one', query: `{ product(id: "abc") { id } }` },
  { name: 'id and slug at once', query: `{ image(id: "1", slug: "look-one") { id } }` },
  { name: 'a limit out of range', query: `{ product(id: "11") { id similarProducts(limit: 0) { priceTier } } }` },
  {
    name: 'a variable of the wrong type',
    query: `query Q($id: ID!) { product(id: $id) { id } }`,
    variables: { id: { not: 'an id' } },
  },
  { name: 'a missing variable', query: `query Q($id: ID!) { product(id: $id) { id } }` },
];

describe('catalog queries, compiled and not', () => {
  let compiled: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    compiled = await createTestApp(undefined, { CATALOG_CACHE_MAX_ENTRIES: '0' });
    plain = await createTestApp(undefined, { CATALOG_CACHE_MAX_ENTRIES: '0', GRAPHQL_COMPILED: 'false' });
  });
  afterAll(async () => {
    await compiled.close();
    await plain.close();
  });

  const send = (t: TestApp, document: (typeof documents)[number]) =>
    t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: document.query, variables: document.variables },
    });
  const executions = async () => {
    const text = (await compiled.app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (executor: string) =>
      Number(new RegExp(`^graphql_executions_total\\{executor="${executor}"\\} (\\d+)`, 'm').exec(text)?.[1]);
    return { compiled: count('compiled'), graphqlJs: count('graphql-js') };
  };

  for (const document of documents) {
    it(`answers ${document.name} the same`, async () => {
      const expected = await send(plain, document);
      for (let round = 0; round < 3; round += 1) {
        const answer = await send(compiled, document);
        expect([answer.statusCode, answer.body], `round ${round}`).toStrictEqual([expected.statusCode, expected.body]);
      }
    });
  }

  it('runs a catalog document compiled from its second time on, anything else on graphql-js', async () => {
    const before = await executions();
    for (let round = 0; round < 3; round += 1)
      await send(compiled, { name: 'new', query: `{ product(id: "12") { id title } }` });
    const after = await executions();
    expect([after.compiled - before.compiled, after.graphqlJs - before.graphqlJs]).toStrictEqual([2, 1]);
    for (let round = 0; round < 2; round += 1)
      await compiled.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `{ product(id: "12") { id } cartStatus(id: "x") { status } }` },
      });
    const mixed = await executions();
    expect([mixed.compiled - after.compiled, mixed.graphqlJs - after.graphqlJs]).toStrictEqual([0, 2]);
  });
});
