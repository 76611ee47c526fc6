// GraphQL twin of GET /analytics/media: admin only.
import { Arg, Int, Query, Resolver } from 'type-graphql';
import { AdminOnly } from '../graphql/admin-only.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { withDefault } from '../graphql/defaults.js';
import { defaultRankingPage, maxRankingPage, RankingService } from './ranking.service.js';
import { MediaRankingSortEnum, MediaRankingType } from './ranking.type.js';

@Resolver(() => MediaRankingType)
export class RankingResolver {
  constructor(private readonly ranking: RankingService) {}

  @AdminOnly()
  @Query(() => MediaRankingType, {
    description:
      'Media items ranked by what they brought over a window (default: the last 30 days), most first; `first` ' +
      `from 1 to ${maxRankingPage}; an admin key when API_KEYS is set.`,
  })
  async mediaAnalytics(
    @Arg('from', () => DateTimeScalar, { nullable: true, description: 'Included; default: 30 days before `to`.' })
    from: Date | null,
    @Arg('to', () => DateTimeScalar, { nullable: true, description: 'Included; default: now.' }) to: Date | null,
    @Arg('sort', () => MediaRankingSortEnum, withDefault(MediaRankingSortEnum.IMPRESSIONS)) sort: MediaRankingSortEnum,
    @Arg('first', () => Int, withDefault(defaultRankingPage)) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
  ) {
    const ranking = await this.ranking.rank({ from, to, sort, first, after });
    return {
      ...ranking,
      nodes: ranking.media,
      pageInfo: { hasNextPage: ranking.hasNextPage, endCursor: ranking.endCursor },
    };
  }
}
