// Requests per minute per caller: per admin key; per client key *and* client address, since a
// client key is publishable (the storefront page hands every shopper the same one) and one
// shopper must not spend everyone's budget; else per client address. The address is request.ip,
// which is the address a trusted proxy names when TRUST_PROXY is set. Without REDIS_URL each process
// counts alone; with it every process counts in one Redis, and when that Redis cannot answer,
// requests are refused with 503 rather than let through uncounted.
//
// Answers carry the fields of draft-ietf-httpapi-ratelimit-headers-11 (structured fields, the
// syntax of drafts 08 to 11): `RateLimit-Policy: "default";q=600;w=60` and
// `RateLimit: "default";r=599;t=42`. @fastify/rate-limit's enableDraftSpec emits the separate
// RateLimit-Limit/-Remaining/-Reset fields of drafts 00 to 06, so the hook below sets them itself.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { AppError, errorBody } from '../errors.js';
import { openPrincipal } from './api-keys.js';

export interface RateLimitOptions {
  /** Requests per caller per window. */
  max: number;
  /** Redis shared by all processes; null = this process counts alone. */
  redisUrl: string | null;
  /** Requests that are never counted (probes). */
  exempt(request: FastifyRequest): boolean;
}

const windowMs = 60_000;
const policyName = '"default"';

/** Redis keys of every deployment sharing a Redis start so; separate deployments by database number. */
const redisNameSpace = 'gateway:rate-limit:';

/**
 * How long a client should wait when Redis cannot answer: the client below tries to reconnect at
 * least every second (and the service's other 503s say 1 s too).
 */
const outageRetryAfterSeconds = 1;

/**
 * A request never waits on Redis: commands fail at once while it is unreachable (no offline
 * queue) and after half a second when it stops answering; reconnection goes on in the background.
 * The client library is loaded only when REDIS_URL is set (a fifth of a second of every start).
 */
async function redisClient(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  return new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
}

/**
 * Per admin key; per client key and client address; else (no valid key, or the service runs
 * open) per client address. IPv6 clients per /64, as they are handed out.
 */
function callerOf(request: FastifyRequest): string {
  const principal = request.principal;
  const address = `ip-${normalizeIP(request.ip)}`;
  if (!principal || principal === openPrincipal) return address;
  return principal.role === 'admin' ? principal.id : `${principal.id}:${address}`;
}

function setLimitFields(reply: FastifyReply, max: number, remaining: number, resetSeconds: number): void {
  void reply.header('ratelimit-policy', `${policyName};q=${max};w=${windowMs / 1000}`);
  void reply.header('ratelimit', `${policyName};r=${remaining};t=${resetSeconds}`);
}

/**
 * Adds the limit as a global onRequest hook, so unknown routes (404) count too; register it after
 * the hook that sets request.principal.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const redis = options.redisUrl === null ? null : await redisClient(options.redisUrl);
  await app.register(rateLimit, {
    // Routes get no hook of the plugin's: the one below answers in this service's own terms.
    global: false,
    max: options.max,
    timeWindow: windowMs,
    keyGenerator: callerOf,
    allowList: (request) => options.exempt(request),
    ...(redis ? { redis, nameSpace: redisNameSpace } : {}),
  });
  const count = app.createRateLimit();

  // Logged once per outage, not once per refused request or reconnection attempt.
  let redisDown = false;
  const markDown = (error: Error) => {
    if (redisDown) return;
    redisDown = true;
    app.log.error({ err: error }, 'Redis does not answer: requests are refused with 503 until it does');
  };
  const markUp = () => {
    if (!redisDown) return;
    redisDown = false;
    app.log.info('Redis answers again: rate limits are counted again');
  };

  if (redis) {
    // Without a listener an outage would be reported on stderr for every reconnection attempt.
    redis.on('error', markDown);
    redis.on('ready', markUp);
    app.addHook('onClose', async () => redis.disconnect());
    // Waits for the first connection, so a new process does not refuse its first requests; a
    // Redis down at start is an outage like any other, not a reason to stop.
    await redis.connect().catch(markDown);
  }

  // Refusals are answered here, with their Retry-After, in the documented error shape.
  const refuse = (reply: FastifyReply, error: AppError, retryAfterSeconds: number) =>
    reply.status(error.statusCode).header('retry-after', String(retryAfterSeconds)).send(errorBody(error));

  app.addHook('onRequest', async (request, reply) => {
    let limit: Awaited<ReturnType<typeof count>>;
    try {
      limit = await count(request);
    } catch (error) {
      markDown(error as Error);
      const unavailable = new AppError(
        'SERVICE_UNAVAILABLE',
        `Rate limits cannot be checked right now; retry in ${outageRetryAfterSeconds} s`,
        { retry_after_seconds: outageRetryAfterSeconds },
      );
      return refuse(reply, unavailable, outageRetryAfterSeconds);
    }
    // Exempt requests (isAllowed) never reach the store, so they say nothing of Redis.
    if (limit.isAllowed) return;
    markUp();
    const resetSeconds = Math.max(0, limit.ttlInSeconds);
    setLimitFields(reply, limit.max, limit.remaining, resetSeconds);
    if (!limit.isExceeded) return;
    const retryAfter = Math.max(1, resetSeconds);
    return refuse(
      reply,
      new AppError('RATE_LIMITED', `More than ${limit.max} requests per minute; retry in ${retryAfter} s`, {
        limit: limit.max,
        retry_after_seconds: retryAfter,
      }),
      retryAfter,
    );
  });
}
