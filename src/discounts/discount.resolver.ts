// GraphQL twins of the discount admin routes: admin keys only, each calls one DiscountService method.
import { Arg, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { AdminOnly } from '../graphql/admin-only.js';
import type { Money } from '../domain/money.js';
import { DiscountService, defaultDiscountPage } from './discount.service.js';
import { CreateDiscountInput, DiscountType, UpdateDiscountInput } from './discount.type.js';
import { discountValue } from './discount.input.js';
import type { Discount, DiscountPatch } from './discount.model.js';
import { MoneyType } from '../graphql/money.type.js';
import { maxDiscountPage } from './discount.repository.js';
import { withDefault } from '../graphql/defaults.js';

/** An input's fields as the service takes them: dates as ISO text, null kept, absent left out. */
function patchOf(input: UpdateDiscountInput | CreateDiscountInput): DiscountPatch {
  const date = (value: Date | null | undefined) =>
    value === undefined ? undefined : value === null ? null : value.toISOString();
  const fields: Record<string, unknown> = { ...input, startsAt: date(input.startsAt), endsAt: date(input.endsAt) };
  delete fields.store;
  // A null kind, enabled or combinesWithOthers means "leave it": they cannot be cleared.
  for (const name of ['kind', 'enabled', 'combinesWithOthers']) if (fields[name] === null) delete fields[name];
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as DiscountPatch;
}

@Resolver(() => DiscountType)
export class DiscountResolver {
  constructor(private readonly service: DiscountService) {}

  @AdminOnly()
  @Query(() => [DiscountType], {
    description:
      'Discounts, oldest first (admin): of one store (name or id) when given; ' +
      `\`first\` from 1 to ${maxDiscountPage}, \`after\` the last id of the page before.`,
  })
  async discounts(
    @Arg('store', () => String, { nullable: true }) store?: string | null,
    @Arg('first', () => Int, withDefault(defaultDiscountPage)) first?: number,
    @Arg('after', () => ID, { nullable: true }) after?: string | null,
  ): Promise<Discount[]> {
    return (
      await this.service.list({ store: store ?? null, ...(first === undefined ? {} : { first }), after: after ?? null })
    ).discounts;
  }

  @AdminOnly()
  @Query(() => DiscountType, { nullable: true, description: 'One discount (admin).' })
  discount(@Arg('id', () => ID) id: string): Promise<Discount> {
    return this.service.get(id);
  }

  @AdminOnly()
  @Mutation(() => DiscountType, { description: 'Creates a discount (admin).' })
  createDiscount(@Arg('input', () => CreateDiscountInput) input: CreateDiscountInput): Promise<Discount> {
    return this.service.create({ ...patchOf(input), store: input.store, kind: input.kind });
  }

  @AdminOnly()
  @Mutation(() => DiscountType, {
    description: 'Changes a discount (admin): carts follow at once; orders keep the discounts they were placed with.',
  })
  updateDiscount(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateDiscountInput) input: UpdateDiscountInput,
  ): Promise<Discount> {
    return this.service.update(id, patchOf(input));
  }

  @FieldResolver(() => Float, { nullable: true })
  value(@Root() discount: Discount): number | null {
    return discountValue(discount);
  }

  @FieldResolver(() => MoneyType, { nullable: true })
  minimumSubtotal(@Root() discount: Discount): Money | null {
    return discount.minimumSubtotalMinor === null
      ? null
      : { minor: discount.minimumSubtotalMinor, currency: discount.currency };
  }
}
