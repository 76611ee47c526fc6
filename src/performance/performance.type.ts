// GraphQL types of media performance. Root values are the records of performance.model.ts; Money
// fields resolve through MoneyResolver.
import { Field, ID, Int, InterfaceType, ObjectType } from 'type-graphql';
import { MoneyType } from '../graphql/money.type.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { MaxItems } from '../graphql/list-size.js';

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
}
