// The webhook delivery worker every gateway process runs. It writes the deliveries of new events
// (fan-out, in bounded batches), claims due ones in short transactions (delivery.repository.ts)
// and POSTs them outside those, signed as Standard Webhooks (standardwebhooks.com) describes, so
// receivers verify them with the official `standardwebhooks` library. A 2xx within 10 s
// delivers; anything else is retried on WEBHOOK_RETRY_SCHEDULE with ±10 % jitter; an endpoint
// failing for 5 days is disabled. Each endpoint has at most one delivery in flight, the earliest
// pending, so a healthy receiver gets its events in order; a process has a slot for every
// endpoint there may be (WEBHOOK_MAX_ENDPOINTS), and should there be fewer slots, failing
// endpoints take at most half of them: a receiver that hangs costs its own slot, never a healthy
// one's. A process that dies mid-way leaves a claim that expires: at least once. The worker
// shares the event loop with requests: it works in small steps (20 claims, 20 outcomes a
// transaction, a turn for requests between statements and between the requests it opens) and
// rests after each round at least as long as the round took.
//
// Every request has a hard deadline kept by a timer of this worker's own (a plain setTimeout that
// destroys the socket): not AbortSignal.timeout, whose timer goes with its signal when nothing
// else holds that, so a combined signal collected by the GC never fires.
import { Webhook } from 'standardwebhooks';
import type { Config, DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { vetWebhookUrl } from '../security/url-guard.js';
import { DeliveryRepository, type AttemptRecord, type ClaimedDelivery, type DeliveryOutcome } from './delivery.repository.js';

/** How long a receiver has to answer (Standard Webhooks suggests 15 s at most). */
export const requestTimeoutMs = 10_000;
/** Outcomes recorded in one transaction at most. */
const maxOutcomesPerRecord = 20;
/** Deliveries claimed in one round at most (the rest wait for the next round). */
const maxClaimsPerRound = 20;
/** After the database refused a claim, how long to wait before trying again (and logging again). */
const claimErrorPauseMs = 5_000;
/** How long a claim holds: three deadlines, so a claim never expires while its request is open. */
export const claimMs = 30_000;
/** An endpoint failing continuously this long is disabled. */
export const disableAfterMs = 5 * 24 * 3600 * 1000;
/** Of a response body, at most this is read (and discarded) so that the connection can be reused. */
const maxResponseBytes = 64 * 1024;
const maxErrorChars = 500;

export type DeliveryLog = Record<'info' | 'warn' | 'error', (details: object, message: string) => void>;

export interface DeliveryWorkerOptions {
  db: Db;
  provider: DatabaseProvider;
  config: Pick<Config, 'webhookRetrySchedule' | 'webhookAllowPrivateUrls' | 'webhookMaxEndpoints'>;
  log: DeliveryLog;
  /** How often to look for due deliveries (default 250 ms). */
  pollIntervalMs?: number;
  /** Deliveries in flight at once in this process (default: one per endpoint there may be); failing endpoints get half of them. */
  maxInFlight?: number;
  /** How long a receiver has to answer (default requestTimeoutMs; tests shorten it). */
  requestTimeoutMs?: number;
  /** Deliveries written per fan-out transaction, about (default 1000). */
  fanOutRows?: number;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now instead of at the next poll (e.g. after a commit that recorded events). */
  wake(): void;
  /**
   * Stops claiming, waits for the requests in flight (each bounded by its timeout, all by
   * `graceMs`: then they are cut short), and gives back what it still holds.
   */
  stop(graceMs?: number): Promise<void>;
  /** Requests open now (sockets to receivers). */
  readonly inFlight: number;
}

/**
 * The wait before the next attempt after `attempts` failed ones: the schedule's step for it (the
 * last step repeating), ±10 %.
 */
export function retryDelayMs(schedule: readonly number[], attempts: number, random: () => number = Math.random): number {
  const step = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1] ?? 60;
  return Math.round(step * 1000 * (0.9 + 0.2 * random()));
}

/** The body and headers of one attempt: the event's id on every retry, this attempt's time and signature. */
export function signedRequest(delivery: Pick<ClaimedDelivery, 'secret' | 'messageId' | 'type' | 'data' | 'eventCreatedAt'>, at: Date): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ type: delivery.type, timestamp: delivery.eventCreatedAt.toISOString(), data: delivery.data });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(delivery.secret).sign(delivery.messageId, at, body),
    },
  };
}

/** What went wrong, without the request: connection errors name their code (ECONNREFUSED…). */
function describe(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  const text = cause instanceof Error ? `${error instanceof Error ? error.message : ''}: ${cause.message}` : error instanceof Error ? error.message : String(error);
  return text.slice(0, maxErrorChars);
}


/** Why a request was cut short before its receiver answered. */
type CutReason = 'deadline' | 'stopping' | 'endpoint-gone';

const cutMessages: Record<CutReason, (timeoutMs: number) => string> = {
  deadline: (timeoutMs) => `no answer within ${timeoutMs / 1000} s`,
  stopping: () => 'cut short: the gateway process was stopping',
  'endpoint-gone': () => 'cut short: the endpoint was disabled or deleted',
};

/** One delivery being attempted, and the switch that ends its request whatever the reason. */
class Flight {
  readonly controller = new AbortController();
  reason: CutReason | null = null;
  /** Its request is over (its outcome may not be recorded yet). */
  attempted = false;
  /** Resolves when its request is over. */
  over: Promise<void> = Promise.resolve();

  constructor(readonly delivery: ClaimedDelivery) {}

  cut(reason: CutReason): void {
    if (this.reason !== null) return;
    this.reason = reason;
    this.controller.abort();
  }
}

/** `work`, or a rejection as soon as `signal` aborts (the work is left to settle on its own). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * POSTs to `url` connecting only to `address`, the one the URL guard vetted (the Host header and
 * TLS server name stay the URL's), on a connection of its own that closes with the exchange.
 * Answers the status once the socket has closed (the answer read up to maxResponseBytes, or cut
 * at the deadline after the status arrived); rejects when it closes before a status.
 */
function pinnedPost(url: URL, address: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
  const family = isIP(address);
  const lookup: LookupFunction = (_host, options, callback) => {
    // With autoSelectFamily (Node's default) the caller asks for every address at once.
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let status: number | null = null;
    let failure: Error | null = null;
    // agent: false: no pooled socket outlives the attempt.
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, signal, agent: false }, (response) => {
      status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxResponseBytes) request.destroy();
      });
      response.on('error', () => undefined);
    });
    request.on('error', (error) => {
      failure ??= error;
    });
    request.on('close', () => (status === null ? reject(failure ?? new Error('the connection closed before an answer')) : resolve(status)));
    request.end(body);
  });
}

interface AttemptOptions {
  allowPrivateUrls: boolean;
  timeoutMs: number;
}

/** One POST of a delivery within its deadline: its status code, or why it has none. */
async function attempt(flight: Flight, { allowPrivateUrls, timeoutMs }: AttemptOptions): Promise<AttemptRecord> {
  const at = new Date();
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  // The deadline covers the name lookup, the connection and the answer; the timer holds the flight.
  const deadline = setTimeout(() => flight.cut('deadline'), timeoutMs);
  try {
    const { signal } = flight.controller;
    const { url, addresses } = await untilAborted(vetWebhookUrl(flight.delivery.url, allowPrivateUrls), signal);
    const { body, headers } = signedRequest(flight.delivery, new Date());
    // Redirects are not followed: a 3xx is a failure, and cannot lead the request past the URL guard.
    const statusCode = await pinnedPost(url, addresses[0]!, headers, body, signal);
    return { at, statusCode, latencyMs: latencyMs(), error: null };
  } catch (error) {
    return { at, statusCode: null, latencyMs: latencyMs(), error: flight.reason ? cutMessages[flight.reason](timeoutMs) : describe(error) };
  } finally {
    clearTimeout(deadline);
  }
}

const succeeded = (record: AttemptRecord) => record.statusCode !== null && record.statusCode >= 200 && record.statusCode < 300;

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { config, log } = options;
  const repository = new DeliveryRepository(options.db, options.provider);
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const maxInFlight = options.maxInFlight ?? config.webhookMaxEndpoints;
  const maxFailingInFlight = Math.max(1, Math.floor(maxInFlight / 2));
  const fanOutRows = options.fanOutRows ?? 1000;
  const minGapMs = Math.min(pollIntervalMs, 25);
  const timeoutMs = options.requestTimeoutMs ?? requestTimeoutMs;
  /** Deliveries in flight, by endpoint (one each). */
  const flights = new Map<string, Flight>();
  let stopping = false;
  let woken = false;
  let endPause: (() => void) | null = null;

  const wake = () => {
    woken = true;
    endPause?.();
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken || stopping) {
        woken = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => endPause?.(), ms);
      endPause = () => {
        clearTimeout(timer);
        endPause = null;
        woken = false;
        resolve();
      };
    });

  /** What a finished attempt means for its delivery. */
  const outcomeOf = (flight: Flight, attempt: AttemptRecord): DeliveryOutcome => {
    const { delivery } = flight;
    if (succeeded(attempt)) return { kind: 'delivered', delivery, attempt };
    // Not the receiver's failure: due again at once, for whichever process is still running.
    if (flight.reason === 'stopping' || flight.reason === 'endpoint-gone') return { kind: 'interrupted', delivery, attempt };
    return { kind: 'failed', delivery, attempt, retryAt: new Date(Date.now() + retryDelayMs(config.webhookRetrySchedule, delivery.attempts + 1)) };
  };

  /** Attempts finished and not yet recorded; their flights stay in `flights` until they are. */
  let finished: DeliveryOutcome[] = [];

  /** Records what finished, a batch per transaction; a batch that cannot be recorded gives its claims back (at least once). */
  const recordFinished = async () => {
    while (finished.length > 0) {
      const batch = finished.slice(0, maxOutcomesPerRecord);
      finished = finished.slice(batch.length);
      try {
        const disabled = await repository.recordOutcomes(batch, new Date(Date.now() - disableAfterMs));
        for (const endpoint of disabled) log.warn({ endpoint }, 'webhook endpoint disabled: failing for 5 days; its pending deliveries failed');
        for (const outcome of batch) {
          if (outcome.kind === 'failed') log.info({ endpoint: outcome.delivery.endpointId, delivery: outcome.delivery.id, attempts: outcome.delivery.attempts + 1, statusCode: outcome.attempt.statusCode, error: outcome.attempt.error, retryInMs: outcome.retryAt.getTime() - Date.now() }, 'webhook delivery failed; will retry');
        }
      } catch (error) {
        log.error({ err: error, deliveries: batch.length }, 'could not record webhook attempts');
        await repository.release(batch.map((outcome) => outcome.delivery)).catch(() => undefined);
      } finally {
        for (const outcome of batch) flights.delete(outcome.delivery.endpointId);
      }
    }
  };

  const start = (delivery: ClaimedDelivery) => {
    const flight = new Flight(delivery);
    flights.set(delivery.endpointId, flight);
    flight.over = attempt(flight, { allowPrivateUrls: config.webhookAllowPrivateUrls, timeoutMs }).then((outcome) => {
      finished.push(outcomeOf(flight, outcome));
      flight.attempted = true;
      wake();
    });
  };

  /** Requests to endpoints that were deleted or disabled meanwhile are ended (by any process). */
  const cutRemoved = async () => {
    const open = [...flights.values()].filter((flight) => !flight.attempted);
    if (open.length === 0) return;
    const enabled = await repository.enabledEndpointIds();
    for (const flight of open) if (!enabled.has(flight.delivery.endpointId)) flight.cut('endpoint-gone');
  };

  const poll = async (): Promise<number> => {
    await recordFinished();
    await cutRemoved();
    const fannedOut = await repository.fanOut(fanOutRows);
    const room = maxInFlight - flights.size;
    if (room > 0) {
      const failing = [...flights.values()].filter((flight) => flight.delivery.endpointFailing).length;
      const now = new Date();
      const claimed = await repository.claimDue({
        now,
        claimedUntil: new Date(now.getTime() + claimMs),
        limit: Math.min(room, maxClaimsPerRound),
        failingLimit: maxFailingInFlight - failing,
        busyEndpoints: [...flights.keys()],
      });
      if (stopping) {
        await repository.release(claimed);
        return pollIntervalMs;
      }
      for (const delivery of claimed) {
        start(delivery);
        // Opening a connection and signing cost a little each: requests get a turn in between.
        await nextTurn();
      }
    }
    // More events waiting to be fanned out: go on after a moment (requests run in between).
    return fannedOut > 0 ? Math.min(pollIntervalMs, 10) : pollIntervalMs;
  };

  const loop = (async () => {
    if (options.provider === 'sqlite') {
      // One process per SQLite file: a claim found at start is that of a process that died.
      await repository.releaseAll().catch((error: unknown) => log.warn({ err: error }, 'could not release old webhook claims'));
    }
    while (!stopping) {
      let nextPollMs: number;
      const began = performance.now();
      try {
        nextPollMs = await poll();
      } catch (error) {
        log.warn({ err: error }, `could not fan out or claim webhook deliveries; trying again in ${claimErrorPauseMs / 1000} s`);
        nextPollMs = claimErrorPauseMs;
      }
      // Rounds at most every minGapMs however often attempts finish, and a rest at least as long
      // as the round took: the worker's statements come in few, batched transactions, and it
      // takes at most about half of the event loop's time, however large the backlog; requests
      // get the rest.
      const tookMs = performance.now() - began;
      const restMs = Math.max(minGapMs - tookMs, tookMs);
      if (restMs > 0 && !stopping) await new Promise((resolve) => setTimeout(resolve, restMs));
      await pause(nextPollMs);
    }
    await recordFinished();
  })();

  return {
    wake,
    get inFlight() {
      return flights.size;
    },
    async stop(graceMs = requestTimeoutMs) {
      stopping = true;
      endPause?.();
      await loop;
      const grace = setTimeout(() => {
        for (const flight of flights.values()) flight.cut('stopping');
      }, graceMs);
      await Promise.all([...flights.values()].map((flight) => flight.over));
      clearTimeout(grace);
      await recordFinished();
    },
  };
}
