// Live updates at /graphql/stream over real HTTP: a browser-style subscriber (graphql-sse's own
// client over Node's fetch, or a plain fetch reading text/event-stream) gets the current cart or
// order at once, then every change made through REST within a second, and nothing for a change
// that was refused; what cannot run is refused before the stream opens (404, 401, 400); POST
// /graphql still refuses subscriptions; closing the app ends the streams. On PostgreSQL, a
// subscriber of one gateway process sees a change made through another.
import { maxWatchesPerSubject } from '../../src/events/change-feed.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import { createClient, type ExecutionResult } from 'graphql-sse';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/database.js';
import { importCatalog } from '../../src/catalog/import/importer.js';
import {
  createBlankDatabase,
  createTestDatabase,
  readFixture,
  testConfig,
  testEngine,
  type TestDatabase,
} from '../helpers.js';
import { californian, exampleA } from '../cart/cart-helpers.js';
import { buildServer, json, startGateway, waitReady, type Gateway } from '../process/gateway.js';
import { graphql } from '../gql/index.js';
import type { CartUpdatedSubscription, OrderUpdatedSubscription } from '../gql/graphql.js';

const CartUpdated = graphql(`
  subscription CartUpdated($cartId: ID!) {
    cartUpdated(cartId: $cartId) {
      id
      stores {
        store
        isSubmitted
        cartLines {
          quantity
          variant {
            variantId
          }
        }
      }
      cost {
        total {
          minorUnits
        }
      }
    }
  }
`);

const OrderUpdated = graphql(`
  subscription OrderUpdated($orderId: ID!) {
    orderUpdated(orderId: $orderId) {
      id
      status
      requiredActions {
        action
      }
    }
  }
`);

const cartDocument = print(CartUpdated);
/**
 * Its estimated cost: cartUpdated 1 + id 1 + stores 50 × (1 + 2) + a cart's 250 lines × (1 + 1 +
 * variant 2) + cost (1 + total 2) = 1,155.
 */
const costOfCartDocument = 1155;
const orderDocument = print(OrderUpdated);

interface Running {
  app: FastifyInstance;
  database: TestDatabase;
  base: string;
}

async function startApp(env: Record<string, string> = {}): Promise<Running> {
  const database = await createTestDatabase();
  await importCatalog(database.db, readFixture('cart-catalog.json'));
  // The listening connection of PostgreSQL connects where the writes go.
  const app = await buildApp(testConfig({ DATABASE_URL: database.url, ...env }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, database, base };
}

/** Within `ms`, else a rejection naming `what`. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** graphql-sse's client, as a browser application uses it; no retries, so that refusals show. */
function subscriber<T>(
  base: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const client = createClient({ url: `${base}/graphql/stream`, headers, retryAttempts: 0 });
  const results = client.iterate<T>({ query, variables });
  return {
    next: (what: string, ms = 1000) =>
      within(ms, what, results.next()).then((step) => step.value as ExecutionResult<T>),
    close: async () => {
      await results.return?.();
      client.dispose();
    },
  };
}

interface SseEvent {
  event: string;
  data: unknown;
}

/** A plain fetch of the stream, read as a browser reads text/event-stream. */
async function rawStream(
  base: string,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const abort = new AbortController();
  const response = await fetch(`${base}/graphql/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
    body: JSON.stringify({ query, variables }),
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  let wake: () => void = () => undefined;
  let ended = false;
  const reading = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n')) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const fields = block.split('\n').filter((line) => !line.startsWith(':'));
          const event = fields
            .find((line) => line.startsWith('event:'))
            ?.slice(6)
            .trim();
          const data = fields
            .find((line) => line.startsWith('data:'))
            ?.slice(5)
            .trim();
          if (event) events.push({ event, data: data ? JSON.parse(data) : null });
          wake();
        }
      }
    } catch {
      // Aborted.
    }
    ended = true;
    wake();
  })();
  return {
    response,
    /** The next event, or null once the stream has ended. */
    async next(what: string, ms = 1000): Promise<SseEvent | null> {
      return within(
        ms,
        what,
        (async () => {
          while (events.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
          return events.shift() ?? null;
        })(),
      );
    },
    close: async () => {
      abort.abort();
      await reading;
    },
  };
}

const restBody = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  json(method, `${base}${path}`, body, headers);

async function newCart(base: string, headers: Record<string, string> = {}): Promise<string> {
  const created = await restBody(base, 'POST', '/cart', { items: { storefront_cart_items_input: exampleA } }, headers);
  expect(created.status).toBe(200);
  return created.body.id!;
}

const quantities = (result: ExecutionResult<CartUpdatedSubscription>) =>
  result.data?.cartUpdated.stores.flatMap((entry) =>
    entry.cartLines.map((line) => [line.variant.variantId, line.quantity]),
  );

describe('subscriptions at /graphql/stream', () => {
  let t: Running;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  it('cartUpdated sends the cart at once, then a change made through REST within 1 s, and nothing for a refused change', async () => {
    const cartId = await newCart(t.base);
    const live = subscriber<CartUpdatedSubscription>(t.base, cartDocument, { cartId });
    try {
      const first = await live.next('initial cart');
      expect(first.errors).toBeUndefined();
      expect(first.data?.cartUpdated.id).toBe(cartId);
      expect(quantities(first)).toContainEqual(['2011', 2]);

      // Refused (an unknown variant): rolled back, so no update. The next update is the change after it.
      expect(
        (await restBody(t.base, 'POST', '/cart/add', { cart_id: cartId, item: { variant_id: '999999', quantity: 1 } }))
          .status,
      ).toBe(422);
      const started = performance.now();
      expect(
        (await restBody(t.base, 'POST', '/cart/update', { cart_id: cartId, item: { variant_id: '2011', quantity: 5 } }))
          .status,
      ).toBe(200);
      const changed = await live.next('update after POST /cart/update');
      const latency = performance.now() - started;
      console.log(
        `live update (${testEngine}, in process): cart change seen ${latency.toFixed(1)} ms after the REST call began`,
      );
      expect(latency).toBeLessThan(1000);
      expect(quantities(changed)).toContainEqual(['2011', 5]);
      expect(changed.data?.cartUpdated.cost.total.minorUnits).not.toBe(first.data?.cartUpdated.cost.total.minorUnits);

      // The submit is a change of the cart too.
      expect(
        (await restBody(t.base, 'POST', '/cart/customerInfo', { id: cartId, buyer_identity: californian })).status,
      ).toBe(200);
      await live.next('update after the buyer identity');
      expect((await restBody(t.base, 'POST', '/cart/submit', { id: cartId })).status).toBe(200);
      const submitted = await live.next('update after the submit');
      expect(submitted.data?.cartUpdated.stores.every((entry) => entry.isSubmitted)).toBe(true);
    } finally {
      await live.close();
    }
  });

  it('orderUpdated sends the order, then each status change', async () => {
    const cartId = await newCart(t.base);
    await restBody(t.base, 'POST', '/cart/customerInfo', { id: cartId, buyer_identity: californian });
    const submitted = await restBody(t.base, 'POST', '/cart/submit', { id: cartId });
    const orderId = (submitted.body.orders as { id: string }[])[0]!.id;
    const live = subscriber<OrderUpdatedSubscription>(t.base, orderDocument, { orderId });
    try {
      expect((await live.next('initial order')).data?.orderUpdated).toStrictEqual({
        id: orderId,
        status: 'SUBMITTED',
        requiredActions: [],
      });
      const started = performance.now();
      await restBody(t.base, 'POST', `/orders/${orderId}/status`, {
        status: 'ACTION_REQUIRED',
        required_actions: [{ action: 'Verify', description: '3-D Secure' }],
      });
      const actionRequired = await live.next('update after the status change');
      console.log(
        `live update (${testEngine}, in process): order change seen ${(performance.now() - started).toFixed(1)} ms after the REST call began`,
      );
      expect(actionRequired.data?.orderUpdated).toStrictEqual({
        id: orderId,
        status: 'ACTION_REQUIRED',
        requiredActions: [{ action: 'Verify' }],
      });
      await restBody(t.base, 'POST', `/orders/${orderId}/status`, { status: 'PLACED' });
      expect((await live.next('update after PLACED')).data?.orderUpdated.status).toBe('PLACED');
    } finally {
      await live.close();
    }
  });

  it('a plain fetch of text/event-stream gets the same: a next event with the cart, then one per change', async () => {
    const cartId = await newCart(t.base);
    const stream = await rawStream(t.base, cartDocument, { cartId });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const first = (await stream.next('initial event')) as {
        event: string;
        data: ExecutionResult<CartUpdatedSubscription> & { extensions?: unknown };
      };
      expect(first).toMatchObject({ event: 'next', data: { data: { cartUpdated: { id: cartId } } } });
      // every event carries the operation's cost, as /graphql's answers do
      expect(first.data.extensions).toStrictEqual({ cost: { estimated: costOfCartDocument, limit: 50_000 } });
      expect((await restBody(t.base, 'DELETE', '/cart/items', { cart_id: cartId, variant_id: '2011' })).status).toBe(
        200,
      );
      const changed = (await stream.next('event after the change')) as {
        data: ExecutionResult<CartUpdatedSubscription> & { extensions?: unknown };
      };
      expect(quantities(changed.data)?.map(([variant]) => variant)).not.toContain('2011');
      expect(changed.data.extensions).toStrictEqual(first.data.extensions);
    } finally {
      await stream.close();
    }
    // GET with the operation in the query string, as a browser's EventSource asks.
    const get = await fetch(
      `${t.base}/graphql/stream?${new URLSearchParams({ query: cartDocument, variables: JSON.stringify({ cartId }) })}`,
      { headers: { accept: 'text/event-stream' } },
    );
    expect(get.status).toBe(200);
    const reader = get.body!.getReader();
    let text = '';
    while (!text.includes('event: next'))
      text += new TextDecoder().decode((await within(1000, 'GET event', reader.read())).value);
    await reader.cancel();
  });

  it('refuses a ninth subscription to one cart in a process with 429 (each re-reads the cart after every change)', async () => {
    const cartId = await newCart(t.base);
    const streams = [];
    for (let n = 0; n < maxWatchesPerSubject; n += 1) streams.push(await rawStream(t.base, cartDocument, { cartId }));
    expect(streams.map((stream) => stream.response.status)).toStrictEqual(Array(maxWatchesPerSubject).fill(200));
    const refused = await rawStream(t.base, cartDocument, { cartId });
    expect(refused.response.status).toBe(429);
    expect(await refused.response.json()).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED' } }] });
    const other = await rawStream(t.base, cartDocument, { cartId: await newCart(t.base) });
    expect(other.response.status).toBe(200);
    for (const stream of [...streams, other]) await stream.close();
  });

  it('ends the watch of a subscriber that went away, and refuses past the process maximum (half of MAX_CONNECTIONS) with a 503', async () => {
    const small = await startApp({ MAX_CONNECTIONS: '8' });
    try {
      const cartId = await newCart(small.base);
      const open = async () => rawStream(small.base, cartDocument, { cartId });
      // A watch ends once the server has seen its subscriber's connection close: until then a new
      // stream past the maximum is refused, so each of the next round's asks until it is taken.
      const openOnceFree = async () => {
        const deadline = Date.now() + 5_000;
        for (;;) {
          const stream = await open();
          if (stream.response.status !== 503 || Date.now() > deadline) return stream;
          await stream.close();
        }
      };
      for (let round = 0; round < 2; round += 1) {
        const streams = [await openOnceFree(), await openOnceFree(), await openOnceFree(), await openOnceFree()];
        expect(streams.map((stream) => stream.response.status)).toStrictEqual([200, 200, 200, 200]);
        const refused = await open();
        expect(refused.response.status).toBe(503);
        expect(refused.response.headers.get('retry-after')).not.toBeNull();
        expect(await refused.response.json()).toMatchObject({
          errors: [{ extensions: { code: 'SERVICE_UNAVAILABLE', details: { max_subscriptions: 4 } } }],
        });
        // The subscribers go away without a change to the cart: their watches end all the same.
        for (const stream of streams) await stream.close();
      }
    } finally {
      await small.app.close();
      await small.database.close();
    }
  });

  it.skipIf(testEngine !== 'postgresql')(
    'PostgreSQL: the LISTEN connection, cut, reconnects, and a change made meanwhile still reaches the subscriber',
    async () => {
      const cartId = await newCart(t.base);
      const live = subscriber<CartUpdatedSubscription>(t.base, cartDocument, { cartId });
      try {
        await live.next('initial cart');
        const cut = await t.database.db.$queryRawUnsafe<{ cut: boolean }[]>(
          "SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE application_name = 'gateway live updates' AND datname = current_database()",
        );
        expect(cut).toStrictEqual([{ cut: true }]);
        // Possibly before the listener is back: the notice is lost, the reconnection makes up for it.
        expect(
          (
            await restBody(t.base, 'POST', '/cart/update', {
              cart_id: cartId,
              item: { variant_id: '2011', quantity: 9 },
            })
          ).status,
        ).toBe(200);
        expect(quantities(await live.next('update after the reconnection', 3000))).toContainEqual(['2011', 9]);
        expect(
          (
            await restBody(t.base, 'POST', '/cart/update', {
              cart_id: cartId,
              item: { variant_id: '2011', quantity: 8 },
            })
          ).status,
        ).toBe(200);
        expect(quantities(await live.next('update over the new connection'))).toContainEqual(['2011', 8]);
      } finally {
        await live.close();
      }
    },
  );

  it('an unknown cart or order is a 404 before any stream opens', async () => {
    const cart = await rawStream(t.base, cartDocument, { cartId: 'no-such-cart' });
    expect(cart.response.status).toBe(404);
    expect(await cart.response.json()).toMatchObject({
      errors: [{ extensions: { code: 'CART_NOT_FOUND', http: { status: 404 } } }],
    });
    const order = await rawStream(t.base, orderDocument, { orderId: '00000000-0000-4000-8000-000000000000' });
    expect(order.response.status).toBe(404);
    expect(await order.response.json()).toMatchObject({ errors: [{ extensions: { code: 'ORDER_NOT_FOUND' } }] });

    // graphql-sse's client reports it as an error of the subscription.
    const live = subscriber(t.base, cartDocument, { cartId: 'no-such-cart' });
    await expect(live.next('error')).rejects.toThrow(/404/);
    await live.close();
  });

  it('refuses what the stream does not run: other operations, documents over the limits, invalid ones, and non-SSE requests', async () => {
    const query = await rawStream(t.base, '{ __typename }', {});
    expect(query.response.status).toBe(400);
    expect(await query.response.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });

    const tooDeep = `subscription { cartUpdated(cartId: "x") { ${'a { '.repeat(12)}b${' }'.repeat(12)} } }`;
    const refused = await rawStream(t.base, tooDeep, {});
    expect(refused.response.status).toBe(400);
    expect(await refused.response.json()).toMatchObject({ errors: [{ extensions: { code: 'QUERY_TOO_COMPLEX' } }] });

    const invalid = await rawStream(t.base, 'subscription { cartUpdated(cartId: "x") { nope } }', {});
    expect(invalid.response.status).toBe(400);
    expect(await invalid.response.json()).toMatchObject({
      errors: [{ extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }],
    });

    const plain = await fetch(`${t.base}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: cartDocument }),
    });
    expect(plain.status).toBe(406);

    // a root field that @include/@skip might remove (graphql-js cannot run it: it was a 500)
    for (const [document, variables] of [
      ['subscription { cartUpdated(cartId: "x") @include(if: false) { id } }', {}],
      ['subscription ($s: Boolean!) { cartUpdated(cartId: "x") @skip(if: $s) { id } }', { s: false }],
      ['subscription { ... on Subscription { cartUpdated(cartId: "x") { id } } }', {}],
    ] as const) {
      const directive = await rawStream(t.base, document, variables);
      expect(directive.response.status, document).toBe(400);
      expect(await directive.response.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
    }
  });

  it('POST /graphql still refuses the subscription operation', async () => {
    const answer = await restBody(t.base, 'POST', '/graphql', { query: cartDocument, variables: { cartId: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
  });
});

describe('/graphql/stream with API_KEYS set', () => {
  const clientKey = 'client-key-0123456789';
  let t: Running;
  beforeAll(async () => {
    t = await startApp({ API_KEYS: `${clientKey}:client` });
  });
  afterAll(async () => {
    await t.database.close();
  });

  it('answers 401 without a key (GET and POST), streams with one, and ends its streams when the app closes', async () => {
    const cartId = await newCart(t.base, { 'x-api-key': clientKey });
    const post = await rawStream(t.base, cartDocument, { cartId });
    expect(post.response.status).toBe(401);
    expect(await post.response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const get = await fetch(
      `${t.base}/graphql/stream?${new URLSearchParams({ query: cartDocument, variables: JSON.stringify({ cartId }) })}`,
      { headers: { accept: 'text/event-stream' } },
    );
    expect(get.status).toBe(401);
    await get.text();
    const wrong = await rawStream(t.base, cartDocument, { cartId }, { authorization: 'Bearer not-a-key-0123456789' });
    expect(wrong.response.status).toBe(401);
    await wrong.close();

    const stream = await rawStream(t.base, cartDocument, { cartId }, { authorization: `Bearer ${clientKey}` });
    expect(stream.response.status).toBe(200);
    expect(await stream.next('initial event')).toMatchObject({
      event: 'next',
      data: { data: { cartUpdated: { id: cartId } } },
    });

    // Shutdown does not wait for open streams: they complete at once.
    const closed = t.app.close();
    expect(await stream.next('complete event')).toMatchObject({ event: 'complete' });
    expect(await stream.next('end of stream')).toBeNull();
    await within(2000, 'close', closed);
  });
});

describe.skipIf(testEngine !== 'postgresql')('two gateway processes on PostgreSQL', () => {
  let blank: { url: string; remove(): Promise<void> };
  const gateways: Gateway[] = [];
  beforeAll(async () => {
    buildServer();
    blank = await createBlankDatabase();
    await applyMigrations(blank.url);
    const database = await openDatabase(blank.url);
    await importCatalog(database.db, readFixture('cart-catalog.json'));
    await database.close();
    for (let index = 0; index < 2; index += 1) gateways.push(await startGateway(blank.url));
    await Promise.all(gateways.map(waitReady));
  }, 120_000);
  afterAll(async () => {
    for (const gateway of gateways) gateway.process.kill('SIGKILL');
    await Promise.all(gateways.map((gateway) => gateway.exited));
    await blank?.remove();
  });

  it('a subscriber connected to process A sees a change made through process B within 1 s', async () => {
    const [a, b] = gateways as [Gateway, Gateway];
    const cartId = await newCart(b.base);
    const stream = await rawStream(a.base, cartDocument, { cartId });
    try {
      expect(stream.response.status).toBe(200);
      expect(await stream.next('initial event from A')).toMatchObject({
        event: 'next',
        data: { data: { cartUpdated: { id: cartId } } },
      });
      // From the start of the REST call through B to A's event; and from B's answer (the change
      // committed before it) to A's event, which may come first.
      const sinceCall: number[] = [];
      const sinceAnswer: number[] = [];
      for (let quantity = 3; quantity <= 12; quantity += 1) {
        const started = performance.now();
        const [answer, changed] = await Promise.all([
          restBody(b.base, 'POST', '/cart/update', { cart_id: cartId, item: { variant_id: '2011', quantity } }).then(
            (result) => ({ result, at: performance.now() }),
          ),
          stream.next(`A's event for the change through B (quantity ${quantity})`).then((event) => ({
            event: event as { data: ExecutionResult<CartUpdatedSubscription> },
            at: performance.now(),
          })),
        ]);
        expect(answer.result.status).toBe(200);
        expect(quantities(changed.event.data)).toContainEqual(['2011', quantity]);
        sinceCall.push(changed.at - started);
        sinceAnswer.push(changed.at - answer.at);
      }
      const list = (values: number[]) => values.map((ms) => ms.toFixed(1)).join(', ');
      console.log(
        `live update across processes (PostgreSQL LISTEN/NOTIFY), 10 changes through B seen on A:\n` +
          `  ms since the REST call began: ${list(sinceCall)}\n  ms since B answered: ${list(sinceAnswer)}`,
      );
      expect(Math.max(...sinceCall)).toBeLessThan(1000);
    } finally {
      await stream.close();
    }
  });
});

if (testEngine !== 'postgresql') {
  console.warn('two gateway processes: skipped on SQLite (one process by design); run with TEST_DATABASE=postgresql');
}
