// The GraphQL Money object: REST's {value, display_value, currency} plus the exact minorUnits.
import { Field, Float, Int, ObjectType } from 'type-graphql';
import { formatMoney, toMajor, type Money } from '../domain/money.js';

@ObjectType('Money', { description: 'An amount of money. `value` is in major units (44.99); `minorUnits` is the exact integer (4499).' })
export class MoneyType {
  @Field(() => Float)
  value!: number;

  @Field(() => String)
  displayValue!: string;

  @Field(() => String, { description: 'ISO 4217 currency code.' })
  currency!: string;

  @Field(() => Int)
  minorUnits!: number;
}

export function moneyType(amount: Money): MoneyType {
  return { value: toMajor(amount.minor, amount.currency), displayValue: formatMoney(amount), currency: amount.currency, minorUnits: amount.minor };
}
