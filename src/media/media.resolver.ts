// GraphQL twins of the media admin routes: admin keys only, each calls one MediaAdminService method.
// Answers are the catalog's Media, Placement and MediaConnection types.
import { Arg, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { AdminOnly } from '../graphql/admin-only.js';
import { MaxItems } from '../graphql/list-size.js';
import { withDefault } from '../graphql/defaults.js';
import { mediaCursor } from '../catalog/catalog.service.js';
import { MediaConnectionType, MediaKindEnum, MediaType, PlacementType } from '../catalog/catalog.type.js';
import { defaultMediaPage, maxMediaPage, maxPlacements, MediaAdminService } from './media.service.js';
import { CreateMediaInput, PlacementInput, UpdateMediaInput } from './media.type.js';
import type { AdminMedia, MediaFields, PlacementRecord } from './media.model.js';

/** An ID as the service takes a product id: its number, or NaN (refused by the import's check, naming the field). */
const idNumber = (id: string): number => (/^[0-9]{1,10}$/.test(id) ? Number(id) : NaN);

/** An input's fields as the service takes them: absent left out; null left out where it cannot clear. */
function fieldsOf(input: CreateMediaInput | UpdateMediaInput): MediaFields {
  const fields: Record<string, unknown> = {
    ...input,
    productIds:
      input.productIds === undefined || input.productIds === null ? input.productIds : input.productIds.map(idNumber),
  };
  for (const name of ['kind', 'slug', 'url', 'width', 'height', 'fileName'])
    if (fields[name] === null) delete fields[name];
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as MediaFields;
}

@Resolver()
export class MediaAdminResolver {
  constructor(private readonly service: MediaAdminService) {}

  @AdminOnly()
  @Query(() => MediaConnectionType, {
    description:
      'Media items, newest (highest id) first (admin): of one kind, and whose slug or alt text contains `query` ' +
      `(whatever its case) when given; \`first\` from 1 to ${maxMediaPage}.`,
  })
  async mediaItems(
    @Arg('kind', () => MediaKindEnum, { nullable: true }) kind: MediaKindEnum | null,
    @Arg('first', () => Int, withDefault(defaultMediaPage)) first: number,
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('query', () => String, { nullable: true }) query: string | null,
  ) {
    const page = await this.service.list({ kind, first, after, query });
    const edges = page.media.map((media) => ({ cursor: mediaCursor(media), node: media }));
    return {
      edges,
      nodes: page.media,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
    };
  }

  @AdminOnly()
  @Mutation(() => MediaType, {
    description: 'Creates a media item (admin), checked by the rules of the catalog import; its id is given here.',
  })
  createMedia(@Arg('input', () => CreateMediaInput) input: CreateMediaInput): Promise<AdminMedia> {
    return this.service.create(fieldsOf(input));
  }

  @AdminOnly()
  @Mutation(() => MediaType, { description: 'Changes a media item (admin): the fields given.' })
  updateMedia(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateMediaInput) input: UpdateMediaInput,
  ): Promise<AdminMedia> {
    return this.service.update(id, fieldsOf(input));
  }

  @AdminOnly()
  @Mutation(() => ID, {
    description:
      'Deletes a media item (admin); answers its id. Carts and orders keep their attribution to it, and its ' +
      'performance still answers.',
  })
  async deleteMedia(@Arg('id', () => ID) id: string): Promise<string> {
    await this.service.delete(id);
    return id;
  }

  @AdminOnly()
  @Mutation(() => [PlacementType], {
    description:
      "Replaces a media item's placements (admin); a placed product it does not show yet is added to its products.",
  })
  @MaxItems(maxPlacements)
  setMediaPlacements(
    @Arg('mediaId', () => ID) mediaId: string,
    @Arg('placements', () => [PlacementInput]) placements: PlacementInput[],
  ): Promise<PlacementRecord[]> {
    return this.service.setPlacements(
      mediaId,
      placements.map((placement) => ({ ...placement, productId: idNumber(placement.productId) })),
    );
  }
}
