// The discounts' admin REST routes on the app.
import { appPlugin } from '../plugin.js';
import { registerDiscountRoutes } from './discount.routes.js';
import type { DiscountService } from './discount.service.js';

export const discountsPlugin = appPlugin('discounts', async (app, { discounts }: { discounts: DiscountService }) => {
  registerDiscountRoutes(app, discounts);
});
