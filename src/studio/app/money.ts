// An amount of money in words from its exact minor units (Intl.NumberFormat). The minor unit is the
// gateway's, from its ISO 4217 table; ICU's follows CLDR, which departs from ISO for a few
// currencies (HUF, IDR, COP: 0 digits instead of 2), so the exponent is read from the answer itself:
// minor_units over value. No DOM here: test/studio/money.test.ts runs it in Node.
import type { components } from '../../client/generated/rest-api.js';

/** Money of one currency with its exact minor units (the gateway's ISO 4217 exponent). */
export type Revenue = components['schemas']['Revenue'];

/** The digits after the decimal point of an amount's currency, as the gateway counts them. */
function exponentOf(amount: Revenue): number | null {
  if (amount.value === 0 || amount.minor_units === 0) return null;
  const exponent = Math.round(Math.log10(Math.abs(amount.minor_units / amount.value)));
  return exponent >= 0 && exponent <= 4 ? exponent : null;
}

/** "$378.00", "¥8,640", "HUF 123.45" in `locale`. */
export function moneyText(amount: Revenue, locale: string): string {
  const exponent = exponentOf(amount);
  const digits = exponent === null ? {} : { minimumFractionDigits: exponent, maximumFractionDigits: exponent };
  try {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency: amount.currency, ...digits });
    return format.format(exponent === null ? amount.value : amount.minor_units / 10 ** exponent);
  } catch {
    // A code this browser does not know: the gateway's own text of it.
    return amount.display_value;
  }
}
