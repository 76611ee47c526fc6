// REST shapes of the ranking of media items (see src/rest/schema.ts).
import { Type, type Static } from '@sinclair/typebox';
import { Named, Nullable, Ref } from '../rest/schema.js';
import { Revenue } from './performance.schemas.js';
import { rankingSorts } from './performance.model.js';

export const RankingQuery = Type.Object({
  from: Type.Optional(
    Type.String({ description: 'ISO 8601 date-time with a time zone; default: 30 days before `to`. Included.' }),
  ),
  to: Type.Optional(Type.String({ description: 'ISO 8601 date-time with a time zone; default: now. Included.' })),
  sort: Type.Optional(
    Type.Union(
      rankingSorts.map((sort) => Type.Literal(sort)),
      { description: 'What the media items are ranked by, most first (then by id); default: impressions.' },
    ),
  ),
  first: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$', description: 'How many, 1 to 100 (default 20).' })),
  after: Type.Optional(Type.String({ maxLength: 200, description: "The previous page's `end_cursor`." })),
});

const RankedMedia = Type.Object({
  media_id: Type.Integer(),
  slug: Type.String(),
  type: Type.Union([Type.Literal('image'), Type.Literal('video')]),
  deleted: Type.Boolean({
    description: 'Deleted through the admin API: listed only when it has figures in the window.',
  }),
  impressions: Type.Integer({ description: 'Impressions counted in the hours the window touches.' }),
  hotspot_opens: Type.Integer({ description: 'Product panels opened from it, counted the same way.' }),
  carts: Type.Integer({ description: 'Carts with a line added from it within the window.' }),
  orders: Type.Integer({
    description: 'Orders created within the window with a line from it; CANCELLED and FAILED excluded.',
  }),
  revenue: Type.Array(Ref(Revenue), { description: "Those orders' line totals from it, one per currency." }),
});

export const MediaRankingAnswer = Named(
  'MediaRanking',
  Type.Object(
    {
      from: Type.String({ description: 'The window, both ends included (ISO 8601, UTC).' }),
      to: Type.String(),
      sort: Type.Union(rankingSorts.map((sort) => Type.Literal(sort))),
      media: Type.Array(RankedMedia, {
        description: 'Every media item of the catalog, and every deleted one with figures, most first.',
      }),
      page_info: Type.Object({
        has_next_page: Type.Boolean(),
        end_cursor: Nullable(Type.String({ description: 'Give it as `after` for the next page.' })),
      }),
    },
    { description: 'Media items ranked by what they brought over a window.' },
  ),
);
export type MediaRankingView = Static<typeof MediaRankingAnswer>;
