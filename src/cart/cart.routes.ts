// REST routes of carts, in both route families clients use (POST/PUT /cart, /cart/customerInfo,
// /cart/cartStatus/{cart_id}; GET /cart/:id, /cart/add, /cart/update, DELETE /cart/items) and
// /cart/shippingMethod, /cart/submit. Each maps its body onto one service method.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../errors.js';
import type { IdempotencyHooks } from '../idempotency/idempotency.hooks.js';
import type { BuyerIdentityPatch } from '../domain/buyer-identity.js';
import type { CartItemInput } from './cart.model.js';
import type { CartService } from './cart.service.js';
import type { CheckoutService } from './checkout.service.js';
import { cartStatusView, cartView } from './cart.view.js';
import {
  AddItemBody,
  Cart,
  CartIdParams,
  CartItemsBody,
  CartItemsBodyWithId,
  CartStatus,
  CustomerInfoAnswer,
  CustomerInfoBody,
  RemoveItemInput,
  ShippingMethodBody,
  SubmitBody,
  UpdateItemBody,
  type CartItemBody,
  type CartItemsBodyView,
  DiscountCodesBody,
} from './cart.schemas.js';
import { IdParams, IdempotencyHeaders, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';

function item(body: CartItemBody): CartItemInput {
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
function items(body: CartItemsBodyView | undefined): CartItemInput[] {
  return [...(body?.items?.shopify_cart_items_input ?? []), ...(body?.items?.storefront_cart_items_input ?? [])].map(
    item,
  );
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

/** What the cart routes share: their tag, the cart's shape, their hooks and their line errors. */
interface CartRouteParts {
  tags: string[];
  cart: ReturnType<typeof Ref<typeof Cart>>;
  /** Carts are private: no cache may keep them. */
  noStore: { onRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> };
  /** Every cart-changing route replays its answer for a repeated Idempotency-Key. */
  replayable: CartRouteParts['noStore'] & IdempotencyHooks;
  /** What any change to a cart's lines may be refused with. */
  lineErrors: ReturnType<typeof errors>;
}

function cartRouteParts(idempotency: IdempotencyHooks): CartRouteParts {
  const noStore = {
    onRequest: async (_request: FastifyRequest, reply: FastifyReply) => void reply.header('cache-control', 'no-store'),
  };
  return {
    tags: ['Carts'],
    cart: Ref(Cart),
    noStore,
    replayable: { ...noStore, preHandler: idempotency.preHandler, onSend: idempotency.onSend },
    lineErrors: errors(
      ...bodyErrors,
      'CART_NOT_FOUND',
      'CART_EXPIRED',
      'CART_ALREADY_SUBMITTED',
      'IDEMPOTENCY_KEY_REUSED',
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

/** The family that sends lists of items and names the cart `id` in the body (its status: by path). */
function registerListFamilyRoutes(
  app: FastifyInstance,
  carts: CartService,
  checkout: CheckoutService,
  parts: CartRouteParts,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, noStore, replayable, lineErrors } = parts;

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

  api.post(
    '/cart/customerInfo',
    {
      schema: {
        tags,
        summary: 'Update the buyer identity (partial)',
        headers: IdempotencyHeaders,
        body: CustomerInfoBody,
        response: {
          200: CustomerInfoAnswer,
          ...errors(
            ...bodyErrors,
            'CART_NOT_FOUND',
            'CART_EXPIRED',
            'CART_ALREADY_SUBMITTED',
            'IDEMPOTENCY_KEY_REUSED',
            'BUYER_IDENTITY_INVALID',
          ),
        },
      },
      ...replayable,
    },
    async (request) => ({
      cart: cartView(
        await carts.updateBuyerIdentity(
          request.body.id,
          identityPatch(request.body.buyer_identity),
          undefined,
          request.idempotentWrite,
        ),
      ),
    }),
  );

  api.post(
    '/cart/discounts',
    {
      schema: {
        tags,
        summary: "Replace the cart's discount codes ([] clears them)",
        description:
          'A code that does not apply (unknown, expired, for a store not in the cart, minimum not met, used up, not combinable) stays on the cart with a warning naming why; it is not an error.',
        headers: IdempotencyHeaders,
        body: DiscountCodesBody,
        response: {
          200: cart,
          ...errors(
            ...bodyErrors,
            'CART_NOT_FOUND',
            'CART_EXPIRED',
            'CART_ALREADY_SUBMITTED',
            'IDEMPOTENCY_KEY_REUSED',
          ),
        },
      },
      ...replayable,
    },
    async (request) =>
      cartView(await carts.setDiscountCodes(request.body.id, request.body.codes, request.idempotentWrite)),
  );

  api.post(
    '/cart/cartStatus/:cart_id',
    {
      schema: {
        tags,
        summary: 'A cart with its orders',
        params: CartIdParams,
        response: { 200: Ref(CartStatus), ...errors(...bodyErrors, 'CART_NOT_FOUND', 'CART_EXPIRED') },
      },
      ...noStore,
    },
    async (request) => cartStatusView(await checkout.status(request.params.cart_id)),
  );
}

/** The family that changes one item per request, naming the cart `cart_id` (the cart itself: by path). */
function registerItemFamilyRoutes(app: FastifyInstance, carts: CartService, parts: CartRouteParts): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, noStore, replayable, lineErrors } = parts;

  api.get(
    '/cart/:id',
    {
      schema: {
        tags,
        summary: 'A cart',
        params: IdParams,
        response: { 200: cart, ...errors('CART_NOT_FOUND', 'CART_EXPIRED') },
      },
      ...noStore,
    },
    async (request) => cartView(await carts.get(request.params.id)),
  );

  api.post(
    '/cart/add',
    {
      schema: {
        tags,
        summary: 'Add one item (creates the cart without cart_id)',
        headers: IdempotencyHeaders,
        body: AddItemBody,
        response: { 200: cart, ...lineErrors },
      },
      ...replayable,
    },
    async (request) =>
      cartView(await carts.addItems(request.body.cart_id || null, [item(request.body.item)], request.idempotentWrite)),
  );

  api.post(
    '/cart/update',
    {
      schema: {
        tags,
        summary: 'Set the quantity of a variant in the cart (0 removes)',
        headers: IdempotencyHeaders,
        body: UpdateItemBody,
        response: { 200: cart, ...lineErrors },
      },
      ...replayable,
    },
    async (request) =>
      cartView(
        await carts.setQuantities(request.body.cart_id, [item(request.body.item)], false, request.idempotentWrite),
      ),
  );

  // The variant to remove comes as a JSON body or in the query string (an absent or empty body is
  // validated as null).
  api.delete(
    '/cart/items',
    {
      schema: {
        tags,
        summary: 'Remove a variant, as a JSON body or in the query string',
        headers: IdempotencyHeaders,
        querystring: RemoveItemInput,
        body: Type.Union([RemoveItemInput, Type.Null()]),
        response: {
          200: cart,
          ...errors(
            ...bodyErrors,
            'CART_NOT_FOUND',
            'CART_EXPIRED',
            'CART_ALREADY_SUBMITTED',
            'IDEMPOTENCY_KEY_REUSED',
          ),
        },
      },
      ...replayable,
    },
    async (request) => {
      const input = {
        cart_id: request.body?.cart_id ?? request.query.cart_id,
        variant_id: request.body?.variant_id ?? request.query.variant_id,
      };
      const missing = [
        ...(input.cart_id ? [] : ['cart_id']),
        ...(input.variant_id !== undefined && input.variant_id !== '' ? [] : ['variant_id']),
      ];
      if (!input.cart_id || input.variant_id === undefined || input.variant_id === '') {
        throw new AppError(
          'VALIDATION_FAILED',
          'DELETE /cart/items needs cart_id and variant_id, as a JSON body or in the query string',
          { fields: missing },
        );
      }
      return cartView(await carts.removeItems(input.cart_id, [input.variant_id], request.idempotentWrite));
    },
  );
}

/** Both families: the choice of a store's shipping method, and the submit. */
function registerCheckoutRoutes(
  app: FastifyInstance,
  carts: CartService,
  checkout: CheckoutService,
  parts: CartRouteParts,
): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, replayable } = parts;

  api.post(
    '/cart/shippingMethod',
    {
      schema: {
        tags,
        summary: "Choose a store's shipping method",
        headers: IdempotencyHeaders,
        body: ShippingMethodBody,
        response: {
          200: cart,
          ...errors(
            ...bodyErrors,
            'CART_NOT_FOUND',
            'CART_EXPIRED',
            'CART_ALREADY_SUBMITTED',
            'IDEMPOTENCY_KEY_REUSED',
            'SHIPPING_METHOD_NOT_FOUND',
          ),
        },
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
            ...bodyErrors,
            'CART_NOT_FOUND',
            'CART_EXPIRED',
            'CART_ALREADY_SUBMITTED',
            'IDEMPOTENCY_KEY_REUSED',
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
      return cartStatusView((await checkout.submit(cartId, request.idempotentWrite)).answer);
    },
  );
}

export function registerCartRoutes(
  app: FastifyInstance,
  carts: CartService,
  checkout: CheckoutService,
  idempotency: IdempotencyHooks,
): void {
  const parts = cartRouteParts(idempotency);
  registerListFamilyRoutes(app, carts, checkout, parts);
  registerItemFamilyRoutes(app, carts, parts);
  registerCheckoutRoutes(app, carts, checkout, parts);
}
