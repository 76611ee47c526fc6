// GraphQL inputs of the cart mutations.
import { Field, ID, InputType, Int } from 'type-graphql';

@InputType('CartItemInput', { description: 'A variant (SKU id), or a product with a single SKU, and a quantity.' })
export class CartItemInput {
  @Field(() => ID, { nullable: true }) variantId?: string | null;
  @Field(() => ID, { nullable: true }) productId?: string | null;
  @Field(() => Int, { description: '1 to 999 when adding; 0 to 999 when updating (0 removes).' }) quantity!: number;
  @Field(() => ID, {
    nullable: true,
    description:
      "The media item (image or video) the item is added from; it must show the item's product. A line keeps " +
      'the first media item it is given.',
  })
  mediaId?: string | null;
  @Field(() => ID, {
    nullable: true,
    description:
      'With mediaId: the placement (`<media id>:<position>`) of that media item it is added from; it must ' +
      "place the item's product.",
  })
  placementId?: string | null;
}

@InputType('BuyerIdentityInput', { description: 'A partial update: absent fields keep their value, null clears one.' })
export class BuyerIdentityInput {
  @Field(() => String, { nullable: true }) firstName?: string | null;
  @Field(() => String, { nullable: true }) lastName?: string | null;
  @Field(() => String, { nullable: true }) address1?: string | null;
  @Field(() => String, { nullable: true }) address2?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) provinceCode?: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2, such as "US".' }) countryCode?:
    string | null;
  @Field(() => String, { nullable: true }) postalCode?: string | null;
  @Field(() => String, { nullable: true }) email?: string | null;
  @Field(() => String, { nullable: true }) phone?: string | null;
}
