// Idempotency-Key on the cart-changing REST routes and POST /graphql: the first request with a
// key runs and its successful answer is stored; the same key and request again get that answer
// (Idempotent-Replayed: true); the same key with another request is 409 IDEMPOTENCY_KEY_REUSED.
// A request arriving while the first is still running waits for its answer. Kept 24 h.
// A refused request (4xx) or a failure (5xx) keeps nothing: it changed nothing, so running it
// again gives the same answer unless the cart changed meanwhile, and the key stays usable.
//
// The record is written before the request runs (pending) and completed after, so two
// concurrent requests never both run. /cart/submit stores its answer in its own transaction
// instead (CheckoutService), which is stronger still.
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { Db } from '../db/database.js';
// Writes go through transactions: on SQLite that queues them behind a cart write in flight on
// the same connection instead of joining it.
import { inTransaction, isUniqueViolation } from '../db/transaction.js';
import { AppError } from '../errors.js';
import { checkKey, idempotencyWindowMs, requestHash } from '../cart/idempotency.js';
import { principalOf } from './security.js';
import { openPrincipal } from './api-keys.js';

const pending = 0;
const waitStepMs = 25;
const maxWaitMs = 15_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRecord: { scope: string; key: string } | null;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface IdempotencyHooks {
  preHandler: preHandlerHookHandler;
  onSend: onSendHookHandler<unknown>;
}

/**
 * Route hooks; `scopeSuffix` keeps GraphQL's keys apart from REST's, and `refused` tells a
 * refusal answered with a 2xx status (GraphQL's errors) from a success.
 */
export function idempotencyHooks(db: Db, scopeSuffix = '', refused: (payload: string) => boolean = () => false): IdempotencyHooks {
  async function preHandler(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = checkKey(Array.isArray(header) ? (header[0] ?? '') : header);
    // Keys belong to the API key that sent them; an open service has no key, so they belong to
    // the client address, and one client can never replay another's answer.
    const principal = principalOf(request);
    const scope = `${principal === openPrincipal ? `open@${request.ip}` : principal.id}${scopeSuffix}`;
    const hash = requestHash({ method: request.method, url: request.url, body: request.body ?? null });
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      try {
        await inTransaction(db, (tx) => tx.idempotencyRecord.create({ data: { scope, key, requestHash: hash, statusCode: pending, body: '' } }));
        request.idempotencyRecord = { scope, key };
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      const record = await db.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
      if (!record) continue;
      if (Date.now() - record.createdAt.getTime() > idempotencyWindowMs) {
        await inTransaction(db, (tx) => tx.idempotencyRecord.deleteMany({ where: { scope, key, createdAt: record.createdAt } }));
        continue;
      }
      if (record.requestHash !== hash) {
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request', { key: key.slice(0, 64) });
      }
      if (record.statusCode !== pending) {
        await reply.status(record.statusCode).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(record.body);
        return;
      }
      if (Date.now() > deadline) {
        throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still running; retry later', { key: key.slice(0, 64) });
      }
      await sleep(waitStepMs);
    }
  }

  async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const record = request.idempotencyRecord;
    if (!record) return payload;
    request.idempotencyRecord = null;
    const where = { scope_key: record };
    const body = typeof payload === 'string' ? payload : String(payload ?? '');
    await inTransaction(db, async (tx) => {
      if (reply.statusCode >= 400 || refused(body)) await tx.idempotencyRecord.deleteMany({ where: record });
      else await tx.idempotencyRecord.update({ where, data: { statusCode: reply.statusCode, body } });
    });
    return payload;
  }

  return { preHandler, onSend };
}

/** Removes records past the 24 h window. */
export async function purgeIdempotencyRecords(db: Db, now = new Date()): Promise<number> {
  const { count } = await inTransaction(db, (tx) => tx.idempotencyRecord.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - idempotencyWindowMs) } } }));
  return count;
}
