// What one request carries through either API: per-request DataLoaders, created lazily so that
// routes which never read the catalog never build them.
import type { CatalogRepository } from './catalog/catalog.repository.js';
import { createCatalogLoaders, type CatalogLoaders } from './catalog/loaders.js';
import type { Principal } from './security/api-keys.js';
import type { CatalogCache } from './catalog/catalog.cache.js';
import type { IdempotentWrite } from './idempotency/idempotency.js';

export interface RequestContext {
  readonly loaders: CatalogLoaders;
  /** Who is calling (their API key's role). */
  readonly principal: Principal;
  /** Where the caller's Idempotency-Keys are kept (their API key, or their address when open). */
  readonly idempotencyScope: string;
  /** The request's Idempotency-Key, when it sent one. */
  readonly idempotentWrite: IdempotentWrite | null;
}

export interface Caller {
  principal: Principal;
  idempotencyScope: string;
  idempotentWrite(): IdempotentWrite | null;
}

export function createRequestContext(catalogRepository: CatalogRepository, catalogCache: CatalogCache, caller: Caller): RequestContext {
  let loaders: CatalogLoaders | undefined;
  return {
    principal: caller.principal,
    idempotencyScope: caller.idempotencyScope,
    get idempotentWrite() {
      return caller.idempotentWrite();
    },
    get loaders() {
      loaders ??= createCatalogLoaders(catalogRepository, catalogCache);
      return loaders;
    },
  };
}
