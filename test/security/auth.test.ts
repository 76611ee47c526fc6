// API keys and roles, CORS, and what reaches the logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../../src/config.js';
import { createTestApp, readFixture, type TestApp } from '../helpers.js';
import { post } from '../cart/cart-helpers.js';

const clientKey = 'client-key-0123456789abcdef';
const adminKey = 'admin-key-0123456789abcdef0';
const logs: string[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    readFixture('cart-catalog.json'),
    { API_KEYS: `${clientKey}:client,${adminKey}:admin`, CORS_ORIGINS: 'https://shop.example', LOG_LEVEL: 'info' },
    {
      logStream: { write: (line) => void logs.push(line) },
    },
  );
});
afterAll(() => t.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function submittedOrderId(): Promise<string> {
  const cart = await post(
    t,
    '/cart',
    { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } },
    bearer(clientKey),
  );
  await post(
    t,
    '/cart/customerInfo',
    {
      id: cart.body.id,
      buyer_identity: {
        first_name: 'Ada',
        last_name: 'L',
        address_1: '1 Secret Lane',
        city: 'X',
        country_code: 'US',
        postal_code: '1',
        email: 'ada.private@example.com',
      },
    },
    bearer(clientKey),
  );
  const submitted = await post<{ orders: { id: string }[] }>(
    t,
    '/cart/submit',
    { id: cart.body.id },
    bearer(clientKey),
  );
  return submitted.body.orders[0]!.id;
}

describe('API keys', () => {
  it('answers 401 UNAUTHENTICATED without a key or with a wrong one, on REST and GraphQL', async () => {
    for (const headers of [
      {},
      bearer('wrong-key-0123456789abcdef'),
      { 'x-api-key': 'nope' },
      { authorization: clientKey },
    ]) {
      const rest = await t.app.inject({ method: 'GET', url: '/product/202', headers });
      expect(rest.statusCode).toBe(401);
      expect(rest.headers['www-authenticate']).toBe('Bearer');
      expect(rest.json()).toStrictEqual({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        error: 'Unauthorized',
        message: expect.any(String),
      });
      const graphql = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers,
        payload: { query: '{ product(id: "202") { id } }' },
      });
      expect(graphql.statusCode).toBe(401);
    }
  });

  it('accepts Authorization: Bearer and x-api-key', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/product/202', headers: bearer(clientKey) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/product/202', headers: { 'x-api-key': adminKey } })).statusCode,
    ).toBe(200);
  });

  it('leaves /healthz, /readyz and the Sandbox page open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const sandbox = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(sandbox.statusCode).toBe(200);
    expect(sandbox.headers['content-type']).toMatch(/text\/html/);
  });

  it('refuses order status updates to a client key with 403 FORBIDDEN, on REST and GraphQL, and allows an admin key', async () => {
    const orderId = await submittedOrderId();
    const asClient = await post(t, `/orders/${orderId}/status`, { status: 'PLACED' }, bearer(clientKey));
    expect(asClient.status).toBe(403);
    expect(asClient.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', error: 'Forbidden' });
    const mutation = { query: `mutation { updateOrderStatus(orderId: "${orderId}", status: PLACED) { status } }` };
    const graphql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: bearer(clientKey),
      payload: mutation,
    });
    expect(graphql.json().errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', http: { status: 403 } });
    expect((await t.database.db.order.findUniqueOrThrow({ where: { id: orderId } })).status).toBe('SUBMITTED');
    const asAdmin = await post(t, `/orders/${orderId}/status`, { status: 'PLACED' }, bearer(adminKey));
    expect(asAdmin.status).toBe(200);
  });

  it('parses API_KEYS and refuses bad entries', () => {
    expect(loadConfig({ API_KEYS: `${clientKey}:client, ${adminKey}:admin` }).apiKeys).toStrictEqual([
      { key: clientKey, role: 'client' },
      { key: adminKey, role: 'admin' },
    ]);
    expect(() => loadConfig({ API_KEYS: `${clientKey}:root` })).toThrow(ConfigError);
    expect(() => loadConfig({ API_KEYS: 'short:admin' })).toThrow(/16 characters/);
    expect(() => loadConfig({ API_KEYS: clientKey })).toThrow(/client or <key>:admin/);
  });

  it('warns at start when no keys are configured', async () => {
    const lines: string[] = [];
    const open = await createTestApp(
      null,
      { LOG_LEVEL: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    await open.close();
    expect(lines.some((line) => line.includes('"level":40') && line.includes('API_KEYS is not set'))).toBe(true);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin without a key', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/cart',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,idempotency-key',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(response.headers['access-control-allow-headers'])).toContain('idempotency-key');
  });

  it('adds the origin to answers for allowed origins only', async () => {
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/product/202',
      headers: { origin: 'https://shop.example', ...bearer(clientKey) },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example');
    const other = await t.app.inject({
      method: 'GET',
      url: '/product/202',
      headers: { origin: 'https://evil.example', ...bearer(clientKey) },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('logs', () => {
  it('carry request ids, and never keys, buyer identity fields or cart ids', async () => {
    logs.length = 0;
    await submittedOrderId();
    const cart = await post(t, '/cart', {}, bearer(clientKey));
    await t.app.inject({ method: 'GET', url: `/cart/${cart.body.id}?debug=1`, headers: bearer(clientKey) });
    // a path that matches no route may hold a cart id too
    await t.app.inject({ method: 'GET', url: `/cart/${cart.body.id}/extra`, headers: bearer(clientKey) });
    await post(
      t,
      '/cart/customerInfo',
      { id: cart.body.id, buyer_identity: { email: 'not an email', address_1: '221B Baker Street' } },
      bearer(clientKey),
    );
    const text = logs.join('');
    expect(logs.length).toBeGreaterThan(5);
    for (const secret of [
      clientKey,
      adminKey,
      'ada.private@example.com',
      'Secret Lane',
      '221B Baker',
      cart.body.id,
      'debug=1',
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('"route":"/cart/:id"');
    expect(text).toContain('"route":"(no route)"');
    expect(logs.every((line) => /"reqId":"[^"]+"/.test(line) || !line.includes('"req"'))).toBe(true);
  });

  it('answers x-request-id: the caller’s when it is a plain token, else a new one', async () => {
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-42' } });
    expect(given.headers['x-request-id']).toBe('trace-42');
    const made = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
