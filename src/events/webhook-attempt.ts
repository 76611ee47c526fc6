// One POST of a webhook delivery: signed as Standard Webhooks (standardwebhooks.com) describes,
// sent only to the address the URL guard vetted, on a connection of its own (in the sender's
// thread: sender-thread.ts), within a hard deadline kept by timers of our own (plain setTimeouts,
// here and in that thread): not AbortSignal.timeout, whose timer goes with its signal when nothing
// else holds that, so a combined signal collected by the GC never fires.
import { Webhook } from 'standardwebhooks';
import { vetWebhookUrl } from '../security/url-guard.js';
import type { ClaimedDelivery } from './delivery.repository.js';
import type { AttemptRecord } from './delivery-outcome.repository.js';
import { PostDeadlineError, type Sender } from './sender-thread.js';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { activeTracer, contextOf, inSpan, traceparentOf } from '../tracing/tracing.js';

const maxErrorChars = 500;

/** The body and headers of one attempt: the event's id on every retry, this attempt's time and signature. */
export function signedRequest(
  delivery: Pick<ClaimedDelivery, 'secret' | 'messageId' | 'type' | 'data' | 'eventCreatedAt'>,
  at: Date,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    type: delivery.type,
    timestamp: delivery.eventCreatedAt.toISOString(),
    data: delivery.data,
  });
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
  const text =
    cause instanceof Error
      ? `${error instanceof Error ? error.message : ''}: ${cause.message}`
      : error instanceof Error
        ? error.message
        : String(error);
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

export interface AttemptOptions {
  allowPrivateUrls: boolean;
  timeoutMs: number;
  /** Whose thread opens the connection. */
  sender: Sender;
}

/**
 * One POST of a delivery within its deadline: its status code, or why it has none. With tracing
 * on, in a CLIENT span `webhook.deliver`, a child of the write that recorded the event (its
 * stored traceparent) when there is one; the request carries the span's traceparent.
 */
export function attempt(flight: Flight, options: AttemptOptions): Promise<AttemptRecord> {
  const tracer = activeTracer();
  if (!tracer) return post(flight, options, {});
  const { delivery } = flight;
  // Where it goes, never the whole URL (its path or query may hold a receiver's token).
  const url = URL.canParse(delivery.url) ? new URL(delivery.url) : null;
  const attributes = {
    'http.request.method': 'POST',
    ...(url
      ? { 'server.address': url.hostname, 'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)) }
      : {}),
    'webhook.endpoint.id': delivery.endpointId,
    'webhook.event.type': delivery.type,
    'webhook.message.id': delivery.messageId,
    'webhook.attempt': delivery.attempts + 1,
  };
  return inSpan(
    tracer,
    'webhook.deliver',
    { kind: SpanKind.CLIENT, attributes },
    async (span) => {
      const traceparent = traceparentOf(span);
      const record = await post(flight, options, traceparent ? { traceparent } : {});
      if (record.statusCode !== null) span.setAttribute('http.response.status_code', record.statusCode);
      // Failed, with no message: an error's text may name hosts and addresses; error.type says what kind.
      if (record.statusCode === null || record.statusCode < 200 || record.statusCode >= 300) {
        span.setAttribute('error.type', record.statusCode === null ? 'no_response' : String(record.statusCode));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      return record;
    },
    contextOf(delivery.traceparent),
  );
}

async function post(
  flight: Flight,
  { allowPrivateUrls, timeoutMs, sender }: AttemptOptions,
  traceHeaders: Record<string, string>,
): Promise<AttemptRecord> {
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
    // The thread's own timer ends the socket at the same deadline (what is left of it).
    const leftMs = Math.max(1, Math.ceil(timeoutMs - (performance.now() - started)));
    const statusCode = await sender.post(
      { url: url.href, address: addresses[0]!, headers: { ...headers, ...traceHeaders }, body, timeoutMs: leftMs },
      signal,
    );
    return { at, statusCode, latencyMs: latencyMs(), error: null };
  } catch (error) {
    // The thread's timer may end the request a moment before this one fires: the same deadline.
    if (error instanceof PostDeadlineError) flight.cut('deadline');
    return {
      at,
      statusCode: null,
      latencyMs: latencyMs(),
      error: flight.reason ? cutMessages[flight.reason](timeoutMs) : describe(error),
    };
  } finally {
    clearTimeout(deadline);
  }
}
