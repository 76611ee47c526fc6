// What faces the open internet, registered before any route and in this order: CORS (answers
// preflights), API keys (401/403), rate limits (429, per key or client address).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { AppError, errorBody } from '../errors.js';
import { ApiKeys, openPrincipal, presentedKey, type Principal } from './api-keys.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the API key check, `openPrincipal` when no keys are configured. */
    principal: Principal | null;
  }
}

export type SecurityConfig = Pick<Config, 'apiKeys' | 'corsOrigins' | 'rateLimitMax'>;

export function principalOf(request: FastifyRequest): Principal {
  return request.principal ?? openPrincipal;
}

const probes = new Set(['/healthz', '/readyz']);

/** Apollo Sandbox's page: a browser asking GET /graphql for HTML, without an operation. */
function isSandboxPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && request.url === '/graphql' && String(request.headers.accept ?? '').includes('text/html');
}

export async function registerSecurity(app: FastifyInstance, config: SecurityConfig): Promise<void> {
  app.decorateRequest('principal', null);

  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['content-type', 'authorization', 'x-api-key', 'idempotency-key', 'x-request-id', 'apollo-require-preflight'],
      exposedHeaders: ['idempotent-replayed', 'retry-after', 'x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'],
      maxAge: 600,
    });
  }

  const keys = new ApiKeys(config.apiKeys);
  if (keys.enabled) {
    app.addHook('onRequest', async (request, reply) => {
      if (probes.has(request.url) || isSandboxPage(request) || request.method === 'OPTIONS') return;
      const principal = keys.authenticate(presentedKey(request));
      if (!principal) {
        const error = new AppError('UNAUTHENTICATED', 'A valid API key is required: Authorization: Bearer <key> or x-api-key: <key>');
        return reply.status(error.statusCode).header('www-authenticate', 'Bearer').send(errorBody(error));
      }
      request.principal = principal;
    });
  }

  if (config.rateLimitMax > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: 60_000,
      allowList: (request) => probes.has(request.url),
      keyGenerator: (request) => (request.principal && request.principal !== openPrincipal ? request.principal.id : `ip-${request.ip}`),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `More than ${context.max} requests per minute; retry in ${Math.ceil(context.ttl / 1000)} s`, { limit: context.max, retry_after_seconds: Math.ceil(context.ttl / 1000) }),
    });
  }
}
