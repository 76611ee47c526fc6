// Each field of a product, a SKU and a media item, declared once (how a table is declared and read:
// field-table.ts). From these tables come the catalog records' types (catalog.model.ts), the
// columns the repository selects and how it reads a row (catalog.repository.ts), the REST shapes
// (catalog.schemas.ts, hence the OpenAPI document) and the REST answers (catalog.view.ts), the
// GraphQL fields of their types but lists and enums (catalog.type.ts), and the catalog import's
// columns (import/columns.ts) and, for the fields it takes as they are (those with `import`), their
// properties in its document's JSON Schema, their checks and their values in its rows (import/).
// REST answers list their keys in table order, and the import document its properties.
import { Type } from '@sinclair/typebox';
import { Nullable } from '../rest/schema.js';
import { field } from './field-kinds.js';
import { table } from './field-table.js';

export type { Field, FieldTable, RawRow, RecordOf } from './field-table.js';

/** The most characters of a text the catalog import takes (Unicode code points). */
export const textLimits = {
  /** Free text (titles, descriptions, URLs, …): a plain text field's unless it says otherwise. */
  maxText: 2048,
  /** Names and labels. */
  maxName: 255,
  /** Codes (shipping method ids, SKU status and type, dimension units). */
  maxCode: 64,
  /** A media item's alt text: what it shows, in a sentence or two. */
  maxAlt: 500,
} as const;
const { maxName, maxCode, maxAlt } = textLimits;

// Type aliases rather than interfaces: they are stored in JSON columns, and only aliases are
// assignable to Prisma's JSON input type.
export type VariantOption = {
  name: string;
  visual: boolean;
  values: string[];
};

export type VariantValue = {
  variant: string;
  value: string;
};

export type SkuDimension = {
  weight: number;
  type: string;
};

const variantValue = Type.Object({
  variant: Type.String({ description: 'The option, e.g. Color.' }),
  value: Type.String({ description: 'Its value, e.g. Red.' }),
});
const isoCurrency = () => Type.String({ description: 'ISO 4217 code.' });

/** A product's fields (its SKUs and comparables are read apart). */
export const productFields = {
  id: field.id(),
  externalId: field.optionalText({ import: { description: "The store's own id of the product." } }),
  title: field.text({ import: { description: 'Title of the product.' } }),
  description: field.hidden(field.optionalText({ import: { description: 'Description of the product.' } })),
  brand: field.optionalText({ import: { description: 'Brand of the product.' } }),
  url: field.optionalText({ import: { description: "URL of the product's page at the store." } }),
  /** Major units, as both APIs answer it (44.99). */
  price: field.major({
    column: 'priceMinor',
    schema: Type.Number({ description: 'In major units of `currency`.' }),
    graphql: { description: 'Major units, in `currency`.' },
  }),
  /** Exact amount, for comparisons (4499). */
  priceMinor: field.hidden(field.int({ graphql: false })),
  currency: field.text({ schema: isoCurrency() }),
  category: field.optionalText({ import: { description: 'Category of the product, such as "Jackets".' } }),
  isAvailable: field.bool({ import: { description: 'Whether the product can be bought at all.', default: true } }),
  images: field.list<string, ReturnType<typeof Type.Array<ReturnType<typeof Type.String>>>>({
    schema: Type.Array(Type.String()),
  }),
  nativeCheckout: field.bool({
    import: { description: 'Flag served with the product as native_checkout.', default: false },
  }),
  variants: field.list({
    schema: Type.Array(Type.Object({ name: Type.String(), visual: Type.Boolean(), values: Type.Array(Type.String()) })),
    view: ({ name, visual, values }: VariantOption) => ({ name, visual, values }),
  }),
};

/** A SKU's fields. */
export const skuFields = {
  // The first two, and no object before qtyAvailable: a kept REST answer finds each SKU's quantity
  // in its text by them (catalog/stock-marks.ts, quantitiesIn).
  skuId: field.id({ column: 'id' }),
  productId: field.id(),
  externalId: field.optionalText({ import: { description: "The store's own id of the SKU." } }),
  merchantId: field.id({
    schema: Type.Integer({ description: "The store's id." }),
    graphql: { description: 'The id of the store that sells this SKU.' },
  }),
  name: field.text({ import: { description: 'Name of the SKU.', maxLength: maxName } }),
  inStock: field.bool({ import: { description: 'Whether the store has it in stock.', default: true } }),
  qtyAvailable: field.int({ import: { description: 'Quantity available to buy; the import sets the stock to it.' } }),
  /** Major units (44.99), null without one. */
  salePrice: field.optionalMajor({
    column: 'salePriceMinor',
    schema: Nullable(Type.Number()),
    graphql: { description: 'Major units, in `currency`.' },
  }),
  retailPrice: field.optionalMajor({
    column: 'retailPriceMinor',
    schema: Nullable(Type.Number()),
    graphql: { description: 'Major units, in `currency`.' },
  }),
  /** Exact amounts (4499), null without one: GraphQL's Sku.priceMoney. */
  salePriceMinor: field.hidden(field.optionalInt({ graphql: false })),
  retailPriceMinor: field.hidden(field.optionalInt({ graphql: false })),
  currency: field.text({ schema: isoCurrency() }),
  status: field.text({
    graphql: { description: 'AVAILABLE when the SKU can be sold; any other value means it cannot.' },
    import: {
      description:
        'Status of the SKU; only an "AVAILABLE" SKU can be bought (others, such as "UNAVAILABLE", are shown as ' +
        'not available).',
      maxLength: maxCode,
      default: 'AVAILABLE',
    },
  }),
  type: field.text({
    import: { description: 'Kind of SKU, such as "PHYSICAL".', maxLength: maxCode, default: 'PHYSICAL' },
  }),
  taxable: field.bool({ import: { description: 'Whether tax rates apply to it.', default: true } }),
  taxType: field.optionalText({ import: { description: 'Tax category of the SKU, such as "APPAREL".' } }),
  /** ISO 8601, UTC. */
  dateCreated: field.date({
    import: {
      description:
        'When the store created the SKU: ISO 8601 date-time with a time zone, such as "2026-01-05T10:00:00Z".',
    },
  }),
  dateLastModified: field.date({
    import: { description: 'When the store last changed the SKU: ISO 8601 date-time with a time zone.' },
  }),
  variantValues: field.list({
    schema: Type.Array(variantValue),
    view: ({ variant, value }: VariantValue) => ({ variant, value }),
  }),
  skuDimensions: field.list({
    column: 'dimensions',
    schema: Type.Array(Type.Object({ weight: Type.Number(), type: Type.String() })),
    view: ({ weight, type }: SkuDimension) => ({ weight, type }),
  }),
};

export const mediaKinds = ['image', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** A media item's fields. */
export const mediaFields = {
  id: field.id(),
  kind: field.hidden(field.oneOf(mediaKinds, { column: 'type' })),
  slug: field.text(),
  fileName: field.text(),
  platform: field.optionalText(),
  // Not in the seed's media answers, which stay as they were: the placements and product-media routes
  // answer these and those below.
  url: field.hidden(
    field.optionalText({
      graphql: { description: 'Where the image or video file is: an absolute URL, or a path on this gateway.' },
    }),
  ),
  posterUrl: field.hidden(
    field.optionalText({ graphql: { description: "A video's still image, shown before it plays." } }),
  ),
  width: field.hidden(field.optionalInt({ graphql: { description: 'Pixels.' } })),
  height: field.hidden(field.optionalInt({ graphql: { description: 'Pixels.' } })),
  durationMs: field.hidden(field.optionalInt({ graphql: { description: "A video's length in milliseconds." } })),
  alt: field.hidden(
    field.optionalText({
      graphql: { description: 'What the image or video shows, for those who cannot see it: its alt text.' },
      import: {
        description:
          'What the image or video shows, as a shopper would describe it to someone who cannot see it: its alt ' +
          'text, read out by screen readers.',
        maxLength: maxAlt,
      },
    }),
  ),
  captionsUrl: field.hidden(
    field.optionalText({
      graphql: { description: "A video's captions: a WebVTT file, at an absolute URL or a path on this gateway." },
    }),
  ),
};

export const productTable = table(productFields);
export const skuTable = table(skuFields);
export const mediaTable = table(mediaFields);
