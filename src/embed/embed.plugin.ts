// GET /embed/shoppable-media.js: the player, one ES module (bundle.ts) a shop loads with
// <script type="module">. Public (no API key: a <script> sends none) and readable from any origin:
// a module script from another origin is fetched in CORS mode, so without
// Access-Control-Allow-Origin no shop's page could run it. Cached for 5 minutes, then revalidated
// by its ETag (a digest of the content): a new build reaches pages within minutes, a 304 otherwise.
import { appPlugin } from '../plugin.js';
import { contentTag } from '../rest/responses.js';
import { loadPlayer, playerFileName, type PlayerBundle } from './bundle.js';

export const playerPath = `/embed/${playerFileName}`;

/** The bundle and its ETag, made once per process: the tests build many apps. */
let player: Promise<PlayerBundle & { etag: string }> | undefined;

export const embedPlugin = appPlugin('embed', async (app) => {
  player ??= loadPlayer().then((bundle) => ({ ...bundle, etag: `"${contentTag(bundle.code)}"` }));
  const {
    code: body,
    gzipped,
    etag,
  } = await player.catch((error: unknown) => {
    player = undefined;
    throw error;
  });

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
