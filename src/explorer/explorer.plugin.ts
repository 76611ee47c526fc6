// GraphiQL's page and assets on the app (explorer.routes.ts); the app registers it only when
// GRAPHQL_SANDBOX is on, like Apollo Sandbox's landing page on GET /graphql.
import { appPlugin } from '../plugin.js';
import { registerExplorerRoutes } from './explorer.routes.js';

export const explorerPlugin = appPlugin('explorer', async (app) => {
  registerExplorerRoutes(app);
});
