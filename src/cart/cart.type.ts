// GraphQL types of carts. Root values are the plain objects of cart.model.ts, given
// their GraphQL ids by cart.graphql.ts; Money fields resolve through MoneyResolver.
//
// Every object with an `id` is exactly one thing wherever it appears, because normalized client
// caches (Apollo Client, urql, Relay) merge objects by type and id: a cart's cost, buyer identity,
// store entries, offers, lines and shipping methods are ids of the cart (a store's "standard"
// method in one cart is not another cart's, nor another store's); a line's variant and product
// are what that line sells at that line's price and availability, so they carry the catalog ids
// as `variantId` and `productId`, not as ids of their own.
import { Field, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyType } from '../graphql/money.type.js';
import { cartStatuses } from '../domain/order-status.js';
import { enumOf } from '../graphql/scalars.js';
import { ShippingMethodType } from '../graphql/shipping-method.type.js';
import { OrderType } from '../orders/order.type.js';
import { AppliedDiscountType } from '../discounts/discount.type.js';
import { discountRefusals } from '../domain/discounts.js';
import { lineWarningCodes } from './cart.model.js';
import { MaxItems } from '../graphql/list-size.js';
import { maxDiscountCodes, maxLinesPerCart, maxStoresPerCart } from '../domain/cart-limits.js';
import { maxAppliedDiscounts } from '../domain/discounts.js';

export const CartStatusEnum = enumOf(cartStatuses);
registerEnumType(CartStatusEnum, {
  name: 'CartStatus',
  description:
    'IN_PROGRESS before submit; SUBMITTED while an order is open; then COMPLETED when an order was fulfilled, ' +
    'else FAILED.',
});

@ObjectType('BuyerIdentity', { simpleResolvers: true, description: "A cart's buyer: who buys, where to." })
export class BuyerIdentityType {
  @Field(() => ID, { description: 'The buyer identity of this cart (the cart id).' }) id!: string;
  @Field(() => String, { nullable: true }) firstName!: string | null;
  @Field(() => String, { nullable: true }) lastName!: string | null;
  @Field(() => String, { nullable: true }) address1!: string | null;
  @Field(() => String, { nullable: true }) address2!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) provinceCode!: string | null;
  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-2.' }) countryCode!: string | null;
  @Field(() => String, { nullable: true }) postalCode!: string | null;
  @Field(() => String, { nullable: true }) email!: string | null;
  @Field(() => String, { nullable: true }) phone!: string | null;
}

@InterfaceType('CartItem', {
  description: "What a cart line's variant and product both show, as that line sells them.",
})
export abstract class CartItemFields {
  @Field(() => String) title!: string;
  @Field(() => String) marketplace!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Boolean, { description: 'Whether the line can be sold in its quantity.' }) isAvailable!: boolean;
  @Field(() => MoneyType, { description: "The SKU's sale price, or its retail price when it has none." })
  price!: MoneyType;
}

@ObjectType('CartLineVariant', {
  simpleResolvers: true,
  implements: CartItemFields,
  description: "A cart line's variant (the SKU), as the line sells it.",
})
export class CartLineVariantType extends CartItemFields {
  @Field(() => ID, { description: "The SKU's id (the variant id of cart items)." }) variantId!: string;
}

@ObjectType('CartLineProduct', {
  simpleResolvers: true,
  implements: CartItemFields,
  description: "A cart line's product, as the line sells it.",
})
export class CartLineProductType extends CartItemFields {
  @Field(() => ID, { description: "The product's id." }) productId!: string;
}

@ObjectType('CartLine', { simpleResolvers: true })
export class CartLineType {
  @Field(() => ID, { description: 'This line of this cart.' }) id!: string;
  @Field(() => Int) quantity!: number;
  @Field(() => CartLineVariantType) variant!: CartLineVariantType;
  @Field(() => CartLineProductType) product!: CartLineProductType;
  @Field(() => ID, {
    nullable: true,
    description: 'The media item the line was added from (the first one named); null when none.',
  })
  mediaId!: number | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The placement of that media item (`<media id>:<position>`); null when none.',
  })
  placementId!: string | null;
  @Field(() => MoneyType, { description: "What the store's discounts take off this line." }) discount!: MoneyType;
}

export const CartWarningCodeEnum = enumOf([...lineWarningCodes, ...discountRefusals]);
registerEnumType(CartWarningCodeEnum, {
  name: 'CartWarningCode',
  description:
    'What a cart warning is about: a line (stock, availability, listing, price) or a discount code that does ' +
    'not apply (why).',
});

@ObjectType('CartWarning', {
  simpleResolvers: true,
  description: 'Something the buyer should know that does not stop them shopping (submitCart refuses what it must).',
})
export class CartWarningType {
  @Field(() => CartWarningCodeEnum) code!: string;
  @Field(() => String) message!: string;
  @Field(() => String, { nullable: true, description: "The store's name, when it is about one store." }) store!:
    string | null;
  @Field(() => ID, { nullable: true }) variantId!: string | null;
  @Field(() => String, { nullable: true, description: 'The code as the buyer gave it, when it is about one.' })
  discountCode!: string | null;
}

@ObjectType('CartDiscountCode', { simpleResolvers: true, description: 'A discount code on the cart.' })
export class CartDiscountCodeType {
  @Field(() => String, { description: 'As the buyer gave it.' }) code!: string;
  @Field(() => Boolean, { description: 'Whether one of its discounts applies now.' }) applicable!: boolean;
}

@ObjectType('Offer', { simpleResolvers: true, description: "A store's offer for its lines of the cart." })
export class OfferType {
  @Field(() => ID, { description: "This store's offer in this cart." }) id!: string;
  @Field(() => MoneyType) subtotal!: MoneyType;
  @Field(() => MoneyType) margin!: MoneyType;
  @Field(() => [ID], { description: 'Variants that cannot be sold in the quantity asked.' })
  @MaxItems(maxLinesPerCart, ['Cart'])
  notAvailableIds!: string[];
  @Field(() => [ShippingMethodType]) @MaxItems('shippingMethodsPerStore') shippingMethods!: ShippingMethodType[];
  @Field(() => ShippingMethodType, {
    nullable: true,
    description: 'The chosen method, else the cheapest; null when the store has none.',
  })
  selectedShippingMethod!: ShippingMethodType | null;
  @Field(() => MoneyType, { description: "The store's tax: on taxable lines plus the selected method's taxes." })
  tax!: MoneyType;
  @Field(() => MoneyType, { description: "The selected method's price." }) shipping!: MoneyType;
  @Field(() => MoneyType, { description: 'What the discounts applied take off this store: lines and shipping.' })
  discount!: MoneyType;
  @Field(() => [AppliedDiscountType], { description: 'The discounts applied, in the order they were applied.' })
  @MaxItems(maxAppliedDiscounts)
  discounts!: AppliedDiscountType[];
}

@ObjectType('StoreEntry', { simpleResolvers: true, description: "One store's part of a cart." })
export class StoreEntryType {
  @Field(() => ID, { description: "This store's entry in this cart." }) id!: string;
  @Field(() => String, { description: "The store's name." }) store!: string;
  @Field(() => String, {
    description: 'The name shoppers see, such as "North Trail": the display name of the store `store` names.',
  })
  storeName!: string;
  @Field(() => ID) storeId!: number;
  @Field(() => String, { nullable: true }) requestId!: string | null;
  @Field(() => [CartLineType]) @MaxItems(maxLinesPerCart, ['Cart']) cartLines!: CartLineType[];
  @Field(() => OfferType) offer!: OfferType;
  @Field(() => Boolean) isSubmitted!: boolean;
}

@ObjectType('CartCost', { simpleResolvers: true })
export class CartCostType {
  @Field(() => ID, { description: 'The cost of this cart (the cart id).' }) id!: string;
  @Field(() => Boolean, { description: 'True until the buyer identity has a country code and a postal code.' })
  isEstimated!: boolean;
  @Field(() => MoneyType) subtotal!: MoneyType;
  @Field(() => MoneyType) tax!: MoneyType;
  @Field(() => MoneyType) shipping!: MoneyType;
  @Field(() => MoneyType, { description: "Σ of the stores' discounts: total = subtotal + shipping + tax - discount." })
  discount!: MoneyType;
  @Field(() => MoneyType) total!: MoneyType;
}

@ObjectType('Cart', { simpleResolvers: true, description: 'A cart spanning several stores: one entry per store.' })
export class CartType {
  @Field(() => ID) id!: string;
  @Field(() => CartCostType) cost!: CartCostType;
  @Field(() => BuyerIdentityType) buyerIdentity!: BuyerIdentityType;
  @Field(() => [StoreEntryType]) @MaxItems(maxStoresPerCart) stores!: StoreEntryType[];
  @Field(() => [CartDiscountCodeType]) @MaxItems(maxDiscountCodes) discountCodes!: CartDiscountCodeType[];
  /** A line's warning for each line, a code's for each code. */
  @Field(() => [CartWarningType]) @MaxItems(maxLinesPerCart + maxDiscountCodes) warnings!: CartWarningType[];
}

@ObjectType('CartStatusResult', { simpleResolvers: true })
export class CartStatusType {
  @Field(() => CartStatusEnum) status!: string;
  @Field(() => [OrderType]) @MaxItems(maxStoresPerCart) orders!: OrderType[];
  @Field(() => CartType) cart!: CartType;
}
