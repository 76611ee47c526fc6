// The media files themselves (images, videos, posters) at /media/files/<name>, from one folder
// (MEDIA_FILES_DIR; by default the demo catalog's, shipped in prisma/seed/media), so that a media
// item's `url` may be a path on this gateway and a player works offline. @fastify/static answers
// with ETag and Last-Modified (304s), byte ranges (206: a browser seeks in a video with them) and
// never leaves the folder. Public like an image on a CDN: an <img> or <video> sends no API key.
import fastifyStatic from '@fastify/static';
import { appPlugin } from '../plugin.js';

export const mediaFilesPrefix = '/media/files/';

export const mediaFilesPlugin = appPlugin('media-files', async (app, { dir }: { dir: string }) => {
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
