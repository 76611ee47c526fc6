// The catalog as the service sees it: plain records built by the repository from database rows.
// Their property names are the GraphQL field names, so GraphQL reads them without a resolver per
// field; REST views rename them. Prices come in major units for display and minor for math.
import type { PriceTier } from '../domain/price-tier.js';

export type MediaKind = 'image' | 'video';

export interface MediaRecord {
  id: number;
  kind: MediaKind;
  slug: string;
  fileName: string;
  platform: string | null;
}

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

export interface ProductRecord {
  id: number;
  externalId: string | null;
  title: string;
  description: string | null;
  brand: string | null;
  url: string | null;
  /** Major units, as both APIs answer it (44.99). */
  price: number;
  /** Exact amount, for comparisons (4499). */
  priceMinor: number;
  currency: string;
  category: string | null;
  isAvailable: boolean;
  images: string[];
  nativeCheckout: boolean;
  variants: VariantOption[];
}

export interface SkuRecord {
  skuId: number;
  productId: number;
  externalId: string | null;
  merchantId: number;
  name: string;
  inStock: boolean;
  qtyAvailable: number;
  /** Major units (44.99), null without one. */
  salePrice: number | null;
  retailPrice: number | null;
  currency: string;
  status: string;
  type: string;
  taxable: boolean;
  taxType: string | null;
  /** ISO 8601, UTC. */
  dateCreated: string | null;
  dateLastModified: string | null;
  variantValues: VariantValue[];
  skuDimensions: SkuDimension[];
}

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

export interface MediaDetail {
  media: MediaRecord;
  products: ProductDetail[];
}
