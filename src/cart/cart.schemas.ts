// REST shapes of the cart routes, declared once: requests are checked for types
// only (ranges and references are checked by the services, the same for GraphQL; unknown fields
// are ignored), answers are the documented Cart and cart status.
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Named, Nullable, NullableRef, Ref } from '../rest/schema.js';
import { Money, ShippingMethod } from '../rest/common.schemas.js';
import { AppliedDiscount, Order } from '../orders/order.schemas.js';
import { cartStatuses, type CartStatus as Status } from '../domain/order-status.js';

// Requests

const IdValue = Type.Unsafe<string | number | null>({
  type: ['string', 'integer', 'null'],
  description: 'A catalog id, as a string or an integer.',
});

export const CartItem = Type.Object({
  quantity: Type.Integer({ description: '1–999 when adding; 0–999 when setting (0 removes).' }),
  variant_id: Type.Optional(IdValue),
  product_id: Type.Optional(
    Type.Unsafe<string | number | null>({
      ...IdValue,
      description: 'Alone, for a product with one SKU; with variant_id, checked against it.',
    }),
  ),
  media_id: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 2_147_483_647,
        description:
          "The media item (image or video) the item is added from; it must show the item's product (else 422 " +
          'MEDIA_NOT_ATTRIBUTABLE). A line keeps the first media item it is given.',
      }),
    ),
  ),
  placement_id: Type.Optional(
    Nullable(
      Type.String({
        pattern: '^[1-9][0-9]{0,9}:(0|[1-9][0-9]{0,9})$',
        description:
          'With media_id only: the placement (`<media id>:<position>`) of that media item it is added from; it ' +
          "must place the item's product.",
      }),
    ),
  ),
});
export type CartItemBody = Static<typeof CartItem>;

const CartItems = Type.Array(CartItem, { description: 'At most 100 items per request.' });

export const CartItemsBody = Type.Object({
  id: Type.Optional(Nullable(Type.String({ description: 'The cart to change; absent, null or empty creates one.' }))),
  items: Type.Optional(
    Type.Object({
      storefront_cart_items_input: Type.Optional(CartItems),
      shopify_cart_items_input: Type.Optional(
        Type.Unsafe<Static<typeof CartItems>>({
          ...CartItems,
          description: "Older clients' name of the same list; when both come, this one's items count first.",
        }),
      ),
    }),
  ),
});
export type CartItemsBodyView = Static<typeof CartItemsBody>;

export const CartItemsBodyWithId = Type.Object({
  ...CartItemsBody.properties,
  id: Type.String({ description: 'The cart to change.' }),
});

const NullableString = () => Nullable(Type.String());

export const BuyerIdentity = Named(
  'BuyerIdentity',
  Type.Object({
    first_name: NullableString(),
    last_name: NullableString(),
    address_1: NullableString(),
    address_2: NullableString(),
    city: NullableString(),
    province_code: NullableString(),
    country_code: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2.' })),
    postal_code: NullableString(),
    email: NullableString(),
    phone: NullableString(),
  }),
);
export type BuyerIdentityView = Static<typeof BuyerIdentity>;
type IdentityField = keyof BuyerIdentityView;

export const CustomerInfoBody = Type.Object({
  id: Type.String({ description: 'The cart.' }),
  buyer_identity: Type.Unsafe<Partial<Record<IdentityField, unknown>>>({
    type: 'object',
    description:
      'A partial update: absent fields keep their value, null or "" clears one. country_code is ISO 3166-1 alpha-2.',
    // Names only: the values are checked by the service (422 BUYER_IDENTITY_INVALID with every problem).
    properties: Object.fromEntries(
      Object.keys(BuyerIdentity.properties).map((field) => [field, { description: 'A string, or null to clear it.' }]),
    ),
  }),
});

export const AddItemBody = Type.Object({
  cart_id: Type.Optional(Nullable(Type.String({ description: 'Absent or null creates a cart.' }))),
  item: CartItem,
});
export const UpdateItemBody = Type.Object({ cart_id: Type.String(), item: CartItem });

export const RemoveItemInput = Type.Object({
  cart_id: Type.Optional(Type.String()),
  variant_id: Type.Optional(
    Type.Unsafe<string | number>({ type: ['string', 'number'], description: 'The variant (SKU) id.' }),
  ),
});

export const ShippingMethodBody = Type.Object({
  cart_id: Type.String(),
  store: Type.Unsafe<string | number>({
    type: ['string', 'integer'],
    description: "The store's name, as the cart's entry shows it.",
  }),
  shipping_method_id: Type.String({ description: "The method's id, e.g. standard." }),
});

export const DiscountCodesBody = Type.Object({
  id: Type.String({ description: 'The cart.' }),
  codes: Type.Array(Type.String(), {
    description:
      'The codes the cart should have, replacing those it had; [] clears them. At most 10, each 1-64 ' +
      'characters; matched without case.',
  }),
});

export const MoneyInput = Named(
  'MoneyInput',
  Type.Object(
    {
      value: Type.Number({ description: "In major units, at most the currency's decimals (44.99 USD, 1005 JPY)." }),
      currency: Type.String({ description: 'ISO 4217 code, upper case.' }),
    },
    { description: 'An amount as answers show it (Money); other keys, such as display_value, are ignored.' },
  ),
);

export const SubmitBody = Type.Object({
  id: Type.Optional(Type.String({ description: 'The cart.' })),
  cart_id: Type.Optional(Type.String({ description: 'Accepted for id.' })),
  expected_total: Type.Optional(
    Ref(MoneyInput, {
      description:
        "The cart's cost.total the buyer was shown: a cart that costs another total (amount or currency) is " +
        'refused with 409 CART_TOTAL_CHANGED and nothing is written.',
    }),
  ),
});

export const CartIdParams = Type.Object({ cart_id: Type.String() });

// Answers

const ItemRef = Type.Object({
  id: Type.String(),
  title: Type.String(),
  marketplace: Type.String({ description: "The store's name." }),
  description: Nullable(Type.String()),
  is_available: Type.Boolean(),
  price: Ref(Money, { description: "The SKU's sale price, or its retail price when it has none." }),
});

export const CartLine = Named(
  'CartLine',
  Type.Object({
    quantity: Type.Integer(),
    variant: ItemRef,
    product: ItemRef,
    media_id: Nullable(
      Type.Integer({ description: 'The media item the line was added from (the first one named); null when none.' }),
    ),
    placement_id: Nullable(
      Type.String({ description: 'The placement of that media item (`<media id>:<position>`); null when none.' }),
    ),
    discount: Ref(Money, { description: "What the store's discounts take off this line." }),
  }),
);
export type CartLineView = Static<typeof CartLine>;

const Offer = Type.Object({
  subtotal: Ref(Money),
  margin: Ref(Money),
  not_available_ids: Type.Array(Type.String(), { description: 'Variants that cannot be sold in the quantity asked.' }),
  shipping_methods: Type.Array(Ref(ShippingMethod)),
  selected_shipping_method: NullableRef(ShippingMethod, {
    description: 'The chosen method, else the cheapest; null when the store has none.',
  }),
  discount: Ref(Money, { description: 'What the discounts applied take off this store: lines and shipping.' }),
  discounts: Type.Array(AppliedDiscount, {
    description: 'The discounts applied to this store, in the order they were applied.',
  }),
});
export type OfferView = Static<typeof Offer>;

/** A store's entry with its lines as `lines` shows them (keys in the order the original REST clients know). */
function storeEntry<T extends TSchema>(lines: T) {
  return Type.Object({
    store: Type.String({ description: "The store's name." }),
    request_id: Nullable(Type.String()),
    cart_lines: lines,
    offer: Offer,
    is_submitted: Type.Boolean(),
    store_name: Type.String({
      description: 'The name shoppers see, such as "North Trail": the display name of the store `store` names.',
    }),
  });
}

export const StoreEntry = Named('StoreEntry', {
  ...storeEntry(Type.Array(Ref(CartLine))),
  description: "One store's part of a cart.",
});
export type StoreEntryView = Static<typeof StoreEntry>;

export const CartWarning = Named(
  'CartWarning',
  Type.Object(
    {
      code: Type.String({
        description:
          'NOT_ENOUGH_STOCK, VARIANT_UNAVAILABLE, VARIANT_UNLISTED, PRICE_CHANGED, or a DISCOUNT_… code naming ' +
          'why a code does not apply.',
      }),
      message: Type.String(),
      store: Type.Optional(Type.String({ description: "The store's name, when it is about one store." })),
      variant_id: Type.Optional(Type.String()),
      discount_code: Type.Optional(
        Type.String({ description: 'The code as the buyer gave it, when it is about one.' }),
      ),
    },
    {
      description:
        'Something the buyer should know that does not stop them shopping (submit refuses what it must, 422).',
    },
  ),
);
export type CartWarningView = Static<typeof CartWarning>;

export const Cart = Named(
  'Cart',
  Type.Object(
    {
      id: Type.String(),
      cost: Type.Object({
        is_estimated: Type.Boolean({
          description: 'True until the buyer identity has a country code and a postal code.',
        }),
        subtotal: Ref(Money),
        tax: Ref(Money),
        shipping: Ref(Money),
        discount: Ref(Money, {
          description: "Σ of the stores' discounts: total = subtotal + shipping + tax - discount.",
        }),
        total: Ref(Money),
      }),
      buyer_identity: Ref(BuyerIdentity),
      stores: Type.Array(Ref(StoreEntry)),
      discount_codes: Type.Array(
        Type.Object({
          code: Type.String({ description: 'As the buyer gave it.' }),
          applicable: Type.Boolean({ description: 'Whether one of its discounts applies now.' }),
        }),
      ),
      warnings: Type.Array(Ref(CartWarning)),
    },
    { description: 'A cart spanning several stores: one entry per store.' },
  ),
);
export type CartView = Static<typeof Cart>;

export const CustomerInfoAnswer = Type.Object({ cart: Ref(Cart) });

export const CartStatus = Named(
  'CartStatus',
  Type.Object(
    {
      status: Type.Unsafe<Status>({
        type: 'string',
        enum: [...cartStatuses],
        description: 'IN_PROGRESS until submitted; then from its orders.',
      }),
      orders: Type.Array(Ref(Order)),
      cart: Type.Object({
        id: Type.String(),
        stores: Type.Array(
          storeEntry(
            NullableRef(CartLine, {
              description:
                "As the original REST clients read it: the store's first line (not a list), null when it has none.",
            }),
          ),
        ),
        buyer_identity: Ref(BuyerIdentity),
      }),
    },
    { description: 'A cart with its orders. The cart has no cost here.' },
  ),
);
export type CartStatusView = Static<typeof CartStatus>;
