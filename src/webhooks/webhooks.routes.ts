// REST admin API of webhook endpoints (twins: webhooks.resolver.ts). Admin keys only, checked
// before the body is: a client key learns nothing but 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import type { WebhookService } from './webhooks.service.js';
import { createdEndpointView, deliveryPageView, deliveryView, endpointView } from './webhooks.view.js';
import {
  createWebhookBody,
  createdWebhookResponse,
  deliveriesQuery,
  deliveryPageResponse,
  deliveryParams,
  deliveryResponse,
  updateWebhookBody,
  webhookListResponse,
  webhookParams,
  webhookResponse,
} from './webhooks.schemas.js';

interface EndpointBody {
  url: string;
  events?: string[] | null;
  description?: string | null;
}

interface Params {
  id: string;
}

export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));

  app.post<{ Body: EndpointBody }>(
    '/webhooks',
    { schema: { body: createWebhookBody, response: { 201: createdWebhookResponse } }, preValidation: adminOnly },
    async (request, reply) => reply.status(201).send(createdEndpointView(await webhooks.create(request.body))),
  );

  app.get('/webhooks', { schema: { response: { 200: webhookListResponse } }, preValidation: adminOnly }, async () => ({
    webhooks: (await webhooks.list()).map(endpointView),
  }));

  app.get<{ Params: Params }>('/webhooks/:id', { schema: { params: webhookParams, response: { 200: webhookResponse } }, preValidation: adminOnly }, async (request) =>
    endpointView(await webhooks.get(request.params.id)),
  );

  app.patch<{ Params: Params; Body: Partial<EndpointBody> & { enabled?: boolean } }>(
    '/webhooks/:id',
    { schema: { params: webhookParams, body: updateWebhookBody, response: { 200: webhookResponse } }, preValidation: adminOnly },
    async (request) => endpointView(await webhooks.update(request.params.id, request.body)),
  );

  app.delete<{ Params: Params }>('/webhooks/:id', { schema: { params: webhookParams, response: { 204: { type: 'null' } } }, preValidation: adminOnly }, async (request, reply) => {
    await webhooks.remove(request.params.id);
    return reply.status(204).send();
  });

  app.get<{ Params: Params; Querystring: { first?: string; after?: string } }>(
    '/webhooks/:id/deliveries',
    { schema: { params: webhookParams, querystring: deliveriesQuery, response: { 200: deliveryPageResponse } }, preValidation: adminOnly },
    async (request) => {
      const { first, after } = request.query;
      return deliveryPageView(await webhooks.deliveries(request.params.id, first === undefined ? undefined : Number(first), after ?? null));
    },
  );

  app.post<{ Params: Params & { delivery_id: string } }>(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    { schema: { params: deliveryParams, response: { 200: deliveryResponse } }, preValidation: adminOnly },
    async (request) => deliveryView(await webhooks.retry(request.params.id, request.params.delivery_id)),
  );
}
