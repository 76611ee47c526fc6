// The catalog as the service sees it: plain records built by the repository from database rows,
// their fields declared in catalog.fields.ts. Their property names are the GraphQL field names, so
// GraphQL reads them without a resolver per field; REST views rename them. Prices come in major
// units for display and minor for math.
import type { PriceTier } from '../domain/price-tier.js';
import type { mediaFields, productFields, RecordOf, skuFields } from './catalog.fields.js';

export type { MediaKind, SkuDimension, VariantOption, VariantValue } from './catalog.fields.js';

/** A media item, as its field table reads it. */
export type MediaRecord = RecordOf<typeof mediaFields>;
/** A product (without its SKUs), as its field table reads it. */
export type ProductRecord = RecordOf<typeof productFields>;
/** A SKU, as its field table reads it. */
export type SkuRecord = RecordOf<typeof skuFields>;

/** A comparable product: every product field plus where its price sits against the product's. */
export interface SimilarProductRecord extends ProductRecord {
  priceTier: PriceTier;
}

export interface ProductPage {
  products: ProductRecord[];
  hasNextPage: boolean;
}

/** A product with everything a REST answer shows of it. */
export interface ProductDetail<P extends ProductRecord = ProductRecord> {
  product: P;
  skus: SkuRecord[];
  /** Present on comparables answers only. */
  similar?: ProductDetail<SimilarProductRecord>[];
}

/**
 * Where and when a product a media item shows appears in it. Its id, `<mediaId>:<position>`, names
 * it among all media (safe in normalized client caches) and stays while an import keeps its place.
 */
export interface PlacementRecord {
  id: string;
  mediaId: number;
  productId: number;
  /** Fractions 0-1 of the width and height, from the top left (null: a video's, not placed). */
  x: number | null;
  y: number | null;
  /** A video's time range, end excluded (null: the whole video). */
  startMs: number | null;
  endMs: number | null;
}

export interface MediaDetail {
  media: MediaRecord;
  products: ProductDetail[];
}

/**
 * The most items each list of the catalog holds for one parent (measured at every import:
 * catalog-shape.repository.ts): what a GraphQL list of the catalog can return at most.
 */
export interface CatalogShape {
  skusPerProduct: number;
  similarPerProduct: number;
  imagesPerProduct: number;
  variantsPerProduct: number;
  valuesPerVariant: number;
  valuesPerSku: number;
  dimensionsPerSku: number;
  productsPerMedia: number;
  placementsPerMedia: number;
  shippingMethodsPerStore: number;
  /** Stores of the catalog, and the distinct currencies they sell in. */
  stores: number;
  currencies: number;
}
