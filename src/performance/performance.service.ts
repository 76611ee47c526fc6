// Media performance (admin): what a media item brought over a window, REST and GraphQL alike.
import { AppError, parseCatalogId } from '../errors.js';
import { money, type Money } from '../domain/money.js';
import { dateTimeProblems, earliestInstant, readDateTime } from '../domain/date-time.js';
import type { MediaPerformance, PerformanceCounts, StorePerformance } from './performance.model.js';
import type { OrderCountRow, PerformanceRepository } from './performance.repository.js';

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

function revenueOf(rows: OrderCountRow[]): Money[] {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + row.revenueMinor);
  return [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([currency, minor]) => money(minor, currency));
}

function salesOf(rows: OrderCountRow[]): Pick<PerformanceCounts, 'orders' | 'unitsSold' | 'revenue'> {
  return {
    orders: rows.reduce((sum, row) => sum + row.orders, 0),
    unitsSold: rows.reduce((sum, row) => sum + row.units, 0),
    revenue: revenueOf(rows),
  };
}

export class PerformanceService {
  constructor(private readonly repository: PerformanceRepository) {}

  async ofMedia(
    rawId: string | number,
    fromValue?: string | Date | null,
    toValue?: string | Date | null,
  ): Promise<MediaPerformance> {
    const id = parseCatalogId(rawId);
    const { from, to } = performanceWindow(fromValue, toValue);
    if (id === null || !(await this.repository.mediaExists(id)))
      throw new AppError('MEDIA_NOT_FOUND', `No media with id ${String(rawId)}`, { id: String(rawId) });
    const carts = await this.repository.cartCounts(id, from, to);
    const orders = await this.repository.orderCounts(id, from, to);
    const names = new Map<number, string>();
    for (const row of [...carts, ...orders])
      if (row.storeId !== null && row.store !== null) names.set(row.storeId, row.store);
    const storeIds = [...names.keys()].sort((a, b) => a - b);
    const all = carts.find((row) => row.storeId === null);
    const byStore: StorePerformance[] = storeIds.map((storeId) => {
      const added = carts.find((row) => row.storeId === storeId);
      return {
        storeId,
        store: names.get(storeId) ?? String(storeId),
        carts: added?.carts ?? 0,
        unitsAdded: added?.units ?? 0,
        ...salesOf(orders.filter((row) => row.storeId === storeId)),
      };
    });
    return { mediaId: id, from, to, carts: all?.carts ?? 0, unitsAdded: all?.units ?? 0, ...salesOf(orders), byStore };
  }
}
