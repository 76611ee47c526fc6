// REST routes of carts: what both route families share (their tag, the cart's shape, their hooks
// and errors, the bodies' items and buyer identity as the service takes them), and the routes both
// use: /cart/shippingMethod and /cart/submit. The families themselves: list-family.routes.ts
// (POST/PUT /cart, /cart/customerInfo, /cart/discounts, /cart/cartStatus/{cart_id}) and
// item-family.routes.ts (GET /cart/:id, /cart/add, /cart/update, DELETE /cart/items). Each route
// maps its body onto one service method, and its answer through cart.view.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError, type ErrorCode } from '../errors.js';
import type { IdempotencyHooks } from '../idempotency/idempotency.hooks.js';
import { buyerIdentityFields, type BuyerIdentityPatch } from '../domain/buyer-identity.js';
import type { CartItemInput } from './cart.model.js';
import type { CartService } from './cart.service.js';
import type { CheckoutService } from './checkout.service.js';
import { cartStatusView, cartView, totalChangedDetails } from './cart.view.js';
import { CartTotalChanged } from './cart.expected-total.js';
import {
  Cart,
  CartStatus,
  ShippingMethodBody,
  SubmitBody,
  type CartItemBody,
  type CartItemsBodyView,
} from './cart.schemas.js';
import { IdempotencyHeaders, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import { restFieldName } from '../rest/common.view.js';

export function item(body: CartItemBody): CartItemInput {
  return {
    quantity: body.quantity,
    productId: body.product_id,
    variantId: body.variant_id,
    mediaId: body.media_id,
    placementId: body.placement_id,
  };
}

/**
 * `items.shopify_cart_items_input` is the older clients' name of the same list. Both may come:
 * then both count, the older name's first, in that order.
 */
export function items(body: CartItemsBodyView | undefined): CartItemInput[] {
  return [...(body?.items?.shopify_cart_items_input ?? []), ...(body?.items?.storefront_cart_items_input ?? [])].map(
    item,
  );
}

/** The buyer identity fields the body names (REST names them in snake_case: first_name, address_1). */
export function identityPatch(body: Record<string, unknown>): BuyerIdentityPatch {
  const patch: BuyerIdentityPatch = {};
  for (const field of buyerIdentityFields) if (restFieldName(field) in body) patch[field] = body[restFieldName(field)];
  return patch;
}

/** What the cart routes share: their tag, the cart's shape, their hooks and their errors. */
export interface CartRouteParts {
  tags: string[];
  cart: ReturnType<typeof Ref<typeof Cart>>;
  /** Carts are private: no cache may keep them. */
  noStore: { onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> };
  /** Every cart-changing route replays its answer for a repeated Idempotency-Key. */
  replayable: CartRouteParts['noStore'] & IdempotencyHooks;
  /** What any write to a cart may be refused with (with a route's own codes after them). */
  writeErrors: ErrorCode[];
  /** What any change to a cart's lines may be refused with. */
  lineErrors: ReturnType<typeof errors>;
}

export function cartRouteParts(idempotency: IdempotencyHooks): CartRouteParts {
  const noStore = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };
  const writeErrors: ErrorCode[] = [
    ...bodyErrors,
    'CART_NOT_FOUND',
    'CART_EXPIRED',
    'CART_ALREADY_SUBMITTED',
    'IDEMPOTENCY_KEY_REUSED',
  ];
  return {
    tags: ['Carts'],
    cart: Ref(Cart),
    noStore,
    replayable: { ...noStore, preHandler: idempotency.preHandler, onSend: idempotency.onSend },
    writeErrors,
    lineErrors: errors(
      ...writeErrors,
      'PRODUCT_NOT_FOUND',
      'VARIANT_NOT_FOUND',
      'VARIANT_PRODUCT_MISMATCH',
      'VARIANT_REQUIRED',
      'CURRENCY_MISMATCH',
      'TOO_MANY_ITEMS',
      'CART_TOO_LARGE',
      'MEDIA_NOT_ATTRIBUTABLE',
    ),
  };
}

/** Both families: the choice of a store's shipping method, and the submit. */
export function registerCheckoutRoutes(
  app: FastifyInstance,
  carts: CartService,
  checkout: CheckoutService,
  parts: CartRouteParts,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, replayable, writeErrors } = parts;

  api.post(
    '/cart/shippingMethod',
    {
      schema: {
        tags,
        summary: "Choose a store's shipping method",
        headers: IdempotencyHeaders,
        body: ShippingMethodBody,
        response: { 200: cart, ...errors(...writeErrors, 'SHIPPING_METHOD_NOT_FOUND') },
      },
      ...replayable,
    },
    async (request) =>
      cartView(
        await carts.selectShippingMethod(
          request.body.cart_id,
          String(request.body.store),
          request.body.shipping_method_id,
          request.idempotentWrite,
        ),
      ),
  );

  api.post(
    '/cart/submit',
    {
      schema: {
        tags,
        summary: 'Submit: one order per store',
        headers: IdempotencyHeaders,
        body: SubmitBody,
        response: {
          200: Ref(CartStatus),
          ...errors(
            ...writeErrors,
            'CART_TOTAL_CHANGED',
            'BUYER_IDENTITY_MISSING',
            'CART_EMPTY',
            'PRODUCTS_UNAVAILABLE',
            'DISCOUNT_USAGE_LIMIT_REACHED',
            'DISCOUNT_BUYER_LIMIT_REACHED',
          ),
        },
      },
      ...replayable,
    },
    async (request) => {
      const cartId = request.body?.id ?? request.body?.cart_id;
      if (!cartId)
        throw new AppError('VALIDATION_FAILED', 'POST /cart/submit needs the cart id as "id"', { fields: ['id'] });
      try {
        return cartStatusView(
          (await checkout.submit(cartId, request.idempotentWrite, request.body?.expected_total ?? null)).answer,
        );
      } catch (error) {
        // The cart's cost and warnings in the shapes of REST's cart answers.
        if (error instanceof CartTotalChanged)
          throw new AppError(error.code, error.message, totalChangedDetails(error));
        throw error;
      }
    },
  );
}
