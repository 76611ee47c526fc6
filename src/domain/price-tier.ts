// Where a comparable product's price sits against the product it is shown with.
import { currencyDigits, type Money } from './money.js';

export type PriceTier = 'lower' | 'similar' | 'higher';

/**
 * "lower" below 90 % of the product's price, "higher" above 110 %, "similar" from 90 % to 110 %
 * inclusive. Compared exactly on integers, scaled to a common number of decimals so that
 * currencies with different minor units compare by their major-unit amounts.
 */
export function priceTier(product: Money, similar: Money): PriceTier {
  const productDigits = currencyDigits(product.currency);
  const similarDigits = currencyDigits(similar.currency);
  const digits = Math.max(productDigits, similarDigits);
  const base = BigInt(product.minor) * 10n ** BigInt(digits - productDigits);
  const other = BigInt(similar.minor) * 10n ** BigInt(digits - similarDigits);
  if (other * 100n < base * 90n) return 'lower';
  if (other * 100n > base * 110n) return 'higher';
  return 'similar';
}
