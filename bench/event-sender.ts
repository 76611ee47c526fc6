// The ingest of bench/player-events.ts, in a thread of its own (so that sending the batches does not
// delay the timing of the reads beside it; they are made before the clock starts): POST
// /player/events at a steady pace,
// batches of 100 events, each event of a session of its own (so each one is written as a count:
// none is found to repeat another), for the given seconds. Posts its figures back when done.
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface SenderData {
  base: string;
  /** Where to post: /player/events, or an unknown path (the same requests, parsed and answered 404: the control). */
  path: string;
  eventsPerSecond: number;
  seconds: number;
  /** Sessions are `<prefix><n>`: a prefix per round keeps them apart. */
  prefix: string;
  /** Media items and their placements' count, from the demo catalog. */
  media: { id: number; placements: number }[];
}

export interface SenderResult {
  requests: number;
  /** Events of the requests answered 202 (or 404 on the control's unknown path). */
  accepted: number;
  errors: number;
  /** Latency of the ingest requests themselves. */
  p50_ms: number;
  p99_ms: number;
}

const perRequest = 100;
const data = workerData as SenderData;
const agent = new Agent({ keepAlive: true, maxSockets: 32 });
let session = 0;

function batch(): string {
  const events = Array.from({ length: perRequest }, (_, index) => {
    const media = data.media[(session + index) % data.media.length]!;
    session += 1;
    const base = { media_id: media.id, session_id: `${data.prefix}${session}` };
    // About a quarter hotspot openings (of a placement), the rest impressions.
    return index % 4 === 0 && media.placements > 0
      ? { ...base, type: 'hotspot_open', placement_id: `${media.id}:${session % media.placements}` }
      : { ...base, type: 'impression' };
  });
  return JSON.stringify({ events });
}

function send(body: string): Promise<{ status: number; ms: number }> {
  const sent = performance.now();
  return new Promise((resolve) => {
    const outgoing = request(
      `${data.base}${data.path}`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - sent }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, ms: performance.now() - sent }));
    outgoing.end(body);
  });
}

async function run(): Promise<SenderResult> {
  const rate = data.eventsPerSecond / perRequest;
  const total = Math.round(rate * data.seconds);
  // Made before the clock starts: the sending itself costs the machine as little as it can.
  const bodies = Array.from({ length: total }, batch);
  const began = performance.now();
  const answers: Promise<{ status: number; ms: number }>[] = [];
  for (let index = 0; index < total; index += 1) {
    const wait = began + (index * 1000) / rate - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(send(bodies[index]!));
  }
  const done = await Promise.all(answers);
  const expected = data.path === '/player/events' ? 202 : 404;
  agent.destroy();
  const times = done.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN) * 100) / 100;
  return {
    requests: total,
    accepted: done.filter((answer) => answer.status === expected).length * perRequest,
    errors: done.filter((answer) => answer.status !== expected).length,
    p50_ms: at(0.5),
    p99_ms: at(0.99),
  };
}

void run().then((result) => parentPort!.postMessage(result));
