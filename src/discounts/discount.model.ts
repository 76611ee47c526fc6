// A store's discount as both admin APIs show it, and what they are asked to create or change.
// Plain values: amounts in major units of the store's currency only in the views.
import type { DiscountRule } from '../domain/discounts.js';

/** A stored discount: the rule the pricing reads, with its store and times. */
export interface Discount extends DiscountRule {
  /** The store's name and currency. */
  store: string;
  currency: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A new discount; absent fields take their defaults (automatic, no minimum, no dates, no limits,
 * not combinable, enabled).
 */
export interface DiscountInput {
  code?: string | null;
  /** The store's name (as carts show it) or its id. */
  store: string;
  kind: string;
  /**
   * PERCENTAGE: percent (0-100, at most 4 decimals); FIXED_AMOUNT: major units of the store's
   * currency; FREE_SHIPPING: absent or 0.
   */
  value?: number | null;
  minimumSubtotal?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  usageLimit?: number | null;
  perBuyerLimit?: number | null;
  combinesWithOthers?: boolean | null;
  enabled?: boolean | null;
}

/** What to change: absent fields stay; null clears (code: null makes it automatic). The store does not change. */
export type DiscountPatch = Partial<Omit<DiscountInput, 'store'>>;

/** The stored columns a discount's input comes to: the rule but its id, store and uses, and the code's key. */
export type DiscountColumns = Omit<DiscountRule, 'id' | 'storeId' | 'timesUsed'> & { codeKey: string | null };
