// node dist/bench/webhook-backlog.js: what a webhook backlog costs requests that have nothing to
// do with it, on SQLite (where every statement runs on the gateway's event loop). One gateway
// (demo catalog, default settings), its unrelated requests (GET /product/{id}, 4 connections)
// measured:
//   1. idle: no endpoint, no backlog;
//   2. a backlog of 250,000 pending deliveries (2,500 events × 100 endpoints) whose receivers are
//      down (connection refused): every endpoint failing and retried on its schedule;
//   3. the same backlog draining to a receiver that answers 200 at once: the drain rate;
// then the gateway restarted over what is left (time to ready). Results are appended to
// bench/results/webhook-backlog.md.
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, release } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { projectRoot } from '../src/db/schema-engine.js';
import { freePort } from './ports.js';
import { load, randomInt, start, type Measure, type Server } from './harness.js';

const endpoints = 100;
const events = 2_500;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const dataDir = join(projectRoot, 'bench', 'data');
const file = join(dataDir, 'webhook-backlog.db');
const gatewayScript = join(projectRoot, 'dist', 'src', 'main.js');
const env = { DATABASE_URL: `file:${file}`, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', HOST: '127.0.0.1', WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
const productIds = [101, 102, 103, 104, 105, 106, 107, 108];
const productRequests = [{ method: 'GET' as const, path: '/product/101', setupRequest: (request: { path?: string }) => ({ ...request, path: `/product/${productIds[randomInt(0, productIds.length - 1)]}` }) }];

const startGateway = () => start(gatewayScript, [], ['--max-old-space-size=224'], { ...env, PORT: '{port}' }, '/readyz');
const unrelated = (server: Server) => load(server, productRequests, { connections: 4, duration: seconds, warmup: 2 });

/** Writes the backlog straight into the file: 100 endpoints on `url`, 2,500 events, a pending delivery for each pair. */
function writeBacklog(url: string): void {
  const sqlite = new Database(file);
  try {
    const at = new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00');
    sqlite.exec('DELETE FROM "WebhookAttempt"; DELETE FROM "WebhookDelivery"; DELETE FROM "Event"; DELETE FROM "WebhookEndpoint";');
    const endpoint = sqlite.prepare(`INSERT INTO "WebhookEndpoint" ("id", "url", "secret", "enabled", "createdAt", "updatedAt") VALUES (?, ?, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 1, ?, ?)`);
    for (let index = 0; index < endpoints; index += 1) endpoint.run(`whep_bench${index}`, `${url}/${index}`, at, at);
    sqlite.exec(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${events})
      INSERT INTO "Event" ("messageId", "type", "data", "createdAt", "fanOutPending")
      SELECT 'msg_bench' || i, 'order.created', '{"order":{"id":"bench"}}', '${at}', 0 FROM n;
      INSERT INTO "WebhookDelivery" ("id", "endpointId", "eventId", "status", "attempts", "nextAttemptAt", "createdAt")
      SELECT 'dlv_' || e."id" || '_' || w."id", w."id", e."id", 'pending', 0, e."createdAt", e."createdAt"
      FROM "Event" e CROSS JOIN "WebhookEndpoint" w;`);
  } finally {
    sqlite.close();
  }
}

function pending(): number {
  const sqlite = new Database(file, { readonly: true });
  try {
    return (sqlite.prepare(`SELECT COUNT(*) AS n FROM "WebhookDelivery" WHERE "status" = 'pending'`).get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
}

/** A receiver answering 200 at once, counting what it took in. */
async function fastReceiver(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(200).end();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { url: `http://127.0.0.1:${port}/hooks`, received: () => received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const row = (name: string, measure: Measure, idle: Measure) =>
  `| ${name} | ${measure.rps.toFixed(0)} | ${measure.p50_ms} | ${measure.p99_ms} | ${(measure.p99_ms / idle.p99_ms).toFixed(2)}× |`;

async function main(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  let gateway = await startGateway();
  const idle = await unrelated(gateway);
  await gateway.stop();

  // Receivers down: port 9 on loopback refuses connections.
  writeBacklog('http://127.0.0.1:9');
  gateway = await startGateway();
  const down = await unrelated(gateway);
  await gateway.stop();

  const receiver = await fastReceiver();
  writeBacklog(receiver.url);
  const before = pending();
  gateway = await startGateway();
  const drainStarted = Date.now();
  const draining = await unrelated(gateway);
  const drainSeconds = (Date.now() - drainStarted) / 1000;
  await gateway.stop();
  const left = pending();
  const drained = before - left;
  const restartStarted = Date.now();
  gateway = await startGateway();
  const restartMs = Date.now() - restartStarted;
  await gateway.stop();
  await receiver.close();

  const lines = [
    `## ${new Date().toISOString()} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Linux ${release()}, Node ${process.version})`,
    '',
    `Unrelated requests (GET /product/{id}, demo catalog, 4 connections, ${seconds} s) while the gateway's webhook worker has a backlog of ${endpoints * events} pending deliveries (${events} events × ${endpoints} endpoints) on SQLite:`,
    '',
    '| backlog | rps | p50 ms | p99 ms | p99 vs idle |',
    '|---|---|---|---|---|',
    row('none (idle)', idle, idle),
    row('250,000, receivers down (retried on schedule)', down, idle),
    row('250,000 draining to a receiver answering 200', draining, idle),
    '',
    `Drain rate while serving those requests: ${drained} deliveries in ${drainSeconds.toFixed(1)} s = ${(drained / drainSeconds).toFixed(0)} deliveries/s (${receiver.received()} POSTs received). Restart over the ${left} still pending: ready in ${restartMs} ms.`,
    '',
  ];
  const text = lines.join('\n');
  console.log(text);
  appendFileSync(join(projectRoot, 'bench', 'results', 'webhook-backlog.md'), `${text}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
