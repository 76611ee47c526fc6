// What one request carries through either API: per-request DataLoaders, created lazily so that
// routes which never read the catalog never build them.
import type { CatalogRepository } from './catalog/catalog.repository.js';
import { createCatalogLoaders, type CatalogLoaders } from './catalog/loaders.js';
import type { Principal } from './security/api-keys.js';
import type { CatalogCache } from './catalog/catalog.cache.js';

export interface RequestContext {
  readonly loaders: CatalogLoaders;
  /** Who is calling (their API key's role). */
  readonly principal: Principal;
}

export function createRequestContext(catalogRepository: CatalogRepository, catalogCache: CatalogCache, principal: Principal): RequestContext {
  let loaders: CatalogLoaders | undefined;
  return {
    principal,
    get loaders() {
      loaders ??= createCatalogLoaders(catalogRepository, catalogCache);
      return loaders;
    },
  };
}
