// GraphQL twin of GET /media/{id}/performance: admin only.
import { Arg, ID, Query, Resolver } from 'type-graphql';
import { AdminOnly } from '../graphql/admin-only.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { PerformanceService } from './performance.service.js';
import { MediaPerformanceType } from './performance.type.js';
import type { MediaPerformance } from './performance.model.js';

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
}
