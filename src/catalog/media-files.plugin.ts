// The media files themselves (images, videos, posters) at /media/files/<name>, from one folder
// (MEDIA_FILES_DIR; by default the demo catalog's, shipped in prisma/seed/media), so that a media
// item's `url` may be a path on this gateway and a player works offline. @fastify/static answers
// with ETag and Last-Modified (304s; a failed If-Match or If-Unmodified-Since is 412), byte ranges
// (206: a browser seeks in a video with them; one that starts past the end is 416 with
// `Content-Range: bytes */<size>`) and never leaves the folder. Public like an image on a CDN: an
// <img> or <video> sends no API key, and every answer says `Access-Control-Allow-Origin: *`, so that
// a page on another origin may load them in CORS mode too: a <video crossorigin> with a <track> of
// captions from this gateway (a track from another origin than the page's loads only so), whatever
// CORS_ORIGINS says (that setting is about the API).
//
// The Range header is read strictly first (RFC 9110, 14.1.1): @fastify/send reads its numbers with
// parseInt, so `bytes=1e3-2e3` was served as bytes 1-2. A range in another unit is ignored (the
// whole file); a `bytes=` range that is not one (`1e3`, a space, an end before its start) is
// answered 416 as an unsatisfiable one is (RFC 9110, 14.2).
import fastifyStatic from '@fastify/static';
import type { onRequestHookHandler, onSendHookHandler } from 'fastify';
import { appPlugin } from '../plugin.js';

export const mediaFilesPrefix = '/media/files/';

/** One range of a `bytes=` set: first-last (last optional), or the last n bytes. */
const rangeSpec = /^(?:(\d+)-(\d*)|-(\d+))$/;

/**
 * How a Range header is taken: the ranges it names, written as @fastify/send reads them (no white
 * space, no empty elements), or ignored (another unit), or refused as unsatisfiable (invalid).
 */
export function readRange(header: string): { ranges: string } | 'ignored' | 'invalid' {
  const equals = header.indexOf('=');
  if (equals < 0 || header.slice(0, equals).toLowerCase() !== 'bytes') return 'ignored';
  // Optional white space around the commas only, empty elements skipped (RFC 9110's list rule).
  const specs = header
    .slice(equals + 1)
    .split(/[ \t]*,[ \t]*/)
    .filter((spec, index, all) => spec !== '' || all.length === 1);
  if (specs.length === 0) return 'invalid';
  for (const spec of specs) {
    const parts = rangeSpec.exec(spec);
    if (!parts) return 'invalid';
    if (parts[1] !== undefined && parts[2] !== '' && BigInt(parts[2]!) < BigInt(parts[1])) return 'invalid';
  }
  return { ranges: `bytes=${specs.join(',')}` };
}

/**
 * Before the file is sent: a Range of another unit is dropped; a valid one is handed on as read;
 * an invalid `bytes=` one becomes a range no file can satisfy (the last 0 bytes), which
 * @fastify/send answers 416 with the file's size.
 */
const checkRange: onRequestHookHandler = (request, _reply, done) => {
  const header = request.raw.headers.range;
  if (header !== undefined) {
    const read = readRange(header);
    if (read === 'ignored') delete request.raw.headers.range;
    else request.raw.headers.range = read === 'invalid' ? 'bytes=-0' : read.ranges;
  }
  done();
};

/** Any page may read these public files (after @fastify/cors, which names only CORS_ORIGINS). */
const anyOrigin: onSendHookHandler = (_request, reply, payload, done) => {
  void reply.header('access-control-allow-origin', '*');
  done(null, payload);
};

export const mediaFilesPlugin = appPlugin('media-files', async (app, { dir }: { dir: string }) => {
  // The static routes' own hooks (they take no hooks of their own): registered before them, on
  // their URL only, so that no other route runs them.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(mediaFilesPrefix)) return;
    const existing =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    route.onRequest = [...existing, checkRange];
    const sending = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...sending, anyOrigin];
  });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: mediaFilesPrefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Not in the OpenAPI document: files, not JSON answers.
    schemaHide: true,
    maxAge: 3_600_000,
  });
});
