// What a cart's pricing reads of the store discounts, in the cart's transaction: the discounts
// its codes name (any store: a code for a store not in the cart is a warning), the automatic ones
// of its stores, and how often its buyer (by email) used each that has a per-buyer limit.
import type { DbClient } from '../db/database.js';
import { codeKeyOf } from '../domain/discounts.js';
import type { DiscountRepository } from '../discounts/discount.repository.js';
import type { CartDiscounts } from './cart.pricing.js';
import type { StoredCart } from './cart.repository.js';

/** A buyer's email as uses are counted by: trimmed, NFC, in lower case; null without one. */
export function buyerKey(email: string | null): string | null {
  const key = email?.trim().normalize('NFC').toLowerCase() ?? '';
  return key.length > 0 ? key : null;
}

export async function discountsFor(
  repository: DiscountRepository,
  tx: DbClient,
  cart: StoredCart,
  now = new Date(),
): Promise<CartDiscounts> {
  const codeKeys = [...new Set(cart.discountCodes.map(codeKeyOf))];
  const { discounts, usesByBuyer } = await repository.forCart(
    tx,
    codeKeys,
    cart.entries.map((entry) => entry.storeId),
    buyerKey(cart.identity.email),
  );
  return { rules: discounts, usesByBuyer, now };
}
