// One POST of a webhook delivery: signed as Standard Webhooks (standardwebhooks.com) describes,
// sent only to the address the URL guard vetted, on a connection of its own, within a hard
// deadline kept by a timer of this module's own (a plain setTimeout that destroys the socket):
// not AbortSignal.timeout, whose timer goes with its signal when nothing else holds that, so a
// combined signal collected by the GC never fires.
import { Webhook } from 'standardwebhooks';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { vetWebhookUrl } from '../security/url-guard.js';
import type { AttemptRecord, ClaimedDelivery } from './delivery.repository.js';

/** Of a response body, at most this is read (and discarded) so that the connection can be reused. */
const maxResponseBytes = 64 * 1024;
const maxErrorChars = 500;

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
export class Flight {
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

export interface AttemptOptions {
  allowPrivateUrls: boolean;
  timeoutMs: number;
}

/** One POST of a delivery within its deadline: its status code, or why it has none. */
export async function attempt(flight: Flight, { allowPrivateUrls, timeoutMs }: AttemptOptions): Promise<AttemptRecord> {
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
