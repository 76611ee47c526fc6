// The REST routes of carts and checkout on the app, with the Idempotency-Key hooks their writes
// replay by.
import { idempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { appPlugin } from '../plugin.js';
import { registerCartRoutes } from './cart.routes.js';
import type { CartService } from './cart.service.js';
import type { CheckoutService } from './checkout.service.js';

export interface CartPluginOptions {
  carts: CartService;
  checkout: CheckoutService;
}

export const cartPlugin = appPlugin(
  'cart',
  async (app, { carts, checkout }: CartPluginOptions) => {
    registerCartRoutes(app, carts, checkout, idempotencyHooks());
  },
  { dependencies: ['request-context'] },
);
