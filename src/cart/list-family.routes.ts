// The REST route family that sends lists of items and names the cart `id` in the body (its status:
// by path): POST /cart (create, or add), PUT /cart (set quantities), the buyer identity and the
// discount codes, and the cart status. The parts they share: cart.routes.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CartService } from './cart.service.js';
import type { CheckoutService } from './checkout.service.js';
import { cartStatusView, cartView } from './cart.view.js';
import {
  CartIdParams,
  CartItemsBody,
  CartItemsBodyWithId,
  CartStatus,
  CustomerInfoAnswer,
  CustomerInfoBody,
  DiscountCodesBody,
} from './cart.schemas.js';
import { IdempotencyHeaders, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import { identityPatch, items, type CartRouteParts } from './cart.routes.js';

/** The lines: POST /cart adds (creating the cart without an id), PUT /cart sets quantities. */
function registerLineRoutes(app: FastifyInstance, carts: CartService, parts: CartRouteParts): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, replayable, lineErrors } = parts;

  api.post(
    '/cart',
    {
      schema: {
        tags,
        summary: 'Create a cart, or add items to one',
        headers: IdempotencyHeaders,
        body: CartItemsBody,
        response: { 200: cart, ...lineErrors },
      },
      ...replayable,
    },
    async (request) =>
      cartView(await carts.addItems(request.body?.id || null, items(request.body), request.idempotentWrite)),
  );

  api.put(
    '/cart',
    {
      schema: {
        tags,
        summary: "Set items' quantities (0 removes)",
        headers: IdempotencyHeaders,
        body: CartItemsBodyWithId,
        response: { 200: cart, ...lineErrors },
      },
      ...replayable,
    },
    async (request) =>
      cartView(await carts.setQuantities(request.body.id, items(request.body), true, request.idempotentWrite)),
  );
}

/** Who buys and with which codes: the buyer identity (partial) and the discount codes. */
function registerBuyerRoutes(app: FastifyInstance, carts: CartService, parts: CartRouteParts): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, replayable, writeErrors } = parts;

  api.post(
    '/cart/customerInfo',
    {
      schema: {
        tags,
        summary: 'Update the buyer identity (partial)',
        headers: IdempotencyHeaders,
        body: CustomerInfoBody,
        response: { 200: CustomerInfoAnswer, ...errors(...writeErrors, 'BUYER_IDENTITY_INVALID') },
      },
      ...replayable,
    },
    async (request) => {
      const patch = identityPatch(request.body.buyer_identity);
      return { cart: cartView(await carts.updateBuyerIdentity(request.body.id, patch, request.idempotentWrite)) };
    },
  );

  api.post(
    '/cart/discounts',
    {
      schema: {
        tags,
        summary: "Replace the cart's discount codes ([] clears them)",
        description:
          'A code that does not apply (unknown, expired, for a store not in the cart, minimum not met, used up, ' +
          'not combinable) stays on the cart with a warning naming why; it is not an error.',
        headers: IdempotencyHeaders,
        body: DiscountCodesBody,
        response: { 200: cart, ...errors(...writeErrors) },
      },
      ...replayable,
    },
    async (request) =>
      cartView(await carts.setDiscountCodes(request.body.id, request.body.codes, request.idempotentWrite)),
  );
}

/** The family's routes, in the order the OpenAPI document lists them. */
export function registerListFamilyRoutes(
  app: FastifyInstance,
  carts: CartService,
  checkout: CheckoutService,
  parts: CartRouteParts,
): void {
  registerLineRoutes(app, carts, parts);
  registerBuyerRoutes(app, carts, parts);
  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/cart/cartStatus/:cart_id',
    {
      schema: {
        tags: parts.tags,
        summary: 'A cart with its orders',
        params: CartIdParams,
        response: { 200: Ref(CartStatus), ...errors(...bodyErrors, 'CART_NOT_FOUND', 'CART_EXPIRED') },
      },
      ...parts.noStore,
    },
    async (request) => cartStatusView(await checkout.status(request.params.cart_id)),
  );
}
