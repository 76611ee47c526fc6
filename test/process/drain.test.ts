// A stop signal loses no request. Under heavy load: Against a real gateway on the bulk catalog, 8
// keep-alive senders keep it busy with heavy GraphQL POSTs; then 200 more, each on a connection of
// its own, are sent, and the signal comes as soon as all of them are written: most wait in the
// kernel, unaccepted or unread (node accepts one connection per turn of its event loop, and a
// busy loop turns slowly). Every request sent gets an HTTP answer, 200 or 503 with Connection:
// close (none reset, none hung up), and the process exits 0 within SHUTDOWN_TIMEOUT_MS. And a
// keep-alive connection idle when the signal comes is not cut while its client may still send on
// it: a request sent on it after the listening socket closed is answered 503 with Connection: close.
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkCatalog } from '../bulk-catalog.js';
import { processFixture, type Gateway, type ProcessFixture } from './gateway.js';

const shutdownTimeoutMs = 20_000;

// Heavy by the objects an answer holds (a page of products with their 1,000 SKUs each), not by
// its estimated cost: the limit is raised so that the test is of the drain whatever the estimate
// says, and answers are not kept (CATALOG_CACHE_MAX_ENTRIES=0), so every request is worked out.
const heavyQuery =
  'query Heavy($first: Int) { products(first: $first, category: "Bulk") { nodes { id title skus { skuId } } } }';
const env = {
  GRAPHQL_MAX_COMPLEXITY: '10000000',
  CATALOG_CACHE_MAX_ENTRIES: '0',
  SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs),
};

let fixture: ProcessFixture;
beforeAll(async () => {
  fixture = await processFixture(bulkCatalog({ products: 100, skusPerProduct: 1000, similarPerProduct: 99 }));
}, 300_000);
afterAll(() => fixture?.close());

type Outcome = { status: number; connection: string | undefined } | { error: string };

interface Sent {
  /** Resolves once the whole request is handed to the kernel. */
  written: Promise<void>;
  outcome: Promise<Outcome>;
}

/** One POST of the heavy query for `first` products; `agent: false` is a connection of its own. */
function post(gateway: Gateway, agent: Agent | false, first: number): Sent {
  const body = JSON.stringify({ query: heavyQuery, variables: { first } });
  let written!: () => void;
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const failed = (error: NodeJS.ErrnoException) => {
      written();
      resolve({ error: error.code ?? error.message });
    };
    const sent = request(
      {
        host: '127.0.0.1',
        port: gateway.port,
        method: 'POST',
        path: '/graphql',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
        );
        response.on('error', failed);
      },
    );
    sent.on('error', failed);
    sent.on('finish', written);
    sent.end(body);
  });
  return { written: wrote, outcome };
}

const describeOutcome = (outcome: Outcome) =>
  'error' in outcome
    ? outcome.error
    : outcome.status === 503
      ? `503 connection: ${outcome.connection}`
      : String(outcome.status);

function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) counts[describeOutcome(outcome)] = (counts[describeOutcome(outcome)] ?? 0) + 1;
  return counts;
}

describe('a stop signal under heavy load', () => {
  it.each(['SIGTERM', 'SIGHUP'] as const)(
    '%s: 200 heavy POSTs on connections of their own and 8 keep-alive senders: every request sent is answered 200 or 503 with Connection: close, exit 0',
    async (signal) => {
      const gateway = await fixture.start({ env });
      // Keep-alive senders: each sends again as soon as it is answered, until a 503 or an error.
      const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });
      let signalled = false;
      let keptAnswers = 0;
      const senders = Array.from({ length: 8 }, async () => {
        const outcomes: Outcome[] = [];
        for (;;) {
          const sentAfterSignal = signalled;
          const outcome = await post(gateway, keepAlive, 5).outcome;
          // Once the listening socket is closed a new connection is refused: no request was sent on it.
          if (sentAfterSignal && 'error' in outcome && outcome.error === 'ECONNREFUSED') break;
          outcomes.push(outcome);
          keptAnswers += 1;
          if ('error' in outcome || outcome.status !== 200) break;
        }
        return outcomes;
      });
      // Busy: every sender has had an answer.
      const deadline = Date.now() + 60_000;
      while (keptAnswers < 8 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      const single = Array.from({ length: 200 }, (_, n) => post(gateway, false, 1 + (n % 3)));
      await Promise.all(single.map((sent) => sent.written));
      const signalledAt = Date.now();
      signalled = true;
      gateway.process.kill(signal);
      const code = await gateway.exited;
      const exitMs = Date.now() - signalledAt;
      const outcomes = await Promise.all(single.map((sent) => sent.outcome));
      const kept = (await Promise.all(senders)).flat();
      keepAlive.destroy();
      console.info(
        `${signal} once 200 requests were written: exit ${code} after ${exitMs} ms; own connections ${JSON.stringify(tally(outcomes))}; keep-alive (${kept.length} requests) ${JSON.stringify(tally(kept))}`,
      );
      const wrong = [...outcomes, ...kept].filter(
        (outcome) =>
          'error' in outcome || !(outcome.status === 200 || (outcome.status === 503 && outcome.connection === 'close')),
      );
      expect(wrong.map(describeOutcome)).toStrictEqual([]);
      expect(code).toBe(0);
      expect(exitMs).toBeLessThan(shutdownTimeoutMs);
      expect(gateway.output.join('')).not.toMatch(/"level":50/);
    },
    120_000,
  );
});

/** A raw keep-alive connection: send() writes a request and resolves with the whole answer's text. */
async function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let closed = false;
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  const complete = () => {
    const head = received.indexOf('\r\n\r\n');
    const length = /content-length: (\d+)/i.exec(received.slice(0, head))?.[1];
    return head >= 0 && length !== undefined && received.length >= head + 4 + Number(length);
  };
  return {
    get closed() {
      return closed;
    },
    async send(path: string): Promise<string> {
      received = '';
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await until(() => complete() || closed);
      return received;
    },
    destroy: () => socket.destroy(),
  };
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** Whether a new connection to the port is refused (the listening socket is closed). */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });

describe('a keep-alive connection idle at the signal', () => {
  it('may still carry a request once the listening socket is closed: 503 with Connection: close, then the connection closes', async () => {
    const gateway = await fixture.start({ env });
    const connection = await rawConnection(gateway.port);
    try {
      expect(await connection.send('/product/1')).toMatch(/^HTTP\/1\.1 200 /);
      const signalledAt = Date.now();
      gateway.process.kill('SIGTERM');
      while (!(await refused(gateway.port))) await new Promise((resolve) => setTimeout(resolve, 5));
      const listenerClosedMs = Date.now() - signalledAt;
      expect(connection.closed).toBe(false);
      const answer = await connection.send('/product/1');
      await until(() => connection.closed);
      const code = await gateway.exited;
      console.info(
        `idle keep-alive connection: listener closed ${listenerClosedMs} ms after SIGTERM; the request sent then: ${answer.split('\r\n')[0]}; exit ${code} after ${Date.now() - signalledAt} ms`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 503 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toContain('"code":"SERVICE_UNAVAILABLE"');
      expect(connection.closed).toBe(true);
      expect(code).toBe(0);
    } finally {
      connection.destroy();
    }
  }, 60_000);
});
