// The snake_case REST answer of media performance (shape: performance.schemas.ts).
import { moneyView } from '../rest/common.view.js';
import type { Money } from '../domain/money.js';
import type { MediaPerformance, PerformanceBucket, PerformanceCounts } from './performance.model.js';
import type { MediaPerformanceView } from './performance.schemas.js';

const revenueView = (amount: Money) => ({ ...moneyView(amount), minor_units: amount.minor });

function countsView(counts: PerformanceCounts) {
  return {
    carts: counts.carts,
    units_added: counts.unitsAdded,
    orders: counts.orders,
    units_sold: counts.unitsSold,
    revenue: counts.revenue.map(revenueView),
  };
}

function bucketView(bucket: PerformanceBucket) {
  return {
    at: bucket.at.toISOString(),
    impressions: bucket.impressions,
    plays: bucket.plays,
    hotspot_opens: bucket.hotspotOpens,
    carts: bucket.carts,
    orders: bucket.orders,
    revenue: bucket.revenue.map(revenueView),
  };
}

export function mediaPerformanceView(performance: MediaPerformance): MediaPerformanceView {
  return {
    media_id: performance.mediaId,
    from: performance.from.toISOString(),
    to: performance.to.toISOString(),
    ...countsView(performance),
    by_store: performance.byStore.map((entry) => ({
      store_id: entry.storeId,
      store: entry.store,
      ...countsView(entry),
    })),
    impressions: performance.impressions,
    plays: performance.plays,
    hotspot_opens: performance.hotspotOpens,
    engagement_rate: performance.engagementRate,
    add_to_cart_rate: performance.addToCartRate,
    conversion_rate: performance.conversionRate,
    by_placement: performance.byPlacement.map((entry) => ({
      placement_id: entry.placementId,
      product_id: entry.productId,
      hotspot_opens: entry.hotspotOpens,
      ...countsView(entry),
    })),
    ...(performance.series ? { series: performance.series.map(bucketView) } : {}),
  };
}
