// The REST route family that changes one item per request and names the cart `cart_id` (the cart
// itself: by path): GET /cart/:id, /cart/add, /cart/update, DELETE /cart/items. The parts they
// share: cart.routes.ts.
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '../errors.js';
import type { CartService } from './cart.service.js';
import { cartView } from './cart.view.js';
import { AddItemBody, RemoveItemInput, UpdateItemBody } from './cart.schemas.js';
import { IdParams, IdempotencyHeaders } from '../rest/schema.js';
import { errors } from '../rest/responses.js';
import { item, type CartRouteParts } from './cart.routes.js';

/**
 * The variant to remove, from the JSON body or the query string (the body first);
 * VALIDATION_FAILED naming what neither gives.
 */
function removal(
  body: Static<typeof RemoveItemInput> | null | undefined,
  query: Static<typeof RemoveItemInput>,
): { cartId: string; variantId: string | number } {
  const cartId = body?.cart_id ?? query.cart_id;
  const variantId = body?.variant_id ?? query.variant_id;
  if (!cartId || variantId === undefined || variantId === '') {
    throw new AppError(
      'VALIDATION_FAILED',
      'DELETE /cart/items needs cart_id and variant_id, as a JSON body or in the query string',
      {
        fields: [
          ...(cartId ? [] : ['cart_id']),
          ...(variantId !== undefined && variantId !== '' ? [] : ['variant_id']),
        ],
      },
    );
  }
  return { cartId, variantId };
}

/** One item per request: /cart/add (creating the cart without cart_id), /cart/update, DELETE /cart/items. */
function registerItemRoutes(app: FastifyInstance, carts: CartService, parts: CartRouteParts): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { tags, cart, replayable, lineErrors, writeErrors } = parts;

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

  // An absent or empty body is validated as null.
  api.delete(
    '/cart/items',
    {
      schema: {
        tags,
        summary: 'Remove a variant, as a JSON body or in the query string',
        headers: IdempotencyHeaders,
        querystring: RemoveItemInput,
        body: Type.Union([RemoveItemInput, Type.Null()]),
        response: { 200: cart, ...errors(...writeErrors) },
      },
      ...replayable,
    },
    async (request) => {
      const { cartId, variantId } = removal(request.body, request.query);
      return cartView(await carts.removeItems(cartId, [variantId], request.idempotentWrite));
    },
  );
}

/** The family's routes, in the order the OpenAPI document lists them. */
export function registerItemFamilyRoutes(app: FastifyInstance, carts: CartService, parts: CartRouteParts): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/cart/:id',
    {
      schema: {
        tags: parts.tags,
        summary: 'A cart',
        params: IdParams,
        response: { 200: parts.cart, ...errors('CART_NOT_FOUND', 'CART_EXPIRED') },
      },
      ...parts.noStore,
    },
    async (request) => cartView(await carts.get(request.params.id)),
  );
  registerItemRoutes(app, carts, parts);
}
