// What faces the open internet, registered before any route and in this order: CORS (answers
// preflights), API keys (401/403), rate limits (429, per admin key, per client key and address,
// else per address; see rate-limit.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { Config } from '../config.js';
import { AppError, errorBody } from '../errors.js';
import { ApiKeys, openPrincipal, presentedKey, type Principal } from './api-keys.js';
import { registerRateLimit } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the API key check, `openPrincipal` when no keys are configured. */
    principal: Principal | null;
  }
}

export type SecurityConfig = Pick<Config, 'apiKeys' | 'corsOrigins' | 'rateLimitMax' | 'redisUrl'>;

export function principalOf(request: FastifyRequest): Principal {
  return request.principal ?? openPrincipal;
}

const probes = new Set(['/healthz', '/readyz']);

/** Apollo Sandbox's page: a browser asking GET /graphql for HTML, without an operation. */
function isSandboxPage(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' && request.url === '/graphql' && String(request.headers.accept ?? '').includes('text/html')
  );
}

/** GraphiQL's page and its assets (src/explorer): like the Sandbox page, its operations need the key. */
function isGraphiQLPage(request: FastifyRequest): boolean {
  return request.method === 'GET' && /^\/graphiql(\/assets\/[\w.-]+)?$/.test(request.url);
}

/** The API reference (src/rest/openapi.ts): public, like the explorers' pages. */
function isApiReference(request: FastifyRequest): boolean {
  return (
    request.method === 'GET' &&
    (request.url === '/openapi.json' || request.url === '/docs' || request.url.startsWith('/docs/'))
  );
}

/** Media files (catalog/media-files.plugin.ts): loaded by <img> and <video>, which send no key. */
function isMediaFile(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.url.startsWith('/media/files/');
}

/**
 * The player's module (embed/embed.plugin.ts), the demo storefront's page at / (storefront/) and
 * the studio's page and script (studio/): loaded by browsers, which send no key. The studio's
 * calls to the API carry the admin key its user gives.
 */
const publicPages = new Set(['/', '/embed/shoppable-media.js', '/studio', '/studio/studio.js']);
function isPublicPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return publicPages.has(request.url.split('?', 1)[0]!);
}

export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Registers the hooks; answers the API key check for routes Fastify does not know (404s). */
export async function registerSecurity(
  app: FastifyInstance,
  config: SecurityConfig,
): Promise<{ refuseWithoutKey: Guard | null }> {
  app.decorateRequest('principal', null);

  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: [
        'content-type',
        'authorization',
        'x-api-key',
        'idempotency-key',
        'x-request-id',
        'apollo-require-preflight',
      ],
      exposedHeaders: ['idempotent-replayed', 'retry-after', 'x-request-id', 'ratelimit', 'ratelimit-policy'],
      maxAge: 600,
    });
  }

  const keys = new ApiKeys(config.apiKeys);
  const exempt = (request: FastifyRequest) =>
    probes.has(request.url) ||
    isSandboxPage(request) ||
    isGraphiQLPage(request) ||
    isApiReference(request) ||
    isMediaFile(request) ||
    isPublicPage(request) ||
    request.method === 'OPTIONS';
  if (keys.enabled) {
    // Who is calling is known first (a wrong key is simply no principal), so that the rate limit
    // can count it; refusals come after the rate limit (below).
    app.addHook('onRequest', async (request) => {
      request.principal = keys.authenticate(presentedKey(request));
    });
  }

  if (config.rateLimitMax > 0) {
    // Counted per API key when one is valid, else per client address (so guessing keys is limited too).
    await registerRateLimit(app, {
      max: config.rateLimitMax,
      redisUrl: config.redisUrl,
      exempt: (request) => probes.has(request.url),
    });
  }

  if (keys.enabled) {
    const refuseWithoutKey = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.principal || exempt(request)) return;
      const error = new AppError(
        'UNAUTHENTICATED',
        'A valid API key is required: Authorization: Bearer <key> or x-api-key: <key>',
      );
      return reply.status(error.statusCode).header('www-authenticate', 'Bearer').send(errorBody(error));
    };
    // Route hooks run after every global hook, the rate limit's included.
    app.addHook('onRoute', (route) => {
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), refuseWithoutKey];
    });
    return { refuseWithoutKey };
  }
  return { refuseWithoutKey: null };
}
