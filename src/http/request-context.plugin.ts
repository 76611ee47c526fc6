// `request.context`: what one request carries through either API (context.ts), made on its first
// read: the caller, its Idempotency-Key scope and write, and the DataLoaders. REST handlers and
// Apollo's context both take it from here.
import type { FastifyRequest } from 'fastify';
import type { RequestContext, Caller } from '../context.js';
import { idempotencyScope } from '../idempotency/idempotency.js';
import { principalOf } from '../security/security.js';
import { appPlugin } from '../plugin.js';

declare module 'fastify' {
  interface FastifyRequest {
    readonly context: RequestContext;
  }
}

const contextKey = Symbol('requestContext');
/** A request as the plugin decorates it: where its context is kept once made. */
const holderOf = (request: FastifyRequest) => request as unknown as { [contextKey]: RequestContext | null };

/** The request's context if something made it, without making one. */
export function madeContext(request: FastifyRequest): RequestContext | null {
  return holderOf(request)[contextKey];
}

export interface RequestContextOptions {
  /** A new request's context (services.ts): its loaders read through the app's one catalog cache. */
  requestContext(caller: Caller): RequestContext;
}

export const requestContextPlugin = appPlugin(
  'request-context',
  async (app, { requestContext }: RequestContextOptions) => {
    // Set by the Idempotency-Key hooks of the routes that honour the header.
    app.decorateRequest('idempotentWrite', null);
    app.decorateRequest(contextKey, null);
    app.decorateRequest('context', {
      getter() {
        const principal = principalOf(this);
        return (holderOf(this)[contextKey] ??= requestContext({
          principal,
          idempotencyScope: idempotencyScope(principal, this.ip),
          idempotentWrite: () => this.idempotentWrite,
        }));
      },
    });
  },
);
