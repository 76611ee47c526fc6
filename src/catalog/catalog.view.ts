// The snake_case REST answers of the catalog routes (shapes: catalog.schemas.ts), built from catalog
// records. Every documented key is always present: absent optional strings are null, lists are [].
import type { MediaRecord, ProductDetail, SimilarProductRecord, SkuRecord } from './catalog.model.js';
import type { ComparableProductView, MediaInfoView, ProductView, SimilarProductView, SkuView } from './catalog.schemas.js';

export function mediaInfoView(media: MediaRecord): MediaInfoView {
  return { id: media.id, slug: media.slug, file_name: media.fileName, platform: media.platform };
}

export function skuView(sku: SkuRecord): SkuView {
  return {
    sku_id: sku.skuId,
    product_id: sku.productId,
    external_id: sku.externalId,
    merchant_id: sku.merchantId,
    name: sku.name,
    in_stock: sku.inStock,
    qty_available: sku.qtyAvailable,
    sale_price: sku.salePrice,
    retail_price: sku.retailPrice,
    currency: sku.currency,
    status: sku.status,
    type: sku.type,
    taxable: sku.taxable,
    tax_type: sku.taxType,
    date_created: sku.dateCreated,
    date_last_modified: sku.dateLastModified,
    variant_values: sku.variantValues.map(({ variant, value }) => ({ variant, value })),
    sku_dimensions: sku.skuDimensions.map(({ weight, type }) => ({ weight, type })),
  };
}

export function productView({ product, skus }: ProductDetail): ProductView {
  return {
    id: product.id,
    external_id: product.externalId,
    title: product.title,
    brand: product.brand,
    url: product.url,
    price: product.price,
    currency: product.currency,
    category: product.category,
    is_available: product.isAvailable,
    images: product.images,
    native_checkout: product.nativeCheckout,
    variants: product.variants.map(({ name, visual, values }) => ({ name, visual, values })),
    skus: skus.map(skuView),
  };
}

export function similarProductView(detail: ProductDetail<SimilarProductRecord>): SimilarProductView {
  return { ...productView(detail), price_tier: detail.product.priceTier };
}

/** A product with its similar products (none when the detail was read without them). */
export function comparableProductView(detail: ProductDetail): ComparableProductView {
  return { ...productView(detail), similar_products: (detail.similar ?? []).map(similarProductView) };
}
