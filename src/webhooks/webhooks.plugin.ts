// The webhook endpoints' admin REST routes on the app.
import { appPlugin } from '../plugin.js';
import { registerWebhookRoutes } from './webhooks.routes.js';
import type { WebhookService } from './webhooks.service.js';

export const webhooksPlugin = appPlugin('webhooks', async (app, { webhooks }: { webhooks: WebhookService }) => {
  registerWebhookRoutes(app, webhooks);
});
