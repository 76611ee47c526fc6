// Figures in words: counts, rates and money as the studio shows them (Intl.NumberFormat, in the
// page's language). Money comes from its minor units, read with the exponent of the gateway's
// ISO 4217 table: ICU's follows CLDR, which departs from ISO for a few currencies (HUF, IDR, COP:
// 0 digits instead of 2), so the exponent is read from the answer itself (minor_units over value).
import type { Revenue } from './api.js';

const locale = () => document.documentElement.lang || 'en';

/** "1,234". */
export const count = (value: number) => new Intl.NumberFormat(locale()).format(value);

/** "66.7 %" as the page's language writes it: a fraction (0.667) as a percentage. */
export const rate = (value: number) =>
  new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** The digits after the decimal point of an amount's currency, as the gateway counts them. */
function exponentOf(amount: Revenue): number | null {
  if (amount.value === 0 || amount.minor_units === 0) return null;
  const exponent = Math.round(Math.log10(Math.abs(amount.minor_units / amount.value)));
  return exponent >= 0 && exponent <= 4 ? exponent : null;
}

/** "$378.00", "¥8,640": the exact minor units, in the currency's own digits. */
export function money(amount: Revenue): string {
  const exponent = exponentOf(amount);
  const digits = exponent === null ? {} : { minimumFractionDigits: exponent, maximumFractionDigits: exponent };
  try {
    const format = new Intl.NumberFormat(locale(), { style: 'currency', currency: amount.currency, ...digits });
    return format.format(exponent === null ? amount.value : amount.minor_units / 10 ** exponent);
  } catch {
    // A code this browser does not know: the gateway's own text of it.
    return amount.display_value;
  }
}

/** Every currency's amount, "$378.00 and ¥8,640"; "none" without one. */
export function revenueWords(revenue: Revenue[]): string {
  if (revenue.length === 0) return 'none';
  const amounts = revenue.map(money);
  return amounts.length === 1 ? amounts[0]! : `${amounts.slice(0, -1).join(', ')} and ${amounts.at(-1)}`;
}

/** "1 cart", "2 carts". */
export const counted = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
