// With GRAPHQL_INTROSPECTION=false the schema is not shown, and a caller without an admin key
// learns nothing of its admin-only part from error messages either (src/graphql/admin-only.ts):
// graphql-js's validation and variable messages would name the required fields of an admin-only
// input type, the arguments of an admin-only mutation, the types of admin-only fields. Each
// document below provokes such a message: an admin key gets it whole, a client key gets it with
// nothing of the admin-only vocabulary it did not write itself, on /graphql and /graphql/stream.
import { isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOnlyParts } from '../../src/graphql/admin-only.js';
import { buildGatewaySchema, type SchemaServices } from '../../src/schema.js';
import { createTestApp, type TestApp } from '../helpers.js';

const clientKey = 'client-key-0123456789abcdef';
const adminKey = 'admin-key-0123456789abcdef';
const keys = { API_KEYS: `${clientKey}:client,${adminKey}:admin` };

const probes: { url: string; query: string; variables?: Record<string, unknown> }[] = [
  { url: '/graphql', query: 'mutation { createDiscount(input: {}) { id } }' },
  {
    url: '/graphql',
    query: 'mutation ($input: CreateDiscountInput!) { createDiscount(input: $input) { id } }',
    variables: { input: {} },
  },
  { url: '/graphql', query: 'mutation { createWebhookEndpoint { secret } }' },
  { url: '/graphql', query: 'mutation { updateOrderStatus(orderId: "1") { id } }' },
  { url: '/graphql', query: '{ webhookEndpoints { nope } }' },
  { url: '/graphql', query: '{ mediaPerformance(mediaId: "1") { byStore } }' },
  {
    url: '/graphql',
    query: '{ product(id: "11") { id ...F } } fragment F on Product { id ... on WebhookDelivery { attempts } }',
  },
  {
    url: '/graphql/stream',
    query: 'subscription { cartUpdated(cartId: "x") { id } } fragment F on WebhookDelivery { attempts }',
  },
];

/** Names of the admin-only part: its types, their fields, and the arguments of admin-only fields. */
function adminVocabulary(): Set<string> {
  const schema = buildGatewaySchema({} as SchemaServices);
  const parts = adminOnlyParts(schema);
  const words = new Set(parts.types);
  for (const name of parts.types) {
    const type = schema.getType(name);
    if (type && 'getFields' in type) for (const field of Object.keys(type.getFields())) words.add(field);
  }
  for (const path of parts.fields) {
    const [root, field] = path.split('.') as [string, string];
    const type = schema.getType(root);
    if (isObjectType(type)) for (const argument of type.getFields()[field]?.args ?? []) words.add(argument.name);
  }
  return words;
}
const vocabulary = adminVocabulary();

/** The names a message quotes that belong to the admin-only part and that the document does not hold. */
function revealed(message: string, query: string): string[] {
  const written = new Set(query.match(/\w+/g));
  const quoted = [...message.matchAll(/"([^"]*)"/g)].flatMap((match) => match[1]!.match(/\w+/g) ?? []);
  return quoted.filter((name) => vocabulary.has(name) && !written.has(name));
}

async function messages(t: TestApp, key: string, probe: (typeof probes)[number]): Promise<string[]> {
  const stream = probe.url.endsWith('stream');
  const response = await t.app.inject({
    method: 'POST',
    url: probe.url,
    headers: { 'x-api-key': key, accept: stream ? 'text/event-stream' : 'application/json' },
    payload: { query: probe.query, variables: probe.variables },
  });
  expect(response.statusCode, `${probe.query}: ${response.body}`).toBe(400);
  const errors = (response.json() as { errors?: { message: string }[] }).errors ?? [];
  expect(errors.length, probe.query).toBeGreaterThan(0);
  return errors.map((error) => error.message);
}

describe('with GRAPHQL_INTROSPECTION=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(null, { ...keys, GRAPHQL_INTROSPECTION: 'false' });
  });
  afterAll(() => t.close());

  it('the admin-only part is what only admin-only fields reach', () => {
    expect(vocabulary).toContain('CreateDiscountInput');
    expect(vocabulary).toContain('WebhookEndpoint');
    expect(vocabulary).toContain('MediaPerformance');
    for (const shared of ['Product', 'Order', 'OrderStatus', 'Money', 'Cart', 'DiscountKind'])
      expect(vocabulary, shared).not.toContain(shared);
  });

  it.each(probes.map((probe) => [probe.query, probe] as const))(
    'an admin key gets the whole message: %s',
    async (_query, probe) => {
      const found = (await messages(t, adminKey, probe)).flatMap((message) => revealed(message, probe.query));
      expect(found.length).toBeGreaterThan(0);
    },
  );

  it.each(probes.map((probe) => [probe.query, probe] as const))(
    'a client key is told nothing of the admin-only part: %s',
    async (_query, probe) => {
      for (const message of await messages(t, clientKey, probe))
        expect(revealed(message, probe.query), message).toStrictEqual([]);
    },
  );

  it("a client key's mistakes elsewhere keep graphql-js's messages", async () => {
    const [message] = await messages(t, clientKey, { url: '/graphql', query: '{ product(id: "11") { nope } }' });
    expect(message).toBe('Cannot query field "nope" on type "Product".');
  });
});

describe('with GRAPHQL_INTROSPECTION on (the schema is shown anyway)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(null, keys);
  });
  afterAll(() => t.close());

  it('a client key gets the whole messages', async () => {
    const found = (await messages(t, clientKey, probes[0]!)).flatMap((message) => revealed(message, probes[0]!.query));
    expect(found).toContain('CreateDiscountInput');
  });
});
