// Discounts of one store's offer (docs/discounts.md), on integer minor units: whether a discount
// may apply to a store entry now, which of those that may apply do (combinability), and what each
// takes off each line and the shipping, exact to the minor unit. Pure: the cart service gathers
// the rows, pricing.ts places the result among its rules.

export const discountKinds = ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'] as const;

/**
 * The discounts GraphQL's cost estimate counts on one store's offer or order: an assumption, since
 * nothing caps a store's combinable automatic discounts; an offer that lists more makes an answer
 * larger than its estimate (a cart's answer, small beside the catalog's lists).
 */
export const maxAppliedDiscounts = 20;
export type DiscountKind = (typeof discountKinds)[number];

/** A discount as the pricing reads it. */
export interface DiscountRule {
  id: number;
  storeId: number;
  /** As the admin wrote it; null: automatic (every cart with the store gets it when it may apply). */
  code: string | null;
  kind: DiscountKind;
  /** PERCENTAGE: the percent in parts per million of the amount (12.5 % → 125,000). */
  percentPpm: number;
  /** FIXED_AMOUNT: the amount in minor units of the store's currency. */
  amountMinor: number;
  minimumSubtotalMinor: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  usageLimit: number | null;
  perBuyerLimit: number | null;
  combinesWithOthers: boolean;
  enabled: boolean;
  timesUsed: number;
}

/** Why a discount does not apply: the code of its cart warning. */
export const discountRefusals = [
  'DISCOUNT_CODE_UNKNOWN',
  'DISCOUNT_DISABLED',
  'DISCOUNT_NOT_STARTED',
  'DISCOUNT_EXPIRED',
  'DISCOUNT_STORE_NOT_IN_CART',
  'DISCOUNT_MINIMUM_NOT_MET',
  'DISCOUNT_USAGE_LIMIT_REACHED',
  'DISCOUNT_BUYER_LIMIT_REACHED',
  'DISCOUNT_NOT_COMBINABLE',
] as const;
export type DiscountRefusal = (typeof discountRefusals)[number];

/** A code as typed or stored, matched without case: trimmed, in lower case. */
export function codeKeyOf(code: string): string {
  return code.trim().toLowerCase();
}

/** What the store entry is, for a discount's conditions. */
export interface DiscountContext {
  /** Σ unit price × quantity of the store's lines, before any discount. */
  subtotalMinor: number;
  now: Date;
  /** Orders of this buyer (by email) that used each discount; a buyer without an email has none. */
  usesByBuyer: ReadonlyMap<number, number>;
}

/** Why `rule` may not apply to the store entry now, or null: it may. */
export function refusal(rule: DiscountRule, context: DiscountContext): DiscountRefusal | null {
  if (!rule.enabled) return 'DISCOUNT_DISABLED';
  if (rule.startsAt !== null && context.now < rule.startsAt) return 'DISCOUNT_NOT_STARTED';
  if (rule.endsAt !== null && context.now >= rule.endsAt) return 'DISCOUNT_EXPIRED';
  if (rule.usageLimit !== null && rule.timesUsed >= rule.usageLimit) return 'DISCOUNT_USAGE_LIMIT_REACHED';
  if (rule.perBuyerLimit !== null && (context.usesByBuyer.get(rule.id) ?? 0) >= rule.perBuyerLimit)
    return 'DISCOUNT_BUYER_LIMIT_REACHED';
  if (rule.minimumSubtotalMinor !== null && context.subtotalMinor < rule.minimumSubtotalMinor)
    return 'DISCOUNT_MINIMUM_NOT_MET';
  return null;
}

const million = 1_000_000n;

/** amount × ppm / 1,000,000 rounded half to even (exact: formed in BigInt). */
export function percentOf(amountMinor: number, ppm: number): number {
  const product = BigInt(amountMinor) * BigInt(ppm);
  const quotient = product / million;
  const twice = (product % million) * 2n;
  if (twice > million || (twice === million && quotient % 2n === 1n)) return Number(quotient + 1n);
  return Number(quotient);
}

/**
 * `total` (at most Σ amounts) split across the amounts in proportion to them, by the largest
 * remainder: each part the floor of its share, the minor units left one each to the parts with the
 * largest remainders (the earlier line of equals first). The parts add up to `total` exactly, and
 * none is above its amount.
 */
export function allocate(amounts: readonly number[], total: number): number[] {
  const sum = amounts.reduce((acc, amount) => acc + BigInt(amount), 0n);
  const wanted = BigInt(total);
  if (wanted < 0n || wanted > sum) throw new RangeError(`cannot allocate ${total} over amounts summing to ${sum}`);
  if (sum === 0n) return amounts.map(() => 0);
  const parts = amounts.map((amount) => (wanted * BigInt(amount)) / sum);
  const remainders = amounts.map((amount, index) => ({ index, remainder: (wanted * BigInt(amount)) % sum }));
  let left = Number(wanted - parts.reduce((acc, part) => acc + part, 0n));
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index] = parts[index]! + 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/** What one applied discount took off. */
export interface DiscountTake {
  rule: DiscountRule;
  /** Per line, in the lines' order. */
  lines: number[];
  shippingMinor: number;
  amountMinor: number;
}

export interface DiscountOutcome {
  applied: DiscountTake[];
  /** Σ over the applied discounts, per line. */
  lineDiscounts: number[];
  shippingDiscountMinor: number;
  totalMinor: number;
}

/** Percentages first, then fixed amounts, then free shipping; by id within a kind. */
const kindOrder: Record<DiscountKind, number> = { PERCENTAGE: 0, FIXED_AMOUNT: 1, FREE_SHIPPING: 2 };

/**
 * The discounts applied one after the other, each to what the ones before left of the lines
 * (percentages per line rounded half to even, a fixed amount capped at what is left and
 * allocated by the largest remainder) and of the shipping: nothing goes below zero.
 */
export function applyDiscounts(
  lineAmounts: readonly number[],
  shippingMinor: number,
  rules: readonly DiscountRule[],
): DiscountOutcome {
  const left = [...lineAmounts];
  let shippingLeft = shippingMinor;
  const applied: DiscountTake[] = [];
  for (const rule of [...rules].sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || a.id - b.id)) {
    let lines = left.map(() => 0);
    let shipping = 0;
    if (rule.kind === 'PERCENTAGE') lines = left.map((amount) => Math.min(amount, percentOf(amount, rule.percentPpm)));
    else if (rule.kind === 'FIXED_AMOUNT')
      lines = allocate(
        left,
        Math.min(
          rule.amountMinor,
          left.reduce((sum, amount) => sum + amount, 0),
        ),
      );
    else shipping = shippingLeft;
    lines.forEach((part, index) => (left[index] = left[index]! - part));
    shippingLeft -= shipping;
    applied.push({
      rule,
      lines,
      shippingMinor: shipping,
      amountMinor: lines.reduce((sum, part) => sum + part, 0) + shipping,
    });
  }
  const lineDiscounts = lineAmounts.map((amount, index) => amount - left[index]!);
  const shippingDiscountMinor = shippingMinor - shippingLeft;
  return {
    applied,
    lineDiscounts,
    shippingDiscountMinor,
    totalMinor: lineDiscounts.reduce((sum, part) => sum + part, 0) + shippingDiscountMinor,
  };
}

/**
 * Of the discounts that may apply, those that do: all of them when each combines with others;
 * else the set that takes off the most of the combinable ones together and each one that does not
 * combine alone (equal amounts: the fewer discounts, then the lowest id). The others are
 * DISCOUNT_NOT_COMBINABLE.
 */
export function chooseDiscounts(
  lineAmounts: readonly number[],
  shippingMinor: number,
  eligible: readonly DiscountRule[],
): DiscountOutcome & { left: DiscountRule[] } {
  const combinable = eligible.filter((rule) => rule.combinesWithOthers);
  const candidates = [
    ...(combinable.length > 0 ? [combinable] : []),
    ...eligible.filter((rule) => !rule.combinesWithOthers).map((rule) => [rule]),
  ];
  if (candidates.length === 0) return { ...applyDiscounts(lineAmounts, shippingMinor, []), left: [] };
  const lowestId = (rules: readonly DiscountRule[]) => Math.min(...rules.map((rule) => rule.id));
  const outcomes = candidates.map((rules) => ({ rules, outcome: applyDiscounts(lineAmounts, shippingMinor, rules) }));
  outcomes.sort(
    (a, b) =>
      b.outcome.totalMinor - a.outcome.totalMinor ||
      a.rules.length - b.rules.length ||
      lowestId(a.rules) - lowestId(b.rules),
  );
  const best = outcomes[0]!;
  return { ...best.outcome, left: eligible.filter((rule) => !best.rules.includes(rule)) };
}
