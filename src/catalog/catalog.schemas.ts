// REST shapes of media and products, declared once: the routes validate and
// serialize with them, catalog.view.ts builds answers of their types, the OpenAPI document
// describes them. Path parameters are strings: the service parses ids (a bad one is INVALID_ID).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';

export const VariantValue = Type.Object({ variant: Type.String({ description: 'The option, e.g. Color.' }), value: Type.String({ description: 'Its value, e.g. Red.' }) });

export const Sku = Named(
  'Sku',
  Type.Object({
    sku_id: Type.Integer(),
    product_id: Type.Integer(),
    external_id: Nullable(Type.String()),
    merchant_id: Type.Integer({ description: "The store's id." }),
    name: Type.String(),
    in_stock: Type.Boolean(),
    qty_available: Type.Integer(),
    sale_price: Nullable(Type.Number()),
    retail_price: Nullable(Type.Number()),
    currency: Type.String({ description: 'ISO 4217 code.' }),
    status: Type.String(),
    type: Type.String(),
    taxable: Type.Boolean(),
    tax_type: Nullable(Type.String()),
    date_created: Nullable(Type.String()),
    date_last_modified: Nullable(Type.String()),
    variant_values: Type.Array(VariantValue),
    sku_dimensions: Type.Array(Type.Object({ weight: Type.Number(), type: Type.String() })),
  }),
);
export type SkuView = Static<typeof Sku>;

const productFields = {
  id: Type.Integer(),
  external_id: Nullable(Type.String()),
  title: Type.String(),
  brand: Nullable(Type.String()),
  url: Nullable(Type.String()),
  price: Type.Number({ description: 'In major units of `currency`.' }),
  currency: Type.String({ description: 'ISO 4217 code.' }),
  category: Nullable(Type.String()),
  is_available: Type.Boolean(),
  images: Type.Array(Type.String()),
  native_checkout: Type.Boolean(),
  variants: Type.Array(Type.Object({ name: Type.String(), visual: Type.Boolean(), values: Type.Array(Type.String()) })),
  skus: Type.Array(Ref(Sku)),
};

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
  Type.Object({ id: Type.Integer(), slug: Type.String(), file_name: Type.String(), platform: Nullable(Type.String()) }),
);
export type MediaInfoView = Static<typeof MediaInfo>;

export const ImageAnswer = Named('ImageAnswer', Type.Object({ image_info: Ref(MediaInfo), products: Type.Array(Ref(Product)) }));
export const ImageComparablesAnswer = Named('ImageComparablesAnswer', Type.Object({ image_info: Ref(MediaInfo), products: Type.Array(Ref(ComparableProduct)) }));
export const VideoAnswer = Named('VideoAnswer', Type.Object({ video_info: Ref(MediaInfo), products: Type.Array(Ref(Product)) }));
export const VideoComparablesAnswer = Named('VideoComparablesAnswer', Type.Object({ video_info: Ref(MediaInfo), products: Type.Array(Ref(ComparableProduct)) }));

export const SlugParams = Type.Object({ slug: Type.String({ description: 'At most 255 characters.' }) });
