// The catalog's REST routes (media and products) on the app, reading through the app's one
// CatalogService; their handlers take the request's loaders from `request.context`.
import { appPlugin } from '../plugin.js';
import { registerCatalogRoutes } from './catalog.routes.js';
import type { CatalogService } from './catalog.service.js';

export const catalogPlugin = appPlugin(
  'catalog',
  async (app, { catalog }: { catalog: CatalogService }) => {
    registerCatalogRoutes(app, catalog);
  },
  { dependencies: ['request-context'] },
);
