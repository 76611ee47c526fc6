// The catalog import's own records: what a document's records become once checked (money in
// minor units, rates in ppm), which is what the import writes; the problems a document has; and
// what the database already holds that a document may refer to. Named Import*, apart from the
// read side's records of catalog.model.ts (ProductRecord, MediaRecord, …), which are what is read.
import type { MediaKind, SkuDimension, VariantOption, VariantValue } from '../../catalog.model.js';

/** A problem of the document, at its JSON path. */
export interface Problem {
  path: string;
  message: string;
}

/** A store of the document, checked. */
export interface ImportStore {
  id: number;
  name: string;
  marketplace: string;
  currency: string;
  marginRatePpm: number;
  shippingMethods: { code: string; label: string; priceMinor: number }[];
  taxRates: { countryCode: string | null; provinceCode: string | null; ratePpm: number }[];
}

/** A SKU of the document, checked (nested in its product there). */
export interface ImportSku {
  id: number;
  productId: number;
  externalId: string | null;
  merchantId: number;
  name: string;
  inStock: boolean;
  qtyAvailable: number;
  salePriceMinor: number | null;
  retailPriceMinor: number | null;
  currency: string;
  status: string;
  type: string;
  taxable: boolean;
  taxType: string | null;
  dateCreated: Date | null;
  dateLastModified: Date | null;
  variantValues: VariantValue[];
  dimensions: SkuDimension[];
  position: number;
  /** True for every SKU a document lists (see Sku.listed); stored rows may be false. */
  listed: boolean;
}

/** A product of the document, checked, with its SKUs. */
export interface ImportProduct {
  id: number;
  externalId: string | null;
  title: string;
  description: string | null;
  brand: string | null;
  url: string | null;
  priceMinor: number;
  currency: string;
  category: string | null;
  isAvailable: boolean;
  images: string[];
  nativeCheckout: boolean;
  variants: VariantOption[];
  skus: ImportSku[];
}

/** A media item of the document, checked, with the products it shows in their order. */
export interface ImportMedia {
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
