// GET /embed/shoppable-media.js: the player, one ES module (bundle.ts) a shop loads with
// <script type="module">. Public (no API key: a <script> sends none) and readable from any origin:
// a module script from another origin is fetched in CORS mode, so without
// Access-Control-Allow-Origin no shop's page could run it. Cached for 5 minutes, then revalidated
// by its ETag (a digest of the content): a new build reaches pages within minutes, a 304 otherwise.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { appPlugin } from '../plugin.js';
import { loadPlayer, playerFileName, type PlayerBundle } from './bundle.js';

export const playerPath = `/embed/${playerFileName}`;

/** Loaded once per process: the tests build many apps. */
let player: Promise<PlayerBundle> | undefined;

export const embedPlugin = appPlugin('embed', async (app) => {
  player ??= loadPlayer();
  const bundle = await player.catch((error: unknown) => {
    player = undefined;
    throw error;
  });
  const body = Buffer.from(bundle.code);
  const gzipped = gzipSync(body, { level: 9 });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

  app.get(playerPath, { schema: { hide: true } }, async (request, reply) => {
    void reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('etag', etag)
      .header('access-control-allow-origin', '*')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff')
      .header('vary', 'accept-encoding');
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body);
    return reply.header('content-encoding', 'gzip').send(gzipped);
  });
});
