// POST /media/files: a media file uploaded as the raw body (admin keys only, checked before any of
// it is read). The body reaches the route unread (its parser hands the stream over, and only to
// this route: any other answers 415 for these types as before); MediaFiles stores it.
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../errors.js';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { Ref } from '../rest/schema.js';
import { errors } from '../rest/responses.js';
import { anyBytes, uploadContentTypes, type MediaFiles, type StoredFile } from './media-files.service.js';
import { MediaFile, UploadQuery, type MediaFileView } from './media.schemas.js';

export const uploadPath = '/media/files';

function mediaFileView(file: StoredFile): MediaFileView {
  return {
    url: file.url,
    width: file.width,
    height: file.height,
    duration_ms: file.durationMs,
    content_type: file.contentType,
    bytes: file.bytes,
  };
}

export function registerMediaFileRoutes(app: FastifyInstance, files: MediaFiles, maxBytes: number): void {
  // These types' bodies are streams, for the upload only.
  app.addContentTypeParser([...uploadContentTypes, anyBytes], (request, payload, done) => {
    if (request.routeOptions.url === uploadPath && request.method === 'POST') done(null, payload);
    else done(new AppError('UNSUPPORTED_MEDIA_TYPE', `Unsupported Media Type: ${request.headers['content-type']}`));
  });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    uploadPath,
    {
      bodyLimit: maxBytes,
      schema: {
        tags: ['Media admin'],
        summary: 'Upload a media file (the raw body): an image or a video',
        querystring: UploadQuery,
        response: {
          201: Ref(MediaFile),
          ...errors('FORBIDDEN', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
        },
      },
      preValidation: async (request: FastifyRequest) => requireAdmin(principalOf(request)),
    },
    async (request, reply) => {
      const contentType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (contentType === '' || typeof request.body !== 'object' || request.body === null)
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the file as the body, with its Content-Type (or ${anyBytes})`,
        );
      const length = Number(request.headers['content-length']);
      const stored = await files.upload(
        request.body as Readable,
        request.query.name,
        contentType,
        Number.isSafeInteger(length) ? length : null,
      );
      return reply.status(201).header('cache-control', 'no-store').send(mediaFileView(stored));
    },
  );
}
