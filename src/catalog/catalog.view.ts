// The snake_case REST answers of the catalog routes (shapes: catalog.schemas.ts), built from catalog
// records by their field tables (catalog.fields.ts). Every documented key is always present:
// absent optional strings are null, lists are [].
import { mediaTable, productTable, skuTable } from './catalog.fields.js';
import type { MediaRecord, ProductDetail, SimilarProductRecord, SkuRecord } from './catalog.model.js';
import type { ComparableProductView, MediaInfoView, ProductView, SimilarProductView, SkuView } from './catalog.schemas.js';

export function mediaInfoView(media: MediaRecord): MediaInfoView {
  return mediaTable.view(media);
}

export function skuView(sku: SkuRecord): SkuView {
  return skuTable.view(sku);
}

export function productView({ product, skus }: ProductDetail): ProductView {
  return { ...productTable.view(product), skus: skus.map(skuView) };
}

export function similarProductView(detail: ProductDetail<SimilarProductRecord>): SimilarProductView {
  return { ...productView(detail), price_tier: detail.product.priceTier };
}

/** A product with its similar products (none when the detail was read without them). */
export function comparableProductView(detail: ProductDetail): ComparableProductView {
  return { ...productView(detail), similar_products: (detail.similar ?? []).map(similarProductView) };
}
