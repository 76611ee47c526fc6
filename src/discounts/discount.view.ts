// The snake_case REST answers of discounts (shapes: discount.schemas.ts), from discount.model.ts.
import { toMajor } from '../domain/money.js';
import type { Discount } from './discount.model.js';
import type { DiscountView } from './discount.schemas.js';
import type { AppliedDiscount } from '../domain/pricing.js';
import { moneyView } from '../rest/common.view.js';
import { discountValue } from './discount.input.js';

export function discountView(discount: Discount): DiscountView {
  return {
    id: String(discount.id),
    code: discount.code,
    store: discount.store,
    currency: discount.currency,
    kind: discount.kind,
    value: discountValue(discount),
    minimum_subtotal:
      discount.minimumSubtotalMinor === null ? null : toMajor(discount.minimumSubtotalMinor, discount.currency),
    starts_at: discount.startsAt?.toISOString() ?? null,
    ends_at: discount.endsAt?.toISOString() ?? null,
    usage_limit: discount.usageLimit,
    per_buyer_limit: discount.perBuyerLimit,
    combines_with_others: discount.combinesWithOthers,
    enabled: discount.enabled,
    times_used: discount.timesUsed,
    created_at: discount.createdAt.toISOString(),
    updated_at: discount.updatedAt.toISOString(),
  };
}

/** An applied discount in an offer or an order, as REST shows it. */
export function appliedDiscountView(applied: AppliedDiscount) {
  return { discount_id: applied.id, code: applied.code, kind: applied.kind, amount: moneyView(applied.amount) };
}
