// REST media admin API (twin: media.resolver.ts). Admin keys only, checked before the body is: a
// client key learns nothing but 403. Its answers are never kept by a cache.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { NumericIdParams, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import { mediaCursor } from '../catalog/catalog.service.js';
import { placementView } from '../catalog/catalog.view.js';
import type { MediaAdminService } from './media.service.js';
import type { MediaFields } from './media.model.js';
import { adminMediaView } from './media.view.js';
import {
  CreateMediaBody,
  MediaAnswer,
  MediaList,
  MediaListQuery,
  MediaPlacements,
  PlacementsBody,
  UpdateMediaBody,
  type UpdateMediaBodyView,
} from './media.schemas.js';

/** The body's fields as the service names them (absent stays absent). */
function fieldsOf(body: UpdateMediaBodyView): MediaFields {
  const fields: MediaFields = {
    kind: body.type,
    slug: body.slug,
    url: body.url,
    width: body.width,
    height: body.height,
    durationMs: body.duration_ms,
    posterUrl: body.poster_url,
    alt: body.alt,
    captionsUrl: body.captions_url,
    fileName: body.file_name,
    platform: body.platform,
    productIds: body.product_ids,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as MediaFields;
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
const tags = ['Media admin'];

/** A new media item, and the list. */
function registerMediaRoutes(app: FastifyInstance, media: MediaAdminService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/media',
    {
      schema: {
        tags,
        summary: 'Create a media item',
        body: CreateMediaBody,
        response: { 201: Ref(MediaAnswer), ...errors(...bodyErrors, 'FORBIDDEN', 'MEDIA_SLUG_TAKEN') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const created = await media.create(fieldsOf(request.body));
      return noStore(reply)
        .status(201)
        .send({ media: adminMediaView(created) });
    },
  );

  api.get(
    '/media',
    {
      schema: {
        tags,
        summary: 'Media items, newest first',
        querystring: MediaListQuery,
        response: { 200: Ref(MediaList), ...errors('FORBIDDEN') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const { type, first, after, q } = request.query;
      const page = await media.list({
        kind: type ?? null,
        first: first === undefined ? null : Number(first),
        after: after ?? null,
        query: q ?? null,
      });
      const last = page.media.at(-1);
      noStore(reply);
      return {
        media: page.media.map(adminMediaView),
        page_info: { has_next_page: page.hasNextPage, end_cursor: last ? mediaCursor(last) : null },
      };
    },
  );
}

/** One media item: changed, deleted, its placements replaced. */
function registerMediaItemRoutes(app: FastifyInstance, media: MediaAdminService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.patch(
    '/media/:id',
    {
      schema: {
        tags,
        summary: 'Change a media item (absent fields stay as they are)',
        params: NumericIdParams,
        body: UpdateMediaBody,
        response: {
          200: Ref(MediaAnswer),
          ...errors(...bodyErrors, 'INVALID_ID', 'FORBIDDEN', 'MEDIA_NOT_FOUND', 'MEDIA_SLUG_TAKEN'),
        },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const updated = await media.update(request.params.id, fieldsOf(request.body));
      noStore(reply);
      return { media: adminMediaView(updated) };
    },
  );

  api.delete(
    '/media/:id',
    {
      schema: {
        tags,
        summary: 'Delete a media item (carts, orders and its performance keep its id)',
        params: NumericIdParams,
        response: {
          204: Type.Null({ description: 'Deleted: its routes answer 404 MEDIA_NOT_FOUND from now on.' }),
          ...errors('INVALID_ID', 'FORBIDDEN', 'MEDIA_NOT_FOUND'),
        },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      await media.delete(request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/media/:id/placements',
    {
      schema: {
        tags,
        summary: "Replace a media item's placements",
        params: NumericIdParams,
        body: PlacementsBody,
        response: {
          200: Ref(MediaPlacements),
          ...errors(...bodyErrors, 'INVALID_ID', 'FORBIDDEN', 'MEDIA_NOT_FOUND'),
        },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      const placements = await media.setPlacements(
        request.params.id,
        request.body.placements.map((placement) => ({
          productId: placement.product_id,
          x: placement.x,
          y: placement.y,
          startMs: placement.start_ms,
          endMs: placement.end_ms,
        })),
      );
      noStore(reply);
      return { placements: placements.map(placementView) };
    },
  );
}

export function registerMediaAdminRoutes(app: FastifyInstance, media: MediaAdminService): void {
  registerMediaRoutes(app, media);
  registerMediaItemRoutes(app, media);
}
