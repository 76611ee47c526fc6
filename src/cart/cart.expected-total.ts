// A submit bound to what the buyer saw (docs/carts.md, "Submit, orders, cart status"): the total the
// buyer was shown, as both APIs receive it (`{value, currency}`, the Money of answers), checked
// into minor units before the submit's transaction, then compared in it with the cart's total as
// the submit prices it, the pricing its orders are written from.
import { AppError, FieldError } from '../errors.js';
import { currencyDigits, formatMoney, hasMinorUnit, money, toMinor, type Money } from '../domain/money.js';
import type { CartCost } from '../domain/pricing.js';
import type { Cart, CartWarning } from './cart.model.js';

/** The total a submit expects, as both APIs receive it: major units and an ISO 4217 code. */
export interface ExpectedTotalInput {
  value: number;
  currency: string;
}

function invalid(field: 'value' | 'currency', problem: string): FieldError {
  return new FieldError('VALIDATION_FAILED', (name) => {
    const named = name(`expectedTotal.${field}`);
    return { message: `${named} ${problem}`, details: { field: named } };
  });
}

/**
 * The expected total in minor units, null without one. A currency the ISO 4217 table gives no
 * minor unit, or a value that is not an amount of at least 0 with at most the currency's decimals,
 * is VALIDATION_FAILED naming the field; a well-formed total is never refused here, whatever the
 * cart's currency.
 */
export function expectedTotalOf(input: ExpectedTotalInput | null | undefined): Money | null {
  if (input === null || input === undefined) return null;
  const { value, currency } = input;
  if (!hasMinorUnit(currency)) throw invalid('currency', 'must be an ISO 4217 currency code, such as "USD"');
  const minor = typeof value === 'number' ? toMinor(value, currency) : null;
  if (minor === null || minor < 0)
    throw invalid(
      'value',
      `must be an amount of at least 0 in ${currency}, with at most ${currencyDigits(currency)} decimals`,
    );
  return money(minor, currency);
}

/**
 * A submit whose cart no longer costs what the buyer expected: its cost and warnings as the submit
 * priced them, which each API shows in the shapes of its cart answers.
 */
export class CartTotalChanged extends AppError {
  constructor(
    readonly cost: CartCost,
    readonly warnings: readonly CartWarning[],
    expected: Money,
  ) {
    super(
      'CART_TOTAL_CHANGED',
      `The cart costs ${formatMoney(cost.total)}, not the ${formatMoney(expected)} expected: ` +
        'look at it again before submitting',
      { cost, warnings },
    );
  }
}

/** Refuses the submit when the cart, as priced now, does not cost the expected total (amount and currency). */
export function checkExpectedTotal(expected: Money | null, priced: Cart): void {
  if (expected === null) return;
  const { total } = priced.cost;
  if (total.minor !== expected.minor || total.currency !== expected.currency)
    throw new CartTotalChanged(priced.cost, priced.warnings ?? [], expected);
}
