// A cart's warnings (docs/carts.md, "Cart warnings"): what the buyer should know while shopping, none of
// it an error. Per line: not enough stock, unavailable, no longer listed, a price changed since the
// buyer set the quantity. Per discount code: why none of its discounts applies. Pure.
import { formatMoney } from '../domain/money.js';
import type { DiscountRefusal, DiscountRule } from '../domain/discounts.js';
import type { CartWarning } from './cart.model.js';
import type { StoredLine } from './cart.repository.js';
import { unitPriceMinor } from './cart.sku.js';

/** The warning of a line, if any: the first that holds of unlisted, unavailable, short, repriced. */
export function lineWarning(line: StoredLine, store: string): CartWarning | null {
  const { sku, quantity } = line;
  const variantId = String(line.skuId);
  const about = { store, variantId };
  if (!sku.listed)
    return {
      code: 'VARIANT_UNLISTED',
      message: `Variant ${variantId} (${sku.name}) is no longer sold by ${store}`,
      ...about,
    };
  if (!sku.inStock || sku.status !== 'AVAILABLE' || !sku.product.isAvailable)
    return {
      code: 'VARIANT_UNAVAILABLE',
      message: `Variant ${variantId} (${sku.name}) is not available now`,
      ...about,
    };
  if (sku.qtyAvailable < quantity) {
    return {
      code: 'NOT_ENOUGH_STOCK',
      message: `Variant ${variantId} (${sku.name}): ${quantity} asked, ${Math.max(0, sku.qtyAvailable)} in stock`,
      ...about,
    };
  }
  const now = unitPriceMinor(sku);
  if (line.seenUnitPriceMinor !== null && line.seenUnitPriceMinor !== now) {
    const before = formatMoney({ minor: line.seenUnitPriceMinor, currency: sku.currency });
    const after = formatMoney({ minor: now, currency: sku.currency });
    return {
      code: 'PRICE_CHANGED',
      message: `The price of variant ${variantId} (${sku.name}) changed from ${before} to ${after}`,
      ...about,
    };
  }
  return null;
}

const refusalWords: Record<DiscountRefusal, string> = {
  DISCOUNT_CODE_UNKNOWN: 'is not a discount code of any store',
  DISCOUNT_DISABLED: 'is switched off',
  DISCOUNT_NOT_STARTED: 'has not started yet',
  DISCOUNT_EXPIRED: 'has expired',
  DISCOUNT_STORE_NOT_IN_CART: 'is for a store the cart has no lines of',
  DISCOUNT_MINIMUM_NOT_MET: "needs a higher subtotal of the store's lines",
  DISCOUNT_USAGE_LIMIT_REACHED: 'has been used as many times as it may',
  DISCOUNT_BUYER_LIMIT_REACHED: 'has been used by this buyer as many times as it may',
  DISCOUNT_NOT_COMBINABLE: 'does not combine with the discounts applied (the better one was kept)',
};

/** A code's warning: why it does not apply, for the store it is about (if any: its name and currency). */
export function codeWarning(
  code: string,
  refusal: DiscountRefusal,
  about: { rule: DiscountRule; store: string; currency: string } | null,
): CartWarning {
  const minimum = about?.rule.minimumSubtotalMinor ?? null;
  const needs =
    refusal === 'DISCOUNT_MINIMUM_NOT_MET' && minimum !== null && about
      ? ` (at least ${formatMoney({ minor: minimum, currency: about.currency })} at ${about.store})`
      : '';
  return {
    code: refusal,
    message: `The code ${code} ${refusalWords[refusal]}${needs}`,
    discountCode: code,
    ...(about === null ? {} : { store: about.store }),
  };
}
