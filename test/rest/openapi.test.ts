// The OpenAPI document is true: it is what the code generates (checked in, no drift), a real
// OpenAPI validator accepts it, and every route's real answers, successes and errors, validate
// against it with a JSON Schema validator that is not the one the server serializes with
// (@cfworker/json-schema; the server uses fast-json-stringify). Every documented operation must
// be answered with a success here, and every status seen must be documented for its route.
import { operationNames } from '../../src/rest/operations.js';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileProblems } from '../client-compile.js';
import openapiTS, { astToString } from 'openapi-typescript';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Validator, type Schema } from '@cfworker/json-schema';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { californian } from '../cart/cart-helpers.js';
import { projectRoot } from '../../src/db/schema-engine.js';
import { apiVersion, printOpenApi } from '../../src/rest/openapi.js';

interface MediaType {
  schema?: Schema;
}
interface ResponseSpec {
  content?: Record<string, MediaType>;
}
interface OperationSpec {
  operationId?: string;
  summary?: string;
  description?: string;
  responses: Record<string, ResponseSpec>;
}
type PathSpec = Record<string, OperationSpec>;
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, PathSpec>;
}

const clientKey = 'client-key-0123456789abcdef';
const adminKey = 'admin-key-0123456789abcdef';

let open: TestApp;
let keyed: TestApp;
let uploads: string | undefined;
let served: Document;
let dereferenced: Document;
const seen = new Map<string, Set<number>>();
const validators = new Map<Schema, Validator>();

/** The documented path of a request path: literal segments beat parameters (/image/slug/{slug} over /image/{id}/…). */
function templateOf(path: string): string | null {
  const segments = path.split('/');
  let best: { template: string; literals: number } | null = null;
  for (const template of Object.keys(dereferenced.paths)) {
    const parts = template.split('/');
    if (parts.length !== segments.length) continue;
    let literals = 0;
    const matches = parts.every((part, index) => {
      if (part.startsWith('{')) return segments[index] !== '';
      literals += 1;
      return part === segments[index];
    });
    if (matches && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template ?? null;
}

interface Checked {
  status: number;
  body: Record<string, unknown> & { code?: string };
  headers: Record<string, unknown>;
}

/** Sends a request and checks its answer against the document. */
async function check(t: TestApp, options: InjectOptions & { url: string; method: string }): Promise<Checked> {
  const response = await t.app.inject(options);
  const path = options.url.split('?')[0]!;
  const template = templateOf(path);
  const method = options.method.toLowerCase();
  const operation = template ? dereferenced.paths[template]?.[method] : undefined;
  expect(operation, `${options.method} ${path} is not in the document`).toBeDefined();
  const spec = operation!.responses[String(response.statusCode)];
  expect(
    spec,
    `${options.method} ${template} answered ${response.statusCode} (${response.body.slice(0, 200)}), which the document does not list`,
  ).toBeDefined();
  const key = `${method.toUpperCase()} ${template}`;
  seen.set(key, (seen.get(key) ?? new Set()).add(response.statusCode));
  const media = spec!.content ? Object.entries(spec!.content)[0] : undefined;
  if (!media) {
    expect(response.body, `${key} ${response.statusCode} documents no body`).toBe('');
    return { status: response.statusCode, body: {}, headers: response.headers };
  }
  const [type, { schema }] = media;
  expect(
    String(response.headers['content-type']),
    `${key} ${response.statusCode}: ${response.body.slice(0, 200)}`,
  ).toContain(type);
  if (type !== 'application/json') return { status: response.statusCode, body: {}, headers: response.headers };
  const body = response.json() as Checked['body'];
  let validator = validators.get(schema!);
  if (!validator) validators.set(schema!, (validator = new Validator(schema!, '2020-12', false)));
  const result = validator.validate(body);
  expect(
    result.errors.map((error) => `${error.instanceLocation}: ${error.error}`),
    `${key} ${response.statusCode}`,
  ).toEqual([]);
  return { status: response.statusCode, body, headers: response.headers };
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  check(t, { method: 'GET', url, headers });
const send = (
  t: TestApp,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => check(t, { method, url, headers, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  const env = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
  open = await createTestApp(readFixture('catalog.json'), env);
  uploads = mkdtempSync(join(tmpdir(), 'openapi-uploads-'));
  keyed = await createTestApp(readFixture('catalog.json'), {
    ...env,
    API_KEYS: `${clientKey}:client,${adminKey}:admin`,
    // Uploads go to a scratch folder, not the demo's.
    MEDIA_FILES_DIR: uploads,
    MEDIA_UPLOAD_MAX_BYTES: '65536',
  });
  served = (await open.app.inject({ method: 'GET', url: '/openapi.json' })).json() as Document;
  dereferenced = (await SwaggerParser.dereference(structuredClone(served) as never)) as unknown as Document;
});

afterAll(async () => {
  await open?.close();
  await keyed?.close();
  if (uploads) rmSync(uploads, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('is checked in as schema/openapi.json, exactly what the code generates (npm run schema:print)', () => {
    const checkedIn = readFileSync(join(projectRoot, 'schema', 'openapi.json'), 'utf8');
    expect(printOpenApi(open.app)).toBe(checkedIn);
    expect(served).toEqual(JSON.parse(checkedIn));
  });

  it('is valid OpenAPI 3.1 (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeDefined();
    expect(served.openapi).toBe('3.1.0');
    const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string };
    expect(served.info.version).toBe(apiVersion);
    expect(apiVersion).toBe(packageJson.version);
  });

  it('names every operation for generated clients: a unique camelCase operationId and a summary each', () => {
    const operations = Object.values(served.paths).flatMap((item) => Object.values(item));
    const ids = operations.map((operation) => operation.operationId ?? '');
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toStrictEqual([]);
    expect(new Set(ids).size).toBe(operations.length);
    expect(
      operations.filter((operation) => !operation.summary).map((operation) => operation.operationId),
    ).toStrictEqual([]);
    expect(
      operations.filter((operation) => !operation.description).map((operation) => operation.operationId),
    ).toStrictEqual([]);
    // no name left for a route that is gone
    expect(Object.keys(operationNames)).toHaveLength(operations.length);
    expect(served.paths['/product/{id}']?.get?.operationId).toBe('getProduct');
    expect(served.paths['/cart']?.post?.operationId).toBe('addCartItems');
  });

  it('passes Redocly lint with its recommended rules: no error, no warning (redocly.yaml)', () => {
    // The checked-in document, which the first test holds equal to the served one.
    const lint = spawnSync(
      process.execPath,
      [
        join(projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'),
        'lint',
        'schema/openapi.json',
        '--format=json',
      ],
      {
        cwd: projectRoot,
        encoding: 'utf8',
        timeout: 60_000,
        // nothing sent anywhere: no usage report, no look for a newer version
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(lint.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toStrictEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(lint.status).toBe(0);
  });

  it('gives a client generator (openapi-typescript) types that client code compiles against', async () => {
    const directory = join(projectRoot, 'test', '.tmp', 'openapi-client');
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, 'api.d.ts'), astToString(await openapiTS(structuredClone(served) as never)));
    const client = join(directory, 'client.ts');
    writeFileSync(
      client,
      [
        "import type { components, paths } from './api';",
        "type Submitted = paths['/cart/submit']['post']['responses'][200]['content']['application/json'];",
        "type NotFound = paths['/cart/{id}']['get']['responses'][404]['content']['application/json'];",
        "export const total = (cart: components['schemas']['Cart']): number => cart.cost.total.value;",
        'export const firstOrder = (answer: Submitted): string | undefined => answer.orders[0]?.status;',
        "export const tier = (similar: components['schemas']['SimilarProduct']): 'lower' | 'similar' | 'higher' => similar.price_tier;",
        'export const code = (error: NotFound): string => error.code;',
        "import type { operations } from './api';",
        "export const title = (answer: operations['getProduct']['responses'][200]['content']['application/json']): string => answer.title;",
        "export const submitted = (answer: operations['submitCart']['responses'][200]['content']['application/json']): number => answer.orders.length;",
        "export const method = (cart: components['schemas']['Cart']) => cart.stores[0]?.offer.selected_shipping_method?.total.display_value;",
        // numeric path ids as numbers or digits; opaque ones as text only
        "type ProductId = operations['getProduct']['parameters']['path']['id'];",
        'export const ids: ProductId[] = [101, "101"];',
        "type CartId = operations['getCart']['parameters']['path']['id'];",
        "export const cartId: CartId = 'a-cart-id';",
        '// @ts-expect-error: a cart id is text',
        'export const numericCartId: CartId = 5;',
      ].join('\n'),
    );
    // No global types, as in a client's own project: the generated types and the client code need no
    // global declarations (@types/node and the others of this repository, 190 files to read).
    expect(compileProblems([client])).toEqual([]);
  });

  it('is public when API keys are required, and so is /docs', async () => {
    expect((await keyed.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);
    const page = await keyed.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBeLessThan(400);
    expect((await keyed.app.inject({ method: 'GET', url: '/product/11' })).statusCode).toBe(401);
  });
});

describe('real answers validate against the document', () => {
  it('catalog routes: answers, 304, 400 and 404', async () => {
    for (const prefix of ['/image', '/image/comparables']) {
      await get(open, `${prefix}/1`);
      await get(open, `${prefix}/slug/look-one`);
      expect((await get(open, `${prefix}/999`)).body.code).toBe('MEDIA_NOT_FOUND');
      expect((await get(open, `${prefix}/abc`)).body.code).toBe('INVALID_ID');
      expect((await get(open, `${prefix}/slug/${'x'.repeat(300)}`)).body.code).toBe('VALIDATION_FAILED');
    }
    for (const prefix of ['/video', '/video/comparables']) {
      await get(open, `${prefix}/2`);
      await get(open, `${prefix}/slug/clip-two`);
      expect((await get(open, `${prefix}/slug/look-one`)).body.code).toBe('MEDIA_NOT_FOUND');
    }
    for (const kind of ['image', 'video']) {
      await get(open, `/${kind}/${kind === 'image' ? 1 : 2}/placements`);
      await get(open, `/${kind}/slug/${kind === 'image' ? 'look-one' : 'clip-two'}/placements?at_ms=1000`);
      expect((await get(open, `/${kind}/999/placements`)).body.code).toBe('MEDIA_NOT_FOUND');
      expect((await get(open, `/${kind}/1/placements?at_ms=-1`)).body.code).toBe('VALIDATION_FAILED');
    }
    await get(open, '/product/11/media?first=1');
    expect((await get(open, '/product/999/media')).body.code).toBe('PRODUCT_NOT_FOUND');
    const product = await get(open, '/product/11');
    expect((await get(open, '/product/11', { 'if-none-match': String(product.headers.etag) })).status).toBe(304);
    await get(open, '/product/11/comparables');
    expect((await get(open, '/product/999/comparables')).body.code).toBe('PRODUCT_NOT_FOUND');
    expect((await get(open, '/product/0')).body.code).toBe('INVALID_ID');
  });

  it('cart routes and orders: the whole flow, and each refusal', async () => {
    const created = await send(open, 'POST', '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: '1101', quantity: 1 }] },
    });
    const cartId = String(created.body.id);
    await send(open, 'PUT', '/cart', {
      id: cartId,
      items: { storefront_cart_items_input: [{ variant_id: '1201', quantity: 2 }] },
    });
    await send(open, 'POST', '/cart/add', { cart_id: cartId, item: { variant_id: '1301', quantity: 1 } });
    await send(open, 'POST', '/cart/update', { cart_id: cartId, item: { variant_id: '1301', quantity: 2 } });
    await send(open, 'DELETE', '/cart/items', { cart_id: cartId, variant_id: '1301' });
    await send(open, 'DELETE', `/cart/items?cart_id=${cartId}&variant_id=1201`);
    await send(open, 'POST', '/cart/shippingMethod', {
      cart_id: cartId,
      store: 'alpha.example',
      shipping_method_id: 'express',
    });
    await get(open, `/cart/${cartId}`);
    await send(open, 'POST', `/cart/cartStatus/${cartId}`);

    expect((await send(open, 'POST', '/cart/submit', { id: cartId })).body.code).toBe('BUYER_IDENTITY_MISSING');
    expect(
      (await send(open, 'POST', '/cart/customerInfo', { id: cartId, buyer_identity: { email: 'not an address' } })).body
        .code,
    ).toBe('BUYER_IDENTITY_INVALID');
    await send(open, 'POST', '/cart/customerInfo', { id: cartId, buyer_identity: californian });
    const submitted = await send(
      open,
      'POST',
      '/cart/submit',
      { id: cartId },
      { 'idempotency-key': 'openapi-submit-1' },
    );
    expect(submitted.status).toBe(200);
    expect(
      (await send(open, 'POST', '/cart/submit', { id: cartId }, { 'idempotency-key': 'openapi-submit-1' })).status,
    ).toBe(200);
    expect(
      (await send(open, 'POST', '/cart/add', { cart_id: cartId, item: { variant_id: '1201', quantity: 1 } })).body.code,
    ).toBe('CART_ALREADY_SUBMITTED');
    await send(open, 'POST', `/cart/cartStatus/${cartId}`, {});

    const orderId = String((submitted.body.orders as { id: string }[])[0]!.id);
    await get(open, `/orders/${orderId}`);
    await send(open, 'POST', `/orders/${orderId}/status`, { status: 'PLACED' });
    await send(open, 'POST', `/orders/${orderId}/status`, {
      status: 'ACTION_REQUIRED',
      required_actions: [{ action: 'VERIFY_ADDRESS', description: 'Confirm the street number' }],
    });
    expect((await send(open, 'POST', `/orders/${orderId}/status`, { status: 'SUBMITTED' })).body.code).toBe(
      'INVALID_ORDER_TRANSITION',
    );
    expect((await get(open, '/orders/no-such-order')).body.code).toBe('ORDER_NOT_FOUND');

    const attributed = await send(open, 'POST', '/cart/add', {
      item: { variant_id: '1101', quantity: 1, media_id: 1 },
    });
    expect(
      (attributed.body.stores as { cart_lines: { media_id: number | null }[] }[])[0]!.cart_lines[0]!.media_id,
    ).toBe(1);
    expect(
      (await send(open, 'POST', '/cart/add', { item: { variant_id: '1201', quantity: 1, media_id: 1 } })).body.code,
    ).toBe('MEDIA_NOT_ATTRIBUTABLE');
    expect((await send(open, 'POST', '/cart/add', { item: { variant_id: '999999', quantity: 1 } })).body.code).toBe(
      'VARIANT_NOT_FOUND',
    );
    expect((await send(open, 'POST', '/cart/add', { item: { product_id: '11', quantity: 1 } })).body.code).toBe(
      'VARIANT_REQUIRED',
    );
    expect(
      (await send(open, 'POST', '/cart/add', { item: { product_id: '12', variant_id: '1101', quantity: 1 } })).body
        .code,
    ).toBe('VARIANT_PRODUCT_MISMATCH');
    expect((await send(open, 'POST', '/cart/add', { item: { product_id: '999', quantity: 1 } })).body.code).toBe(
      'PRODUCT_NOT_FOUND',
    );
    expect((await send(open, 'POST', '/cart/add', { item: { variant_id: 'x1', quantity: 1 } })).body.code).toBe(
      'VARIANT_NOT_FOUND',
    );
    expect((await send(open, 'POST', '/cart/add', { item: { variant_id: '1101', quantity: 'two' } })).body.code).toBe(
      'VALIDATION_FAILED',
    );
    const mixed = await send(open, 'POST', '/cart/add', { item: { variant_id: '1101', quantity: 1 } });
    expect(
      (
        await send(open, 'POST', '/cart/add', {
          cart_id: String(mixed.body.id),
          item: { variant_id: '1601', quantity: 1 },
        })
      ).body.code,
    ).toBe('CURRENCY_MISMATCH');
    const tooMany = Array.from({ length: 101 }, () => ({ variant_id: '1201', quantity: 1 }));
    expect((await send(open, 'POST', '/cart', { items: { storefront_cart_items_input: tooMany } })).body.code).toBe(
      'TOO_MANY_ITEMS',
    );
    expect(
      (
        await send(open, 'POST', '/cart/shippingMethod', {
          cart_id: String(mixed.body.id),
          store: 'alpha.example',
          shipping_method_id: 'drone',
        })
      ).body.code,
    ).toBe('SHIPPING_METHOD_NOT_FOUND');
    expect(
      (
        await send(
          open,
          'POST',
          '/cart/add',
          { cart_id: String(mixed.body.id), item: { variant_id: '1201', quantity: 1 } },
          { 'idempotency-key': 'openapi-reused' },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await send(
          open,
          'POST',
          '/cart/add',
          { cart_id: String(mixed.body.id), item: { variant_id: '1201', quantity: 2 } },
          { 'idempotency-key': 'openapi-reused' },
        )
      ).body.code,
    ).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await send(open, 'DELETE', '/cart/items?cart_id=only')).body.code).toBe('VALIDATION_FAILED');
    expect((await get(open, '/cart/no-such-cart')).body.code).toBe('CART_NOT_FOUND');
    expect((await send(open, 'POST', '/cart/cartStatus/no-such-cart')).body.code).toBe('CART_NOT_FOUND');
    expect((await send(open, 'POST', '/cart/submit', {})).body.code).toBe('VALIDATION_FAILED');
    const empty = await send(open, 'PUT', '/cart', {
      id: String(mixed.body.id),
      items: {
        storefront_cart_items_input: [
          { variant_id: '1101', quantity: 0 },
          { variant_id: '1201', quantity: 0 },
        ],
      },
    });
    await send(open, 'POST', '/cart/customerInfo', { id: String(empty.body.id), buyer_identity: californian });
    expect((await send(open, 'POST', '/cart/submit', { id: String(empty.body.id) })).body.code).toBe('CART_EMPTY');
  });

  it('body refusals: bad JSON, too large, wrong media type', async () => {
    expect(
      (
        await check(open, {
          method: 'POST',
          url: '/cart',
          payload: '{"items":',
          headers: { 'content-type': 'application/json' },
        })
      ).body.code,
    ).toBe('INVALID_JSON');
    expect(
      (
        await check(open, {
          method: 'POST',
          url: '/cart',
          payload: '<items/>',
          headers: { 'content-type': 'application/xml' },
        })
      ).body.code,
    ).toBe('UNSUPPORTED_MEDIA_TYPE');
    const large = JSON.stringify({ items: { storefront_cart_items_input: [] }, pad: 'x'.repeat(1_100_000) });
    expect(
      (
        await check(open, {
          method: 'POST',
          url: '/cart',
          payload: large,
          headers: { 'content-type': 'application/json' },
        })
      ).body.code,
    ).toBe('PAYLOAD_TOO_LARGE');
  });

  it('webhook admin routes, with admin and client keys', async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    const created = await send(
      keyed,
      'POST',
      '/webhooks',
      { url: 'http://127.0.0.1:9/hook', events: ['order.created'], description: 'OpenAPI test' },
      admin,
    );
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    await get(keyed, '/webhooks', admin);
    await get(keyed, `/webhooks/${id}`, admin);
    const client = { 'x-api-key': clientKey };
    const cart = await send(keyed, 'POST', '/cart/add', { item: { variant_id: '1201', quantity: 1 } }, client);
    await send(
      keyed,
      'POST',
      '/cart/customerInfo',
      {
        id: String(cart.body.id),
        buyer_identity: {
          first_name: 'Ada',
          last_name: 'L',
          address_1: '1 Way',
          city: 'LA',
          country_code: 'US',
          postal_code: '90001',
          email: 'ada@example.com',
        },
      },
      client,
    );
    await send(keyed, 'POST', '/cart/submit', { id: String(cart.body.id) }, client);
    const page = await get(keyed, `/webhooks/${id}/deliveries?first=10`, admin);
    const delivery = (page.body.deliveries as { id: string }[])[0];
    expect(delivery).toBeDefined();
    await send(keyed, 'POST', `/webhooks/${id}/deliveries/${delivery!.id}/retry`, undefined, admin);
    expect(
      (await send(keyed, 'POST', `/webhooks/${id}/deliveries/no-such-delivery/retry`, undefined, admin)).body.code,
    ).toBe('DELIVERY_NOT_FOUND');
    expect((await get(keyed, `/webhooks/${id}/deliveries?first=500`, admin)).body.code).toBe('VALIDATION_FAILED');
    expect((await send(keyed, 'POST', '/webhooks', { url: 'ftp://example.com/hook' }, admin)).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await get(keyed, '/webhooks', client)).body.code).toBe('FORBIDDEN');
    expect((await send(keyed, 'POST', `/orders/x/status`, { status: 'PLACED' }, client)).body.code).toBe('FORBIDDEN');
    expect((await get(keyed, '/webhooks')).body.code).toBe('UNAUTHENTICATED');
    await send(keyed, 'PATCH', `/webhooks/${id}`, { enabled: false, description: null }, admin);
    expect((await send(keyed, 'DELETE', `/webhooks/${id}`, undefined, admin)).status).toBe(204);
    expect((await get(keyed, `/webhooks/${id}`, admin)).body.code).toBe('WEBHOOK_NOT_FOUND');
  });

  it('discount admin routes and cart discount codes', async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    const created = await send(
      keyed,
      'POST',
      '/discounts',
      { code: 'OPENAPI10', store: 'alpha.example', kind: 'PERCENTAGE', value: 10, minimum_subtotal: 1 },
      admin,
    );
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    await send(
      keyed,
      'POST',
      '/discounts',
      { store: 'alpha.example', kind: 'FREE_SHIPPING', starts_at: '2026-01-01T00:00:00Z', combines_with_others: true },
      admin,
    );
    expect(
      (
        await send(
          keyed,
          'POST',
          '/discounts',
          { code: 'openapi10', store: 'alpha.example', kind: 'FIXED_AMOUNT', value: 5 },
          admin,
        )
      ).body.code,
    ).toBe('DISCOUNT_CODE_TAKEN');
    expect(
      (await send(keyed, 'POST', '/discounts', { store: 'nowhere.example', kind: 'FREE_SHIPPING' }, admin)).body.code,
    ).toBe('STORE_NOT_FOUND');
    expect(
      (await send(keyed, 'POST', '/discounts', { store: 'alpha.example', kind: 'PERCENTAGE', value: 101 }, admin)).body
        .code,
    ).toBe('VALIDATION_FAILED');
    await get(keyed, '/discounts?store=alpha.example&first=1', admin);
    await get(keyed, `/discounts/${id}`, admin);
    expect((await get(keyed, '/discounts/999999', admin)).body.code).toBe('DISCOUNT_NOT_FOUND');
    await send(keyed, 'PATCH', `/discounts/${id}`, { usage_limit: 5, ends_at: null }, admin);
    expect((await send(keyed, 'PATCH', '/discounts/999999', { enabled: false }, admin)).body.code).toBe(
      'DISCOUNT_NOT_FOUND',
    );
    expect((await get(keyed, '/discounts', { 'x-api-key': clientKey })).body.code).toBe('FORBIDDEN');
    const cart = await send(open, 'POST', '/cart/add', { item: { variant_id: '1201', quantity: 1 } });
    const coded = await send(open, 'POST', '/cart/discounts', { id: String(cart.body.id), codes: ['NOPE', 'spring'] });
    expect((coded.body.warnings as { code: string }[]).map((warning) => warning.code)).toEqual([
      'DISCOUNT_CODE_UNKNOWN',
      'DISCOUNT_CODE_UNKNOWN',
    ]);
    expect((await send(open, 'POST', '/cart/discounts', { id: 'no-such-cart', codes: [] })).body.code).toBe(
      'CART_NOT_FOUND',
    );
    expect(
      (await send(open, 'POST', '/cart/discounts', { id: String(cart.body.id), codes: ['x'.repeat(65)] })).body.code,
    ).toBe('VALIDATION_FAILED');
  });

  it('media performance, with admin and client keys', async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    expect((await get(keyed, '/media/1/performance', admin)).status).toBe(200);
    await get(open, '/media/1/performance?from=2026-01-01T00:00:00Z&to=2026-02-01T00:00:00Z');
    expect((await get(open, '/media/1/performance?from=soon')).body.code).toBe('VALIDATION_FAILED');
    expect((await get(open, '/media/999/performance')).body.code).toBe('MEDIA_NOT_FOUND');
    expect((await get(open, '/media/abc/performance')).body.code).toBe('INVALID_ID');
    expect((await get(keyed, '/media/1/performance', { 'x-api-key': clientKey })).body.code).toBe('FORBIDDEN');
  });

  it("the funnel, the ranking and players' events", async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    const events = [
      { type: 'impression', media_id: 1, session_id: 'openapi-session' },
      { type: 'play', media_id: '2', session_id: 'openapi-session', occurred_at: new Date().toISOString() },
    ];
    expect((await send(open, 'POST', '/player/events', { events })).status).toBe(202);
    expect((await send(keyed, 'POST', '/player/events', { events }, { 'x-api-key': clientKey })).status).toBe(202);
    const bad = { events: [{ type: 'view', media_id: 1, session_id: 'openapi-session' }] };
    expect((await send(open, 'POST', '/player/events', bad)).body.code).toBe('VALIDATION_FAILED');
    const large = { events: [{ ...events[0], note: 'x'.repeat(17_000) }] };
    expect((await send(open, 'POST', '/player/events', large)).body.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await get(open, '/media/1/performance?interval=day')).status).toBe(200);
    expect((await get(open, '/media/1/performance?from=2026-01-01T00:00:00Z&interval=hour')).body.code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await get(keyed, '/analytics/media?sort=carts&first=2', admin)).status).toBe(200);
    expect((await get(open, '/analytics/media?after=nope')).body.code).toBe('VALIDATION_FAILED');
    expect((await get(keyed, '/analytics/media', { 'x-api-key': clientKey })).body.code).toBe('FORBIDDEN');
  });

  it('media admin routes, with admin and client keys', async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    const image = { type: 'image', slug: 'openapi-look', url: '/media/files/a.jpg', width: 10, height: 20 };
    const created = await send(keyed, 'POST', '/media', { ...image, product_ids: [11], alt: 'Alt' }, admin);
    expect(created.status).toBe(201);
    const id = String((created.body.media as { id: number }).id);
    expect((await send(keyed, 'POST', '/media', image, admin)).body.code).toBe('MEDIA_SLUG_TAKEN');
    expect((await send(keyed, 'POST', '/media', { ...image, slug: 'a b' }, admin)).body.code).toBe('VALIDATION_FAILED');
    expect((await get(keyed, '/media?type=image&first=1&q=openapi', admin)).status).toBe(200);
    expect((await send(keyed, 'PATCH', `/media/${id}`, { alt: null }, admin)).status).toBe(200);
    expect((await send(keyed, 'PATCH', '/media/999', { alt: null }, admin)).body.code).toBe('MEDIA_NOT_FOUND');
    const placements = { placements: [{ product_id: 12, x: 0.5, y: 0.5 }] };
    expect((await send(keyed, 'PUT', `/media/${id}/placements`, placements, admin)).status).toBe(200);
    expect((await send(keyed, 'PUT', '/media/abc/placements', placements, admin)).body.code).toBe('INVALID_ID');
    expect((await send(keyed, 'POST', '/media', image, { 'x-api-key': clientKey })).body.code).toBe('FORBIDDEN');
    expect((await send(keyed, 'DELETE', `/media/${id}`, undefined, admin)).status).toBe(204);
    expect((await send(keyed, 'DELETE', `/media/${id}`, undefined, admin)).body.code).toBe('MEDIA_NOT_FOUND');
    const jpeg = readFileSync(join(projectRoot, 'prisma', 'seed', 'media', 'autumn-ridge-layers.jpg'));
    const upload = (payload: Buffer, contentType: string) =>
      check(keyed, {
        method: 'POST',
        url: '/media/files?name=look',
        headers: { ...admin, 'content-type': contentType },
        payload,
      });
    expect((await upload(jpeg, 'image/jpeg')).status).toBe(201);
    expect((await upload(jpeg, 'image/png')).body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await upload(Buffer.concat([jpeg, Buffer.alloc(65536)]), 'image/jpeg')).body.code).toBe(
      'PAYLOAD_TOO_LARGE',
    );
  });

  it('catalog search', async () => {
    expect((await get(open, '/search/products?q=product&brand=x&brand=y&limit=2')).status).toBe(200);
    const page = await get(
      open,
      '/search/products?sort=price_desc&limit=1&available=true&min_price=1&max_price=1000&currency=usd',
    );
    expect(page.status).toBe(200);
    await get(
      open,
      `/search/products?sort=price_desc&cursor=${encodeURIComponent((page.body as { next_cursor: string }).next_cursor)}`,
    );
    expect((await get(open, '/search/products?limit=500')).body.code).toBe('VALIDATION_FAILED');
    expect((await get(open, '/search/products?cursor=nope')).body.code).toBe('VALIDATION_FAILED');
  });

  it('operations routes', async () => {
    await get(open, '/healthz');
    await get(open, '/readyz');
    await get(open, '/metrics');
    expect((await get(keyed, '/metrics', { 'x-api-key': clientKey })).body.code).toBe('FORBIDDEN');
  });

  it('answered every documented operation with a success, and only documented statuses', () => {
    const operations = Object.entries(dereferenced.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const withoutSuccess = operations.filter(
      (operation) => ![...(seen.get(operation) ?? [])].some((status) => status >= 200 && status < 400),
    );
    expect(withoutSuccess).toEqual([]);
    expect(operations.length).toBe(52);
    const answered = [...seen.values()].reduce((sum, statuses) => sum + statuses.size, 0);
    console.log(`${operations.length} operations, ${answered} distinct (operation, status) answers validated`);
    expect(answered).toBeGreaterThanOrEqual(68);
  });
});
