// The GraphQL ShippingMethod, shared by a cart's offers and an order's cost: a store's method as
// quoted to one owner (a store entry of a cart, or an order), so its id names it in that owner.
import { Field, ID, ObjectType } from 'type-graphql';
import type { ShippingQuote } from '../domain/pricing.js';
import { MoneyType } from './money.type.js';

export interface GraphQLShippingMethod extends Omit<ShippingQuote, 'id'> {
  id: string;
  code: string;
}

/** The method as quoted to `ownerId`: its own id (the store's code) becomes `code`. */
export function graphqlShippingMethod(ownerId: string, method: ShippingQuote): GraphQLShippingMethod {
  return { ...method, id: `${ownerId}:${method.id}`, code: method.id };
}

@ObjectType('ShippingMethod', {
  simpleResolvers: true,
  description: "A store's shipping method as offered to one cart (its taxes depend on the buyer's address).",
})
export class ShippingMethodType {
  @Field(() => ID, { description: "This method in this cart's offer of this store." }) id!: string;
  @Field(() => String, {
    description: "The store's own id of the method (what selectShippingMethod takes), e.g. standard.",
  })
  code!: string;
  @Field(() => String) label!: string;
  @Field(() => MoneyType) price!: MoneyType;
  @Field(() => MoneyType) taxes!: MoneyType;
  @Field(() => MoneyType) total!: MoneyType;
}
