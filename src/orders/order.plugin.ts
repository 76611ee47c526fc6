// The REST routes of orders on the app, with the Idempotency-Key hooks of the status update.
import { idempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { appPlugin } from '../plugin.js';
import { registerOrderRoutes } from './order.routes.js';
import type { OrderService } from './order.service.js';

export const orderPlugin = appPlugin(
  'orders',
  async (app, { orders }: { orders: OrderService }) => {
    registerOrderRoutes(app, orders, idempotencyHooks());
  },
  { dependencies: ['request-context'] },
);
