// The catalog import's own records: what a document's records become once checked (money in
// minor units, rates in ppm), which is what the import writes; the problems a document has; and
// what the database already holds that a document may refer to. Named Import*, apart from the
// read side's records of catalog.model.ts (ProductRecord, MediaRecord, …), which are what is read.
import type { mediaFields, productFields, skuFields } from '../../catalog.fields.js';
import type { MediaKind, SkuDimension, VariantOption, VariantValue } from '../../catalog.model.js';
import type { ImportedOf } from '../../field-table.js';

/** A problem of the document, at its JSON path. */
export interface Problem {
  path: string;
  message: string;
}

/** A store of the document, checked. */
export interface ImportStore {
  id: number;
  name: string;
  /** What shoppers see: the document's display_name, else the name. */
  displayName: string;
  marketplace: string;
  currency: string;
  marginRatePpm: number;
  shippingMethods: { code: string; label: string; priceMinor: number }[];
  taxRates: { countryCode: string | null; provinceCode: string | null; ratePpm: number }[];
}

/** A SKU's plain fields (external id, name, status, dates, …), as its field table declares them. */
export type ImportedSku = ImportedOf<typeof skuFields>;

/** A SKU of the document, checked (nested in its product there): its plain fields, and these. */
export interface ImportSku extends ImportedSku {
  id: number;
  productId: number;
  merchantId: number;
  salePriceMinor: number | null;
  retailPriceMinor: number | null;
  currency: string;
  variantValues: VariantValue[];
  dimensions: SkuDimension[];
  position: number;
  /** True for every SKU a document lists (see Sku.listed); stored rows may be false. */
  listed: boolean;
}

/** A product's plain fields (title, brand, …), as its field table declares them. */
export type ImportedProduct = ImportedOf<typeof productFields>;

/** A product of the document, checked, with its SKUs: its plain fields, and these. */
export interface ImportProduct extends ImportedProduct {
  id: number;
  priceMinor: number;
  currency: string;
  images: string[];
  variants: VariantOption[];
  skus: ImportSku[];
}

/** A media item's plain fields (its alt text), as its field table declares them. */
export type ImportedMedia = ImportedOf<typeof mediaFields>;

/** A media item of the document, checked, with the products it shows in their order: its plain fields, and these. */
export interface ImportMedia extends ImportedMedia {
  id: number;
  type: MediaKind;
  slug: string;
  fileName: string;
  platform: string | null;
  url: string | null;
  posterUrl: string | null;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  /** A video's WebVTT captions; an image has none. */
  captionsUrl: string | null;
  productIds: number[];
  /** In document order: the index is the placement's position. */
  placements: ImportPlacement[];
}

/** Where and when a product the media item shows appears in it. */
export interface ImportPlacement {
  productId: number;
  /** Fractions 0-1 of the width and height, from the top left (an image's always; a video's may be null). */
  x: number | null;
  y: number | null;
  /** A video's time range, or null for the whole video. */
  startMs: number | null;
  endMs: number | null;
}

/** A whole document, checked (validateCatalog's answer). */
export interface CatalogDocument {
  stores: ImportStore[];
  products: ImportProduct[];
  media: ImportMedia[];
  /** Curated comparables per product, in document order. */
  similar: Map<number, number[]>;
}

/** What the database already holds that a document may refer to or collide with. */
export interface ExistingCatalog {
  storeCurrencies: Map<number, string>;
  productIds: { has(id: number): boolean };
  /** `${type}:${slug}` → media id, for media not in the document. */
  mediaSlugs: Map<string, number>;
}
