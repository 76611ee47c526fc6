// node dist/bench/player-events.js [--smoke]: what the ingest of player events costs reads that have
// nothing to do with it, on SQLite (the events are counted on the event loop and written by a
// thread of the gateway's own). One gateway (demo catalog, default settings, `npm start`'s heap),
// its unrelated reads (GET /product/{id}) at a steady light pace (BENCH_RATE a second, each timed
// from when it was sent), first alone (idle), then while a thread of this process posts the same
// requests to an unknown path (the control), then while it posts BENCH_EVENTS events a second
// (default 6,000: batches of 100, every event of a session of its own, so every one is written as
// a count); the three in turn BENCH_ROUNDS times (6) of BENCH_SECONDS (8) each. Each state's
// figures are of all rounds' reads together: a round's p99 rests on its 16 slowest reads, and the
// machine's pace drifts between rounds as much as the ingest moves it, so the states take turns
// in short rounds and are pooled. Reported: the reads' p50, p99 and max, p99 against idle (the
// target: at most 1.5×), each round's p99, the events offered, accepted and written a second
// (written: accepted over the time from the first to the last being in the database), the
// machine's load average and the CPU time its host took in each round (steal: the machine may be
// shared).
// Appended to bench/results/player-events.md; --smoke runs a round of a second and writes nothing
// (`npm run bench -- --smoke` runs it so).
import { mkdirSync, readFileSync, rmSync, appendFileSync } from 'node:fs';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { projectRoot } from '../src/db/schema-engine.js';
import { paced, pacedTimes, pool, randomInt, start, summarize, type PacedTimes, type Server } from './harness.js';
import { watchSteal } from './host.js';
import type { SenderData, SenderResult } from './event-sender.js';

export interface IngestOptions {
  smoke: boolean;
}

interface Round {
  idle: PacedTimes;
  /** While the same requests go to an unknown path (read, parsed, 404): what the load costs without the events' work. */
  control: PacedTimes;
  ingest: PacedTimes;
  sender: SenderResult;
  /** Events written a second: accepted, over the time until the last was in the database. */
  writtenPerSecond: number;
  /** The share of the machine's CPU time its host took during the round, % (null off Linux). */
  stolen: number | null;
}

const dataDir = join(projectRoot, 'bench', 'data');
const file = join(dataDir, 'player-events.db');
const gatewayScript = join(projectRoot, 'dist', 'src', 'main.js');
const senderScript = join(projectRoot, 'dist', 'bench', 'event-sender.js');
const productIds = [101, 102, 103, 104, 105, 106, 107, 108];
const productPath = () => `/product/${productIds[randomInt(0, productIds.length - 1)]}`;

/** The demo catalog's media items and how many placements each has. */
function demoMedia(): { id: number; placements: number }[] {
  const demo = JSON.parse(readFileSync(join(projectRoot, 'prisma', 'seed', 'demo-catalog.json'), 'utf8')) as {
    media: { id: number; placements?: unknown[] }[];
  };
  return demo.media.map((media) => ({ id: media.id, placements: media.placements?.length ?? 0 }));
}

/** The gateway's player event figures (GET /metrics). */
async function written(server: Server): Promise<{ accepted: number; done: number; pending: number }> {
  const text = await (await fetch(`${server.base}/metrics`)).text();
  const figure = (outcome: string) =>
    Number(new RegExp(`^player_events_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  const pending = Number(/^player_events_pending (\d+)$/m.exec(text)?.[1] ?? NaN);
  return { accepted: figure('accepted'), done: figure('counted') + figure('repeated'), pending };
}

/** Posts events from a thread for `seconds`; resolves with its figures. */
function sendEvents(data: SenderData): Promise<SenderResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(senderScript, { workerData: data });
    worker.once('message', (result: SenderResult) => resolve(result));
    worker.once('error', reject);
  });
}

/** Reads for `seconds` while a thread posts the events to `path` a second longer on both sides. */
async function readsWhilePosting(
  server: Server,
  data: Omit<SenderData, 'base' | 'seconds'>,
  seconds: number,
  rate: number,
): Promise<{ reads: PacedTimes; sender: SenderResult }> {
  const sending = sendEvents({ base: server.base, ...data, seconds: seconds + 2 });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const reads = await pacedTimes(server.base, productPath, rate, seconds);
  return { reads, sender: await sending };
}

async function round(server: Server, index: number, seconds: number, rate: number, events: number): Promise<Round> {
  const stolen = watchSteal();
  const idle = await pacedTimes(server.base, productPath, rate, seconds);
  const media = demoMedia();
  const posted = { eventsPerSecond: events, prefix: `bench-${index}-`, media };
  const control = await readsWhilePosting(server, { ...posted, path: '/bench/no-such-route' }, seconds, rate);
  const before = await written(server);
  const began = Date.now();
  const { reads: ingest, sender } = await readsWhilePosting(
    server,
    { ...posted, path: '/player/events' },
    seconds,
    rate,
  );
  for (;;) {
    const now = await written(server);
    if (now.pending === 0 && now.done - before.done >= sender.accepted) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const writtenPerSecond = Math.round(sender.accepted / ((Date.now() - began) / 1000));
  return { idle, control: control.reads, ingest, sender, writtenPerSecond, stolen: stolen() };
}

/** The middle value, or the mean of the two middle ones (an even number of rounds). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[half]!
    : ((sorted[half - 1] ?? Number.NaN) + (sorted[half] ?? Number.NaN)) / 2;
};

/** The scenario: a fresh database, the gateway, the rounds; answers the report's lines. */
export async function measureIngest({ smoke }: IngestOptions): Promise<{ lines: string[]; errors: number }> {
  const seconds = smoke ? 1 : Number(process.env.BENCH_SECONDS ?? 8);
  const rate = Number(process.env.BENCH_RATE ?? 200);
  const events = Number(process.env.BENCH_EVENTS ?? (smoke ? 1_000 : 6_000));
  const rounds = smoke ? 1 : Number(process.env.BENCH_ROUNDS ?? 6);
  mkdirSync(dataDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const loadBefore = loadavg();
  const server = await start(
    gatewayScript,
    [],
    ['--max-old-space-size=224', ...(process.env.BENCH_GATEWAY_FLAGS ?? '').split(' ').filter(Boolean)],
    { DATABASE_URL: `file:${file}`, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '0', HOST: '127.0.0.1', PORT: '{port}' },
    '/readyz',
  );
  const done: Round[] = [];
  try {
    await paced(server.base, productPath, rate, smoke ? 0.5 : 2);
    // The ingest's own first requests (its route's serializer, the catalog's placements read, the
    // writing thread started) are not what the rounds measure.
    await sendEvents({
      base: server.base,
      path: '/player/events',
      eventsPerSecond: 1_000,
      seconds: 1,
      prefix: 'warm-up-',
      media: demoMedia(),
    });
    for (let index = 0; index < rounds; index += 1) done.push(await round(server, index, seconds, rate, events));
  } finally {
    await server.stop();
  }
  const loadAfter = loadavg();
  const errors = done.reduce(
    (sum, each) => sum + each.idle.errors + each.control.errors + each.ingest.errors + each.sender.errors,
    0,
  );
  const perSecond = (each: Round) => Math.round(each.sender.accepted / (seconds + 2));
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' / ');
  type State = (each: Round) => PacedTimes;
  const idle: State = (each) => each.idle;
  /** One state's reads of every round together: the target's figure (a round's p99 rests on a few reads). */
  const pooled = (state: State) => summarize(pool(done.map(state)));
  const eachRound = (state: State) => done.map((each) => summarize(state(each)));
  const idleAll = pooled(idle);
  const idles = eachRound(idle);
  /** A table row of the reads in one state: pooled p50, p99 and max, p99 against idle's; each round's against its own idle. */
  const row = (name: string, state: State) => {
    const all = pooled(state);
    const each = eachRound(state);
    return (
      `| ${name} | ${all.p50_ms} | ${all.p99_ms} (${each.map((one) => one.p99_ms).join(', ')}) | ${all.max_ms} | ` +
      `**${(all.p99_ms / idleAll.p99_ms).toFixed(2)}×** | ` +
      `${each.map((one, index) => `${(one.p99_ms / idles[index]!.p99_ms).toFixed(2)}×`).join(', ')} | ${all.errors} |`
    );
  };
  const lines = [
    `## ${new Date().toISOString()}${smoke ? ' (smoke: not a measurement)' : ''} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Linux ${release()}, Node ${process.version})`,
    '',
    `Unrelated reads (GET /product/{id}, demo catalog) at ${rate} a second for ${seconds} s, each timed from when it was sent (ms): alone (idle); while the same POSTs as the ingest's go to an unknown path, their bodies read and parsed as JSON and answered 404 (the control: what the load costs without the events' work); and while ${events} player events a second are posted (batches of 100, every event of its own session, so each is written as a count), on SQLite. ${rounds} rounds, the states in turn in each (alone, control, events); each figure is of all rounds' reads of a state together (each round's p99 in brackets). Load average (1 / 5 / 15 min) before: ${load(loadBefore)}; after: ${load(loadAfter)}. CPU time taken by the host (steal) in each round: ${done.map((each) => (each.stolen === null ? 'n/a' : `${each.stolen.toFixed(1)} %`)).join(', ')} (a round with more than 1 % was not on a quiet machine).`,
    '',
    "| reads | p50 | p99 | max | p99 vs idle | each round's p99 vs its idle | errors |",
    '|---|---|---|---|---|---|---|',
    row('idle', idle),
    row('control: the same POSTs, 404', (each) => each.control),
    row('while events are posted', (each) => each.ingest),
    '',
    `Events (medians over the rounds, each round's in brackets): offered ${events}/s; accepted ${Math.round(median(done.map(perSecond)))}/s (${done.map(perSecond).join(', ')}); written ${Math.round(median(done.map((each) => each.writtenPerSecond)))}/s (${done.map((each) => each.writtenPerSecond).join(', ')}), from the first posted to the last in the database; ingest requests p50 ${median(done.map((each) => each.sender.p50_ms)).toFixed(2)} ms, p99 ${median(done.map((each) => each.sender.p99_ms)).toFixed(2)}; refused or failed requests ${done.reduce((sum, each) => sum + each.sender.errors, 0)}.`,
    '',
  ];
  return { lines, errors };
}

async function main(): Promise<void> {
  const smoke = process.argv.includes('--smoke');
  const { lines, errors } = await measureIngest({ smoke });
  const text = lines.join('\n');
  console.log(text);
  if (!smoke) appendFileSync(join(projectRoot, 'bench', 'results', 'player-events.md'), `${text}\n`);
  if (errors > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  main().then(
    () => process.exit(process.exitCode ?? 0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
