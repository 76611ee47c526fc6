// REST shapes of media and products, declared once (their fields' in catalog.fields.ts): the routes
// validate and serialize with them, catalog.view.ts builds answers of their types, the OpenAPI
// document describes them. Path parameters are strings: the service parses ids (a bad one is INVALID_ID).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';
import { mediaTable, productTable, skuTable } from './catalog.fields.js';

export const Sku = Named('Sku', Type.Object(skuTable.restProperties));
export type SkuView = Static<typeof Sku>;

const productFields = { ...productTable.restProperties, skus: Type.Array(Ref(Sku)) };

export const Product = Named(
  'Product',
  Type.Object(productFields, { description: 'A product with its variant options and SKUs.' }),
);
export type ProductView = Static<typeof Product>;

export const SimilarProduct = Named(
  'SimilarProduct',
  Type.Object(
    {
      ...productFields,
      price_tier: Type.Union([Type.Literal('lower'), Type.Literal('similar'), Type.Literal('higher')], {
        description: "Its price against the product's it is similar to.",
      }),
    },
    { description: 'A product similar to another, with its price tier against it.' },
  ),
);
export type SimilarProductView = Static<typeof SimilarProduct>;

export const ComparableProduct = Named(
  'ComparableProduct',
  Type.Object(
    { ...productFields, similar_products: Type.Array(Ref(SimilarProduct)) },
    { description: 'A product with the products similar to it.' },
  ),
);
export type ComparableProductView = Static<typeof ComparableProduct>;

export const MediaInfo = Named('MediaInfo', Type.Object(mediaTable.restProperties));
export type MediaInfoView = Static<typeof MediaInfo>;

export const ImageAnswer = Named(
  'ImageAnswer',
  Type.Object({ image_info: Ref(MediaInfo), products: Type.Array(Ref(Product)) }),
);
export const ImageComparablesAnswer = Named(
  'ImageComparablesAnswer',
  Type.Object({ image_info: Ref(MediaInfo), products: Type.Array(Ref(ComparableProduct)) }),
);
export const VideoAnswer = Named(
  'VideoAnswer',
  Type.Object({ video_info: Ref(MediaInfo), products: Type.Array(Ref(Product)) }),
);
export const VideoComparablesAnswer = Named(
  'VideoComparablesAnswer',
  Type.Object({ video_info: Ref(MediaInfo), products: Type.Array(Ref(ComparableProduct)) }),
);

/** What a player needs of a media file, in the placements and product-media answers alike. */
export const mediaDetails = {
  url: Nullable(Type.String({ description: 'The image or video file: an absolute URL, or a path on this gateway.' })),
  width: Nullable(Type.Integer({ description: 'Pixels.' })),
  height: Nullable(Type.Integer({ description: 'Pixels.' })),
  duration_ms: Nullable(Type.Integer({ description: "A video's length." })),
  poster_url: Nullable(Type.String({ description: "A video's still image, shown before it plays." })),
  alt: Nullable(
    Type.String({ description: 'What the image or video shows, for those who cannot see it: its alt text.' }),
  ),
  captions_url: Nullable(
    Type.String({ description: "A video's captions: a WebVTT file, at an absolute URL or a path on this gateway." }),
  ),
};
export type MediaDetailsView = Static<ReturnType<typeof Type.Object<typeof mediaDetails>>>;

export const PlacementMedia = Named(
  'PlacementMedia',
  Type.Object(
    { id: Type.Integer(), slug: Type.String(), ...mediaDetails },
    { description: 'A media item as a player needs it to place products.' },
  ),
);
export type PlacementMediaView = Static<typeof PlacementMedia>;

export const Placement = Named(
  'Placement',
  Type.Object(
    {
      id: Type.String({ description: '`<media id>:<position>`: unique among all media.' }),
      product_id: Type.Integer(),
      x: Nullable(
        Type.Number({
          description:
            'From the left, a fraction 0-1 of the width (always on images; null on a video placed by time only).',
        }),
      ),
      y: Nullable(Type.Number({ description: 'From the top, a fraction 0-1 of the height.' })),
      start_ms: Nullable(
        Type.Integer({ description: "A video's time range: from this millisecond (null: the whole video)." }),
      ),
      end_ms: Nullable(Type.Integer({ description: 'To this millisecond, excluded.' })),
    },
    { description: 'Where and when a product the media item shows appears in it.' },
  ),
);
export type PlacementView = Static<typeof Placement>;

export const PlacementsAnswer = Named(
  'PlacementsAnswer',
  Type.Object({ media: Ref(PlacementMedia), placements: Type.Array(Ref(Placement)) }),
);

export const PlacementsQuery = Type.Object({
  // A string, as every query and path parameter here: a whole number written plainly (no sign, no leading zero).
  at_ms: Type.Optional(
    Type.String({
      pattern: '^(0|[1-9][0-9]{0,14})$',
      description: 'Only the placements shown at this millisecond of a video (start included, end excluded).',
    }),
  ),
});

export const MediaSummary = Named(
  'MediaSummary',
  Type.Object(
    { ...mediaTable.restProperties, kind: Type.Union([Type.Literal('image'), Type.Literal('video')]), ...mediaDetails },
    { description: 'A media item without its products: where a product is seen.' },
  ),
);
export type MediaSummaryView = Static<typeof MediaSummary>;

export const ProductMediaAnswer = Named(
  'ProductMediaAnswer',
  Type.Object({
    media: Type.Array(Ref(MediaSummary), { description: 'Newest (highest id) first.' }),
    page_info: Type.Object({
      has_next_page: Type.Boolean(),
      end_cursor: Nullable(Type.String({ description: 'Give it as `after` for the next page.' })),
    }),
  }),
);

export const PageQuery = Type.Object({
  first: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: 'How many, 1 to 100 (default 20).' })),
  after: Type.Optional(Type.String({ maxLength: 200, description: "The previous page's `end_cursor`." })),
});

export const SlugParams = Type.Object({ slug: Type.String({ description: 'At most 255 characters.' }) });
