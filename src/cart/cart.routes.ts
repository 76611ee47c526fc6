// REST routes of carts: both route families of service.md (POST/PUT /cart, /cart/customerInfo,
// /cart/cartStatus/{cart_id}; GET /cart/:id, /cart/add, /cart/update, DELETE /cart/items) and
// /cart/shippingMethod, /cart/submit. Each maps its body onto one service method.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { IdempotencyHooks } from '../idempotency/idempotency.hooks.js';
import type { BuyerIdentityPatch } from '../domain/buyer-identity.js';
import type { CartItemInput } from './cart.model.js';
import type { CartService } from './cart.service.js';
import type { CheckoutService } from './checkout.service.js';
import { cartStatusView, cartView } from './cart.view.js';
import {
  addItemBody,
  cartIdParams,
  cartItemsBody,
  cartItemsBodyWithId,
  cartResponse,
  cartStatusResponse,
  customerInfoBody,
  idParams,
  shippingMethodBody,
  submitBody,
  updateItemBody,
} from './cart.schemas.js';

type IdValue = string | number | null | undefined;

interface ItemBody {
  quantity: number;
  product_id?: IdValue;
  variant_id?: IdValue;
}

interface CartItemsBody {
  id?: string | null;
  items?: { storefront_cart_items_input?: ItemBody[]; shopify_cart_items_input?: ItemBody[] };
}

function item(body: ItemBody): CartItemInput {
  return { quantity: body.quantity, productId: body.product_id, variantId: body.variant_id };
}

/**
 * `items.shopify_cart_items_input` is the older clients' name of the same list. Both may come:
 * then both count, the older name's first (contract.md §6, "in that order").
 */
function items(body: CartItemsBody | undefined): CartItemInput[] {
  return [...(body?.items?.shopify_cart_items_input ?? []), ...(body?.items?.storefront_cart_items_input ?? [])].map(item);
}

const snakeIdentity: Record<string, keyof BuyerIdentityPatch> = {
  first_name: 'firstName',
  last_name: 'lastName',
  address_1: 'address1',
  address_2: 'address2',
  city: 'city',
  province_code: 'provinceCode',
  country_code: 'countryCode',
  postal_code: 'postalCode',
  email: 'email',
  phone: 'phone',
};

function identityPatch(body: Record<string, unknown>): BuyerIdentityPatch {
  const patch: BuyerIdentityPatch = {};
  for (const [name, field] of Object.entries(snakeIdentity)) if (name in body) patch[field] = body[name];
  return patch;
}

export function registerCartRoutes(app: FastifyInstance, carts: CartService, checkout: CheckoutService, idempotency: IdempotencyHooks): void {
  const cart = { 200: cartResponse };
  // Carts are private: no cache may keep them.
  const noStore = { onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store') };
  // Every cart-changing route replays its answer for a repeated Idempotency-Key.
  const replayable = { ...noStore, preHandler: idempotency.preHandler, onSend: idempotency.onSend };

  app.post<{ Body: CartItemsBody | undefined }>('/cart', { schema: { body: cartItemsBody, response: cart }, ...replayable }, async (request) =>
    cartView(await carts.addItems(request.body?.id || null, items(request.body), request.idempotentWrite)),
  );

  app.put<{ Body: CartItemsBody & { id: string } }>('/cart', { schema: { body: cartItemsBodyWithId, response: cart }, ...replayable }, async (request) =>
    cartView(await carts.setQuantities(request.body.id, items(request.body), true, request.idempotentWrite)),
  );

  app.post<{ Body: { id: string; buyer_identity: Record<string, unknown> } }>(
    '/cart/customerInfo',
    { schema: { body: customerInfoBody, response: { 200: { type: 'object', required: ['cart'], properties: { cart: cartResponse } } } }, ...replayable },
    async (request) => ({ cart: cartView(await carts.updateBuyerIdentity(request.body.id, identityPatch(request.body.buyer_identity), undefined, request.idempotentWrite)) }),
  );

  app.post<{ Params: { cart_id: string } }>('/cart/cartStatus/:cart_id', { schema: { params: cartIdParams, response: { 200: cartStatusResponse } }, ...noStore }, async (request) =>
    cartStatusView(await checkout.status(request.params.cart_id)),
  );

  app.get<{ Params: { id: string } }>('/cart/:id', { schema: { params: idParams, response: cart }, ...noStore }, async (request) => cartView(await carts.get(request.params.id)));

  app.post<{ Body: { cart_id?: string | null; item: ItemBody } }>('/cart/add', { schema: { body: addItemBody, response: cart }, ...replayable }, async (request) =>
    cartView(await carts.addItems(request.body.cart_id || null, [item(request.body.item)], request.idempotentWrite)),
  );

  app.post<{ Body: { cart_id: string; item: ItemBody } }>('/cart/update', { schema: { body: updateItemBody, response: cart }, ...replayable }, async (request) =>
    cartView(await carts.setQuantities(request.body.cart_id, [item(request.body.item)], false, request.idempotentWrite)),
  );

  // The variant to remove comes as a JSON body or in the query string.
  app.delete<{ Body: { cart_id: string; variant_id: string | number } | undefined; Querystring: { cart_id?: string; variant_id?: string } }>(
    '/cart/items',
    { schema: { response: cart }, ...replayable },
    async (request) => {
      const body: { cart_id?: unknown; variant_id?: unknown } = request.body && typeof request.body === 'object' ? request.body : {};
      const input = { cart_id: body.cart_id ?? request.query.cart_id, variant_id: body.variant_id ?? request.query.variant_id };
      const missing = [
        ...(typeof input.cart_id === 'string' && input.cart_id !== '' ? [] : ['cart_id']),
        ...((typeof input.variant_id === 'string' && input.variant_id !== '') || typeof input.variant_id === 'number' ? [] : ['variant_id']),
      ];
      if (missing.length > 0) {
        throw new AppError('VALIDATION_FAILED', 'DELETE /cart/items needs cart_id and variant_id, as a JSON body or in the query string', { fields: missing });
      }
      return cartView(await carts.removeItems(input.cart_id as string, [input.variant_id as string | number], request.idempotentWrite));
    },
  );

  app.post<{ Body: { cart_id: string; store: string | number; shipping_method_id: string } }>(
    '/cart/shippingMethod',
    { schema: { body: shippingMethodBody, response: cart }, ...replayable },
    async (request) => cartView(await carts.selectShippingMethod(request.body.cart_id, String(request.body.store), request.body.shipping_method_id, request.idempotentWrite)),
  );

  app.post<{ Body: { id?: string; cart_id?: string } | undefined }>('/cart/submit', { schema: { body: submitBody, response: { 200: cartStatusResponse } }, ...replayable }, async (request) => {
    const cartId = request.body?.id ?? request.body?.cart_id;
    if (!cartId) throw new AppError('VALIDATION_FAILED', 'POST /cart/submit needs the cart id as "id"', { fields: ['id'] });
    return cartStatusView((await checkout.submit(cartId, request.idempotentWrite)).answer);
  });
}
