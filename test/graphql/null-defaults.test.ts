// An explicit null for an argument with a default means the default (src/graphql/defaults.ts):
// every defaulted argument of the schema is listed below (the first test walks the schema to hold
// the list complete), and each is sent as a null variable three times (graphql-js, then graphql-jit
// for catalog documents seen before) and compared with the same document without the variable.
import { buildSchema, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printGatewaySchema } from '../../src/schema.js';
import { createTestApp, type TestApp } from '../helpers.js';

/** A document per defaulted argument (`Type.field(argument)`), the argument given as `$v`. */
const documents: Record<string, (ids: { cartId: string; endpointId: string }) => string> = {
  'Query.products(first)': () => 'query ($v: Int) { products(first: $v) { nodes { id } pageInfo { hasNextPage } } }',
  'Product.media(first)': () => 'query ($v: Int) { product(id: "11") { media(first: $v) { nodes { id } } } }',
  'Query.searchProducts(first)': () =>
    'query ($v: Int) { searchProducts(query: "jacket", first: $v) { totalCount edges { node { id } } } }',
  'Query.searchProducts(sort)': () =>
    'query ($v: ProductSearchSort) { searchProducts(query: "jacket", sort: $v) { edges { node { id } } } }',
  'Query.discounts(first)': () => 'query ($v: Int) { discounts(first: $v) { id } }',
  'Query.mediaItems(first)': () => 'query ($v: Int) { mediaItems(first: $v) { nodes { id } } }',
  'Query.mediaAnalytics(first)': () => 'query ($v: Int) { mediaAnalytics(first: $v) { nodes { mediaId } } }',
  'Query.mediaAnalytics(sort)': () =>
    'query ($v: MediaRankingSort) { mediaAnalytics(sort: $v) { sort nodes { mediaId impressions } } }',
  'Query.webhookDeliveries(first)': ({ endpointId }) =>
    `query ($v: Int) { webhookDeliveries(endpointId: "${endpointId}", first: $v) { id } }`,
  'Mutation.updateCartItems(addMissing)': ({ cartId }) =>
    `mutation ($v: Boolean) { updateCartItems(cartId: "${cartId}", items: [{ variantId: "1101", quantity: 2 }], addMissing: $v) { stores { cartLines { quantity } } } }`,
};

function defaultedArguments(): string[] {
  const schema = buildSchema(printGatewaySchema());
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      for (const argument of field.args)
        if (argument.defaultValue !== undefined) found.push(`${type.name}.${field.name}(${argument.name})`);
    }
  }
  return found.sort();
}

describe('an explicit null for an argument with a default', () => {
  let t: TestApp;
  const ids = { cartId: '', endpointId: '' };
  beforeAll(async () => {
    t = await createTestApp(undefined, { CATALOG_CACHE_MAX_ENTRIES: '0', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
    const cart = await t.app.inject({
      method: 'POST',
      url: '/cart',
      payload: { items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] } },
    });
    ids.cartId = (cart.json() as { id: string }).id;
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/webhooks',
      payload: { url: 'http://127.0.0.1:9/hooks' },
    });
    ids.endpointId = (endpoint.json() as { id: string }).id;
  });
  afterAll(() => t.close());

  it('every defaulted argument of the schema is listed here, and none is non-null', () => {
    expect(defaultedArguments()).toStrictEqual(Object.keys(documents).sort());
    const schema = buildSchema(printGatewaySchema());
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields()))
        for (const argument of field.args)
          if (argument.defaultValue !== undefined)
            expect(String(argument.type), `${type.name}.${field.name}(${argument.name})`).not.toMatch(/!$/);
    }
  });

  for (const [name, document] of Object.entries(documents)) {
    it(`${name}: null answers as the default does, compiled or not`, async () => {
      const send = (variables: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: '/graphql', payload: { query: document(ids), variables } });
      const absent = await send({});
      expect(absent.statusCode, absent.body).toBe(200);
      expect(absent.json()).not.toHaveProperty('errors');
      for (let round = 0; round < 3; round += 1) {
        const given = await send({ v: null });
        expect([given.statusCode, given.body], `round ${round}`).toStrictEqual([absent.statusCode, absent.body]);
      }
    });
  }
});
