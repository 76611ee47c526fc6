// The media admin REST routes on the app: the media items, and the upload of their files.
import { appPlugin } from '../plugin.js';
import { registerMediaAdminRoutes } from './media.routes.js';
import { registerMediaFileRoutes } from './media-files.routes.js';
import type { MediaAdminService } from './media.service.js';
import type { MediaFiles } from './media-files.service.js';

export const mediaAdminPlugin = appPlugin(
  'media-admin',
  async (app, options: { media: MediaAdminService; files: MediaFiles; uploadMaxBytes: number }) => {
    registerMediaAdminRoutes(app, options.media);
    registerMediaFileRoutes(app, options.files, options.uploadMaxBytes);
  },
);
