// The media admin REST routes on the app.
import { appPlugin } from '../plugin.js';
import { registerMediaAdminRoutes } from './media.routes.js';
import type { MediaAdminService } from './media.service.js';

export const mediaAdminPlugin = appPlugin('media-admin', async (app, { media }: { media: MediaAdminService }) => {
  registerMediaAdminRoutes(app, media);
});
