// A media item's performance over a window, as both APIs show it (docs/carts.md, "Attribution and media performance"):
// what shoppers added to carts from it and what its orders sold. Plain values; money in minor units.
import type { Money } from '../domain/money.js';

/** The counts of one store, or of every store together. */
export interface PerformanceCounts {
  /** Carts with a line attributed to the media item within the window. */
  carts: number;
  /** The quantities of those lines. */
  unitsAdded: number;
  /** Orders (neither CANCELLED nor FAILED) created within the window with a line attributed to it. */
  orders: number;
  /** The quantities of those order lines. */
  unitsSold: number;
  /** The line totals of those order lines, per currency (by currency code). */
  revenue: Money[];
}

export interface StorePerformance extends PerformanceCounts {
  storeId: number;
  /** The store's name. */
  store: string;
}

/**
 * The top of the funnel: the player events counted within the window (docs/analytics.md; their
 * counts are kept per hour, so every hour the window touches counts whole), and the rates from
 * impressions to each step (0 without impressions).
 */
export interface FunnelCounts {
  impressions: number;
  plays: number;
  hotspotOpens: number;
  /** hotspotOpens / impressions. */
  engagementRate: number;
  /** carts / impressions. */
  addToCartRate: number;
  /** orders / impressions. */
  conversionRate: number;
}

/** One placement's part: products opened from it, and carts and orders of lines added from it. */
export interface PlacementPerformance extends PerformanceCounts {
  /** `<mediaId>:<position>`. */
  placementId: string;
  /** The product it places now; null when the media item no longer has it. */
  productId: number | null;
  hotspotOpens: number;
}

/** Buckets of a series: UTC hours or UTC days. */
export type SeriesInterval = 'hour' | 'day';

/** One bucket of a series: what happened from `at` to the next bucket. */
export interface PerformanceBucket {
  at: Date;
  impressions: number;
  plays: number;
  hotspotOpens: number;
  /** Carts whose first line from the media item (within the window) was added in the bucket. */
  carts: number;
  orders: number;
  revenue: Money[];
}

export interface MediaPerformance extends PerformanceCounts, FunnelCounts {
  mediaId: number;
  /** The window, both ends included. */
  from: Date;
  to: Date;
  /** Stores with a cart line or an order line in the window, by store id. */
  byStore: StorePerformance[];
  /** Its placements now, and any other with figures in the window, by position. */
  byPlacement: PlacementPerformance[];
  /** Every bucket of the window, when asked for (REST's `interval`). */
  series?: PerformanceBucket[];
}

/** What the ranking sorts by, most first. */
export const rankingSorts = ['impressions', 'hotspot_opens', 'carts', 'orders'] as const;
export type RankingSort = (typeof rankingSorts)[number];

/** A media item's figures over a window, as the ranking lists them. */
export interface MediaFigures {
  mediaId: number;
  kind: 'image' | 'video';
  slug: string;
  /** Deleted through the admin API (its tombstone keeps its kind and slug). */
  deleted: boolean;
  impressions: number;
  hotspotOpens: number;
  carts: number;
  orders: number;
  revenue: Money[];
}

export interface MediaRanking {
  from: Date;
  to: Date;
  sort: RankingSort;
  media: MediaFigures[];
  hasNextPage: boolean;
  /** The last item's cursor, null for an empty page. */
  endCursor: string | null;
}
