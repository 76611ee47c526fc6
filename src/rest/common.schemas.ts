// REST shapes that several features answer with: money and a store's shipping method.
import { Type, type Static } from '@sinclair/typebox';
import { Named, Ref } from './schema.js';

export const Money = Named(
  'Money',
  Type.Object({
    value: Type.Number({ description: 'In major units, e.g. 44.99 (0 decimals for JPY, 3 for KWD).' }),
    display_value: Type.String({ description: 'Formatted for display, en-US: "$44.99".' }),
    currency: Type.String({ description: 'ISO 4217 code.' }),
  }),
);
export type MoneyView = Static<typeof Money>;

export const ShippingMethod = Named(
  'ShippingMethod',
  Type.Object({
    id: Type.String({
      description: "The store's id of the method, e.g. standard (what POST /cart/shippingMethod takes).",
    }),
    label: Type.String(),
    price: Ref(Money),
    taxes: Ref(Money, { description: "Taxes on the method's price at the buyer's address." }),
    total: Ref(Money, { description: 'price + taxes.' }),
  }),
);
export type ShippingMethodView = Static<typeof ShippingMethod>;
