// The GraphQL Money object: REST's {value, display_value, currency} plus the exact minorUnits.
// It resolves straight from the domain's Money ({minor, currency}). And MoneyInput, an amount sent.
import { Field, FieldResolver, Float, InputType, Int, ObjectType, Resolver, Root } from 'type-graphql';
import { formatMoney, toMajor, type Money } from '../domain/money.js';

@ObjectType('Money', {
  simpleResolvers: true,
  description: 'An amount of money. `value` is in major units (44.99); `minorUnits` is the exact integer (4499).',
})
export class MoneyType {
  @Field(() => Float)
  value!: number;

  @Field(() => String, { description: 'Formatted for display, en-US: "$44.99".' })
  displayValue!: string;

  @Field(() => String, { description: 'ISO 4217 currency code.' })
  currency!: string;

  @Field(() => Int)
  minorUnits!: number;
}

@Resolver(() => MoneyType)
export class MoneyResolver {
  @FieldResolver(() => Float)
  value(@Root() money: Money): number {
    return toMajor(money.minor, money.currency);
  }

  @FieldResolver(() => String)
  displayValue(@Root() money: Money): string {
    return formatMoney(money);
  }

  @FieldResolver(() => Int)
  minorUnits(@Root() money: Money): number {
    return money.minor;
  }
}

/** Money as the Money type answers it, for where no resolver shapes it (an error's details). */
export function graphqlMoney(money: Money): {
  value: number;
  displayValue: string;
  currency: string;
  minorUnits: number;
} {
  return {
    value: toMajor(money.minor, money.currency),
    displayValue: formatMoney(money),
    currency: money.currency,
    minorUnits: money.minor,
  };
}

@InputType('MoneyInput', { description: 'An amount as Money answers it: `value` in major units and its currency.' })
export class MoneyInput {
  @Field(() => Float, { description: "In major units, at most the currency's decimals (44.99 USD, 1005 JPY)." })
  value!: number;

  @Field(() => String, { description: 'ISO 4217 code, upper case.' })
  currency!: string;
}
