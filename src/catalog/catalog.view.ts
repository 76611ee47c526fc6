// The snake_case REST answers of the catalog routes (shapes: catalog.schemas.ts), built from catalog
// records by their field tables (catalog.fields.ts). Every documented key is always present:
// absent optional strings are null, lists are [].
import { mediaTable, productTable, skuTable } from './catalog.fields.js';
import type { MediaRecord, PlacementRecord, ProductDetail, SimilarProductRecord, SkuRecord } from './catalog.model.js';
import type {
  ComparableProductView,
  MediaDetailsView,
  MediaInfoView,
  MediaSummaryView,
  PlacementMediaView,
  PlacementView,
  ProductView,
  SimilarProductView,
  SkuView,
} from './catalog.schemas.js';

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

/** The media file's details, as the placements, product-media and media admin answers show them. */
export function mediaDetailsView(
  media: Pick<MediaRecord, 'url' | 'width' | 'height' | 'durationMs' | 'posterUrl' | 'alt' | 'captionsUrl'>,
): MediaDetailsView {
  return {
    url: media.url,
    width: media.width,
    height: media.height,
    duration_ms: media.durationMs,
    poster_url: media.posterUrl,
    alt: media.alt,
    captions_url: media.captionsUrl,
  };
}

export function placementMediaView(media: MediaRecord): PlacementMediaView {
  return { id: media.id, slug: media.slug, ...mediaDetailsView(media) };
}

export function placementView(placement: PlacementRecord): PlacementView {
  return {
    id: placement.id,
    product_id: placement.productId,
    x: placement.x,
    y: placement.y,
    start_ms: placement.startMs,
    end_ms: placement.endMs,
  };
}

export function mediaSummaryView(media: MediaRecord): MediaSummaryView {
  return { ...mediaTable.view(media), kind: media.kind, ...mediaDetailsView(media) };
}
