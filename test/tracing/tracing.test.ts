// Tracing on (OTEL_EXPORTER_OTLP_ENDPOINT): a cart submit's trace arrives at an OTLP/HTTP
// collector in this process with the span tree HTTP → GraphQL or REST → SQL → outbox, under the
// caller's traceparent, and the webhook delivery of its event continues it (its request carries
// the delivery span's traceparent). Statements are recorded as text, never with their values.
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readFixture, testConfig, type TestApp } from '../helpers.js';
import { addToCart, californian, post } from '../cart/cart-helpers.js';
import { newSecret, startReceiver, type Receiver } from '../events/webhook-receiver.js';
import { startDeliveryWorker, type DeliveryWorker } from '../../src/events/delivery.js';
import { activeTracer, flushTracing, startTracing, stopTracing } from '../../src/tracing/tracing.js';
import { statementName } from '../../src/tracing/sql.js';
import { tracesUrl } from '../../src/tracing/provider.js';
import { ancestors, startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';

const buyer = { ...californian, email: 'traced-buyer-7f3a@example.com', first_name: 'Tracey' };
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

let otlp: OtlpReceiver;
let t: TestApp;
let hook: Receiver;
let worker: DeliveryWorker;

beforeAll(async () => {
  otlp = await startOtlpReceiver();
  await startTracing({ endpoint: otlp.endpoint, serviceName: 'gateway-under-test' });
  t = await createTestApp(readFixture('cart-catalog.json'));
  const secret = newSecret();
  hook = await startReceiver(secret);
  await t.database.db.webhookEndpoint.create({ data: { id: 'whep_traced', url: hook.url, secret } });
  const config = testConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true' });
  worker = startDeliveryWorker({
    sql: t.database.sql,
    config,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    pollIntervalMs: 50,
  });
});

afterAll(async () => {
  await worker.stop();
  await hook.close();
  await t.close();
  await stopTracing();
  await otlp.close();
});

/** A cart of two stores with its buyer: ready to submit. */
async function readyCart(): Promise<string> {
  const cart = await addToCart(t, [
    { variant_id: '2021', quantity: 1 },
    { variant_id: '2051', quantity: 1 },
  ]);
  expect((await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: buyer })).status).toBe(200);
  return cart.body.id;
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The spans of the trace once its cart.submitted webhook was delivered and its spans exported. */
async function deliveredTrace(
  traceId: string,
  cartId: string,
): Promise<{ spans: ReceivedSpan[]; traceparent: string | null }> {
  const webhook = () =>
    hook.received.find((each) => each.payload.type === 'cart.submitted' && each.payload.data.cart_id === cartId);
  await until(() => webhook() !== undefined, 'the cart.submitted webhook');
  await until(async () => {
    await flushTracing();
    return otlp.spans.some(
      (span) => span.name === 'webhook.deliver' && span.attributes['webhook.message.id'] === webhook()!.id,
    );
  }, 'the delivery span');
  return { spans: otlp.spans.filter((span) => span.traceId === traceId), traceparent: webhook()!.traceparent };
}

/**
 * What every submit's trace holds: statements below the HTTP span, the submit's transaction and
 * its outbox write below the operation's span (REST: the HTTP span), the delivery below that.
 */
function expectSubmitBelow(
  spans: ReceivedSpan[],
  http: ReceivedSpan,
  operation: ReceivedSpan,
  webhookTraceparent: string | null,
  traceId: string,
): void {
  const below = (span: ReceivedSpan) => ancestors(spans, span).includes(operation);
  const statements = spans.filter((span) => span.attributes['db.system.name'] !== undefined);
  expect(statements.length).toBeGreaterThan(5);
  for (const statement of statements) {
    expect(ancestors(spans, statement), `${statement.name} below ${http.name}`).toContain(http);
    expect(statement.kind).toBe(3);
    expect(statement.attributes['db.system.name']).toBe(t.database.provider);
    expect(typeof statement.attributes['db.query.text']).toBe('string');
  }
  const submit = statements.filter((span) => ['BEGIN', 'INSERT Order', 'UPDATE Sku', 'COMMIT'].includes(span.name));
  expect(new Set(submit.map((span) => span.name))).toStrictEqual(
    new Set(['BEGIN', 'INSERT Order', 'UPDATE Sku', 'COMMIT']),
  );
  for (const statement of submit) expect(below(statement), `${statement.name} below ${operation.name}`).toBe(true);
  const outbox = spans.find((span) => span.name === 'outbox.write');
  expect(outbox && below(outbox)).toBe(true);
  expect(outbox!.attributes['outbox.event.types']).toEqual(expect.arrayContaining(['cart.submitted', 'order.created']));
  // The events' INSERT is the outbox write's own statement.
  expect(statements.filter((span) => span.parentSpanId === outbox!.spanId).map((span) => span.name)).toContain(
    'INSERT Event',
  );
  // The delivery continues the trace of the write that recorded its event, and says so to the receiver.
  const deliveries = spans.filter((span) => span.name === 'webhook.deliver');
  expect(deliveries.length).toBeGreaterThan(0);
  for (const delivery of deliveries) {
    expect([delivery.parentSpanId, delivery.kind, delivery.attributes['http.response.status_code']]).toStrictEqual([
      outbox!.spanId,
      3,
      200,
    ]);
  }
  expect(webhookTraceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
  expect(deliveries.map((span) => span.spanId)).toContain(webhookTraceparent!.split('-')[2]);
}

/** No value sent with the requests is in any span exported: statements are text, operations names. */
function expectNoValues(...values: string[]): void {
  const exported = otlp.bodies.join('\n');
  for (const value of values) expect(exported.includes(value), value).toBe(false);
}

describe('tracing on', () => {
  it('a REST cart submit: HTTP → SQL → outbox → delivery, under the caller traceparent, no values recorded', async () => {
    expect(activeTracer()).not.toBeNull();
    const cartId = await readyCart();
    const [traceId, callerSpanId] = [hex(16), hex(8)];
    // The body arrives a moment after the headers, from outside the request (as a slow client's
    // would, from its socket): the handler must still run in the request's span.
    const body = new PassThrough();
    setTimeout(() => body.end(JSON.stringify({ id: cartId })), 30);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/cart/submit',
      payload: body,
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(submitted.statusCode).toBe(200);
    const { spans, traceparent } = await deliveredTrace(traceId, cartId);
    const http = spans.find((span) => span.kind === 2);
    expect([
      http?.name,
      http?.parentSpanId,
      http?.attributes['http.route'],
      http?.attributes['http.response.status_code'],
    ]).toStrictEqual(['POST /cart/submit', callerSpanId, '/cart/submit', 200]);
    expect(http!.service).toBe('gateway-under-test');
    // Every span of the trace is the request's or its delivery's: none is a root of its own.
    for (const span of spans) expect(span === http || ancestors(spans, span).includes(http!), span.name).toBe(true);
    expectSubmitBelow(spans, http!, http!, traceparent, traceId);
    expectNoValues(cartId, buyer.email, buyer.first_name);
  });

  it('a GraphQL submit: HTTP → the operation span (type and name, no variables) → SQL → outbox → delivery', async () => {
    const cartId = await readyCart();
    const [traceId, callerSpanId] = [hex(16), hex(8)];
    const idempotencyKey = `traced-key-${hex(6)}`;
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
      payload: {
        query:
          'mutation TracedSubmit($cartId: ID!, $key: String) { submitCart(cartId: $cartId, idempotencyKey: $key) { status orders { id } } }',
        variables: { cartId, key: idempotencyKey },
      },
    });
    expect([answer.statusCode, answer.json<{ errors?: unknown }>().errors]).toStrictEqual([200, undefined]);
    const { spans, traceparent } = await deliveredTrace(traceId, cartId);
    const http = spans.find((span) => span.kind === 2);
    expect([http?.name, http?.parentSpanId]).toStrictEqual(['POST /graphql', callerSpanId]);
    const operation = spans.find((span) => span.name === 'mutation TracedSubmit');
    expect(operation?.parentSpanId).toBe(http!.spanId);
    expect(operation!.attributes).toStrictEqual({
      'graphql.operation.type': 'mutation',
      'graphql.operation.name': 'TracedSubmit',
    });
    expectSubmitBelow(spans, http!, operation!, traceparent, traceId);
    expectNoValues(cartId, idempotencyKey, buyer.email);
  });

  it('names requests by their route pattern, never the URL; a request without traceparent starts a trace of its own', async () => {
    const orderId = `ord_traced${hex(4)}`;
    expect((await t.app.inject({ method: 'GET', url: `/orders/${orderId}?probe=${orderId}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/no/such/${orderId}` })).statusCode).toBe(404);
    await flushTracing();
    const servers = otlp.spans.filter((span) => span.kind === 2 && span.parentSpanId === null);
    expect(servers.map((span) => span.name)).toEqual(expect.arrayContaining(['GET /orders/:id', 'GET']));
    expect(servers.find((span) => span.name === 'GET')?.attributes).toStrictEqual({
      'http.request.method': 'GET',
      'http.response.status_code': 404,
    });
    expectNoValues(orderId);
  });

  it('runs each operation in its span with GRAPHQL_COMPILED=false too (graphql-js for every operation)', async () => {
    const plain = await createTestApp(readFixture('cart-catalog.json'), { GRAPHQL_COMPILED: 'false' });
    try {
      const traceId = hex(16);
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { traceparent: `00-${traceId}-${hex(8)}-01` },
        payload: { query: 'query TracedProduct { product(id: "201") { id title } }' },
      });
      expect(answer.json()).toStrictEqual({
        data: { product: { id: '201', title: 'Rain Shell' } },
        extensions: { cost: { estimated: 3, limit: 50_000 } },
      });
      await flushTracing();
      const spans = otlp.spans.filter((span) => span.traceId === traceId);
      const operation = spans.find((span) => span.name === 'query TracedProduct');
      expect(operation?.parentSpanId).toBe(spans.find((span) => span.name === 'POST /graphql')?.spanId);
      expect(
        spans.filter(
          (span) => span.attributes['db.query.text'] !== undefined && ancestors(spans, span).includes(operation!),
        ).length,
      ).toBeGreaterThan(0);
    } finally {
      await plain.close();
    }
  });

  it('names statements by operation and table; sends to <endpoint>/v1/traces', () => {
    expect(statementName('SELECT "main"."Cart"."id" FROM "main"."Cart" WHERE "id" = ?')).toBe('SELECT Cart');
    expect(statementName('INSERT INTO "Event" ("messageId") VALUES ($1)')).toBe('INSERT Event');
    expect(statementName('SELECT `main`.`Sku`.`id` FROM `main`.`Sku` WHERE `id` IN (?)')).toBe('SELECT Sku');
    expect(statementName('UPDATE "WebhookDelivery" SET "claimedUntil" = ?')).toBe('UPDATE WebhookDelivery');
    expect(statementName('COMMIT')).toBe('COMMIT');
    expect([tracesUrl('http://collector:4318'), tracesUrl('https://otel.example/base/')]).toStrictEqual([
      'http://collector:4318/v1/traces',
      'https://otel.example/base/v1/traces',
    ]);
  });
});
