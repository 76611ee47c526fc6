// The OpenTelemetry SDK, loaded only when tracing starts (tracing.ts imports this module
// dynamically): a tracer provider for this process (or thread) whose spans are batched and POSTed
// as OTLP/HTTP JSON to `<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`, named OTEL_SERVICE_NAME, with
// the AsyncLocalStorage context manager (the active span follows the request through promises)
// and the W3C trace-context propagator (traceparent, tracestate).
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { TracingConfig } from '../config.js';

const exportTimeoutMs = 5000;

/** The collector's traces URL: the endpoint is a base URL (OTLP/HTTP's convention). */
export function tracesUrl(endpoint: string): string {
  return `${endpoint.replace(/\/+$/, '')}/v1/traces`;
}

export function startProvider(config: TracingConfig): NodeTracerProvider {
  // A collector that does not answer holds one export (of at most 512 spans) for 5 s, not the
  // defaults' 10 s and 30 s; the queue behind it keeps at most 2048 spans and drops the rest.
  const exporter = new OTLPTraceExporter({ url: tracesUrl(config.endpoint), timeoutMillis: exportTimeoutMs });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(exporter, {
        exportTimeoutMillis: exportTimeoutMs,
        maxQueueSize: 2048,
        maxExportBatchSize: 512,
      }),
    ],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return provider;
}
