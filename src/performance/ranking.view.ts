// The snake_case REST answer of the ranking (shape: ranking.schemas.ts).
import { moneyView } from '../rest/common.view.js';
import type { MediaRanking } from './performance.model.js';
import type { MediaRankingView } from './ranking.schemas.js';

export function mediaRankingView(ranking: MediaRanking): MediaRankingView {
  return {
    from: ranking.from.toISOString(),
    to: ranking.to.toISOString(),
    sort: ranking.sort,
    media: ranking.media.map((media) => ({
      media_id: media.mediaId,
      slug: media.slug,
      type: media.kind,
      deleted: media.deleted,
      impressions: media.impressions,
      hotspot_opens: media.hotspotOpens,
      carts: media.carts,
      orders: media.orders,
      revenue: media.revenue.map((amount) => ({ ...moneyView(amount), minor_units: amount.minor })),
    })),
    page_info: { has_next_page: ranking.hasNextPage, end_cursor: ranking.endCursor },
  };
}
