// The GraphQL view of a cart: the domain's Cart with the ids its GraphQL types carry (see
// cart.type.ts for why each is what it is). REST shows the domain's Cart as it is.
import { FieldResolver, Resolver, Root } from 'type-graphql';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { CartCost, Offer } from '../domain/pricing.js';
import { graphqlShippingMethod, type GraphQLShippingMethod } from '../graphql/shipping-method.type.js';
import type { Cart, CartLine, StoreEntry } from './cart.model.js';
import { BuyerIdentityType, CartCostType, CartType, StoreEntryType } from './cart.type.js';

type WithId<T> = T & { id: string };

interface GraphQLStoreEntry extends Omit<StoreEntry, 'cartLines' | 'offer'> {
  id: string;
  cartLines: (Omit<CartLine, 'variant' | 'product'> & { id: string; variant: CartLine['variant'] & { variantId: string }; product: CartLine['product'] & { productId: string } })[];
  offer: Omit<Offer, 'shippingMethods' | 'selectedShippingMethod'> & { id: string; shippingMethods: GraphQLShippingMethod[]; selectedShippingMethod: GraphQLShippingMethod | null };
}

export function graphqlStoreEntry(cartId: string, entry: StoreEntry): GraphQLStoreEntry {
  const id = `${cartId}:${entry.storeId}`;
  const { offer } = entry;
  return {
    ...entry,
    id,
    cartLines: entry.cartLines.map((line) => ({
      ...line,
      id: `${cartId}:${line.variant.id}`,
      mediaId: line.mediaId ?? null,
      placementId: line.placementId ?? null,
      variant: { ...line.variant, variantId: line.variant.id },
      product: { ...line.product, productId: line.product.id },
    })),
    offer: {
      ...offer,
      id,
      shippingMethods: offer.shippingMethods.map((method) => graphqlShippingMethod(id, method)),
      selectedShippingMethod: offer.selectedShippingMethod ? graphqlShippingMethod(id, offer.selectedShippingMethod) : null,
    },
  };
}

@Resolver(() => CartType)
export class CartFieldsResolver {
  @FieldResolver(() => CartCostType)
  cost(@Root() cart: Cart): WithId<CartCost> {
    return { ...cart.cost, id: cart.id };
  }

  @FieldResolver(() => BuyerIdentityType)
  buyerIdentity(@Root() cart: Cart): WithId<BuyerIdentity> {
    return { ...cart.buyerIdentity, id: cart.id };
  }

  @FieldResolver(() => [StoreEntryType])
  stores(@Root() cart: Cart): GraphQLStoreEntry[] {
    return cart.stores.map((entry) => graphqlStoreEntry(cart.id, entry));
  }
}
