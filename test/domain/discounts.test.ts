// The discount rules, pure: conditions, rounding half to even, the largest-remainder allocation
// (property-based over random carts), stacking, and the choice among discounts that do not combine.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, applyDiscounts, chooseDiscounts, percentOf, refusal } from '../../src/domain/discounts.js';
import { discountRule } from './discount-rule.js';

const rule = discountRule;
const now = new Date('2026-06-01T12:00:00Z');
const context = { subtotalMinor: 10_000, now, usesByBuyer: new Map<number, number>() };

describe('conditions', () => {
  it('names why a discount does not apply, one reason at a time', () => {
    expect(refusal(rule({}), context)).toBeNull();
    expect(refusal(rule({ enabled: false }), context)).toBe('DISCOUNT_DISABLED');
    expect(refusal(rule({ startsAt: new Date('2026-06-01T12:00:01Z') }), context)).toBe('DISCOUNT_NOT_STARTED');
    expect(refusal(rule({ startsAt: now }), context)).toBeNull();
    expect(refusal(rule({ endsAt: now }), context)).toBe('DISCOUNT_EXPIRED');
    expect(refusal(rule({ endsAt: new Date('2026-06-01T12:00:01Z') }), context)).toBeNull();
    expect(refusal(rule({ usageLimit: 3, timesUsed: 3 }), context)).toBe('DISCOUNT_USAGE_LIMIT_REACHED');
    expect(refusal(rule({ usageLimit: 3, timesUsed: 2 }), context)).toBeNull();
    expect(refusal(rule({ perBuyerLimit: 1 }), { ...context, usesByBuyer: new Map([[1, 1]]) })).toBe(
      'DISCOUNT_BUYER_LIMIT_REACHED',
    );
    expect(refusal(rule({ perBuyerLimit: 2 }), { ...context, usesByBuyer: new Map([[1, 1]]) })).toBeNull();
    expect(refusal(rule({ minimumSubtotalMinor: 10_001 }), context)).toBe('DISCOUNT_MINIMUM_NOT_MET');
    expect(refusal(rule({ minimumSubtotalMinor: 10_000 }), context)).toBeNull();
  });
});

describe('amounts', () => {
  it('rounds a percentage half to even', () => {
    // 10 % of 125 is 12.5 → 12; of 135, 13.5 → 14; of 126, 12.6 → 13.
    expect([
      percentOf(125, 100_000),
      percentOf(135, 100_000),
      percentOf(126, 100_000),
      percentOf(124, 100_000),
    ]).toEqual([12, 14, 13, 12]);
    expect(percentOf(1, 500_000)).toBe(0);
    expect(percentOf(3, 500_000)).toBe(2);
    expect(percentOf(999_999_999_999, 1_000_000)).toBe(999_999_999_999);
  });

  it('allocates a fixed amount by the largest remainder: 10.00 over three equal lines is 3.34, 3.33, 3.33', () => {
    expect(allocate([1_000, 1_000, 1_000], 1_000)).toEqual([334, 333, 333]);
    expect(allocate([100, 200, 700], 500)).toEqual([50, 100, 350]);
    expect(allocate([1, 1], 1)).toEqual([1, 0]);
    expect(allocate([0, 5], 5)).toEqual([0, 5]);
    expect(allocate([], 0)).toEqual([]);
    expect(() => allocate([1, 2], 4)).toThrow(RangeError);
  });

  it('allocations add up exactly and never exceed a line, over random carts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (amounts, share) => {
          const sum = amounts.reduce((acc, amount) => acc + amount, 0);
          const total = Math.floor(sum * share);
          const parts = allocate(amounts, total);
          expect(parts.reduce((acc, part) => acc + part, 0)).toBe(total);
          parts.forEach((part, index) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(amounts[index]!);
            // Within one minor unit of the exact share.
            expect(Math.abs(part - (total * amounts[index]!) / (sum || 1))).toBeLessThan(1 + 1e-6);
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stacks percentages, then fixed amounts, then free shipping, never below zero (property)', () => {
    const kinds = fc.constantFrom('PERCENTAGE' as const, 'FIXED_AMOUNT' as const, 'FREE_SHIPPING' as const);
    const arbitraryRule = fc.record({
      id: fc.integer({ min: 1, max: 1_000 }),
      kind: kinds,
      percentPpm: fc.integer({ min: 0, max: 1_000_000 }),
      amountMinor: fc.integer({ min: 0, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2_000_000 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(arbitraryRule, { maxLength: 5 }),
        (lines, shipping, rules) => {
          const outcome = applyDiscounts(
            lines,
            shipping,
            rules.map((patch) => rule({ ...patch, combinesWithOthers: true })),
          );
          outcome.lineDiscounts.forEach((discount, index) => {
            expect(discount).toBeGreaterThanOrEqual(0);
            expect(discount).toBeLessThanOrEqual(lines[index]!);
          });
          expect(outcome.shippingDiscountMinor).toBeLessThanOrEqual(shipping);
          expect(outcome.applied.reduce((acc, take) => acc + take.amountMinor, 0)).toBe(outcome.totalMinor);
          for (const take of outcome.applied)
            expect(take.lines.reduce((acc, part) => acc + part, 0) + take.shippingMinor).toBe(take.amountMinor);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a percentage of what is left after another, and a fixed amount capped at what is left', () => {
    const tenPercent = rule({ id: 1, combinesWithOthers: true });
    const twentyOff = rule({ id: 2, kind: 'FIXED_AMOUNT', amountMinor: 2_000, combinesWithOthers: true });
    const free = rule({ id: 3, kind: 'FREE_SHIPPING', combinesWithOthers: true });
    const outcome = applyDiscounts([4_999, 5_001], 700, [free, twentyOff, tenPercent]);
    // 10 %: 499.9 → 500, 500.1 → 500; then 20.00 over 4,499 and 4,501: 999.8… → 1,000, 1,000.2 → 1,000.
    expect(outcome.applied.map((take) => [take.rule.id, take.lines, take.shippingMinor])).toEqual([
      [1, [500, 500], 0],
      [2, [1_000, 1_000], 0],
      [3, [0, 0], 700],
    ]);
    expect(outcome.totalMinor).toBe(3_700);
    const capped = applyDiscounts([300], 0, [rule({ kind: 'FIXED_AMOUNT', amountMinor: 5_000 })]);
    expect(capped.lineDiscounts).toEqual([300]);
  });
});

describe('combinability', () => {
  it('applies every discount when all combine', () => {
    const chosen = chooseDiscounts([10_000], 500, [
      rule({ id: 1, combinesWithOthers: true }),
      rule({ id: 2, kind: 'FREE_SHIPPING', combinesWithOthers: true }),
    ]);
    expect(chosen.applied.map((take) => take.rule.id)).toEqual([1, 2]);
    expect(chosen.left).toEqual([]);
  });

  it('keeps the best of a discount that does not combine and the set of those that do; the others are left', () => {
    const solo = rule({ id: 5, kind: 'FIXED_AMOUNT', amountMinor: 2_500 });
    const pair = [
      rule({ id: 1, combinesWithOthers: true }),
      rule({ id: 2, kind: 'FREE_SHIPPING', combinesWithOthers: true }),
    ];
    // 10 % of 100.00 + 5.00 shipping = 15.00 < 25.00.
    const chosen = chooseDiscounts([10_000], 500, [...pair, solo]);
    expect(chosen.applied.map((take) => take.rule.id)).toEqual([5]);
    expect(chosen.left.map((left) => left.id)).toEqual([1, 2]);
    // With 10 % worth more than 25.00, the pair wins.
    const other = chooseDiscounts([30_000], 500, [...pair, solo]);
    expect(other.applied.map((take) => take.rule.id)).toEqual([1, 2]);
    expect(other.totalMinor).toBe(3_500);
    // Two that do not combine and take off the same: the lower id.
    const tie = chooseDiscounts([10_000], 0, [rule({ id: 9 }), rule({ id: 4 })]);
    expect(tie.applied.map((take) => take.rule.id)).toEqual([4]);
  });
});
