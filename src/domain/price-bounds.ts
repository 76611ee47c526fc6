// A price bound asked in major units ("from 50") over products in many currencies, each priced in
// its own: the bound in the minor units of each currency, which differ by the currency's digits
// (50 is 5000 cents, 50 yen, 50000 fils).
import { iso4217 } from './currencies.js';
import { currencyDigits } from './money.js';

/** The bound for these currencies; null: every currency not listed in another bound. */
export interface MinorBound {
  currencies: readonly string[] | null;
  minor: number;
}

export type BoundSide = 'min' | 'max';

/** The least minor amount at or above `major` (min), or the greatest at or below it (max). */
export function minorBound(major: number, digits: number, side: BoundSide): number {
  const scaled = major * 10 ** digits;
  const near = Math.round(scaled);
  // Decimals do not scale exactly (19.99 × 100): within rounding error of an integer, it is that integer.
  if (Math.abs(scaled - near) < 1e-6) return near;
  return side === 'min' ? Math.ceil(scaled) : Math.floor(scaled);
}

/** Codes by their digits, for the digits other than 2 (most currencies, the default). */
const otherDigits: ReadonlyMap<number, readonly string[]> = (() => {
  const groups = new Map<number, string[]>();
  for (const [code, entry] of iso4217) {
    if (entry.exponent === null || entry.exponent === 2) continue;
    let list = groups.get(entry.exponent);
    if (!list) groups.set(entry.exponent, (list = []));
    list.push(code);
  }
  return groups;
})();

/** The bound in every currency (`currency` given: in that one only). */
export function priceBounds(major: number, side: BoundSide, currency?: string): MinorBound[] {
  if (currency !== undefined) return [{ currencies: null, minor: minorBound(major, currencyDigits(currency), side) }];
  const bounds: MinorBound[] = [...otherDigits].map(([digits, currencies]) => ({
    currencies,
    minor: minorBound(major, digits, side),
  }));
  bounds.push({ currencies: null, minor: minorBound(major, 2, side) });
  return bounds;
}
