// The funnel's figures from the rows its statements answer (funnel.repository.ts): the events'
// totals and rates, each placement's part, and a series with a bucket for every hour or day of the
// window (empty ones at 0). Pure: rows in, records out.
import { AppError } from '../errors.js';
import { money, type Money } from '../domain/money.js';
import type {
  FunnelCounts,
  PerformanceBucket,
  PerformanceCounts,
  PlacementPerformance,
  SeriesInterval,
} from './performance.model.js';
import type {
  BucketCartRow,
  BucketEventRow,
  BucketOrderRow,
  EventCountRow,
  PlacementCartRow,
  PlacementOrderRow,
} from './funnel.repository.js';

/** A series holds this many buckets at most: 83 days of hours, 5 years of days. */
export const maxBuckets = 2_000;

const hourMs = 3_600_000;
const intervalMs: Record<SeriesInterval, number> = { hour: hourMs, day: 24 * hourMs };

/** The UTC hour an instant falls in, as hours since 1970 (how event counts are kept). */
export const hourIndex = (at: Date): number => Math.floor(at.getTime() / hourMs);

/** Line totals per currency, by currency code. */
export function revenueOf(rows: readonly { currency: string; revenueMinor: number }[]): Money[] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.revenueMinor);
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, minor]) => money(minor, currency));
}

const rate = (part: number, impressions: number): number => (impressions > 0 ? part / impressions : 0);

/** The events' totals, and the rates of the steps after them. */
export function funnelOf(events: readonly EventCountRow[], carts: number, orders: number): FunnelCounts {
  const total = (type: string) => events.reduce((sum, row) => sum + (row.type === type ? row.count : 0), 0);
  const impressions = total('impression');
  const hotspotOpens = total('hotspot_open');
  return {
    impressions,
    plays: total('play'),
    hotspotOpens,
    engagementRate: rate(hotspotOpens, impressions),
    addToCartRate: rate(carts, impressions),
    conversionRate: rate(orders, impressions),
  };
}

const positionOf = (placementId: string): number => Number(placementId.slice(placementId.indexOf(':') + 1));

/**
 * Each placement's part: the media item's placements now, and any other (since replaced) with
 * figures in the window, by position.
 */
export function placementsOf(
  mediaId: number,
  placements: readonly { position: number; productId: number }[],
  events: readonly EventCountRow[],
  carts: readonly PlacementCartRow[],
  orders: readonly PlacementOrderRow[],
): PlacementPerformance[] {
  const products = new Map(placements.map((placement) => [`${mediaId}:${placement.position}`, placement.productId]));
  const ids = new Set([
    ...products.keys(),
    ...events.filter((row) => row.type === 'hotspot_open' && row.placementId !== '').map((row) => row.placementId),
    ...carts.map((row) => row.placementId),
    ...orders.map((row) => row.placementId),
  ]);
  return [...ids]
    .sort((a, b) => positionOf(a) - positionOf(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map((placementId): PlacementPerformance => {
      const cart = carts.find((row) => row.placementId === placementId);
      const sold = orders.filter((row) => row.placementId === placementId);
      const counts: PerformanceCounts = {
        carts: cart?.carts ?? 0,
        unitsAdded: cart?.units ?? 0,
        orders: sold.reduce((sum, row) => sum + row.orders, 0),
        unitsSold: sold.reduce((sum, row) => sum + row.units, 0),
        revenue: revenueOf(sold),
      };
      const opens = events.filter((row) => row.type === 'hotspot_open' && row.placementId === placementId);
      return {
        placementId,
        productId: products.get(placementId) ?? null,
        hotspotOpens: opens.reduce((sum, row) => sum + row.count, 0),
        ...counts,
      };
    });
}

/** The start of the bucket an instant falls in (UTC hours and days both start at the epoch's). */
export const bucketStartOf = (at: Date, interval: SeriesInterval): number =>
  Math.floor(at.getTime() / intervalMs[interval]) * intervalMs[interval];

/** The window's buckets, from the one `from` falls in to the one `to` falls in; VALIDATION_FAILED past maxBuckets. */
export function bucketsOf(from: Date, to: Date, interval: SeriesInterval): number[] {
  const first = bucketStartOf(from, interval);
  const count = (bucketStartOf(to, interval) - first) / intervalMs[interval] + 1;
  if (count > maxBuckets)
    throw new AppError(
      'VALIDATION_FAILED',
      `interval: a series holds at most ${maxBuckets} buckets; from..to spans ${count} ${interval}s`,
      { field: 'interval', max_buckets: maxBuckets, buckets: count },
    );
  return Array.from({ length: count }, (_, index) => first + index * intervalMs[interval]);
}

/** Rows grouped by their bucket's start. */
function byStart<Row extends { at: number }>(rows: readonly Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.at);
    if (group) group.push(row);
    else groups.set(row.at, [row]);
  }
  return groups;
}

/** A bucket for every start, what happened in it (0 in an empty one). */
export function seriesOf(
  starts: readonly number[],
  events: readonly BucketEventRow[],
  carts: readonly BucketCartRow[],
  orders: readonly BucketOrderRow[],
): PerformanceBucket[] {
  const eventsAt = byStart(events);
  const cartsAt = byStart(carts);
  const ordersAt = byStart(orders);
  return starts.map((at) => {
    const counted = eventsAt.get(at) ?? [];
    const total = (type: string) => counted.reduce((sum, row) => sum + (row.type === type ? row.count : 0), 0);
    const sold = ordersAt.get(at) ?? [];
    return {
      at: new Date(at),
      impressions: total('impression'),
      plays: total('play'),
      hotspotOpens: total('hotspot_open'),
      carts: (cartsAt.get(at) ?? []).reduce((sum, row) => sum + row.carts, 0),
      orders: sold.reduce((sum, row) => sum + row.orders, 0),
      revenue: revenueOf(sold),
    };
  });
}
