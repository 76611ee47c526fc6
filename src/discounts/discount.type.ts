// GraphQL types of the discount admin API. Root values are the Discounts of discount.model.ts;
// `value` and `minimumSubtotal` resolve from their minor units (discount.resolver.ts).
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { DateTimeScalar, enumOf } from '../graphql/scalars.js';
import { MoneyType } from '../graphql/money.type.js';
import { discountKinds } from '../domain/discounts.js';
import type { AppliedDiscount } from '../domain/pricing.js';
import type { Money } from '../domain/money.js';

export const DiscountKindEnum = enumOf(discountKinds);
registerEnumType(DiscountKindEnum, {
  name: 'DiscountKind',
  description: 'PERCENTAGE of the lines, FIXED_AMOUNT off the lines, or FREE_SHIPPING (the selected method).',
});

@ObjectType('Discount', {
  simpleResolvers: true,
  description: "A store's discount: a code buyers enter, or automatic (no code).",
})
export class DiscountType {
  @Field(() => ID) id!: string;
  @Field(() => String, {
    nullable: true,
    description: 'As the admin wrote it (matched without case); null: automatic.',
  })
  code!: string | null;
  @Field(() => String, { description: "The store's name." }) store!: string;
  @Field(() => DiscountKindEnum) kind!: string;
  @Field(() => Float, {
    nullable: true,
    description:
      "The percent (PERCENTAGE) or the amount in the store's currency (FIXED_AMOUNT); null for FREE_SHIPPING.",
  })
  value!: number | null;
  @Field(() => MoneyType, { nullable: true, description: "The store's subtotal (before discounts) a cart must reach." })
  minimumSubtotal!: MoneyType | null;
  @Field(() => DateTimeScalar, { nullable: true }) startsAt!: Date | null;
  @Field(() => DateTimeScalar, { nullable: true, description: 'Excluded: the discount ends at this instant.' })
  endsAt!: Date | null;
  @Field(() => Int, { nullable: true }) usageLimit!: number | null;
  @Field(() => Int, { nullable: true, description: 'Orders one buyer (by email) may use it in.' }) perBuyerLimit!:
    number | null;
  @Field(() => Boolean) combinesWithOthers!: boolean;
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => Int, { description: 'Orders that used it and were not cancelled or did not fail.' }) timesUsed!: number;
  @Field(() => DateTimeScalar) createdAt!: Date;
  @Field(() => DateTimeScalar) updatedAt!: Date;
}

/** The fields both inputs have; absent (or, in an update, undefined) leaves a field as it is. */
@InputType('DiscountFieldsInput')
abstract class DiscountFieldsInput {
  @Field(() => String, { nullable: true, description: 'null: automatic.' }) code?: string | null;
  @Field(() => Float, {
    nullable: true,
    description:
      "PERCENTAGE: percent above 0, at most 100; FIXED_AMOUNT: major units of the store's currency; " +
      'FREE_SHIPPING: absent.',
  })
  value?: number | null;
  @Field(() => Float, { nullable: true }) minimumSubtotal?: number | null;
  @Field(() => DateTimeScalar, { nullable: true }) startsAt?: Date | null;
  @Field(() => DateTimeScalar, { nullable: true }) endsAt?: Date | null;
  @Field(() => Int, { nullable: true }) usageLimit?: number | null;
  @Field(() => Int, { nullable: true }) perBuyerLimit?: number | null;
  @Field(() => Boolean, { nullable: true }) combinesWithOthers?: boolean | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
}

@InputType('CreateDiscountInput')
export class CreateDiscountInput extends DiscountFieldsInput {
  @Field(() => String, { description: "The store's name, as carts show it (or its id)." }) store!: string;
  @Field(() => DiscountKindEnum) kind!: string;
}

@InputType('UpdateDiscountInput', {
  description: 'Fields left out stay as they are; null clears one (code: null makes the discount automatic).',
})
export class UpdateDiscountInput extends DiscountFieldsInput {
  @Field(() => DiscountKindEnum, { nullable: true }) kind?: string | null;
}

@ObjectType('AppliedDiscount', {
  simpleResolvers: true,
  description:
    "A discount applied to a store's offer, with what it takes off there. Part of its offer: no id of its own " +
    "(discountId is the Discount's).",
})
export class AppliedDiscountType {
  @Field(() => ID) discountId!: string;
  @Field(() => String, { nullable: true, description: 'null: an automatic discount.' }) code!: string | null;
  @Field(() => DiscountKindEnum) kind!: string;
  @Field(() => MoneyType) amount!: MoneyType;
}

/** An applied discount as AppliedDiscount's root: its discount's id as discountId (it has no id of its own). */
export function appliedDiscountRoot({
  id,
  ...applied
}: AppliedDiscount): Omit<AppliedDiscount, 'id'> & { discountId: string; amount: Money } {
  return { ...applied, discountId: id };
}
