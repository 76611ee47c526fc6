// The catalog search's REST route on the app; the index built ahead when asked, let go when the app closes.
import type { CatalogService } from '../catalog/catalog.service.js';
import type { CatalogChanges } from '../catalog/catalog-changes.js';
import { appPlugin } from '../plugin.js';
import { registerSearchRoutes } from './search.routes.js';
import type { ProductSearch } from './search.service.js';

export interface SearchPluginOptions {
  search: ProductSearch;
  catalog: CatalogService;
  /** What changed in the catalog: the long way to an answer reads records up to its versions. */
  changes: CatalogChanges;
  /** When to build the index ahead of the first search (null: at the first search). */
  warmWhen: Promise<void> | null;
}

export const searchPlugin = appPlugin(
  'search',
  async (app, { search, catalog, changes, warmWhen }: SearchPluginOptions) => {
    registerSearchRoutes(app, search, catalog, changes);
    app.addHook('onClose', () => search.close());
    void warmWhen
      ?.then(() => search.warm())
      .then(
        (products) => products !== null && app.log.info({ products }, 'search index built'),
        (error: unknown) =>
          app.log.warn({ err: error }, 'could not build the search index ahead; the first search will'),
      );
  },
);
