// GraphQL types of orders. Root values are the plain objects of order.model.ts, given their
// GraphQL ids by order.graphql.ts; Money fields resolve through MoneyResolver.
import { AppliedDiscountType } from '../discounts/discount.type.js';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyType } from '../graphql/money.type.js';
import { enumOf } from '../graphql/scalars.js';
import { ShippingMethodType } from '../graphql/shipping-method.type.js';
import { VariantValueType } from '../catalog/catalog.type.js';
import { MaxItems } from '../graphql/list-size.js';
import { maxLinesPerCart } from '../domain/cart-limits.js';
import { maxAppliedDiscounts } from '../domain/discounts.js';
import { maxOrderEvents, maxRequiredActions, orderStatuses } from '../domain/order-status.js';

export const OrderStatusEnum = enumOf(orderStatuses);
registerEnumType(OrderStatusEnum, {
  name: 'OrderStatus',
  description:
    'SUBMITTED → PLACED → FULFILLED; SUBMITTED | PLACED → ACTION_REQUIRED → PLACED; SUBMITTED | PLACED | ' +
    'ACTION_REQUIRED → CANCELLED; SUBMITTED → FAILED.',
});

@ObjectType('OrderEvent', { simpleResolvers: true })
export class OrderEventType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'ISO 8601, UTC.' }) createdAt!: string;
  @Field(() => OrderStatusEnum, { description: 'The status the order moved to.' }) type!: string;
}

@ObjectType('RequiredAction', { simpleResolvers: true })
export class RequiredActionType {
  @Field(() => String) action!: string;
  @Field(() => String) description!: string;
}

@ObjectType('OrderLine', {
  simpleResolvers: true,
  description: 'What an order sold, as it was at submit: later catalog changes do not touch it.',
})
export class OrderLineType {
  @Field(() => ID, { description: 'This line of this order.' }) id!: string;
  @Field(() => ID) variantId!: string;
  @Field(() => ID) productId!: string;
  @Field(() => String, { description: "The product's title." }) title!: string;
  @Field(() => String, { description: "The SKU's name." }) variantTitle!: string;
  @Field(() => [VariantValueType]) @MaxItems('valuesPerSku') variantValues!: VariantValueType[];
  @Field(() => Int) quantity!: number;
  @Field(() => MoneyType) unitPrice!: MoneyType;
  @Field(() => MoneyType) lineTotal!: MoneyType;
  @Field(() => MoneyType, {
    description: "What the store's discounts took off the line (0 on orders placed before discounts).",
  })
  discount!: MoneyType;
  @Field(() => ID, { nullable: true, description: 'The media item the cart line was added from; null when none.' })
  mediaId!: number | null;
  @Field(() => ID, {
    nullable: true,
    description: 'The placement of that media item (`<media id>:<position>`); null when none.',
  })
  placementId!: string | null;
}

@ObjectType('OrderCost', { simpleResolvers: true, description: "An order's offer as it was at submit." })
export class OrderCostType {
  @Field(() => ID, { description: 'The cost of this order (the order id).' }) id!: string;
  @Field(() => String) currency!: string;
  @Field(() => MoneyType) subtotal!: MoneyType;
  @Field(() => MoneyType) margin!: MoneyType;
  @Field(() => ShippingMethodType, { nullable: true }) shippingMethod!: ShippingMethodType | null;
  @Field(() => MoneyType) shipping!: MoneyType;
  @Field(() => MoneyType) tax!: MoneyType;
  @Field(() => MoneyType, {
    description: 'The discounts applied, frozen at submit: editing a discount later changes nothing here.',
  })
  discount!: MoneyType;
  @Field(() => [AppliedDiscountType]) @MaxItems(maxAppliedDiscounts) discounts!: AppliedDiscountType[];
  @Field(() => MoneyType, { description: 'subtotal + shipping + tax - discount.' }) total!: MoneyType;
}

@ObjectType('Order', { simpleResolvers: true, description: "A store's order, created when its cart is submitted." })
export class OrderType {
  @Field(() => ID) id!: string;
  @Field(() => ID) cartId!: string;
  @Field(() => ID) storeId!: number;
  @Field(() => Int, {
    description:
      "The store's number of the order, what shoppers quote: unique in its store, 1001 for its first order, " +
      'then increasing (not promised to be consecutive).',
  })
  orderNumber!: number;
  @Field(() => String, { description: 'The name shoppers see of its store, as it was at submit.' })
  storeName!: string;
  @Field(() => OrderStatusEnum) status!: string;
  @Field(() => [OrderEventType]) @MaxItems(maxOrderEvents) events!: OrderEventType[];
  @Field(() => [RequiredActionType]) @MaxItems(maxRequiredActions) requiredActions!: RequiredActionType[];
  @Field(() => [OrderLineType], {
    description: 'What was sold (empty for orders placed before orders kept their lines).',
  })
  @MaxItems(maxLinesPerCart, ['SubmitCartResult', 'CartStatusResult'])
  lines!: OrderLineType[];
  @Field(() => OrderCostType, {
    nullable: true,
    description: 'For how much (null for orders placed before orders kept their cost).',
  })
  cost!: OrderCostType | null;
}
