// The snake_case REST shapes of service.md, built from catalog records. Every documented key is
// always present: absent optional strings are null, lists are [].
import type { MediaDetail, MediaRecord, ProductDetail, SimilarProductRecord, SkuRecord } from './catalog.model.js';

export interface MediaInfoView {
  id: number;
  slug: string;
  file_name: string;
  platform: string | null;
}

export interface SkuView {
  sku_id: number;
  product_id: number;
  external_id: string | null;
  merchant_id: number;
  name: string;
  in_stock: boolean;
  qty_available: number;
  sale_price: number | null;
  retail_price: number | null;
  currency: string;
  status: string;
  type: string;
  taxable: boolean;
  tax_type: string | null;
  date_created: string | null;
  date_last_modified: string | null;
  variant_values: { variant: string; value: string }[];
  sku_dimensions: { weight: number; type: string }[];
}

export interface CatalogProductView {
  id: number;
  external_id: string | null;
  title: string;
  brand: string | null;
  url: string | null;
  price: number;
  currency: string;
  category: string | null;
  is_available: boolean;
  images: string[];
  native_checkout: boolean;
  variants: { name: string; visual: boolean; values: string[] }[];
  skus: SkuView[];
  similar_products?: SimilarProductView[];
}

export type SimilarProductView = Omit<CatalogProductView, 'similar_products'> & { price_tier: string };

export type MediaView = { products: CatalogProductView[] } & ({ image_info: MediaInfoView } | { video_info: MediaInfoView });

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

function productFields({ product, skus }: ProductDetail): Omit<CatalogProductView, 'similar_products'> {
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
  return { ...productFields(detail), price_tier: detail.product.priceTier };
}

export function productView(detail: ProductDetail): CatalogProductView {
  const view: CatalogProductView = productFields(detail);
  if (detail.similar) view.similar_products = detail.similar.map(similarProductView);
  return view;
}

export function mediaView(detail: MediaDetail): MediaView {
  const info = mediaInfoView(detail.media);
  const products = detail.products.map(productView);
  return detail.media.kind === 'image' ? { image_info: info, products } : { video_info: info, products };
}
