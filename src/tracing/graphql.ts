// A span for each GraphQL operation Apollo executes, named by its type and name (`mutation
// SubmitCart`, the type alone for an anonymous one), with graphql.operation.type and
// graphql.operation.name; never its variables or its document. It wraps the executor (the
// `gateway` Apollo runs operations with: http/graphql.plugin.ts), so that the span is the active
// one while the resolvers run: their statements are its children. An answer with errors marks it
// failed.
import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { GatewayExecutor } from '@apollo/server-gateway-interface';
import { inSpan } from './tracing.js';

export function tracedExecutor(tracer: Tracer, executor: GatewayExecutor): GatewayExecutor {
  return (request) => {
    const type = request.operation.operation;
    const name = request.operationName;
    const attributes = { 'graphql.operation.type': type, ...(name ? { 'graphql.operation.name': name } : {}) };
    return inSpan(tracer, name ? `${type} ${name}` : type, { attributes }, async (span) => {
      const result = await executor(request);
      if (result.errors?.length)
        span.setStatus({ code: SpanStatusCode.ERROR, message: `${result.errors.length} error(s)` });
      return result;
    });
  };
}
