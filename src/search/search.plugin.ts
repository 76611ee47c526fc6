// The catalog search's REST route on the app.
import type { CatalogService } from '../catalog/catalog.service.js';
import { appPlugin } from '../plugin.js';
import { registerSearchRoutes } from './search.routes.js';
import type { SearchService } from './search.service.js';

export interface SearchPluginOptions {
  search: SearchService;
  catalog: CatalogService;
  /** When to build the index ahead of the first search (null: at the first search). */
  warmWhen: Promise<void> | null;
}

export const searchPlugin = appPlugin('search', async (app, { search, catalog, warmWhen }: SearchPluginOptions) => {
  registerSearchRoutes(app, search, catalog);
  void warmWhen
    ?.then(() => search.warm())
    .then(
      (index) => index && app.log.info({ products: index.size }, 'search index built'),
      (error: unknown) => app.log.warn({ err: error }, 'could not build the search index ahead; the first search will'),
    );
});
