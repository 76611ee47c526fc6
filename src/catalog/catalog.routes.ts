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
  // Catalog answers change only with an import: the catalog version is their ETag. Before the
  // handler, the cache is brought up to that version and the caching headers are set (the error
  // handler removes them from errors); a successful answer whose ETag If-None-Match already names
  // becomes a bodiless 304. Callback-style hooks: no promise per request once the cache is fresh.
  const notModified = new WeakSet<FastifyRequest>();
  const tag = (request: FastifyRequest, reply: FastifyReply, version: number) => {
    const etag = `W/"catalog-${version}"`;
    void reply.header('etag', etag).header('cache-control', 'public, max-age=60');
    if (request.headers['if-none-match'] === etag) notModified.add(request);
  };
  const conditional = {
    preHandler: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      const version = catalog.freshVersion();
      if (version !== null) {
        tag(request, reply, version);
        done();
        return;
      }
      catalog.version().then(
        (current) => {
          tag(request, reply, current);
          done();
        },
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    },
    onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
      if (reply.statusCode !== 200 || !notModified.has(request)) {
        done(null, payload);
        return;
      }
      void reply.code(304).removeHeader('content-type').removeHeader('content-length');
      done(null, '');
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
