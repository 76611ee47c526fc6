// A discount's input checked and turned into its stored columns, the same for REST and GraphQL:
// the code (matched without case), the kind and its value in the store's currency, the dates and
// limits. Every problem is VALIDATION_FAILED with the field it is about. And back: the value a
// stored discount was given.
import { AppError } from '../errors.js';
import { codeKeyOf, discountKinds, type DiscountKind } from '../domain/discounts.js';
import { currencyDigits, toMajor, toMinor } from '../domain/money.js';
import { dateTimeProblems, readDateTime } from '../domain/date-time.js';
import type { Discount, DiscountColumns, DiscountInput } from './discount.model.js';

export const maxCodeLength = 64;
/** A code: letters, digits and - _ . + # % ! & * (no spaces), as buyers type them. */
const codeShape = /^[\p{L}\p{N}\-_.+#%!&*]+$/u;

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field} ${message}`, { field });
}

function checkCode(code: string | null | undefined): Pick<DiscountColumns, 'code' | 'codeKey'> {
  if (code === null || code === undefined) return { code: null, codeKey: null };
  const trimmed = code.trim();
  if (trimmed.length === 0 || [...trimmed].length > maxCodeLength || !codeShape.test(trimmed)) {
    throw invalid(
      'code',
      `must be 1 to ${maxCodeLength} letters, digits or - _ . + # % ! & * (null: an automatic discount)`,
    );
  }
  return { code: trimmed, codeKey: codeKeyOf(trimmed) };
}

function checkKind(kind: string): DiscountKind {
  if (!(discountKinds as readonly string[]).includes(kind))
    throw invalid('kind', `must be one of ${discountKinds.join(', ')}`);
  return kind as DiscountKind;
}

/** The value of the kind: a percent in ppm, or an amount in minor units of the currency. */
function checkValue(
  kind: DiscountKind,
  value: number | null | undefined,
  currency: string,
): Pick<DiscountColumns, 'percentPpm' | 'amountMinor'> {
  if (kind === 'FREE_SHIPPING') {
    if (value !== null && value !== undefined && value !== 0)
      throw invalid('value', 'must be absent (or 0) for FREE_SHIPPING');
    return { percentPpm: 0, amountMinor: 0 };
  }
  if (value === null || value === undefined || !Number.isFinite(value))
    throw invalid('value', `is required for ${kind}`);
  if (kind === 'PERCENTAGE') {
    const ppm = Math.round(value * 10_000);
    if (value <= 0 || value > 100 || ppm / 10_000 !== value)
      throw invalid('value', 'must be a percent above 0 and at most 100, with at most 4 decimals');
    return { percentPpm: ppm, amountMinor: 0 };
  }
  const minor = toMinor(value, currency);
  if (minor === null || minor <= 0)
    throw invalid(
      'value',
      `must be an amount above 0 in ${currency}, with at most ${currencyDigits(currency)} decimals`,
    );
  return { percentPpm: 0, amountMinor: minor };
}

function checkMinimum(value: number | null | undefined, currency: string): number | null {
  if (value === null || value === undefined) return null;
  const minor = toMinor(value, currency);
  if (minor === null || minor < 0)
    throw invalid(
      'minimum_subtotal',
      `must be an amount of at least 0 in ${currency}, with at most ${currencyDigits(currency)} decimals`,
    );
  return minor;
}

function checkDate(field: string, value: string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const date = readDateTime(value);
  if (!(date instanceof Date)) throw invalid(field, dateTimeProblems[date]);
  return date;
}

function checkLimit(field: string, value: number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < 1 || value > 2_147_483_647)
    throw invalid(field, 'must be a whole number of at least 1 (null: no limit)');
  return value;
}

/** The stored columns of a discount of a store in `currency`; throws VALIDATION_FAILED naming the field. */
export function discountColumns(
  input: Omit<DiscountInput, 'store'> & { kind: string },
  currency: string,
): DiscountColumns {
  const kind = checkKind(input.kind);
  const startsAt = checkDate('starts_at', input.startsAt);
  const endsAt = checkDate('ends_at', input.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) throw invalid('ends_at', 'must be after starts_at');
  return {
    ...checkCode(input.code),
    kind,
    ...checkValue(kind, input.value, currency),
    minimumSubtotalMinor: checkMinimum(input.minimumSubtotal, currency),
    startsAt,
    endsAt,
    usageLimit: checkLimit('usage_limit', input.usageLimit),
    perBuyerLimit: checkLimit('per_buyer_limit', input.perBuyerLimit),
    combinesWithOthers: input.combinesWithOthers ?? false,
    enabled: input.enabled ?? true,
  };
}

/** The discount's value as its admin gave it: a percent, an amount in major units, or null. */
export function discountValue(discount: Discount): number | null {
  if (discount.kind === 'PERCENTAGE') return discount.percentPpm / 10_000;
  return discount.kind === 'FIXED_AMOUNT' ? toMajor(discount.amountMinor, discount.currency) : null;
}
