// GET /studio: the merchant studio (studio.page.ts), where a merchant with an admin key uploads
// media and places products in them through the media admin API; GET /studio/studio.js, its
// script (bundle.ts), served as the player is (embed/module-route.ts). Registered unless STUDIO=off;
// then both are the JSON 404 of any unknown path.
import type { Config } from '../config.js';
import { playerPath } from '../embed/embed.plugin.js';
import { registerModuleRoute } from '../embed/module-route.js';
import { sendPage } from '../embed/page.js';
import { appPlugin } from '../plugin.js';
import { studioBundle, studioFileName } from './bundle.js';
import { studioContentSecurityPolicy, studioPageHtml } from './studio.page.js';

export const studioPath = '/studio';
export const studioScriptPath = `/studio/${studioFileName}`;

export interface StudioOptions {
  config: Pick<Config, 'apiKeys' | 'mediaUploadMaxBytes'>;
}

export const studioPlugin = appPlugin(
  'studio',
  async (app, { config }: StudioOptions) => {
    await registerModuleRoute(app, studioScriptPath, studioBundle);
    const html = studioPageHtml({
      keysRequired: config.apiKeys.length > 0,
      playerPath,
      scriptPath: studioScriptPath,
      uploadMaxBytes: config.mediaUploadMaxBytes,
    });
    app.get(studioPath, { schema: { hide: true } }, async (_request, reply) =>
      sendPage(reply, html, studioContentSecurityPolicy),
    );
  },
  { dependencies: ['embed'] },
);
