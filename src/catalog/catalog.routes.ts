// REST routes of service.md for media and products: each handler calls one CatalogService
// method with the request's loaders and answers with the snake_case view.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogService } from './catalog.service.js';
import type { MediaKind } from './catalog.model.js';
import { mediaView, productView } from './catalog.view.js';
import { comparableProductSchema, idParams, mediaResponseSchema, productSchema, slugParams } from './catalog.schemas.js';

interface IdParams {
  id: string;
}

interface SlugParams {
  slug: string;
}

export function registerCatalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  // Catalog answers change only with an import: the catalog version is their ETag. Every
  // request first brings the cache up to that version; a successful answer then carries the
  // ETag, and becomes a bodiless 304 when If-None-Match already names it.
  const versions = new WeakMap<FastifyRequest, number>();
  const conditional = {
    preHandler: async (request: FastifyRequest) => {
      versions.set(request, await catalog.version());
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const version = versions.get(request);
      if (reply.statusCode !== 200 || version === undefined) return payload;
      const etag = `W/"catalog-${version}"`;
      void reply.header('etag', etag).header('cache-control', 'public, max-age=60');
      if (request.headers['if-none-match'] !== etag) return payload;
      void reply.code(304).removeHeader('content-type').removeHeader('content-length');
      return '';
    },
  };

  const mediaRoutes = (kind: MediaKind) => {
    const infoKey = kind === 'image' ? 'image_info' : 'video_info';
    for (const withSimilar of [false, true]) {
      const prefix = withSimilar ? `/${kind}/comparables` : `/${kind}`;
      const response = { 200: mediaResponseSchema(infoKey, withSimilar) };
      app.get<{ Params: IdParams }>(`${prefix}/:id`, { schema: { params: idParams, response }, ...conditional }, async (request) =>
        mediaView(await catalog.mediaDetail(kind, { id: request.params.id }, request.context.loaders, withSimilar)),
      );
      app.get<{ Params: SlugParams }>(`${prefix}/slug/:slug`, { schema: { params: slugParams, response }, ...conditional }, async (request) =>
        mediaView(await catalog.mediaDetail(kind, { slug: request.params.slug }, request.context.loaders, withSimilar)),
      );
    }
  };
  mediaRoutes('image');
  mediaRoutes('video');

  app.get<{ Params: IdParams }>('/product/:id', { schema: { params: idParams, response: { 200: productSchema } }, ...conditional }, async (request) =>
    productView(await catalog.productDetail(request.params.id, request.context.loaders, false)),
  );
  app.get<{ Params: IdParams }>('/product/:id/comparables', { schema: { params: idParams, response: { 200: comparableProductSchema } }, ...conditional }, async (request) =>
    productView(await catalog.productDetail(request.params.id, request.context.loaders, true)),
  );
}
