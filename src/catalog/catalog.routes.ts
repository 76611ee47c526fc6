// REST routes for media and products: each handler calls one CatalogService
// method with the request's loaders and answers with the snake_case view.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { defaultPageSize, mediaCursor, type CatalogService } from './catalog.service.js';
import type { MediaDetail, MediaKind } from './catalog.model.js';
import {
  comparableProductView,
  mediaInfoView,
  mediaSummaryView,
  placementMediaView,
  placementView,
  productView,
} from './catalog.view.js';
import {
  ComparableProduct,
  ImageAnswer,
  ImageComparablesAnswer,
  PageQuery,
  PlacementsAnswer,
  PlacementsQuery,
  Product,
  ProductMediaAnswer,
  SlugParams,
  VideoAnswer,
  VideoComparablesAnswer,
} from './catalog.schemas.js';
import { NumericIdParams, Ref, type NamedSchema } from '../rest/schema.js';
import { errors, sendText } from '../rest/responses.js';

/** The caching headers of every catalog answer. */
const catalogHeaders = {
  etag: {
    type: 'string',
    description: 'W/"<digest of the body>": the same for the same answer, whatever else in the catalog changed.',
  },
  'cache-control': { type: 'string', description: 'public, max-age=60' },
};

/**
 * Every catalog route's answers are kept whole at the HTTP edge (http/answer-cache.plugin.ts):
 * up to the catalog's versions before the handler, tagged with an ETag, a 304 for If-None-Match,
 * kept until the catalog changes under them.
 */
const keptAnswers = { config: { keptAnswers: true } } as const;

const cached = {
  headers: Type.Object({
    'if-none-match': Type.Optional(
      Type.String({ description: 'The ETag of an earlier answer: 304 while the catalog has not changed.' }),
    ),
  }),
};

const ok = <T extends TSchema>(answer: NamedSchema<T>) => ({
  200: { ...Ref(answer), headers: catalogHeaders },
  304: Type.Null({ description: 'Not Modified: If-None-Match names the ETag of the answer as it is now.' }),
});

const image = (detail: MediaDetail): Static<typeof ImageAnswer> => ({
  image_info: mediaInfoView(detail.media),
  products: detail.products.map(productView),
});
const imageComparables = (detail: MediaDetail): Static<typeof ImageComparablesAnswer> => ({
  image_info: mediaInfoView(detail.media),
  products: detail.products.map(comparableProductView),
});
const video = (detail: MediaDetail): Static<typeof VideoAnswer> => ({
  video_info: mediaInfoView(detail.media),
  products: detail.products.map(productView),
});
const videoComparables = (detail: MediaDetail): Static<typeof VideoComparablesAnswer> => ({
  video_info: mediaInfoView(detail.media),
  products: detail.products.map(comparableProductView),
});

/** Images and videos, by id and by slug, with or without comparable products. */
function registerMediaRoutes(app: FastifyInstance, catalog: CatalogService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const mediaSchema = <T extends TSchema, P extends TSchema>(kind: MediaKind, answer: NamedSchema<T>, params: P) => ({
    schema: {
      tags: [kind === 'image' ? 'Images' : 'Videos'],
      params,
      ...cached,
      response: { ...ok(answer), ...errors('INVALID_ID', 'MEDIA_NOT_FOUND', 'ANSWER_TOO_LARGE') },
    },
    ...keptAnswers,
  });
  /** A media route's handler: the read model's text, else the answer built from records by `view`. */
  const mediaRoute =
    <A>(kind: MediaKind, withSimilar: boolean, view: (detail: MediaDetail) => A) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<A | undefined> => {
      const key = request.params as { id: string } | { slug: string };
      // Sent already: nothing to return.
      if (sendText(reply, await catalog.mediaAnswer(kind, key, withSimilar, request.context.productsRead)))
        return undefined;
      return view(await catalog.mediaDetail(kind, key, request.context.loaders, withSimilar));
    };

  api.get('/image/:id', mediaSchema('image', ImageAnswer, NumericIdParams), mediaRoute('image', false, image));
  api.get('/image/slug/:slug', mediaSchema('image', ImageAnswer, SlugParams), mediaRoute('image', false, image));
  api.get(
    '/image/comparables/:id',
    mediaSchema('image', ImageComparablesAnswer, NumericIdParams),
    mediaRoute('image', true, imageComparables),
  );
  api.get(
    '/image/comparables/slug/:slug',
    mediaSchema('image', ImageComparablesAnswer, SlugParams),
    mediaRoute('image', true, imageComparables),
  );
  api.get('/video/:id', mediaSchema('video', VideoAnswer, NumericIdParams), mediaRoute('video', false, video));
  api.get('/video/slug/:slug', mediaSchema('video', VideoAnswer, SlugParams), mediaRoute('video', false, video));
  api.get(
    '/video/comparables/:id',
    mediaSchema('video', VideoComparablesAnswer, NumericIdParams),
    mediaRoute('video', true, videoComparables),
  );
  api.get(
    '/video/comparables/slug/:slug',
    mediaSchema('video', VideoComparablesAnswer, SlugParams),
    mediaRoute('video', true, videoComparables),
  );
}

/** Where and when each product of an image or a video appears in it. */
function registerPlacementRoutes(app: FastifyInstance, catalog: CatalogService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const kind of ['image', 'video'] as const) {
    for (const [path, params] of [
      [`/${kind}/:id/placements`, NumericIdParams],
      [`/${kind}/slug/:slug/placements`, SlugParams],
    ] as const) {
      api.get(
        path,
        {
          schema: {
            tags: [kind === 'image' ? 'Images' : 'Videos'],
            params,
            querystring: PlacementsQuery,
            ...cached,
            response: { ...ok(PlacementsAnswer), ...errors('INVALID_ID', 'MEDIA_NOT_FOUND', 'ANSWER_TOO_LARGE') },
          },
          ...keptAnswers,
        },
        async (request) => {
          const { media, placements } = await catalog.mediaPlacements(
            kind,
            request.params,
            request.context.loaders,
            request.query.at_ms === undefined ? null : Number(request.query.at_ms),
          );
          return { media: placementMediaView(media), placements: placements.map(placementView) };
        },
      );
    }
  }
}

/** A product, with or without its comparable products. */
function registerProductRoutes(app: FastifyInstance, catalog: CatalogService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const productErrors = errors('INVALID_ID', 'PRODUCT_NOT_FOUND', 'ANSWER_TOO_LARGE');
  api.get(
    '/product/:id',
    {
      schema: {
        tags: ['Products'],
        params: NumericIdParams,
        ...cached,
        response: { ...ok(Product), ...productErrors },
      },
      ...keptAnswers,
    },
    async (request, reply) =>
      sendText(reply, await catalog.productAnswer(request.params.id, false, request.context.productsRead))
        ? reply
        : productView(await catalog.productDetail(request.params.id, request.context.loaders, false)),
  );
  api.get(
    '/product/:id/comparables',
    {
      schema: {
        tags: ['Products'],
        params: NumericIdParams,
        ...cached,
        response: { ...ok(ComparableProduct), ...productErrors },
      },
      ...keptAnswers,
    },
    async (request, reply) =>
      sendText(reply, await catalog.productAnswer(request.params.id, true, request.context.productsRead))
        ? reply
        : comparableProductView(await catalog.productDetail(request.params.id, request.context.loaders, true)),
  );
  api.get(
    '/product/:id/media',
    {
      schema: {
        tags: ['Products'],
        params: NumericIdParams,
        querystring: PageQuery,
        ...cached,
        response: { ...ok(ProductMediaAnswer), ...productErrors },
      },
      ...keptAnswers,
    },
    async (request) => {
      const { first, after } = request.query;
      const page = await catalog.productMediaById(request.params.id, request.context.loaders, {
        first: first === undefined ? defaultPageSize : Number(first),
        after: after ?? null,
      });
      const last = page.media.at(-1);
      return {
        media: page.media.map(mediaSummaryView),
        page_info: { has_next_page: page.hasNextPage, end_cursor: last ? mediaCursor(last) : null },
      };
    },
  );
}

/**
 * Each answer takes one of three paths: the bytes kept from an earlier answer (or a 304), at the
 * HTTP edge; the read model's stored text; or the records, shaped by the view.
 */
export function registerCatalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  registerMediaRoutes(app, catalog);
  registerPlacementRoutes(app, catalog);
  registerProductRoutes(app, catalog);
}
