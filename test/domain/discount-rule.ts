// A discount rule for the pure tests (domain/discounts.ts, domain/pricing.ts): 10 % off with the
// code SPRING10 and no conditions, changed by `patch`.
import type { DiscountRule } from '../../src/domain/discounts.js';

export function discountRule(patch: Partial<DiscountRule> = {}): DiscountRule {
  return {
    id: 1,
    storeId: 1,
    code: 'SPRING10',
    kind: 'PERCENTAGE',
    percentPpm: 100_000,
    amountMinor: 0,
    minimumSubtotalMinor: null,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perBuyerLimit: null,
    combinesWithOthers: false,
    enabled: true,
    timesUsed: 0,
    ...patch,
  };
}
