// The GraphQL view of a cart: the domain's Cart with the ids its GraphQL types carry (see
// cart.type.ts for why each is what it is). REST shows the domain's Cart as it is.
import { FieldResolver, Resolver, Root } from 'type-graphql';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { CartCost, Offer, ShippingQuote } from '../domain/pricing.js';
import type { Cart, CartLine, Order, OrderCost, OrderLine, StoreEntry } from './cart.model.js';
import { BuyerIdentityType, CartCostType, CartType, OrderCostType, OrderLineType, OrderType, StoreEntryType } from './cart.type.js';

type WithId<T> = T & { id: string };

interface GraphQLShippingMethod extends Omit<ShippingQuote, 'id'> {
  id: string;
  code: string;
}

interface GraphQLStoreEntry extends Omit<StoreEntry, 'cartLines' | 'offer'> {
  id: string;
  cartLines: (Omit<CartLine, 'variant' | 'product'> & { id: string; variant: CartLine['variant'] & { variantId: string }; product: CartLine['product'] & { productId: string } })[];
  offer: Omit<Offer, 'shippingMethods' | 'selectedShippingMethod'> & { id: string; shippingMethods: GraphQLShippingMethod[]; selectedShippingMethod: GraphQLShippingMethod | null };
}

function shippingMethod(entryId: string, method: ShippingQuote): GraphQLShippingMethod {
  return { ...method, id: `${entryId}:${method.id}`, code: method.id };
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
      variant: { ...line.variant, variantId: line.variant.id },
      product: { ...line.product, productId: line.product.id },
    })),
    offer: {
      ...offer,
      id,
      shippingMethods: offer.shippingMethods.map((method) => shippingMethod(id, method)),
      selectedShippingMethod: offer.selectedShippingMethod ? shippingMethod(id, offer.selectedShippingMethod) : null,
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

@Resolver(() => OrderType)
export class OrderFieldsResolver {
  @FieldResolver(() => [OrderLineType])
  lines(@Root() order: Order): WithId<OrderLine>[] {
    return order.lines.map((line) => ({ ...line, id: `${order.id}:${line.variantId}` }));
  }

  @FieldResolver(() => OrderCostType, { nullable: true })
  cost(@Root() order: Order): (WithId<Omit<OrderCost, 'shippingMethod'>> & { shippingMethod: GraphQLShippingMethod | null }) | null {
    if (!order.cost) return null;
    return { ...order.cost, id: order.id, shippingMethod: order.cost.shippingMethod && shippingMethod(order.id, order.cost.shippingMethod) };
  }
}
