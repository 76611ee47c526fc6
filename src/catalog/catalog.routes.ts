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
  // Catalog answers change only with an import: the catalog version is their ETag, and a
  // matching If-None-Match is answered 304 before any work.
  const conditional = async (request: FastifyRequest, reply: FastifyReply) => {
    const etag = `W/"catalog-${await catalog.version()}"`;
    void reply.header('etag', etag).header('cache-control', 'public, max-age=60');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  };

  const mediaRoutes = (kind: MediaKind) => {
    const infoKey = kind === 'image' ? 'image_info' : 'video_info';
    for (const withSimilar of [false, true]) {
      const prefix = withSimilar ? `/${kind}/comparables` : `/${kind}`;
      const response = { 200: mediaResponseSchema(infoKey, withSimilar) };
      app.get<{ Params: IdParams }>(`${prefix}/:id`, { schema: { params: idParams, response }, preHandler: conditional }, async (request) =>
        mediaView(await catalog.mediaDetail(kind, { id: request.params.id }, request.context.loaders, withSimilar)),
      );
      app.get<{ Params: SlugParams }>(`${prefix}/slug/:slug`, { schema: { params: slugParams, response }, preHandler: conditional }, async (request) =>
        mediaView(await catalog.mediaDetail(kind, { slug: request.params.slug }, request.context.loaders, withSimilar)),
      );
    }
  };
  mediaRoutes('image');
  mediaRoutes('video');

  app.get<{ Params: IdParams }>('/product/:id', { schema: { params: idParams, response: { 200: productSchema } }, preHandler: conditional }, async (request) =>
    productView(await catalog.productDetail(request.params.id, request.context.loaders, false)),
  );
  app.get<{ Params: IdParams }>('/product/:id/comparables', { schema: { params: idParams, response: { 200: comparableProductSchema } }, preHandler: conditional }, async (request) =>
    productView(await catalog.productDetail(request.params.id, request.context.loaders, true)),
  );
}
