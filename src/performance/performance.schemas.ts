// REST shapes of media performance (see src/rest/schema.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';
import { Money } from '../rest/common.schemas.js';

export const PerformanceQuery = Type.Object({
  from: Type.Optional(
    Type.String({ description: 'ISO 8601 date-time with a time zone; default: 30 days before `to`. Included.' }),
  ),
  to: Type.Optional(Type.String({ description: 'ISO 8601 date-time with a time zone; default: now. Included.' })),
  interval: Type.Optional(
    Type.Union([Type.Literal('hour'), Type.Literal('day')], {
      description:
        'With it, `series`: a bucket for every UTC hour or day from `from` to `to` (at most 2000 buckets, ' +
        'else 400 VALIDATION_FAILED).',
    }),
  ),
});

export const Revenue = Named(
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

const funnel = {
  impressions: Type.Integer({
    description:
      'Impressions counted in the hours the window touches: a player showed at least half of the media item for ' +
      'a second, once per session and 30 minutes.',
  }),
  plays: Type.Integer({ description: 'Plays of the video counted (the same rule).' }),
  hotspot_opens: Type.Integer({
    description: 'Product panels opened from a hotspot or a video card counted (the same rule).',
  }),
  engagement_rate: Type.Number({ description: 'hotspot_opens / impressions; 0 without impressions.' }),
  add_to_cart_rate: Type.Number({ description: 'carts / impressions; 0 without impressions.' }),
  conversion_rate: Type.Number({ description: 'orders / impressions; 0 without impressions.' }),
};

const PlacementPerformance = Type.Object({
  placement_id: Type.String({ description: '`<media id>:<position>`.' }),
  product_id: Nullable(
    Type.Integer({ description: 'The product it places now; null when the media item no longer has it.' }),
  ),
  hotspot_opens: Type.Integer({ description: 'Product panels opened from it.' }),
  ...counts,
});

const PerformanceBucket = Type.Object({
  at: Type.String({ description: 'The start of the bucket (ISO 8601, UTC).' }),
  impressions: Type.Integer(),
  plays: Type.Integer(),
  hotspot_opens: Type.Integer(),
  carts: Type.Integer({ description: 'Carts whose first line from the media item in the window was added in it.' }),
  orders: Type.Integer(),
  revenue: Type.Array(Ref(Revenue), { description: 'One per currency, by currency code.' }),
});

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
      ...funnel,
      by_placement: Type.Array(PlacementPerformance, {
        description: 'Per placement: its placements now and any other with figures in the window, by position.',
      }),
      series: Type.Optional(
        Type.Array(PerformanceBucket, {
          description: 'With `interval`: every bucket from the one `from` falls in to the one `to` falls in.',
        }),
      ),
    },
    {
      description:
        'What a media item brought over a window: impressions, plays and hotspot openings, carts and units ' +
        'added from it, orders, units and revenue sold from it, per store and per placement.',
    },
  ),
);
export type MediaPerformanceView = Static<typeof MediaPerformance>;
