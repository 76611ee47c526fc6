// Money is integer minor units inside the service (cents for USD, yen for JPY); decimals in
// major units exist only at the edges: parsed once on import, formatted once per response.
// This module owns every conversion and rounding rule; how many decimals a currency has comes from
// the pinned ISO 4217 table in currencies.ts.
import { iso4217, iso4217Edition } from './currencies.js';

export interface Money {
  /** Integer amount in the currency's minor unit. */
  readonly minor: number;
  /** ISO 4217 code, upper case. */
  readonly currency: string;
}

const formatCache = new Map<string, Intl.NumberFormat>();
/**
 * Amounts already formatted, per currency: the same prices recur in answer after answer, and
 * Intl's format is the dearest step of an amount's view. At most `keptFormatted` in all (then
 * forgotten together), so any stream of amounts holds at most that many strings.
 */
const formatted = new Map<string, Map<number, string>>();
const keptFormatted = 10_000;
let formattedCount = 0;

/** A currency a store may sell in: a code of the pinned ISO 4217 table that is money (not a fund). */
export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && iso4217.get(code)?.kind === 'currency';
}

/** A code of the pinned ISO 4217 table with a minor unit: any currency an amount may have been stored in. */
export function hasMinorUnit(code: unknown): code is string {
  return typeof code === 'string' && typeof iso4217.get(code)?.exponent === 'number';
}

/**
 * Digits after the decimal point in the currency's major unit, from the pinned ISO 4217 table: 2
 * for USD, 0 for JPY, 3 for KWD. Throws for a code without one: amounts exist only in currencies
 * the catalog import accepted.
 */
export function currencyDigits(currency: string): number {
  const exponent = iso4217.get(currency)?.exponent;
  if (exponent === undefined || exponent === null)
    throw new Error(`${currency} has no minor unit in ISO 4217 (${iso4217Edition})`);
  return exponent;
}

/**
 * Major-unit decimal (as it arrives in JSON) → minor units, or null when the value has more
 * decimals than the currency has (44.999 USD) or is not a finite number.
 */
export function toMinor(major: number, currency: string): number | null {
  if (!Number.isFinite(major)) return null;
  const factor = 10 ** currencyDigits(currency);
  const minor = Math.round(major * factor);
  return minor / factor === major && Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → the major-unit number of JSON responses (4499 USD → 44.99). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/**
 * "$44.99", "€1,234.50", "¥500", "KWD 1.234": en-US, with Intl's symbols and grouping but always
 * exactly the table's number of decimals (Intl's own, from CLDR, differ for HUF, IQD, …).
 */
export function formatMoney(money: Money): string {
  // -0 is its own text ("-$0.00"), and a Map holds it as 0: formatted each time.
  if (Object.is(money.minor, -0)) return formatAmount(money);
  const known = formatted.get(money.currency)?.get(money.minor);
  if (known !== undefined) return known;
  const text = formatAmount(money);
  if (formattedCount >= keptFormatted) {
    formatted.clear();
    formattedCount = 0;
  }
  let ofCurrency = formatted.get(money.currency);
  if (!ofCurrency) formatted.set(money.currency, (ofCurrency = new Map()));
  ofCurrency.set(money.minor, text);
  formattedCount += 1;
  return text;
}

/** How many formatted amounts are kept (a test's view). */
export const formattedKept = (): number => formattedCount;

function formatAmount(money: Money): string {
  let format = formatCache.get(money.currency);
  if (!format) {
    const digits = currencyDigits(money.currency);
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: money.currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatCache.set(money.currency, format);
  }
  return format.format(toMajor(money.minor, money.currency));
}

export function money(minor: number, currency: string): Money {
  return { minor, currency };
}

/** `amount`, or nothing in `currency` when it is absent (answers stored before the field existed). */
export function orZero(amount: Money | undefined, currency: string): Money {
  return amount ?? money(0, currency);
}

const ppmPerUnit = 1_000_000n;

/** A rate such as 0.0725 → 72500 parts per million, or null when it needs more than 6 decimals. */
export function toPpm(rate: number): number | null {
  if (!Number.isFinite(rate)) return null;
  const ppm = Math.round(rate * 1_000_000);
  return ppm / 1_000_000 === rate ? ppm : null;
}

/**
 * amount × rate, rounded half-up to the minor unit (half away from zero for negatives).
 * Exact for any safe-integer amount: the product is formed in BigInt.
 */
export function applyRate(minor: number, ratePpm: number): number {
  const product = BigInt(minor) * BigInt(ratePpm);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude + ppmPerUnit / 2n) / ppmPerUnit;
  return Number(product < 0n ? -rounded : rounded);
}
