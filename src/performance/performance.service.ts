// Media performance (admin): what a media item brought over a window, REST and GraphQL alike.
import { AppError, parseCatalogId } from '../errors.js';
import { dateTimeProblems, earliestInstant, readDateTime } from '../domain/date-time.js';
import type {
  MediaPerformance,
  PerformanceBucket,
  PerformanceCounts,
  PlacementPerformance,
  SeriesInterval,
  StorePerformance,
} from './performance.model.js';
import type { CartCountRow, OrderCountRow, PerformanceRepository } from './performance.repository.js';
import type { FunnelRepository } from './funnel.repository.js';
import { bucketsOf, funnelOf, hourIndex, placementsOf, revenueOf, seriesOf } from './funnel.js';

/** The window when none is given: the 30 days up to now (or up to `to`). */
export const defaultWindowMs = 30 * 24 * 60 * 60 * 1000;

function instant(value: string | Date | null | undefined, field: 'from' | 'to'): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = value instanceof Date ? value : readDateTime(value);
  if (!(at instanceof Date)) throw new AppError('VALIDATION_FAILED', `${field} ${dateTimeProblems[at]}`, { field });
  return at;
}

/** The window asked for, both ends included; `to` defaults to now, `from` to 30 days before `to`. */
export function performanceWindow(
  fromValue: string | Date | null | undefined,
  toValue: string | Date | null | undefined,
  now = new Date(),
): { from: Date; to: Date } {
  const to = instant(toValue, 'to') ?? now;
  const from = instant(fromValue, 'from') ?? new Date(Math.max(earliestInstant, to.getTime() - defaultWindowMs));
  if (from > to)
    throw new AppError('VALIDATION_FAILED', 'from must not be after to', {
      field: 'from',
      from: from.toISOString(),
      to: to.toISOString(),
    });
  return { from, to };
}

function salesOf(rows: OrderCountRow[]): Pick<PerformanceCounts, 'orders' | 'unitsSold' | 'revenue'> {
  return {
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    unitsSold: rows.reduce((sum, row) => sum + row.units, 0),
    revenue: revenueOf(rows),
  };
}

/** The counts per store, by store id, from the rows of both statements. */
function storesOf(carts: readonly CartCountRow[], orders: readonly OrderCountRow[]): StorePerformance[] {
  const names = new Map<number, string>();
  for (const row of [...carts, ...orders])
    if (row.storeId !== null && row.store !== null) names.set(row.storeId, row.store);
  return [...names.keys()]
    .sort((a, b) => a - b)
    .map((storeId) => {
      const added = carts.find((row) => row.storeId === storeId);
      return {
        storeId,
        store: names.get(storeId) ?? String(storeId),
        carts: added?.carts ?? 0,
        unitsAdded: added?.units ?? 0,
        ...salesOf(orders.filter((row) => row.storeId === storeId)),
      };
    });
}

/** What a window's series is asked for: the media item and the window of its performance. */
export type SeriesWindow = Pick<MediaPerformance, 'mediaId' | 'from' | 'to'>;

export class PerformanceService {
  constructor(
    private readonly repository: PerformanceRepository,
    private readonly funnel: FunnelRepository,
  ) {}

  /**
   * What the media item brought over the window: its funnel, per store and per placement; with an
   * interval, its series too (refused before anything is read when it would hold too many buckets).
   */
  async ofMedia(
    rawId: string | number,
    fromValue?: string | Date | null,
    toValue?: string | Date | null,
    interval?: SeriesInterval,
  ): Promise<MediaPerformance> {
    const id = parseCatalogId(rawId);
    const { from, to } = performanceWindow(fromValue, toValue);
    const starts = interval ? bucketsOf(from, to, interval) : null;
    if (id === null || !(await this.repository.mediaExists(id)))
      throw new AppError('MEDIA_NOT_FOUND', `No media with id ${String(rawId)}`, { id: String(rawId) });
    const carts = await this.repository.cartCounts(id, from, to);
    const orders = await this.repository.orderCounts(id, from, to);
    const events = await this.funnel.eventCounts(id, hourIndex(from), hourIndex(to));
    const all = carts.find((row) => row.storeId === null);
    const totals: PerformanceCounts = { carts: all?.carts ?? 0, unitsAdded: all?.units ?? 0, ...salesOf(orders) };
    return {
      mediaId: id,
      from,
      to,
      ...totals,
      ...funnelOf(events, totals.carts, totals.orders),
      byStore: storesOf(carts, orders),
      byPlacement: await this.byPlacement(id, from, to, events),
      ...(interval && starts ? { series: await this.buckets({ mediaId: id, from, to }, interval, starts) } : {}),
    };
  }

  /** The window's series: a bucket for every hour or day of it. */
  series(window: SeriesWindow, interval: SeriesInterval): Promise<PerformanceBucket[]> {
    return this.buckets(window, interval, bucketsOf(window.from, window.to, interval));
  }

  private async byPlacement(
    id: number,
    from: Date,
    to: Date,
    events: Parameters<typeof placementsOf>[2],
  ): Promise<PlacementPerformance[]> {
    const placements = await this.funnel.placements(id);
    const carts = await this.funnel.placementCarts(id, from, to);
    const orders = await this.funnel.placementOrders(id, from, to);
    return placementsOf(id, placements, events, carts, orders);
  }

  private async buckets(
    { mediaId, from, to }: SeriesWindow,
    interval: SeriesInterval,
    starts: number[],
  ): Promise<PerformanceBucket[]> {
    const events = await this.funnel.bucketEvents(mediaId, hourIndex(from), hourIndex(to), interval);
    const carts = await this.funnel.bucketCarts(mediaId, from, to, interval);
    const orders = await this.funnel.bucketOrders(mediaId, from, to, interval);
    return seriesOf(starts, events, carts, orders);
  }
}
