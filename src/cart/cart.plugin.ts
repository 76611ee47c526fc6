// The REST routes of carts and checkout on the app, both route families then the routes they
// share, with the Idempotency-Key hooks their writes replay by.
import { idempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { appPlugin } from '../plugin.js';
import { cartRouteParts, registerCheckoutRoutes } from './cart.routes.js';
import { registerListFamilyRoutes } from './list-family.routes.js';
import { registerItemFamilyRoutes } from './item-family.routes.js';
import type { CartService } from './cart.service.js';
import type { CheckoutService } from './checkout.service.js';

export interface CartPluginOptions {
  carts: CartService;
  checkout: CheckoutService;
}

export const cartPlugin = appPlugin(
  'cart',
  async (app, { carts, checkout }: CartPluginOptions) => {
    const parts = cartRouteParts(idempotencyHooks());
    registerListFamilyRoutes(app, carts, checkout, parts);
    registerItemFamilyRoutes(app, carts, parts);
    registerCheckoutRoutes(app, carts, checkout, parts);
  },
  { dependencies: ['request-context'] },
);
