// GraphQL types of media performance. Root values are the records of performance.model.ts; Money
// fields resolve through MoneyResolver.
import { Field, Float, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyType } from '../graphql/money.type.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { MaxItems } from '../graphql/list-size.js';
import { maxPlacements } from '../media/media.service.js';

@InterfaceType('PerformanceCounts', {
  description: 'What shoppers added to carts from a media item, and what its orders sold.',
})
export abstract class PerformanceCountsFields {
  @Field(() => Int, {
    description:
      'Carts with a line added from the media item within the window (by the time the line got the media item).',
  })
  carts!: number;
  @Field(() => Int, { description: 'The quantities of those lines, as they are now.' }) unitsAdded!: number;
  @Field(() => Int, {
    description:
      'Orders created within the window with a line from the media item; CANCELLED and FAILED orders excluded.',
  })
  orders!: number;
  @Field(() => Int, { description: 'The quantities of those order lines.' }) unitsSold!: number;
  @Field(() => [MoneyType], {
    description: 'The line totals of those order lines, one per currency, by currency code.',
  })
  @MaxItems('currencies')
  revenue!: MoneyType[];
}

@ObjectType('StorePerformance', {
  simpleResolvers: true,
  implements: PerformanceCountsFields,
  description: "One store's part of a media item's performance.",
})
export class StorePerformanceType extends PerformanceCountsFields {
  @Field(() => ID) storeId!: number;
  @Field(() => String, { description: "The store's name." }) store!: string;
}

export enum PerformanceIntervalEnum {
  HOUR = 'hour',
  DAY = 'day',
}
registerEnumType(PerformanceIntervalEnum, {
  name: 'PerformanceInterval',
  description: 'Buckets of a series: UTC hours or UTC days.',
});

@ObjectType('PlacementPerformance', {
  simpleResolvers: true,
  implements: PerformanceCountsFields,
  description: "One placement's part of a media item's performance.",
})
export class PlacementPerformanceType extends PerformanceCountsFields {
  @Field(() => ID, { description: '`<media id>:<position>`.' }) placementId!: string;
  @Field(() => ID, {
    nullable: true,
    description: 'The product it places now; null when the media item no longer has it.',
  })
  productId!: number | null;
  @Field(() => Int, { description: 'Product panels opened from it.' }) hotspotOpens!: number;
}

@ObjectType('PerformanceBucket', { simpleResolvers: true, description: 'What happened from `at` to the next bucket.' })
export class PerformanceBucketType {
  @Field(() => DateTimeScalar, { description: 'The start of the bucket.' }) at!: Date;
  @Field(() => Int) impressions!: number;
  @Field(() => Int) plays!: number;
  @Field(() => Int) hotspotOpens!: number;
  @Field(() => Int, { description: 'Carts whose first line from the media item in the window was added in it.' })
  carts!: number;
  @Field(() => Int) orders!: number;
  @Field(() => [MoneyType], { description: 'One per currency, by currency code.' })
  @MaxItems('currencies')
  revenue!: MoneyType[];
}

@ObjectType('MediaPerformance', {
  simpleResolvers: true,
  implements: PerformanceCountsFields,
  description: 'What a media item brought over a window (both ends included).',
})
export class MediaPerformanceType extends PerformanceCountsFields {
  @Field(() => ID) mediaId!: number;
  @Field(() => DateTimeScalar) from!: Date;
  @Field(() => DateTimeScalar) to!: Date;
  @Field(() => [StorePerformanceType], { description: 'The same per store, by store id.' })
  @MaxItems('stores')
  byStore!: StorePerformanceType[];
  @Field(() => Int, {
    description:
      'Impressions counted in the hours the window touches: a player showed at least half of the media item for ' +
      'a second, once per session and 30 minutes.',
  })
  impressions!: number;
  @Field(() => Int, { description: 'Plays of the video counted (the same rule).' }) plays!: number;
  @Field(() => Int, { description: 'Product panels opened from a hotspot or a video card counted (the same rule).' })
  hotspotOpens!: number;
  @Field(() => Float, { description: 'hotspotOpens / impressions; 0 without impressions.' }) engagementRate!: number;
  @Field(() => Float, { description: 'carts / impressions; 0 without impressions.' }) addToCartRate!: number;
  @Field(() => Float, { description: 'orders / impressions; 0 without impressions.' }) conversionRate!: number;
  @Field(() => [PlacementPerformanceType], {
    description: 'Per placement: its placements now and any other with figures in the window, by position.',
  })
  @MaxItems(maxPlacements)
  byPlacement!: PlacementPerformanceType[];
}
