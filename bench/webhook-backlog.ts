// node dist/bench/webhook-backlog.js: what a webhook backlog costs requests that have nothing to
// do with it, on SQLite (where every statement runs on the gateway's event loop). One gateway
// (demo catalog, default settings), its unrelated requests (GET /product/{id}) measured twice:
// latency at a steady light pace (BENCH_RATE a second, timed to the microsecond from when each
// was sent), then throughput at full load (autocannon, 4 connections), in three states:
//   1. idle: no endpoint, no backlog;
//   2. a backlog of 250,000 pending deliveries (2,500 events × 100 endpoints) whose receivers are
//      down (connection refused): every endpoint failing and retried on its schedule;
//   3. the same backlog draining to a receiver (a process of its own) that answers 200 at once:
//      the drain rate while requests flow (WEBHOOK_BUSY_RATE), then with none for 5 s;
// the three in turn BENCH_ROUNDS times (3), each figure the median over the rounds;
// then the gateway restarted over what is left (time to ready). Results are appended to
// bench/results/webhook-backlog.md. BENCH_GATEWAY_FLAGS adds node flags to the gateway's (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes while it drains).
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import { cpus, release } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { projectRoot } from '../src/db/schema-engine.js';
import { load, paced, randomInt, start, type Measure, type Paced, type Server } from './harness.js';

const endpoints = 100;
const events = 2_500;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const pace = Number(process.env.BENCH_RATE ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const quietSeconds = 5;
const receiverScript = join(projectRoot, 'dist', 'bench', 'receiver.js');
const dataDir = join(projectRoot, 'bench', 'data');
const file = join(dataDir, 'webhook-backlog.db');
const gatewayScript = join(projectRoot, 'dist', 'src', 'main.js');
const env = {
  DATABASE_URL: `file:${file}`,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_MAX: '0',
  HOST: '127.0.0.1',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
};
const productIds = [101, 102, 103, 104, 105, 106, 107, 108];
const productRequests = [
  {
    method: 'GET' as const,
    path: '/product/101',
    setupRequest: (request: { path?: string }) => ({ ...request, path: productPath() }),
  },
];

const startGateway = () =>
  start(
    gatewayScript,
    [],
    ['--max-old-space-size=224', ...(process.env.BENCH_GATEWAY_FLAGS ?? '').split(' ').filter(Boolean)],
    { ...env, PORT: '{port}' },
    '/readyz',
  );
const productPath = () => `/product/${productIds[randomInt(0, productIds.length - 1)]}`;

interface Unrelated {
  latency: Paced;
  full: Measure;
}

/** The unrelated requests: at a steady pace, then at full load. */
async function unrelated(server: Server): Promise<Unrelated> {
  await paced(server.base, productPath, pace, 2);
  const latency = await paced(server.base, productPath, pace, seconds);
  const full = await load(server, productRequests, { connections: 4, duration: seconds, warmup: 1 });
  return { latency, full };
}

/** Writes the backlog straight into the file: 100 endpoints on `url`, 2,500 events, a pending delivery for each pair. */
function writeBacklog(url: string): void {
  writeRows(url);
  // On disk before the gateway starts: a real backlog builds up over hours, and the kernel writing
  // back 60 MB of fresh pages meanwhile is not the gateway's doing.
  execFileSync('sync');
}

function writeRows(url: string): void {
  const sqlite = new Database(file);
  try {
    const at = new Date(Date.now() - 60_000).toISOString().replace('Z', '+00:00');
    sqlite.exec(
      'DELETE FROM "WebhookAttempt"; DELETE FROM "WebhookDelivery"; DELETE FROM "Event"; DELETE FROM "WebhookEndpoint";',
    );
    const endpoint = sqlite.prepare(
      `INSERT INTO "WebhookEndpoint" ("id", "url", "secret", "enabled", "createdAt", "updatedAt") VALUES (?, ?, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 1, ?, ?)`,
    );
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
    return (
      sqlite.prepare(`SELECT COUNT(*) AS n FROM "WebhookDelivery" WHERE "status" = 'pending'`).get() as { n: number }
    ).n;
  } finally {
    sqlite.close();
  }
}

/** How many POSTs the receiver took in so far. */
async function receivedBy(receiver: Server): Promise<number> {
  return ((await (await fetch(`${receiver.base}/count`)).json()) as { received: number }).received;
}

/** The median of `values` (the middle one of an odd count). */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** One state's rounds, summed up: the median of each figure over the rounds (noise on 2 shared cores is large). */
function summary(rounds: Unrelated[]): {
  p50: number;
  p99: number;
  max: number;
  errors: number;
  rps: number;
  fullP99: number;
  p99s: number[];
} {
  return {
    p50: median(rounds.map((round) => round.latency.p50_ms)),
    p99: median(rounds.map((round) => round.latency.p99_ms)),
    max: median(rounds.map((round) => round.latency.max_ms)),
    errors: rounds.reduce((sum, round) => sum + round.latency.errors + round.full.errors, 0),
    rps: median(rounds.map((round) => round.full.rps)),
    fullP99: median(rounds.map((round) => round.full.p99_ms)),
    p99s: rounds.map((round) => round.latency.p99_ms),
  };
}

async function main(): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const states = { idle: [] as Unrelated[], down: [] as Unrelated[], draining: [] as Unrelated[] };
  const drains: { drained: number; seconds: number; received: number; readyMs: number; quiet: number }[] = [];
  // The states in turn, `rounds` times over: a slow minute of the machine's weighs on each alike.
  for (let round = 0; round < rounds; round += 1) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    let gateway = await startGateway();
    states.idle.push(await unrelated(gateway));
    await gateway.stop();

    // Receivers down: port 9 on loopback refuses connections.
    writeBacklog('http://127.0.0.1:9');
    gateway = await startGateway();
    states.down.push(await unrelated(gateway));
    await gateway.stop();

    const receiver = await start(receiverScript, [], [], { PORT: '{port}' }, '/count');
    writeBacklog(`${receiver.base}/hooks`);
    const before = pending();
    const restartStarted = Date.now();
    gateway = await startGateway();
    const readyMs = Date.now() - restartStarted;
    const drainStarted = Date.now();
    states.draining.push(await unrelated(gateway));
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    // Then no request for a while: the worker drains at full speed (after a second of quiet).
    const quietFrom = pending();
    await new Promise((resolve) => setTimeout(resolve, quietSeconds * 1000));
    const quiet = quietFrom - pending();
    await gateway.stop();
    const received = await receivedBy(receiver);
    drains.push({ drained: before - quietFrom, seconds: drainSeconds, received, readyMs, quiet });
    await receiver.stop();
  }

  const idle = summary(states.idle);
  const row = (name: string, rows: Unrelated[]) => {
    const state = summary(rows);
    return `| ${name} | ${state.p50} | ${state.p99} (${state.p99s.join(', ')}) | ${state.max} | **${(state.p99 / idle.p99).toFixed(2)}×** | ${state.errors} | ${state.rps} | ${(state.rps / idle.rps).toFixed(2)}× | ${state.fullP99} |`;
  };
  const rate = (drain: (typeof drains)[number]) => Math.round(drain.drained / drain.seconds);
  const lines = [
    `## ${new Date().toISOString()} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Linux ${release()}, Node ${process.version})`,
    '',
    `Unrelated requests (GET /product/{id}, demo catalog) while the gateway's webhook worker has a backlog of ${endpoints * events} pending deliveries (${events} events × ${endpoints} endpoints) on SQLite: first ${pace} a second for ${seconds} s, each timed from when it was sent (ms), then as many as 4 connections get answered in ${seconds} s (autocannon). The three states ran in turn ${rounds} times; each figure is the median over the rounds (the p99 of each round in brackets). WEBHOOK_BUSY_RATE ${process.env.WEBHOOK_BUSY_RATE ?? 'default'}.`,
    '',
    `| backlog | p50 | p99 | max | p99 vs idle | errors | full load rps | vs idle | full load p99 |`,
    '|---|---|---|---|---|---|---|---|---|',
    row('none (idle)', states.idle),
    row('250,000, receivers down (retried on schedule)', states.down),
    row('250,000 draining to a receiver answering 200', states.draining),
    '',
    `Gateway started over the 250,000 pending deliveries: ready in ${drains.map((drain) => drain.readyMs).join(', ')} ms. Drain rate while serving those requests (a request a second or more: the worker keeps to WEBHOOK_BUSY_RATE): ${drains.map((drain) => `${drain.drained} deliveries in ${drain.seconds.toFixed(1)} s = ${rate(drain)}/s`).join('; ')}. Then ${quietSeconds} s with no request: ${drains.map((drain) => `${Math.round(drain.quiet / quietSeconds)}/s`).join(', ')}. POSTs received in all: ${drains.map((drain) => drain.received).join(', ')}.`,
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
