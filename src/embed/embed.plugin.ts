// GET /embed/shoppable-media.js: the player, one ES module (bundle.ts) a shop loads with
// <script type="module">, served as module-route.ts serves a browser module: public, readable from
// any origin, revalidated by its ETag, gzipped when the browser takes it.
import { appPlugin } from '../plugin.js';
import { playerBundle, playerFileName } from './bundle.js';
import { registerModuleRoute } from './module-route.js';

export const playerPath = `/embed/${playerFileName}`;

export const embedPlugin = appPlugin('embed', async (app) => {
  await registerModuleRoute(app, playerPath, playerBundle);
});
