// REST routes of orders: read one, and the store-side status update (twin of updateOrderStatus).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../security/api-keys.js';
import type { IdempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { principalOf } from '../security/security.js';
import { IdParams, IdempotencyHeaders, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import type { OrderService } from './order.service.js';
import { orderView } from './order.view.js';
import { Order, OrderStatusBody } from './order.schemas.js';

export function registerOrderRoutes(app: FastifyInstance, orders: OrderService, idempotency: IdempotencyHooks): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['Orders'];
  // A store-side operation: admin keys only (when keys are configured).
  const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
  api.post(
    '/orders/:id/status',
    {
      schema: {
        tags,
        summary: 'Move an order to another status (store side; an admin key when API_KEYS is set)',
        params: IdParams,
        headers: IdempotencyHeaders,
        body: OrderStatusBody,
        response: {
          200: Ref(Order),
          ...errors(
            ...bodyErrors,
            'FORBIDDEN',
            'ORDER_NOT_FOUND',
            'INVALID_ORDER_TRANSITION',
            'IDEMPOTENCY_KEY_REUSED',
          ),
        },
      },
      preHandler: [adminOnly, idempotency.preHandler],
      onSend: idempotency.onSend,
    },
    async (request) =>
      orderView(
        await orders.updateStatus(
          request.params.id,
          request.body.status,
          request.body.required_actions,
          request.idempotentWrite,
        ),
      ),
  );

  api.get(
    '/orders/:id',
    {
      schema: {
        tags,
        summary: 'An order',
        params: IdParams,
        response: { 200: Ref(Order), ...errors('ORDER_NOT_FOUND') },
      },
    },
    async (request) => orderView(await orders.get(request.params.id)),
  );
}
