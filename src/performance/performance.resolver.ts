// GraphQL twin of GET /media/{id}/performance: admin only.
import { Arg, FieldResolver, ID, Query, Resolver, Root } from 'type-graphql';
import { MaxItems } from '../graphql/list-size.js';
import { AdminOnly } from '../graphql/admin-only.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { PerformanceService } from './performance.service.js';
import { MediaPerformanceType, PerformanceBucketType, PerformanceIntervalEnum } from './performance.type.js';
import type { MediaPerformance, PerformanceBucket } from './performance.model.js';
import { maxBuckets } from './funnel.js';

@Resolver(() => MediaPerformanceType)
export class PerformanceResolver {
  constructor(private readonly performance: PerformanceService) {}

  @AdminOnly()
  @Query(() => MediaPerformanceType, {
    description:
      'What a media item brought over a window (default: the last 30 days); an admin key when API_KEYS is set.',
  })
  mediaPerformance(
    @Arg('mediaId', () => ID) mediaId: string,
    @Arg('from', () => DateTimeScalar, { nullable: true, description: 'Included; default: 30 days before `to`.' })
    from?: Date | null,
    @Arg('to', () => DateTimeScalar, { nullable: true, description: 'Included; default: now.' }) to?: Date | null,
  ): Promise<MediaPerformance> {
    return this.performance.ofMedia(mediaId, from, to);
  }

  @FieldResolver(() => [PerformanceBucketType], {
    description:
      `A bucket for every UTC hour or day of the window, empty ones at 0 (at most ${maxBuckets} buckets, else ` +
      'VALIDATION_FAILED).',
  })
  @MaxItems(maxBuckets)
  series(
    @Root() performance: MediaPerformance,
    @Arg('interval', () => PerformanceIntervalEnum) interval: PerformanceIntervalEnum,
  ): Promise<PerformanceBucket[]> {
    return this.performance.series(performance, interval);
  }
}
