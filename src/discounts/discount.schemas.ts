// REST shapes of the discount admin routes, declared once (see src/rest/schema.ts): requests are
// checked for types only (values, dates and limits by discount.input.ts, the same for GraphQL).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';
import { discountKinds, type DiscountKind } from '../domain/discounts.js';

const Kind = Type.Unsafe<DiscountKind>({
  type: 'string',
  enum: [...discountKinds],
  description: 'PERCENTAGE of the lines, FIXED_AMOUNT off the lines, or FREE_SHIPPING (the selected method).',
});
const When = (what: string) =>
  Nullable(Type.String({ description: `${what}: ISO 8601 with a time zone; null: none.` }));
const Limit = (what: string) => Nullable(Type.Integer({ description: `${what}; null: no limit.` }));

const writable = {
  code: Type.Optional(
    Nullable(
      Type.String({
        description:
          'What buyers enter, matched without case, unique per store (at most 64 letters, digits or - _ . + # ' +
          '% ! & *); null: automatic, every cart with the store gets it.',
      }),
    ),
  ),
  value: Type.Optional(
    Nullable(
      Type.Number({
        description:
          "PERCENTAGE: percent above 0, at most 100 (4 decimals); FIXED_AMOUNT: major units of the store's " +
          'currency; FREE_SHIPPING: absent.',
      }),
    ),
  ),
  minimum_subtotal: Type.Optional(
    Nullable(
      Type.Number({
        description: "The store's subtotal (before discounts) the cart must reach, in major units of its currency.",
      }),
    ),
  ),
  starts_at: Type.Optional(When('From')),
  ends_at: Type.Optional(When('Until (excluded)')),
  usage_limit: Type.Optional(Limit('Orders that may use it in all')),
  per_buyer_limit: Type.Optional(Limit('Orders one buyer (by email) may use it in')),
  combines_with_others: Type.Optional(
    Type.Boolean({ description: 'Default false: applies alone (the best of those that apply wins).' }),
  ),
  enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
};

export const CreateDiscountBody = Type.Object({
  store: Type.String({ description: "The store's name, as carts show it (or its id)." }),
  kind: Kind,
  ...writable,
});
export type CreateDiscountBodyView = Static<typeof CreateDiscountBody>;

export const UpdateDiscountBody = Type.Object(
  { kind: Type.Optional(Kind), ...writable },
  { description: 'Absent fields stay as they are; null clears one (code: null makes the discount automatic).' },
);
export type UpdateDiscountBodyView = Static<typeof UpdateDiscountBody>;

export const DiscountsQuery = Type.Object({
  store: Type.Optional(Type.String({ description: "Only this store's (name or id)." })),
  first: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: '1-500, default 100.' })),
  after: Type.Optional(Type.String({ description: 'The id of the last discount of the page before.' })),
});

export const Discount = Named(
  'Discount',
  Type.Object(
    {
      id: Type.String(),
      code: Nullable(Type.String({ description: 'As the admin wrote it; null: automatic.' })),
      store: Type.String(),
      currency: Type.String({ description: "The store's: value (FIXED_AMOUNT) and minimum_subtotal are in it." }),
      kind: Kind,
      value: Nullable(
        Type.Number({ description: 'The percent (PERCENTAGE) or the amount (FIXED_AMOUNT); null for FREE_SHIPPING.' }),
      ),
      minimum_subtotal: Nullable(Type.Number()),
      starts_at: When('From'),
      ends_at: When('Until (excluded)'),
      usage_limit: Limit('Orders that may use it in all'),
      per_buyer_limit: Limit('Orders one buyer may use it in'),
      combines_with_others: Type.Boolean(),
      enabled: Type.Boolean(),
      times_used: Type.Integer({ description: 'Orders that used it and were not cancelled or did not fail.' }),
      created_at: Type.String(),
      updated_at: Type.String(),
    },
    { description: "A store's discount: a code buyers enter, or automatic." },
  ),
);
export type DiscountView = Static<typeof Discount>;

export const DiscountList = Type.Object({ discounts: Type.Array(Ref(Discount)), has_more: Type.Boolean() });
export type DiscountListView = Static<typeof DiscountList>;
