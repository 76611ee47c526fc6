// What one request carries through either API: per-request DataLoaders, created lazily so that
// routes which never read the catalog never build them.
import type { CatalogRepository } from './catalog/catalog.repository.js';
import { createCatalogLoaders, type CatalogLoaders } from './catalog/loaders.js';

export interface RequestContext {
  readonly loaders: CatalogLoaders;
}

export function createRequestContext(catalogRepository: CatalogRepository): RequestContext {
  let loaders: CatalogLoaders | undefined;
  return {
    get loaders() {
      loaders ??= createCatalogLoaders(catalogRepository);
      return loaders;
    },
  };
}
