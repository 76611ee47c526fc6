// REST shapes of media performance (see src/rest/schema.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Ref } from '../rest/schema.js';
import { Money } from '../rest/common.schemas.js';

export const PerformanceQuery = Type.Object({
  from: Type.Optional(
    Type.String({ description: 'ISO 8601 date-time with a time zone; default: 30 days before `to`. Included.' }),
  ),
  to: Type.Optional(Type.String({ description: 'ISO 8601 date-time with a time zone; default: now. Included.' })),
});

const Revenue = Named(
  'Revenue',
  Type.Object(
    {
      ...Money.properties,
      minor_units: Type.Integer({ description: 'The exact amount in the minor unit (cents for USD).' }),
    },
    { description: 'Money of one currency, with its exact minor units.' },
  ),
);

const counts = {
  carts: Type.Integer({
    description:
      'Carts with a line added from the media item within the window (by the time the line got the media item).',
  }),
  units_added: Type.Integer({ description: 'The quantities of those lines, as they are now.' }),
  orders: Type.Integer({
    description:
      'Orders created within the window with a line from the media item; CANCELLED and FAILED orders excluded.',
  }),
  units_sold: Type.Integer({ description: 'The quantities of those order lines.' }),
  revenue: Type.Array(Ref(Revenue), {
    description: 'The line totals of those order lines, one per currency, by currency code.',
  }),
};

export const MediaPerformance = Named(
  'MediaPerformance',
  Type.Object(
    {
      media_id: Type.Integer(),
      from: Type.String({ description: 'The window, both ends included (ISO 8601, UTC).' }),
      to: Type.String(),
      ...counts,
      by_store: Type.Array(
        Type.Object({ store_id: Type.Integer(), store: Type.String({ description: "The store's name." }), ...counts }),
        { description: 'The same per store, by store id.' },
      ),
    },
    {
      description:
        'What a media item brought over a window: carts and units added from it, orders, units and revenue ' +
        'sold from it.',
    },
  ),
);
export type MediaPerformanceView = Static<typeof MediaPerformance>;
