// The webhook delivery worker every gateway process runs. It claims due deliveries from the outbox
// in a short transaction (delivery.repository.ts) and POSTs them outside it, signed as Standard
// Webhooks (standardwebhooks.com) describes, so receivers verify them with the official
// `standardwebhooks` library. A 2xx within 10 s delivers; anything else is retried on
// WEBHOOK_RETRY_SCHEDULE with ±10 % jitter; an endpoint failing for 5 days is disabled. Each
// endpoint has at most one delivery in flight, the earliest pending, so a healthy receiver gets
// its events in order. A process that dies mid-way leaves a claim that expires: at least once.
import { Webhook } from 'standardwebhooks';
import type { Config, DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { vetWebhookUrl } from '../security/url-guard.js';
import { DeliveryRepository, type AttemptRecord, type ClaimedDelivery } from './delivery.repository.js';

/** How long a receiver has to answer (Standard Webhooks suggests 15 s at most). */
export const requestTimeoutMs = 10_000;
/** After the database refused a claim, how long to wait before trying again (and logging again). */
const claimErrorPauseMs = 5_000;
/** How long a claim holds: longer than a request, short enough to recover soon after a crash. */
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
  config: Pick<Config, 'webhookRetrySchedule' | 'webhookAllowPrivateUrls'>;
  log: DeliveryLog;
  /** How often to look for due deliveries (default 250 ms). */
  pollIntervalMs?: number;
  /** Deliveries in flight at once in this process (default 16). */
  maxInFlight?: number;
  /** How long a receiver has to answer (default requestTimeoutMs; tests shorten it). */
  requestTimeoutMs?: number;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now instead of at the next poll (e.g. after a commit that recorded events). */
  wake(): void;
  /**
   * Stops claiming, waits for the requests in flight (each bounded by its timeout, all by
   * `graceMs`: then they are cut short), and gives back what it still holds.
   */
  stop(graceMs?: number): Promise<void>;
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
function describe(error: unknown, timeoutMs: number): string {
  const timedOut = (value: unknown) => value instanceof Error && value.name === 'TimeoutError';
  if (timedOut(error) || (error instanceof Error && timedOut(error.cause))) return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? error.cause : undefined;
  const text = cause instanceof Error ? `${error instanceof Error ? error.message : ''}: ${cause.message}` : error instanceof Error ? error.message : String(error);
  return text.slice(0, maxErrorChars);
}

/**
 * POSTs to `url` connecting only to `address`, the one the URL guard vetted (the Host header and
 * TLS server name stay the URL's). Answers the status once the answer (up to maxResponseBytes) is in.
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
    const request = send(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup, signal }, (response) => {
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > maxResponseBytes) response.destroy();
      });
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('close', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(body);
  });
}

interface AttemptOptions {
  allowPrivateUrls: boolean;
  timeoutMs: number;
  /** Cuts the request short (the process is stopping). */
  cancel: AbortSignal;
}

/** One POST of a delivery: its status code, or the error that stopped it. */
async function attempt(delivery: ClaimedDelivery, { allowPrivateUrls, timeoutMs, cancel }: AttemptOptions): Promise<AttemptRecord> {
  const at = new Date();
  const started = performance.now();
  const latencyMs = () => Math.round(performance.now() - started);
  try {
    const { url, addresses } = await vetWebhookUrl(delivery.url, allowPrivateUrls);
    const signed = new Date();
    const { body, headers } = signedRequest(delivery, signed);
    // Redirects are not followed: a 3xx is a failure, and cannot lead the request past the URL guard.
    const signal = AbortSignal.any([AbortSignal.timeout(timeoutMs), cancel]);
    const statusCode = await pinnedPost(url, addresses[0]!, headers, body, signal);
    return { at, statusCode, latencyMs: latencyMs(), error: null };
  } catch (error) {
    return { at, statusCode: null, latencyMs: latencyMs(), error: cancel.aborted ? 'cut short: the gateway process was stopping' : describe(error, timeoutMs) };
  }
}

const succeeded = (record: AttemptRecord) => record.statusCode !== null && record.statusCode >= 200 && record.statusCode < 300;

export function startDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const { config, log } = options;
  const repository = new DeliveryRepository(options.db, options.provider);
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const maxInFlight = options.maxInFlight ?? 16;
  const inFlight = new Set<Promise<void>>();
  const cancel = new AbortController();
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

  const deliver = async (delivery: ClaimedDelivery) => {
    const record = await attempt(delivery, { allowPrivateUrls: config.webhookAllowPrivateUrls, timeoutMs: options.requestTimeoutMs ?? requestTimeoutMs, cancel: cancel.signal });
    try {
      if (succeeded(record)) {
        await repository.recordDelivered(delivery, record);
        return;
      }
      if (cancel.signal.aborted) {
        // Not the receiver's failure: due again at once, for whichever process is still running.
        await repository.recordInterrupted(delivery, record);
        return;
      }
      const delayMs = retryDelayMs(config.webhookRetrySchedule, delivery.attempts + 1);
      const now = Date.now();
      const disabled = await repository.recordFailed(delivery, record, new Date(now + delayMs), new Date(now - disableAfterMs));
      if (disabled) log.warn({ endpoint: delivery.endpointId }, 'webhook endpoint disabled: failing for 5 days; its pending deliveries failed');
      else log.info({ endpoint: delivery.endpointId, delivery: delivery.id, attempts: delivery.attempts + 1, statusCode: record.statusCode, error: record.error, retryInMs: delayMs }, 'webhook delivery failed; will retry');
    } catch (error) {
      // The outcome is not recorded: give the claim back so it is tried again soon (at least once).
      log.error({ err: error, delivery: delivery.id }, 'could not record a webhook attempt');
      await repository.release([delivery]).catch(() => undefined);
    }
  };

  const loop = (async () => {
    if (options.provider === 'sqlite') {
      // One process per SQLite file: a claim found at start is that of a process that died.
      await repository.releaseAll().catch((error: unknown) => log.warn({ err: error }, 'could not release old webhook claims'));
    }
    while (!stopping) {
      let nextPollMs = pollIntervalMs;
      const room = maxInFlight - inFlight.size;
      if (room > 0) {
        try {
          const now = new Date();
          const claimed = await repository.claimDue(now, new Date(now.getTime() + claimMs), room);
          if (stopping) {
            await repository.release(claimed);
            break;
          }
          for (const delivery of claimed) {
            const running: Promise<void> = deliver(delivery).finally(() => {
              inFlight.delete(running);
              wake();
            });
            inFlight.add(running);
          }
        } catch (error) {
          log.warn({ err: error }, `could not claim webhook deliveries; trying again in ${claimErrorPauseMs / 1000} s`);
          nextPollMs = claimErrorPauseMs;
        }
      }
      await pause(nextPollMs);
    }
  })();

  return {
    wake,
    async stop(graceMs = requestTimeoutMs) {
      stopping = true;
      endPause?.();
      await loop;
      const grace = setTimeout(() => cancel.abort(), graceMs);
      await Promise.all(inFlight);
      clearTimeout(grace);
    },
  };
}
