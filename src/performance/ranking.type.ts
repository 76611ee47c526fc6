// GraphQL types of the ranking of media items (twin of GET /analytics/media). Root values are the
// records of performance.model.ts; Money fields resolve through MoneyResolver.
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyType } from '../graphql/money.type.js';
import { DateTimeScalar } from '../graphql/scalars.js';
import { MaxItems } from '../graphql/list-size.js';
import { MediaKindEnum, PageInfoType } from '../catalog/catalog.type.js';

export enum MediaRankingSortEnum {
  IMPRESSIONS = 'impressions',
  HOTSPOT_OPENS = 'hotspot_opens',
  CARTS = 'carts',
  ORDERS = 'orders',
}
registerEnumType(MediaRankingSortEnum, {
  name: 'MediaRankingSort',
  description: 'What media items are ranked by, most first (then by id).',
});

@ObjectType('MediaFigures', { simpleResolvers: true, description: "A media item's figures over the window." })
export class MediaFiguresType {
  @Field(() => ID) mediaId!: number;
  @Field(() => MediaKindEnum) kind!: MediaKindEnum;
  @Field(() => String) slug!: string;
  @Field(() => Boolean, { description: 'Deleted through the admin API: listed only when it has figures.' })
  deleted!: boolean;
  @Field(() => Int, { description: 'Impressions counted in the hours the window touches.' }) impressions!: number;
  @Field(() => Int, { description: 'Product panels opened from it, counted the same way.' }) hotspotOpens!: number;
  @Field(() => Int, { description: 'Carts with a line added from it within the window.' }) carts!: number;
  @Field(() => Int, {
    description: 'Orders created within the window with a line from it; CANCELLED and FAILED excluded.',
  })
  orders!: number;
  @Field(() => [MoneyType], { description: "Those orders' line totals from it, one per currency." })
  @MaxItems('currencies')
  revenue!: MoneyType[];
}

@ObjectType('MediaRankingConnection', { simpleResolvers: true, description: 'Media items ranked over a window.' })
export class MediaRankingType {
  @Field(() => DateTimeScalar) from!: Date;
  @Field(() => DateTimeScalar) to!: Date;
  @Field(() => MediaRankingSortEnum) sort!: MediaRankingSortEnum;
  @Field(() => [MediaFiguresType], {
    description: 'Every media item of the catalog, and every deleted one with figures, most first.',
  })
  nodes!: MediaFiguresType[];
  @Field(() => PageInfoType) pageInfo!: PageInfoType;
}
