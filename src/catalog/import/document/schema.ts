// The catalog document (format version 1) as users write it, declared once: the JSON Schema
// checked in as schema/catalog-import.schema.json is printed from these declarations, and the
// plain fields of a product, a SKU and a media item (title, brand, a SKU's name, an alt text, …)
// from their field tables (catalog.fields.ts, through parts.ts). The validator (import/validate/)
// reads documents through their Static types and shares their limits (limits.ts), and checks the
// plain fields from the same tables; the file reader (import/source.ts) builds only the keys
// declared here. The schema says everything about one record's shape (types, required fields,
// ranges, lengths, patterns); what needs more than one record stays in the validator: references
// between ids, duplicates, currencies of the pinned ISO 4217 table, a store's currency on its
// SKUs, prices exact in the currency's minor unit.
import { Type, type Static } from '@sinclair/typebox';
import { mediaTable, productTable, skuTable } from '../../catalog.fields.js';
import {
  catalogDefaults,
  catalogLimits,
  countryCodePattern,
  mediaTypes,
  mediaUrlPattern,
  slugPattern,
} from './limits.js';
import { currency, id, list, notBlank, nullableText, price, rate, recordProperties, section, text } from './parts.js';

export const catalogSchemaId = 'urn:shoppable-commerce-gateway:schema:catalog-import:1';

const { maxId, maxText, maxName, maxCode, maxFileName, maxSkus, maxSimilar, maxPixels, maxDepth, maxRecordText } =
  catalogLimits;

export const ShippingMethodSchema = Type.Object(
  {
    id: text('Code of the method, unique in its store; a cart selects it by this code.', maxCode),
    label: text('Name shown to buyers.', maxName),
    price: price(
      "Cost of shipping an order of this store, a decimal in the store's currency (major unit, no more " +
        'decimals than the currency has).',
    ),
  },
  { description: 'A shipping method a store offers.' },
);

export const TaxRateSchema = Type.Object(
  {
    country_code: Type.Optional(
      Type.Union([Type.String({ pattern: countryCodePattern }), Type.Null()], {
        description: 'ISO 3166-1 alpha-2 country the rate applies to, such as "US"; absent or null for any country.',
      }),
    ),
    province_code: Type.Optional(
      Type.Union([Type.String({ maxLength: maxText, pattern: notBlank }), Type.Null()], {
        description:
          'Province or state within country_code, such as "CA"; absent or null for the whole country. Needs a ' +
          'country_code.',
      }),
    ),
    rate: rate('The rate from 0 to 1 (0.0725 for 7.25 %), with at most 6 decimals.'),
  },
  {
    description:
      "A tax rate of a store: a cart uses the most specific one for the buyer's country and province. At most " +
      'one per country and province.',
    if: { required: ['province_code'], properties: { province_code: { type: 'string' } } },
    then: { required: ['country_code'], properties: { country_code: { type: 'string' } } },
  },
);

export const StoreSchema = Type.Object(
  {
    id: id('Store id; a store is upserted by it. SKUs name their store by it (merchant_id).'),
    name: text('Name of the store, such as its domain.', maxName),
    display_name: Type.Optional(
      text('The name shoppers see on its carts and orders, such as "North Trail"; absent: the name.', maxName),
    ),
    marketplace: text('Platform the store runs on, such as "shopify".', maxName),
    currency: currency(
      'ISO 4217 code, in capitals, of a current currency with a minor unit (checked against the pinned ISO ' +
        '4217 table); every SKU of the store is priced in it.',
    ),
    margin_rate: Type.Optional(
      rate("The store's margin on a cart's subtotal, from 0 to 1 with at most 6 decimals.", {
        default: catalogDefaults.marginRate,
      }),
    ),
    shipping_methods: list(
      ShippingMethodSchema,
      'Shipping methods, ids unique in the store; the list replaces the stored one.',
    ),
    tax_rates: list(
      TaxRateSchema,
      'Tax rates, at most one per country and province; the list replaces the stored one.',
    ),
  },
  { description: 'A store (merchant) selling SKUs.' },
);

export const VariantSchema = Type.Object(
  {
    name: text('Name of the option, such as "Size".', maxName),
    visual: Type.Optional(
      Type.Boolean({
        description: 'Whether the option is visual (such as a color) rather than text.',
        default: catalogDefaults.visual,
      }),
    ),
    values: list(Type.String({ maxLength: maxText }), 'The values the option takes, in display order.'),
  },
  { description: 'An option a product varies by.' },
);

export const VariantValueSchema = Type.Object(
  {
    variant: text('Name of a variant of the product.', maxName),
    value: text('The value of that variant this SKU has.', maxName),
  },
  { description: 'The value of one variant that a SKU has.' },
);

export const SkuDimensionSchema = Type.Object(
  {
    weight: Type.Number({ description: 'Weight of the SKU, in the unit of type.', minimum: 0 }),
    type: text('Unit of the weight, such as "kg".', maxCode),
  },
  { description: 'A physical dimension of a SKU.' },
);

export const SkuSchema = Type.Object(
  // Its plain fields (external_id, name, in_stock, …) are its field table's.
  recordProperties(skuTable.fields, {
    sku_id: id('SKU id, unique across all products; a SKU is upserted by it. Carts name it as variant_id.'),
    product_id: Type.Optional(id('When given, the id of the product the SKU is nested in.')),
    merchant_id: id('Id of the store selling the SKU: a store in the document or already in the database.'),
    sale_price: Type.Optional(
      Type.Union([
        price('Price a buyer pays, a decimal in the currency (major unit, no more decimals than the currency has).'),
        Type.Null(),
      ]),
    ),
    retail_price: Type.Optional(
      Type.Union([
        price('List price, a decimal in the currency (major unit, no more decimals than the currency has).'),
        Type.Null(),
      ]),
    ),
    currency: currency('ISO 4217 code of the prices: the currency of the store (merchant_id).'),
    variant_values: list(VariantValueSchema, 'The value of each variant of the product that this SKU has.'),
    sku_dimensions: list(SkuDimensionSchema, 'Physical dimensions of the SKU.'),
  }),
  {
    description:
      'A purchasable variant of a product, sold by one store. Needs a sale_price or a retail_price (or both).',
    anyOf: [
      { required: ['sale_price'], properties: { sale_price: { type: 'number' } } },
      { required: ['retail_price'], properties: { retail_price: { type: 'number' } } },
    ],
  },
);

export const ProductSchema = Type.Object(
  // Its plain fields (external_id, title, description, …) are its field table's.
  recordProperties(productTable.fields, {
    id: id('Product id; a product is upserted by it.'),
    price: price(
      'Price shown for the product, a decimal in its currency (major unit, no more decimals than the currency has).',
    ),
    currency: currency('ISO 4217 code of price, in capitals, of a current currency with a minor unit.'),
    images: list(Type.String({ maxLength: maxText }), 'URLs of its images, in display order.'),
    variants: list(VariantSchema, 'Options the product varies by, in display order.'),
    skus: list(
      SkuSchema,
      'The SKUs of the product; SKUs stored for it but not listed here are unlisted (kept for carts and orders).',
      { maxItems: maxSkus },
    ),
  }),
  { description: 'A product and its SKUs.' },
);

export const PlacementSchema = Type.Object(
  {
    product_id: id("A product of the media item's product_ids."),
    x: Type.Optional(
      Type.Number({
        description:
          'Where the product is across: a fraction of the width from the left edge, 0 to 1. Required on an ' +
          'image; on a video, with y or not at all.',
        minimum: 0,
        maximum: 1,
      }),
    ),
    y: Type.Optional(
      Type.Number({
        description:
          'Where the product is down: a fraction of the height from the top edge, 0 to 1. Required on an ' +
          'image; on a video, with x or not at all.',
        minimum: 0,
        maximum: 1,
      }),
    ),
    start_ms: Type.Optional(
      Type.Integer({
        description:
          "A video's only: when the product appears, in milliseconds from the start; with end_ms, before it. " +
          'Neither: the whole video.',
        minimum: 0,
        maximum: maxId,
      }),
    ),
    end_ms: Type.Optional(
      Type.Integer({
        description:
          "A video's only: when the product is gone, in milliseconds from the start; with start_ms, after it; " +
          'at most duration_ms.',
        minimum: 1,
        maximum: maxId,
      }),
    ),
  },
  {
    description: 'Where (and in a video when) a product the media item shows appears in it.',
    // Both or neither: a point, a time range.
    dependentRequired: { x: ['y'], y: ['x'], start_ms: ['end_ms'], end_ms: ['start_ms'] },
  },
);

const mediaUrl = (description: string) =>
  Type.Optional(
    Type.Union([Type.String({ maxLength: maxText, pattern: mediaUrlPattern }), Type.Null()], { description }),
  );
const pixels = (description: string) =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: maxPixels }), Type.Null()], { description }));

export const MediaSchema = Type.Object(
  {
    // Its kind first, as documents start a media item (the table's field of it is `kind`, not a key here).
    type: Type.Union(
      mediaTypes.map((type) => Type.Literal(type)),
      { description: 'Kind of media.' },
    ),
    // Its plain fields (alt) are its field table's.
    ...recordProperties(mediaTable.fields, {
      id: id('Media id; a media item is upserted by it.'),
      slug: Type.String({
        description: 'Name of the media item in URLs: unique per type, without "/" or white space.',
        maxLength: maxName,
        pattern: slugPattern,
      }),
      file_name: text('File name of the picture or clip.', maxFileName),
      platform: nullableText('Platform it was posted on, such as "instagram".'),
      product_ids: list(
        id('A product in the document or already in the database.'),
        'The products shown, in display order, each once.',
        { uniqueItems: true },
      ),
      url: mediaUrl(
        'Where the picture or clip is: an absolute http(s) URL, or a path on this gateway beginning with "/".',
      ),
      poster_url: mediaUrl(
        'A video\'s only: its still, shown before it plays (an absolute http(s) URL or a path beginning with "/").',
      ),
      width: pixels('Width in pixels.'),
      height: pixels('Height in pixels.'),
      duration_ms: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1, maximum: maxId }), Type.Null()], {
          description: "A video's only: its length in milliseconds.",
        }),
      ),
      captions_url: mediaUrl(
        'A video\'s only: its captions, a WebVTT file (an absolute http(s) URL or a path beginning with "/").',
      ),
      placements: list(
        PlacementSchema,
        'Where (and when) its products appear, in display order; the list replaces the stored one. Products of ' +
          'product_ids only, each as often as it appears.',
      ),
    }),
  },
  {
    description: 'A picture or a video that shows products.',
    // An image has no poster, length, captions or time: its placements are points.
    if: { required: ['type'], properties: { type: { const: 'image' } } },
    then: {
      properties: {
        poster_url: { type: 'null' },
        duration_ms: { type: 'null' },
        captions_url: { type: 'null' },
        placements: { items: { required: ['x', 'y'], properties: { start_ms: false, end_ms: false } } },
      },
    },
  },
);

export const SimilarPairSchema = Type.Object(
  {
    product_id: id('A product in the document or already in the database.'),
    similar_product_id: id('A comparable product, in the document or already in the database; not product_id itself.'),
  },
  {
    description:
      "A directed pair: similar_product_id is shown as comparable to product_id. A document's pairs of a " +
      'product replace its stored list, in document order; no pair twice.',
  },
);

export const CatalogDocumentSchema = Type.Object(
  {
    version: Type.Optional(Type.Literal(1, { description: 'Version of the format; 1 when given.' })),
    stores: section(StoreSchema, 'Stores, ids unique.'),
    products: section(ProductSchema, 'Products, ids unique; SKU ids are unique across all products.'),
    media: section(MediaSchema, 'Media items, ids unique.'),
    similar: section(SimilarPairSchema, `Curated comparable products, at most ${maxSimilar} for one product.`),
  },
  {
    $id: catalogSchemaId,
    title: 'Catalog import document',
    description: [
      'The document `npm run catalog:import -- file.json` loads (version 1). Every section is optional; rows ' +
        'are upserted by id and nothing absent is deleted. Keys not declared here are ignored (skipped unread).',
      `Arrays and objects nest at most ${maxDepth} deep, the document itself and undeclared keys included: a ` +
        `deeper document is refused where it goes too deep, the rest unread. A record (a store, product, media ` +
        `item or pair) has at most ${maxRecordText} characters of JSON in the keys declared here.`,
      `Beyond this schema the import checks references between ids (in the document or the database), ` +
        `duplicate ids, slugs and pairs, at most ${maxSimilar} similar products for one product, currencies ` +
        `against its pinned ISO 4217 table, that a SKU is priced in its store's currency, that prices have no ` +
        `more decimals than their currency, and that a placement is of a product its media item shows, with a ` +
        `time range that ends after it starts and within duration_ms.`,
    ].join(' '),
  },
);

export type RawCatalogDocument = Static<typeof CatalogDocumentSchema>;
export type RawStore = Static<typeof StoreSchema>;
export type RawShippingMethod = Static<typeof ShippingMethodSchema>;
export type RawTaxRate = Static<typeof TaxRateSchema>;
export type RawProduct = Static<typeof ProductSchema>;
export type RawVariant = Static<typeof VariantSchema>;
export type RawSku = Static<typeof SkuSchema>;
export type RawVariantValue = Static<typeof VariantValueSchema>;
export type RawSkuDimension = Static<typeof SkuDimensionSchema>;
export type RawMedia = Static<typeof MediaSchema>;
export type RawPlacement = Static<typeof PlacementSchema>;
export type RawSimilarPair = Static<typeof SimilarPairSchema>;

/** The JSON Schema (draft 2020-12) of the document, as checked in at schema/catalog-import.schema.json. */
export function printCatalogImportSchema(): string {
  const { $id, title, description, ...rest } = CatalogDocumentSchema;
  const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id, title, description, ...rest };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
