// A SERVER span for each HTTP request, registered first (app.ts) so that it holds every other hook:
// named `METHOD /route/pattern` (the route as declared, `/orders/:id`, never the URL: ids and
// query strings stay out), or the method alone when no route matched; a child of the caller's span
// when the request carries a W3C `traceparent`. The request runs in its context, entered when
// the request arrives (Fastify's body parser keeps the async context of the hooks before it, also
// for a body that arrives later from the socket), so the GraphQL operation, the statements and
// the outbox write a request makes are its descendants. Attributes: http.request.method, http.route,
// http.response.status_code, error.type (an error's code); a 5xx marks it failed.
import { context, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { FastifyRequest } from 'fastify';
import { appPlugin } from '../plugin.js';
import { contextOfHeaders, errorType } from './tracing.js';

interface RequestSpan {
  span: Span;
  context: Context;
}

export const tracingPlugin = appPlugin('tracing', async (app, { tracer }: { tracer: Tracer }) => {
  const spans = new WeakMap<FastifyRequest, RequestSpan>();
  const end = (request: FastifyRequest, statusCode: number | null) => {
    const entry = spans.get(request);
    if (!entry) return;
    spans.delete(request);
    if (statusCode !== null) {
      entry.span.setAttribute('http.response.status_code', statusCode);
      if (statusCode >= 500) entry.span.setStatus({ code: SpanStatusCode.ERROR });
    }
    entry.span.end();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    const parent = contextOfHeaders(request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, ...(route ? { 'http.route': route } : {}) },
      },
      parent,
    );
    const entry = { span, context: trace.setSpan(parent, span) };
    spans.set(request, entry);
    context.with(entry.context, done);
  });
  // An error's type is kept (error.type: its code); the span fails only with a 5xx (a 4xx is the caller's).
  app.addHook('onError', (request, _reply, error, done) => {
    spans.get(request)?.span.setAttribute('error.type', errorType(error));
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, null);
    done();
  });
});
