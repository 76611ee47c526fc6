// Per-request DataLoaders over the catalog cache and repository: at most one query per tree
// level, whatever the number of media items, products or comparables in the answer. Batch
// functions return results in key order, as DataLoader requires.
import DataLoader from 'dataloader';
import type { CatalogRepository } from './catalog.repository.js';
import type { PlacementRecord, ProductRecord, SkuRecord } from './catalog.model.js';
import { throughCache, type CatalogCache } from './catalog.cache.js';
import type { AnswerBudget } from './answer-budget.js';

/** What catalog resolvers need of a request's context (composed in src/context.ts). */
export interface CatalogContext {
  readonly loaders: CatalogLoaders;
  /**
   * The products whose records or SKUs the request's answer was made of (by the loaders, the read
   * model and the product pages): a kept answer is dropped when one of them changes.
   */
  readonly productsRead: Set<number>;
}

export interface CatalogLoaders {
  /** What one answer may hold of the catalog: every list read is counted into it. */
  budget: AnswerBudget;
  product: DataLoader<number, ProductRecord | null>;
  skusOfProduct: DataLoader<number, SkuRecord[]>;
  productIdsOfMedia: DataLoader<number, number[]>;
  similarIdsOfProduct: DataLoader<number, number[]>;
  placementsOfMedia: DataLoader<number, PlacementRecord[]>;
}

/**
 * The links of records that exist (the keys come from loaded media and products, never from a
 * caller): none is an answer worth keeping too.
 */
async function withEmpty(keys: number[], links: Promise<Map<number, number[]>>): Promise<Map<number, number[]>> {
  const found = await links;
  return new Map(keys.map((key) => [key, found.get(key) ?? []]));
}

/** SKUs by their product, every one of `productIds` there (with none: an empty list, worth keeping too). */
export function skusByProduct(productIds: readonly number[], skus: readonly SkuRecord[]): Map<number, SkuRecord[]> {
  const byProduct = new Map<number, SkuRecord[]>(productIds.map((id) => [id, []]));
  for (const sku of skus) byProduct.get(sku.productId)?.push(sku);
  return byProduct;
}

/**
 * Loaders over the shared catalog cache: a request asks the database only for what no earlier
 * request loaded. The products and SKUs asked for are noted in `reads`; SKUs are handed out as
 * `seen()` has the request see them, when it says.
 */
export function createCatalogLoaders(
  repository: CatalogRepository,
  cache: CatalogCache,
  reads: Set<number>,
  budget: AnswerBudget,
  seen: () => ((sku: SkuRecord) => SkuRecord) | null = () => null,
): CatalogLoaders {
  const noted = <K extends readonly number[]>(ids: K): K => {
    for (const id of ids) reads.add(id);
    return ids;
  };
  return {
    budget,
    product: new DataLoader((ids) =>
      throughCache(
        noted(ids),
        cache.products,
        async (missing) => new Map((await repository.productsByIds(missing)).map((product) => [product.id, product])),
        null,
      ),
    ),
    skusOfProduct: new DataLoader(async (productIds) => {
      const found = await throughCache(
        noted(productIds),
        cache.skus,
        async (missing) => {
          // Never more rows than the answer may still hold: a batch past it is refused unread.
          const skus = await repository.skusOfProducts(missing, budget.remaining + 1);
          if (skus.length > budget.remaining) budget.take(skus.length);
          return skusByProduct(missing, skus);
        },
        [],
      );
      const view = seen();
      return view ? found.map((skus) => skus.map(view)) : found;
    }),
    productIdsOfMedia: new DataLoader((mediaIds) =>
      throughCache(
        mediaIds,
        cache.productIdsOfMedia,
        (missing) => withEmpty(missing, repository.productIdsOfMedia(missing)),
        [],
      ),
    ),
    similarIdsOfProduct: new DataLoader((productIds) =>
      throughCache(
        productIds,
        cache.similarIds,
        (missing) => withEmpty(missing, repository.similarIdsOfProducts(missing)),
        [],
      ),
    ),
    // Per request only: the REST answers that show placements are kept whole (catalog.routes.ts).
    placementsOfMedia: new DataLoader(async (mediaIds) => {
      const found = await repository.placementsOfMedia(mediaIds);
      return mediaIds.map((id) => found.get(id) ?? []);
    }),
  };
}
