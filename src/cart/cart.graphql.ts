// The GraphQL view of a cart: the domain's Cart with the ids its GraphQL types carry (see
// cart.type.ts for why each is what it is). REST shows the domain's Cart as it is.
import { FieldResolver, Resolver, Root } from 'type-graphql';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { AppliedDiscount, CartCost, Offer } from '../domain/pricing.js';
import { orZero, type Money } from '../domain/money.js';
import { graphqlShippingMethod, type GraphQLShippingMethod } from '../graphql/shipping-method.type.js';
import { graphqlMoney } from '../graphql/money.type.js';
import type { ErrorDetails } from '../errors.js';
import type { CartTotalChanged } from './cart.expected-total.js';
import {
  storeNameOf,
  type Cart,
  type CartDiscountCode,
  type CartLine,
  type CartWarning,
  type StoreEntry,
} from './cart.model.js';
import { appliedDiscountRoot } from '../discounts/discount.type.js';
import {
  BuyerIdentityType,
  CartCostType,
  CartDiscountCodeType,
  CartType,
  CartWarningType,
  StoreEntryType,
} from './cart.type.js';

type WithId<T> = T & { id: string };

interface GraphQLStoreEntry extends Omit<StoreEntry, 'cartLines' | 'offer' | 'storeName'> {
  id: string;
  storeName: string;
  cartLines: (Omit<CartLine, 'variant' | 'product'> & {
    id: string;
    variant: CartLine['variant'] & { variantId: string };
    product: CartLine['product'] & { productId: string };
    discount: Money;
  })[];
  offer: Omit<Offer, 'shippingMethods' | 'selectedShippingMethod' | 'discounts'> & {
    id: string;
    shippingMethods: GraphQLShippingMethod[];
    selectedShippingMethod: GraphQLShippingMethod | null;
    discount: Money;
    discounts: (Omit<AppliedDiscount, 'id'> & { discountId: string })[];
  };
}

export function graphqlStoreEntry(cartId: string, entry: StoreEntry): GraphQLStoreEntry {
  const id = `${cartId}:${entry.storeId}`;
  const { offer } = entry;
  return {
    ...entry,
    id,
    storeName: storeNameOf(entry),
    cartLines: entry.cartLines.map((line) => ({
      ...line,
      id: `${cartId}:${line.variant.id}`,
      mediaId: line.mediaId ?? null,
      placementId: line.placementId ?? null,
      variant: { ...line.variant, variantId: line.variant.id },
      product: { ...line.product, productId: line.product.id },
      discount: orZero(line.discount, line.variant.price.currency),
    })),
    offer: {
      ...offer,
      id,
      shippingMethods: offer.shippingMethods.map((method) => graphqlShippingMethod(id, method)),
      selectedShippingMethod: offer.selectedShippingMethod
        ? graphqlShippingMethod(id, offer.selectedShippingMethod)
        : null,
      discount: orZero(offer.discount, offer.subtotal.currency),
      discounts: (offer.discounts ?? []).map(appliedDiscountRoot),
    },
  };
}

type GraphQLWarning = Required<{ [K in keyof CartWarning]: CartWarning[K] | null }>;

function graphqlWarning(warning: CartWarning): GraphQLWarning {
  return {
    code: warning.code,
    message: warning.message,
    store: warning.store ?? null,
    variantId: warning.variantId ?? null,
    discountCode: warning.discountCode ?? null,
  };
}

/**
 * A refused submit's details as GraphQL shows them: the cart's cost and warnings as `Cart.cost`
 * and `Cart.warnings` answer them (every field, Money with its minorUnits).
 */
export function graphqlTotalChangedDetails(error: CartTotalChanged): ErrorDetails {
  const { cost } = error;
  return {
    cost: {
      isEstimated: cost.isEstimated,
      subtotal: graphqlMoney(cost.subtotal),
      tax: graphqlMoney(cost.tax),
      shipping: graphqlMoney(cost.shipping),
      discount: graphqlMoney(orZero(cost.discount, cost.total.currency)),
      total: graphqlMoney(cost.total),
    },
    warnings: error.warnings.map(graphqlWarning),
  };
}

@Resolver(() => CartType)
export class CartFieldsResolver {
  @FieldResolver(() => CartCostType)
  cost(@Root() cart: Cart): WithId<CartCost> {
    return { ...cart.cost, discount: orZero(cart.cost.discount, cart.cost.total.currency), id: cart.id };
  }

  @FieldResolver(() => [CartDiscountCodeType])
  discountCodes(@Root() cart: Cart): CartDiscountCode[] {
    return cart.discountCodes ?? [];
  }

  @FieldResolver(() => [CartWarningType])
  warnings(@Root() cart: Cart): GraphQLWarning[] {
    return (cart.warnings ?? []).map(graphqlWarning);
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
