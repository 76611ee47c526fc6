// GET /: the demo storefront (storefront.page.ts), unless STOREFRONT_DEMO=false; then / is the
// JSON 404 of any unknown path.
import type { FastifyRequest } from 'fastify';
import type { CatalogService } from '../catalog/catalog.service.js';
import type { Config } from '../config.js';
import { playerPath } from '../embed/embed.plugin.js';
import { sendPage } from '../embed/page.js';
import { appPlugin } from '../plugin.js';
import { storefrontContentSecurityPolicy, storefrontPageHtml } from './storefront.page.js';

export interface StorefrontOptions {
  config: Pick<Config, 'apiKeys' | 'graphqlSandbox'>;
  catalog: CatalogService;
}

/** The origin the browser used, for the snippet (behind a trusted proxy, as it forwarded it). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const storefrontPlugin = appPlugin(
  'storefront',
  async (app, { config, catalog }: StorefrontOptions) => {
    // A client key is what a shop puts in its pages; an admin key never is.
    const apiKey = config.apiKeys.find((entry) => entry.role === 'client')?.key ?? null;
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      const items = await catalog.showcase();
      const html = storefrontPageHtml({
        origin: originOf(request),
        playerPath,
        items,
        apiKey,
        graphiql: config.graphqlSandbox,
      });
      return sendPage(reply, html, storefrontContentSecurityPolicy);
    });
  },
  { dependencies: ['embed'] },
);
