// GraphQL inputs of the media admin API. Its answers are the catalog's own types (Media, Placement,
// MediaConnection: catalog.type.ts), resolved from the admin records as from the catalog's.
import { Field, Float, ID, InputType, Int } from 'type-graphql';
import { MediaKindEnum } from '../catalog/catalog.type.js';

/** The fields both inputs have; left out (or, in an update, null where it cannot be cleared) leaves one as it is. */
@InputType('MediaFieldsInput')
abstract class MediaFieldsInput {
  @Field(() => Int, { nullable: true, description: "A video's length in milliseconds." })
  durationMs?: number | null;
  @Field(() => String, { nullable: true, description: "A video's still image, shown before it plays." })
  posterUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'What it shows, for those who cannot see it (at most 500).' })
  alt?: string | null;
  @Field(() => String, { nullable: true, description: "A video's captions: a WebVTT file." })
  captionsUrl?: string | null;
  @Field(() => String, { nullable: true, description: 'Left out on a create: the last segment of `url`.' })
  fileName?: string | null;
  @Field(() => String, { nullable: true, description: 'Where it comes from (instagram, tiktok, …).' })
  platform?: string | null;
  @Field(() => [ID], { nullable: true, description: 'The products it shows, in order (at most 1000).' })
  productIds?: string[] | null;
}

@InputType('CreateMediaInput', { description: 'A new image or video, checked by the rules of the catalog import.' })
export class CreateMediaInput extends MediaFieldsInput {
  @Field(() => MediaKindEnum) kind!: MediaKindEnum;
  @Field(() => String, { description: 'Unique among the media of its kind; no "/" or white space.' }) slug!: string;
  @Field(() => String, { description: 'The file: an absolute http(s) URL, or a path on this gateway.' }) url!: string;
  @Field(() => Int, { description: 'Pixels, 1 to 100000.' }) width!: number;
  @Field(() => Int, { description: 'Pixels, 1 to 100000.' }) height!: number;
}

@InputType('UpdateMediaInput', {
  description: 'Fields left out stay as they are; null clears an optional one (kind, slug, url and sizes stay).',
})
export class UpdateMediaInput extends MediaFieldsInput {
  @Field(() => MediaKindEnum, { nullable: true }) kind?: MediaKindEnum | null;
  @Field(() => String, { nullable: true }) slug?: string | null;
  @Field(() => String, { nullable: true }) url?: string | null;
  @Field(() => Int, { nullable: true }) width?: number | null;
  @Field(() => Int, { nullable: true }) height?: number | null;
}

@InputType('PlacementInput', {
  description:
    'Where (x, y: fractions 0-1 of the width and height, from the top left) and, in a video, when (startMs to ' +
    'endMs, end excluded) a product appears.',
})
export class PlacementInput {
  @Field(() => ID, { description: 'A product; one the media item does not show yet is added to its products.' })
  productId!: string;
  @Field(() => Float, { nullable: true }) x?: number | null;
  @Field(() => Float, { nullable: true }) y?: number | null;
  @Field(() => Int, { nullable: true }) startMs?: number | null;
  @Field(() => Int, { nullable: true }) endMs?: number | null;
}
