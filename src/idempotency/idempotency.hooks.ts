// The HTTP side of Idempotency-Key: a route hook reads and checks the header into
// `request.idempotentWrite`, which the handler hands to its service (the service keeps the key
// in its own transaction, see idempotency.ts); an answer that was replayed says so in
// `Idempotent-Replayed: true`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { principalOf } from '../security/security.js';
import { IdempotentWrite, checkKey, idempotencyScope, requestHash } from './idempotency.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Idempotency-Key, when it has one, on routes that honour it. */
    idempotentWrite: IdempotentWrite | null;
  }
}

export interface IdempotencyHooks {
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown>;
}

/** Route hooks; `scopeSuffix` keeps GraphQL's keys apart from REST's. */
export function idempotencyHooks(scopeSuffix = ''): IdempotencyHooks {
  return {
    async preHandler(request) {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return;
      const key = checkKey(Array.isArray(header) ? (header[0] ?? '') : header);
      const owner = idempotencyScope(principalOf(request), request.ip);
      request.idempotentWrite = new IdempotentWrite(
        owner,
        scopeSuffix,
        key,
        requestHash({ method: request.method, url: request.url, body: request.body ?? null }),
      );
    },
    async onSend(request, reply, payload) {
      if (request.idempotentWrite?.anyReplayed) void reply.header('idempotent-replayed', 'true');
      return payload;
    },
  };
}
