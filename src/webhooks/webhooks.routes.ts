// REST admin API of webhook endpoints (twins: webhooks.resolver.ts). Admin keys only, checked
// before the body is: a client key learns nothing but 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { IdParams, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import type { WebhookService } from './webhooks.service.js';
import { createdEndpointView, deliveryPageView, deliveryView, endpointView } from './webhooks.view.js';
import {
  CreateWebhookBody,
  CreatedWebhookEndpoint,
  DeliveriesQuery,
  DeliveryPage,
  DeliveryParams,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookList,
} from './webhooks.schemas.js';

const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
const tags = ['Webhooks'];

/** The routes in the OpenAPI document's order: the endpoints, then their deliveries. */
export function registerWebhookRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  registerEndpointRoutes(app, webhooks);
  registerDeliveryRoutes(app, webhooks);
}

/** Endpoints: add (its secret answered once), list, read, change, remove. */
function registerEndpointRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Add an endpoint (answers its secret, once)',
        body: CreateWebhookBody,
        response: { 201: Ref(CreatedWebhookEndpoint), ...errors(...bodyErrors, 'FORBIDDEN', 'WEBHOOK_LIMIT_REACHED') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.status(201).send(createdEndpointView(await webhooks.create(request.body))),
  );

  api.get(
    '/webhooks',
    {
      schema: { tags, summary: 'All endpoints', response: { 200: WebhookList, ...errors('FORBIDDEN') } },
      preValidation: adminOnly,
    },
    async () => ({
      webhooks: (await webhooks.list()).map(endpointView),
    }),
  );

  api.get(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'An endpoint',
        params: IdParams,
        response: { 200: Ref(WebhookEndpoint), ...errors('FORBIDDEN', 'WEBHOOK_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request) => endpointView(await webhooks.get(request.params.id)),
  );

  api.patch(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Change an endpoint',
        params: IdParams,
        body: UpdateWebhookBody,
        response: { 200: Ref(WebhookEndpoint), ...errors(...bodyErrors, 'FORBIDDEN', 'WEBHOOK_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request) => endpointView(await webhooks.update(request.params.id, request.body)),
  );

  api.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Remove an endpoint',
        params: IdParams,
        response: { 204: Type.Null({ description: 'Removed.' }), ...errors('FORBIDDEN', 'WEBHOOK_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** An endpoint's deliveries: the newest first, and one sent again now. */
function registerDeliveryRoutes(app: FastifyInstance, webhooks: WebhookService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first",
        params: IdParams,
        querystring: DeliveriesQuery,
        response: { 200: DeliveryPage, ...errors('FORBIDDEN', 'WEBHOOK_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      const { first, after } = request.query;
      return deliveryPageView(
        await webhooks.deliveries(request.params.id, first === undefined ? undefined : Number(first), after ?? null),
      );
    },
  );

  api.post(
    '/webhooks/:id/deliveries/:delivery_id/retry',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now',
        params: DeliveryParams,
        response: { 200: Ref(WebhookDelivery), ...errors('FORBIDDEN', 'WEBHOOK_NOT_FOUND', 'DELIVERY_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request) => deliveryView(await webhooks.retry(request.params.id, request.params.delivery_id)),
  );
}
