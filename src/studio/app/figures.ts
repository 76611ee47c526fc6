// Figures in words: counts, rates and money as the studio shows them (Intl.NumberFormat, in the
// page's language; money: money.ts).
import type { Revenue } from './api.js';
import { moneyText } from './money.js';

const locale = () => document.documentElement.lang || 'en';

/** "1,234". */
export const count = (value: number) => new Intl.NumberFormat(locale()).format(value);

/** "66.7 %" as the page's language writes it: a fraction (0.667) as a percentage. */
export const rate = (value: number) =>
  new Intl.NumberFormat(locale(), { style: 'percent', maximumFractionDigits: 1 }).format(value);

/** "$378.00", "¥8,640": the exact minor units, in the currency's own digits. */
export const money = (amount: Revenue) => moneyText(amount, locale());

/** Every currency's amount, "$378.00 and ¥8,640"; "none" without one. */
export function revenueWords(revenue: Revenue[]): string {
  if (revenue.length === 0) return 'none';
  const amounts = revenue.map(money);
  return amounts.length === 1 ? amounts[0]! : `${amounts.slice(0, -1).join(', ')} and ${amounts.at(-1)}`;
}

/** "1 cart", "2 carts". */
export const counted = (value: number, one: string, many: string) => `${count(value)} ${value === 1 ? one : many}`;
