// Tracing in the real server (dist/src/main.js): off by default, with nothing of the SDK loaded;
// on with OTEL_EXPORTER_OTLP_ENDPOINT, a cart submit's trace arrives at an OTLP/HTTP collector in
// this process, its webhook delivery's span from the SQLite delivery thread's own provider, and
// what is left is flushed by the shutdown.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixture } from '../fixtures.js';
import { json, processFixture, stopGateway, until, type Gateway, type ProcessFixture } from '../process/gateway.js';
import { californian } from '../cart/cart-helpers.js';
import { newSecret, startReceiver } from '../events/webhook-receiver.js';
import { ancestors, startOtlpReceiver } from './otlp-receiver.js';

const dir = mkdtempSync(join(tmpdir(), 'tracing-'));
const probe = join(import.meta.dirname, 'loaded-modules.cjs');
/** The SDK's packages (the API is prom-client's too): none may load while tracing is off. */
const sdkModule = /@opentelemetry\/(sdk-|exporter-|otlp-|resources|core|context-async-hooks)/;

let fixture: ProcessFixture;

beforeAll(async () => {
  fixture = await processFixture(readFixture('cart-catalog.json'));
});
afterAll(() => fixture.close());

/** A gateway whose loaded @opentelemetry modules are written to `file` when it exits. */
const start = (file: string, env: Record<string, string> = {}) =>
  fixture.start({
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${probe}`.trim(),
      LOADED_MODULES_FILE: file,
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      ...env,
    },
  });

/** A submitted cart of two stores; the submit carries `headers`. */
async function submitCart(gateway: Gateway, headers: Record<string, string> = {}): Promise<string> {
  const cart = await json('POST', `${gateway.base}/cart`, {
    items: {
      storefront_cart_items_input: [
        { variant_id: '2021', quantity: 1 },
        { variant_id: '2051', quantity: 1 },
      ],
    },
  });
  const id = String(cart.body.id);
  expect((await json('POST', `${gateway.base}/cart/customerInfo`, { id, buyer_identity: californian })).status).toBe(
    200,
  );
  expect((await json('POST', `${gateway.base}/cart/submit`, { id }, headers)).status).toBe(200);
  return id;
}

async function stopped(gateway: Gateway, file: string): Promise<string[]> {
  const { code, output } = await stopGateway(gateway);
  expect(code, output).toBe(0);
  return JSON.parse(readFileSync(file, 'utf8')) as string[];
}

describe('tracing in the server process', () => {
  it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: nothing of the SDK is loaded, events keep no traceparent', async () => {
    const file = join(dir, 'off.json');
    const gateway = await start(file);
    const cartId = await submitCart(gateway, {
      traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
    });
    const loaded = await stopped(gateway, file);
    // The probe sees what loads (the API, prom-client's), and nothing of the SDK.
    expect(loaded.some((path) => path.includes('@opentelemetry/api'))).toBe(true);
    expect(loaded.filter((path) => sdkModule.test(path))).toStrictEqual([]);
    const events = await fixture.database.db.event.findMany({ where: { cartId } });
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((event) => event.traceparent).filter((traceparent) => traceparent !== null)).toStrictEqual([]);
  }, 60_000);

  it("is on with it: the submit's trace, and its delivery's span from the delivery thread, arrive at the collector", async () => {
    const otlp = await startOtlpReceiver();
    const secret = newSecret();
    const hook = await startReceiver(secret);
    try {
      const file = join(dir, 'on.json');
      const gateway = await start(file, {
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
        OTEL_SERVICE_NAME: 'traced-gateway',
      });
      await fixture.database.db.webhookEndpoint.create({ data: { id: 'whep_process_traced', url: hook.url, secret } });
      const [traceId, callerSpanId] = [randomBytes(16).toString('hex'), randomBytes(8).toString('hex')];
      const cartId = await submitCart(gateway, { traceparent: `00-${traceId}-${callerSpanId}-01` });
      await until(
        async () => hook.received.some((webhook) => webhook.payload.data.cart_id === cartId),
        'the webhooks of the submit',
        15_000,
      );
      const loaded = await stopped(gateway, file);
      expect(loaded.some((path) => path.includes('@opentelemetry/sdk-trace-node'))).toBe(true);

      const spans = otlp.spans.filter((span) => span.traceId === traceId);
      const http = spans.find((span) => span.name === 'POST /cart/submit');
      expect([http?.parentSpanId, http?.service]).toStrictEqual([callerSpanId, 'traced-gateway']);
      const outbox = spans.find((span) => span.name === 'outbox.write');
      expect(ancestors(spans, outbox!)).toContain(http);
      expect(spans.some((span) => span.name === 'INSERT Event' && span.parentSpanId === outbox!.spanId)).toBe(true);
      const webhook = hook.received.find((each) => each.payload.data.cart_id === cartId)!;
      const delivery = spans.find(
        (span) => span.name === 'webhook.deliver' && span.attributes['webhook.message.id'] === webhook.id,
      );
      expect([delivery?.parentSpanId, delivery?.service]).toStrictEqual([outbox!.spanId, 'traced-gateway']);
      expect(webhook.traceparent).toBe(`00-${traceId}-${delivery!.spanId}-01`);
    } finally {
      await hook.close();
      await otlp.close();
    }
  }, 60_000);

  it('stops cleanly and soon when the collector takes the spans and never answers', async () => {
    // A collector that accepts connections and reads, but answers nothing.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const file = join(dir, 'silent.json');
      const gateway = await start(file, {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        LOG_LEVEL: 'info',
      });
      await submitCart(gateway, {
        traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`,
      });
      // From the moment the app and the database are closed and the last spans are sent.
      let sending = 0;
      gateway.process.stdout?.on('data', (chunk: Buffer) => {
        if (sending === 0 && chunk.toString().includes('closed: sending the last spans')) sending = performance.now();
      });
      await stopped(gateway, file);
      // The spans wait at most 2 s (measured: 2.2 s from the signal to the exit before the drain
      // waited for a quiet loop turn; 5.3 s with the exporter's own 5 s timeout alone, and 10 s, past
      // SHUTDOWN_TIMEOUT_MS, with its default). Timed from the last step, whatever the drain took.
      expect(sending).toBeGreaterThan(0);
      expect(performance.now() - sending).toBeLessThan(3_500);
      expect(gateway.output.join('')).not.toContain('exiting anyway');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 60_000);
});
