// Per-request DataLoaders over the catalog repository: one query per tree level, whatever the
// number of media items, products or comparables in the answer. Batch functions return results
// in key order, as DataLoader requires.
import DataLoader from 'dataloader';
import type { CatalogRepository } from './catalog.repository.js';
import type { ProductRecord, SkuRecord } from './catalog.model.js';

export interface CatalogLoaders {
  product: DataLoader<number, ProductRecord | null>;
  skusOfProduct: DataLoader<number, SkuRecord[]>;
  productIdsOfMedia: DataLoader<number, number[]>;
  similarIdsOfProduct: DataLoader<number, number[]>;
}

export function createCatalogLoaders(repository: CatalogRepository): CatalogLoaders {
  return {
    product: new DataLoader(async (ids) => {
      const byId = new Map((await repository.productsByIds(ids)).map((product) => [product.id, product]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    skusOfProduct: new DataLoader(async (productIds) => {
      const byProduct = new Map<number, SkuRecord[]>(productIds.map((id) => [id, []]));
      for (const sku of await repository.skusOfProducts(productIds)) byProduct.get(sku.productId)?.push(sku);
      return productIds.map((id) => byProduct.get(id) ?? []);
    }),
    productIdsOfMedia: new DataLoader(async (mediaIds) => {
      const byMedia = await repository.productIdsOfMedia(mediaIds);
      return mediaIds.map((id) => byMedia.get(id) ?? []);
    }),
    similarIdsOfProduct: new DataLoader(async (productIds) => {
      const byProduct = await repository.similarIdsOfProducts(productIds);
      return productIds.map((id) => byProduct.get(id) ?? []);
    }),
  };
}
