// What every request meets before its route, in this order: the request id answered back and the
// URL checked, then CORS, API keys and rate limits (security/); and past the hooks, the JSON body
// parser with its input checks. Also the cap on open sockets. Body size and deadlines are
// Fastify's own options (server-options.ts).
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import { checkJsonText, checkUrl } from '../security/input.js';
import { registerSecurity, type Guard } from '../security/security.js';
import { appPlugin } from '../plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The API key check for paths no route matches (the 404 handler's); null when the service runs open. */
    readonly refuseWithoutKey: Guard | null;
  }
}

/**
 * JSON bodies: an empty body is accepted as "no body" (cartStatus documents one as optional);
 * anything unparsable is INVALID_JSON.
 */
function parseJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      checkJsonText(text);
      parsed = JSON.parse(text);
    } catch (error) {
      return done(
        error instanceof AppError ? error : new AppError('INVALID_JSON', 'The request body is not valid JSON'),
        undefined,
      );
    }
    done(null, parsed);
  });
}

export const hardeningPlugin = appPlugin('http-hardening', async (app, { config }: { config: Config }) => {
  // Past this many open sockets a process refuses new ones at once, before they cost anything.
  app.server.maxConnections = config.maxConnections;
  // Callback style: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    try {
      checkUrl(request.url);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  const { refuseWithoutKey } = await registerSecurity(app, config);
  app.decorate('refuseWithoutKey', refuseWithoutKey);
  if (config.apiKeys.length === 0)
    app.log.warn('API_KEYS is not set: the service runs open, every caller may do everything');
  parseJsonBodies(app);
});
