// REST shapes of the order routes, declared once (see src/rest/schema.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, NullableRef, Ref } from '../rest/schema.js';
import { Money, ShippingMethod } from '../rest/common.schemas.js';
import { orderStatuses, type OrderStatus as Status } from '../domain/order-status.js';

const OrderStatus = Type.Unsafe<Status>({ type: 'string', enum: [...orderStatuses] });

export const RequiredAction = Type.Object({
  action: Type.String({ description: 'What the buyer or store must do, e.g. VERIFY_ADDRESS.' }),
  description: Type.String(),
});

export const OrderStatusBody = Type.Object({
  status: Type.String({
    description: `The new status: ${orderStatuses.join(', ')}; the status machine decides which moves are allowed.`,
  }),
  required_actions: Type.Optional(
    Type.Union(
      [
        Type.Array(Type.Unsafe<Record<string, unknown>>({ type: 'object', description: '{action, description}' })),
        Type.Null(),
      ],
      {
        description:
          'With status ACTION_REQUIRED only: 1–20 actions, each a non-empty action (≤ 64) and description (≤ 500).',
      },
    ),
  ),
});

/** A discount as an offer or an order applied it. */
export const AppliedDiscount = Type.Object({
  discount_id: Type.String(),
  code: Nullable(Type.String({ description: 'null: an automatic discount.' })),
  kind: Type.String({ description: 'PERCENTAGE, FIXED_AMOUNT or FREE_SHIPPING.' }),
  amount: Ref(Money),
});

export const OrderLine = Type.Object({
  variant_id: Type.String(),
  product_id: Type.String(),
  title: Type.String({ description: "The product's title at submit." }),
  variant_title: Type.String({ description: "The SKU's name at submit." }),
  variant_values: Type.Array(Type.Object({ variant: Type.String(), value: Type.String() })),
  quantity: Type.Integer(),
  unit_price: Ref(Money),
  line_total: Ref(Money),
  discount: Ref(Money, {
    description: "What the store's discounts took off the line (0 on orders placed before discounts).",
  }),
  media_id: Nullable(Type.Integer({ description: 'The media item the cart line was added from; null when none.' })),
  placement_id: Nullable(
    Type.String({ description: 'The placement of that media item (`<media id>:<position>`); null when none.' }),
  ),
});

export const OrderCost = Type.Object(
  {
    currency: Type.String(),
    subtotal: Ref(Money),
    margin: Ref(Money),
    shipping_method: NullableRef(ShippingMethod),
    shipping: Ref(Money),
    tax: Ref(Money),
    discount: Ref(Money, {
      description: 'The discounts applied, frozen at submit: editing a discount later changes nothing here.',
    }),
    discounts: Type.Array(AppliedDiscount),
    total: Ref(Money, { description: 'subtotal + shipping + tax - discount.' }),
  },
  { description: "The store's offer as it was at submit." },
);

export const Order = Named(
  'Order',
  Type.Object(
    {
      id: Type.String(),
      cart_id: Type.String(),
      status: OrderStatus,
      events: Type.Array(
        Type.Object({
          id: Type.String(),
          created_at: Type.String({ description: 'ISO 8601, UTC.' }),
          type: OrderStatus,
        }),
      ),
      required_actions: Type.Array(RequiredAction),
      lines: Type.Array(OrderLine, {
        description: 'What was sold, frozen at submit (empty for orders placed before orders kept their lines).',
      }),
      cost: Type.Union([OrderCost, Type.Null()], {
        description: 'For how much (null for orders placed before orders kept their cost).',
      }),
      order_number: Type.Integer({
        description:
          "The store's number of the order, what shoppers quote: unique in its store, 1001 for its first order, " +
          'then increasing (not promised to be consecutive).',
      }),
      store_name: Type.String({ description: 'The name shoppers see of its store, as it was at submit.' }),
    },
    { description: "A store's order, created when its cart is submitted." },
  ),
);
export type OrderView = Static<typeof Order>;
