// REST twin of updateOrderStatus: store-side status updates.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../security/api-keys.js';
import type { IdempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { principalOf } from '../security/security.js';
import type { OrderService } from './order.service.js';
import { orderView } from '../cart/cart.view.js';
import { idParams, orderResponse, orderStatusBody } from '../cart/cart.schemas.js';

export function registerOrderRoutes(app: FastifyInstance, orders: OrderService, idempotency: IdempotencyHooks): void {
  // A store-side operation: admin keys only (when keys are configured).
  const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
  app.post<{ Params: { id: string }; Body: { status: string; required_actions?: unknown[] | null } }>(
    '/orders/:id/status',
    { schema: { params: idParams, body: orderStatusBody, response: { 200: orderResponse } }, preHandler: [adminOnly, idempotency.preHandler], onSend: idempotency.onSend },
    async (request) => orderView(await orders.updateStatus(request.params.id, request.body.status, request.body.required_actions, request.idempotentWrite)),
  );

  app.get<{ Params: { id: string } }>('/orders/:id', { schema: { params: idParams, response: { 200: orderResponse } } }, async (request) =>
    orderView(await orders.get(request.params.id)),
  );
}
