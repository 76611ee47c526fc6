// The ranking of media items over a window (admin), REST and GraphQL alike: a page of media items
// sorted by impressions, hotspot openings, carts or orders (most first, then by id), each with its
// figures; a page's cursor names the sort, the last value and id, so the next page goes on below it.
import { AppError } from '../errors.js';
import { hourIndex, revenueOf } from './funnel.js';
import { rankingSorts, type MediaRanking, type RankingSort } from './performance.model.js';
import type { RankedRow, RankingKey, RankingRepository } from './ranking.repository.js';
import { performanceWindow } from './performance.service.js';

export const defaultRankingPage = 20;
export const maxRankingPage = 100;

export interface RankingArgs {
  from?: string | Date | null;
  to?: string | Date | null;
  sort?: string | null;
  first?: number | null;
  after?: string | null;
}

const cursorPrefix = 'ranking:';

/** A page's cursor: the sort, and the last item's value of it and id. */
export const rankingCursor = (sort: RankingSort, value: number, mediaId: number): string =>
  Buffer.from(`${cursorPrefix}${sort}:${value}:${mediaId}`).toString('base64url');

function keyOf(cursor: string, sort: RankingSort): RankingKey {
  const text = Buffer.from(cursor, 'base64url').toString();
  const [prefix, sorted, value, id] = text.split(':');
  const key = { value: Number(value), mediaId: Number(id) };
  if (`${prefix}:` !== cursorPrefix || !Number.isSafeInteger(key.value) || !Number.isSafeInteger(key.mediaId))
    throw new AppError('VALIDATION_FAILED', `after: "${cursor.slice(0, 64)}" is not a cursor of this ranking`, {
      field: 'after',
    });
  if (sorted !== sort)
    throw new AppError('VALIDATION_FAILED', `after: the cursor is of the ranking by ${sorted}, not by ${sort}`, {
      field: 'after',
    });
  return key;
}

const valueOf = (row: RankedRow, sort: RankingSort): number =>
  sort === 'impressions'
    ? row.impressions
    : sort === 'hotspot_opens'
      ? row.hotspotOpens
      : sort === 'carts'
        ? row.carts
        : row.orders;

export class RankingService {
  constructor(private readonly repository: RankingRepository) {}

  async rank(args: RankingArgs = {}): Promise<MediaRanking> {
    const { from, to } = performanceWindow(args.from, args.to);
    const sort = (args.sort ?? 'impressions') as RankingSort;
    if (!rankingSorts.includes(sort))
      throw new AppError('VALIDATION_FAILED', `sort must be one of ${rankingSorts.join(', ')}`, { field: 'sort' });
    const first = args.first ?? defaultRankingPage;
    if (!Number.isSafeInteger(first) || first < 1 || first > maxRankingPage)
      throw new AppError('VALIDATION_FAILED', `first must be an integer from 1 to ${maxRankingPage}`, {
        field: 'first',
      });
    const after = args.after ? keyOf(args.after, sort) : null;
    const window = { from, to, fromHour: hourIndex(from), toHour: hourIndex(to) };
    const rows = await this.repository.page(window, sort, after, first + 1);
    const page = rows.slice(0, first);
    const revenue = await this.repository.revenue(
      window,
      page.filter((row) => row.orders > 0).map((row) => row.mediaId),
    );
    const last = page.at(-1);
    return {
      from,
      to,
      sort,
      media: page.map((row) => ({
        ...row,
        revenue: revenueOf(revenue.filter((each) => each.mediaId === row.mediaId)),
      })),
      hasNextPage: rows.length > first,
      endCursor: last ? rankingCursor(sort, valueOf(last, sort), last.mediaId) : null,
    };
  }
}
