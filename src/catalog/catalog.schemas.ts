// REST shapes of media and products, declared once (their fields' in catalog.fields.ts): the routes
// validate and serialize with them, catalog.view.ts builds answers of their types, the OpenAPI
// document describes them. Path parameters are strings: the service parses ids (a bad one is INVALID_ID).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Ref } from '../rest/schema.js';
import { mediaTable, productTable, skuTable } from './catalog.fields.js';

export const Sku = Named('Sku', Type.Object(skuTable.restProperties));
export type SkuView = Static<typeof Sku>;

const productFields = { ...productTable.restProperties, skus: Type.Array(Ref(Sku)) };

export const Product = Named('Product', Type.Object(productFields, { description: 'A product with its variant options and SKUs.' }));
export type ProductView = Static<typeof Product>;

export const SimilarProduct = Named(
  'SimilarProduct',
  Type.Object(
    { ...productFields, price_tier: Type.Union([Type.Literal('lower'), Type.Literal('similar'), Type.Literal('higher')], { description: "Its price against the product's it is similar to." }) },
    { description: 'A product similar to another, with its price tier against it.' },
  ),
);
export type SimilarProductView = Static<typeof SimilarProduct>;

export const ComparableProduct = Named(
  'ComparableProduct',
  Type.Object({ ...productFields, similar_products: Type.Array(Ref(SimilarProduct)) }, { description: 'A product with the products similar to it.' }),
);
export type ComparableProductView = Static<typeof ComparableProduct>;

export const MediaInfo = Named(
  'MediaInfo',
  Type.Object(mediaTable.restProperties),
);
export type MediaInfoView = Static<typeof MediaInfo>;

export const ImageAnswer = Named('ImageAnswer', Type.Object({ image_info: Ref(MediaInfo), products: Type.Array(Ref(Product)) }));
export const ImageComparablesAnswer = Named('ImageComparablesAnswer', Type.Object({ image_info: Ref(MediaInfo), products: Type.Array(Ref(ComparableProduct)) }));
export const VideoAnswer = Named('VideoAnswer', Type.Object({ video_info: Ref(MediaInfo), products: Type.Array(Ref(Product)) }));
export const VideoComparablesAnswer = Named('VideoComparablesAnswer', Type.Object({ video_info: Ref(MediaInfo), products: Type.Array(Ref(ComparableProduct)) }));

export const SlugParams = Type.Object({ slug: Type.String({ description: 'At most 255 characters.' }) });
