// JSON Schemas of the catalog routes: params as strings (ids are parsed and checked by the
// service, so a bad id gets INVALID_ID), and response schemas that fix the documented keys
// and make serialization fast.

const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

const skuSchema = {
  type: 'object',
  required: ['sku_id', 'product_id', 'external_id', 'merchant_id', 'name', 'in_stock', 'qty_available', 'sale_price', 'retail_price', 'currency', 'status', 'type', 'taxable', 'tax_type', 'date_created', 'date_last_modified', 'variant_values', 'sku_dimensions'],
  properties: {
    sku_id: { type: 'integer' },
    product_id: { type: 'integer' },
    external_id: nullableString,
    merchant_id: { type: 'integer' },
    name: { type: 'string' },
    in_stock: { type: 'boolean' },
    qty_available: { type: 'integer' },
    sale_price: nullableNumber,
    retail_price: nullableNumber,
    currency: { type: 'string' },
    status: { type: 'string' },
    type: { type: 'string' },
    taxable: { type: 'boolean' },
    tax_type: nullableString,
    date_created: nullableString,
    date_last_modified: nullableString,
    variant_values: {
      type: 'array',
      items: { type: 'object', required: ['variant', 'value'], properties: { variant: { type: 'string' }, value: { type: 'string' } } },
    },
    sku_dimensions: {
      type: 'array',
      items: { type: 'object', required: ['weight', 'type'], properties: { weight: { type: 'number' }, type: { type: 'string' } } },
    },
  },
} as const;

const productProperties = {
  id: { type: 'integer' },
  external_id: nullableString,
  title: { type: 'string' },
  brand: nullableString,
  url: nullableString,
  price: { type: 'number' },
  currency: { type: 'string' },
  category: nullableString,
  is_available: { type: 'boolean' },
  images: { type: 'array', items: { type: 'string' } },
  native_checkout: { type: 'boolean' },
  variants: {
    type: 'array',
    items: {
      type: 'object',
      required: ['name', 'visual', 'values'],
      properties: { name: { type: 'string' }, visual: { type: 'boolean' }, values: { type: 'array', items: { type: 'string' } } },
    },
  },
  skus: { type: 'array', items: skuSchema },
} as const;

const productRequired = ['id', 'external_id', 'title', 'brand', 'url', 'price', 'currency', 'category', 'is_available', 'images', 'native_checkout', 'variants', 'skus'];

const similarProductSchema = {
  type: 'object',
  required: [...productRequired, 'price_tier'],
  properties: { ...productProperties, price_tier: { type: 'string', enum: ['lower', 'similar', 'higher'] } },
} as const;

export const productSchema = { type: 'object', required: productRequired, properties: productProperties } as const;

export const comparableProductSchema = {
  type: 'object',
  required: [...productRequired, 'similar_products'],
  properties: { ...productProperties, similar_products: { type: 'array', items: similarProductSchema } },
} as const;

const mediaInfoSchema = {
  type: 'object',
  required: ['id', 'slug', 'file_name', 'platform'],
  properties: { id: { type: 'integer' }, slug: { type: 'string' }, file_name: { type: 'string' }, platform: nullableString },
} as const;

export function mediaResponseSchema(infoKey: 'image_info' | 'video_info', withSimilar: boolean) {
  return {
    type: 'object',
    required: [infoKey, 'products'],
    properties: {
      [infoKey]: mediaInfoSchema,
      products: { type: 'array', items: withSimilar ? comparableProductSchema : productSchema },
    },
  } as const;
}

export const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
export const slugParams = { type: 'object', required: ['slug'], properties: { slug: { type: 'string' } } } as const;
