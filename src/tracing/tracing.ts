// OpenTelemetry tracing, optional (OTEL_EXPORTER_OTLP_ENDPOINT). This module is what the rest of
// the code sees: whether tracing is on (activeTracer(), null when off), a span around some work,
// and the W3C traceparent in and out. It imports only @opentelemetry/api (loaded by prom-client
// anyway, and a no-op without a provider); the SDK, the exporter and the context manager are in
// provider.ts, imported when tracing starts, so a process without the variable loads none of them,
// and every hook and wrapper of tracing/ is added only when activeTracer() is not null.
import {
  context,
  propagation,
  trace,
  SpanStatusCode,
  ROOT_CONTEXT,
  type Context,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import type { TracingConfig } from '../config.js';

/** The tracer name the gateway's spans carry (their instrumentation scope). */
const scope = 'shoppable-commerce-gateway';

interface Active {
  tracer: Tracer;
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let active: Active | null = null;

/** The tracer while tracing is on; null when off (then nothing is traced and nothing is wrapped). */
export function activeTracer(): Tracer | null {
  return active?.tracer ?? null;
}

/**
 * Turns tracing on for this process (or thread): the SDK's provider with an OTLP/HTTP exporter
 * (JSON, batched) to `<endpoint>/v1/traces`, the AsyncLocalStorage context manager and the W3C
 * trace-context propagator, registered as the process's globals. Before the database is opened
 * and the app built: they add their wrappers and hooks only when it is on.
 */
export async function startTracing(config: TracingConfig): Promise<void> {
  if (active) return;
  const { startProvider } = await import('./provider.js');
  const provider = startProvider(config);
  active = { tracer: trace.getTracer(scope), flush: () => provider.forceFlush(), shutdown: () => provider.shutdown() };
}

/** Sends the spans ended so far (tests; the shutdown flushes on its own). */
export async function flushTracing(): Promise<void> {
  await active?.flush();
}

/** How long the shutdown waits for the last spans to go out: a collector away or slow costs no more. */
export const stopTimeoutMs = 2000;

/**
 * Sends what is left and turns tracing off: the shutdown's last step. Nothing when off. It waits
 * at most `timeoutMs` (its own timer): spans that cannot be sent in time, or at all (the
 * collector away), are lost, which is not the shutdown's failure.
 */
export async function stopTracing(timeoutMs = stopTimeoutMs): Promise<void> {
  const current = active;
  if (!current) return;
  active = null;
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
      timer.unref();
    });
    await Promise.race([current.shutdown().catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
    trace.disable();
    context.disable();
    propagation.disable();
  }
}

/** What kind of error it is: its documented or driver code, else its class's name. */
export function errorType(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : undefined;
  if (typeof code === 'string' && code !== '') return code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Marks the span failed, with the error's type only (error.type): messages may hold values (an
 * id not found, a duplicate key's value), and spans never record those.
 */
export function recordFailure(span: Span, error: unknown): void {
  span.setAttribute('error.type', errorType(error));
  span.setStatus({ code: SpanStatusCode.ERROR });
}

/**
 * `work` in a new span, the active one while it runs (statements and spans it starts are its
 * children), ended when its promise settles; a rejection marks it failed. Its parent is `parent`
 * when given, else the active span.
 */
export function inSpan<T>(
  tracer: Tracer,
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
  parent: Context = context.active(),
): Promise<T> {
  return tracer.startActiveSpan(name, options, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      recordFailure(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Whether a span is active here: statements are traced only within a trace (a request, a delivery). */
export function inTrace(): boolean {
  return trace.getSpan(context.active()) !== undefined;
}

/** The W3C traceparent of the span (what a request it makes carries). */
export function traceparentOf(span: Span): string | null {
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
  return carrier.traceparent ?? null;
}

/** The context a W3C traceparent names (the root context when null or unreadable). */
export function contextOf(traceparent: string | null): Context {
  return traceparent === null ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { traceparent });
}

/** The context of incoming headers (their traceparent and tracestate), for a server span. */
export function contextOfHeaders(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}
