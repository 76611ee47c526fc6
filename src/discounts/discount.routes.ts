// REST admin API of discounts (twin: discount.resolver.ts). Admin keys only, checked before the
// body is: a client key learns nothing but 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { requireAdmin } from '../security/api-keys.js';
import { principalOf } from '../security/security.js';
import { NumericIdParams, Ref } from '../rest/schema.js';
import { bodyErrors, errors } from '../rest/responses.js';
import type { DiscountService } from './discount.service.js';
import { discountView } from './discount.view.js';
import {
  CreateDiscountBody,
  Discount,
  DiscountList,
  DiscountsQuery,
  UpdateDiscountBody,
  type CreateDiscountBodyView,
  type UpdateDiscountBodyView,
} from './discount.schemas.js';
import type { DiscountInput, DiscountPatch } from './discount.model.js';

/** The body's fields as the service names them (absent stays absent). */
function patchOf(body: UpdateDiscountBodyView): DiscountPatch {
  const fields: [keyof DiscountPatch, unknown][] = [
    ['code', body.code],
    ['kind', body.kind],
    ['value', body.value],
    ['minimumSubtotal', body.minimum_subtotal],
    ['startsAt', body.starts_at],
    ['endsAt', body.ends_at],
    ['usageLimit', body.usage_limit],
    ['perBuyerLimit', body.per_buyer_limit],
    ['combinesWithOthers', body.combines_with_others],
    ['enabled', body.enabled],
  ];
  return Object.fromEntries(fields.filter(([, value]) => value !== undefined)) as DiscountPatch;
}

function inputOf(body: CreateDiscountBodyView): DiscountInput {
  return { ...patchOf(body), store: body.store, kind: body.kind };
}

export function registerDiscountRoutes(app: FastifyInstance, discounts: DiscountService): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const adminOnly = async (request: FastifyRequest) => requireAdmin(principalOf(request));
  const tags = ['Discounts'];

  api.post(
    '/discounts',
    {
      schema: {
        tags,
        summary: 'Create a discount',
        body: CreateDiscountBody,
        response: {
          201: Ref(Discount),
          ...errors(...bodyErrors, 'FORBIDDEN', 'STORE_NOT_FOUND', 'DISCOUNT_CODE_TAKEN'),
        },
      },
      preValidation: adminOnly,
    },
    async (request, reply) => reply.status(201).send(discountView(await discounts.create(inputOf(request.body)))),
  );

  api.get(
    '/discounts',
    {
      schema: {
        tags,
        summary: 'Discounts, oldest first',
        querystring: DiscountsQuery,
        response: { 200: DiscountList, ...errors('FORBIDDEN', 'VALIDATION_FAILED') },
      },
      preValidation: adminOnly,
    },
    async (request) => {
      const { store, first, after } = request.query;
      const page = await discounts.list({
        store: store ?? null,
        ...(first === undefined ? {} : { first: Number(first) }),
        after: after ?? null,
      });
      return { discounts: page.discounts.map(discountView), has_more: page.hasMore };
    },
  );

  api.get(
    '/discounts/:id',
    {
      schema: {
        tags,
        summary: 'A discount',
        params: NumericIdParams,
        response: { 200: Ref(Discount), ...errors('FORBIDDEN', 'DISCOUNT_NOT_FOUND') },
      },
      preValidation: adminOnly,
    },
    async (request) => discountView(await discounts.get(request.params.id)),
  );

  api.patch(
    '/discounts/:id',
    {
      schema: {
        tags,
        summary: 'Change a discount (carts follow; orders keep what they had)',
        params: NumericIdParams,
        body: UpdateDiscountBody,
        response: {
          200: Ref(Discount),
          ...errors(...bodyErrors, 'FORBIDDEN', 'DISCOUNT_NOT_FOUND', 'DISCOUNT_CODE_TAKEN'),
        },
      },
      preValidation: adminOnly,
    },
    async (request) => discountView(await discounts.update(request.params.id, patchOf(request.body))),
  );
}
