// Turns a stored cart into the Cart both APIs answer with, through the pricing rules of
// src/domain/pricing.ts, with the store discounts that apply (domain/discounts.ts) and the cart's
// warnings (cart.warnings.ts).
import type { VariantValue } from '../catalog/catalog.model.js';
import { cartCost, priceStore, type PricingLine } from '../domain/pricing.js';
import { skuAvailable, unitPriceMinor, type CartSku } from './cart.sku.js';
import { codeKeyOf, refusal, type DiscountRefusal, type DiscountRule } from '../domain/discounts.js';
import type { Cart, CartDiscountCode, CartLine, CartWarning, StoreEntry } from './cart.model.js';
import type { StoredCart, StoredEntry, StoredLine } from './cart.repository.js';
import { codeWarning, lineWarning } from './cart.warnings.js';

/**
 * What a cart's pricing reads of the discounts: those its codes name (any store) and the automatic
 * ones of its stores.
 */
export interface CartDiscounts {
  rules: readonly DiscountRule[];
  /** Orders of the cart's buyer (by email) that used each discount. */
  usesByBuyer: ReadonlyMap<number, number>;
  now: Date;
}

export const noDiscounts: CartDiscounts = { rules: [], usesByBuyer: new Map(), now: new Date(0) };

/** Money of an empty cart that never had a line. */
export const defaultCurrency = 'USD';

function variantDescription(sku: CartSku): string | null {
  const values = (sku.variantValues as unknown as VariantValue[] | null) ?? [];
  return values.length > 0 ? values.map((pair) => `${pair.variant}: ${pair.value}`).join(', ') : null;
}

function cartLine(line: StoredLine, available: boolean, discountMinor: number): CartLine {
  const { sku, quantity } = line;
  const price = { minor: unitPriceMinor(sku), currency: sku.currency };
  const marketplace = sku.store.marketplace;
  return {
    quantity,
    mediaId: line.mediaId,
    placementId: line.placementId,
    variant: {
      id: String(sku.id),
      title: sku.name,
      marketplace,
      description: variantDescription(sku),
      isAvailable: available,
      price,
    },
    product: {
      id: String(sku.product.id),
      title: sku.product.title,
      marketplace,
      description: sku.product.description,
      isAvailable: sku.product.isAvailable,
      price,
    },
    discount: { minor: discountMinor, currency: sku.currency },
  };
}

/** What became of each discount of one store entry: applied, or why not. */
type Outcomes = Map<number, { rule: DiscountRule; entry: StoredEntry; refusal: DiscountRefusal | null }>;

/** One store entry priced, with its discounts: those of its store that are automatic or named by a code of the cart. */
function priceEntry(
  stored: StoredCart,
  entry: StoredEntry,
  discounts: CartDiscounts,
  codeKeys: ReadonlySet<string>,
  outcomes: Outcomes,
): StoreEntry {
  const destination = { countryCode: stored.identity.countryCode, provinceCode: stored.identity.provinceCode };
  const lines = stored.lines.filter((line) => line.storeId === entry.storeId);
  const pricing: PricingLine[] = lines.map((line) => ({
    variantId: String(line.skuId),
    quantity: line.quantity,
    unitPriceMinor: unitPriceMinor(line.sku),
    taxable: line.sku.taxable,
    available: skuAvailable(line.sku, line.quantity),
  }));
  const context = {
    subtotalMinor: pricing.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0),
    now: discounts.now,
    usesByBuyer: discounts.usesByBuyer,
  };
  const rules = discounts.rules.filter(
    (rule) => rule.storeId === entry.storeId && (rule.code === null || codeKeys.has(codeKeyOf(rule.code))),
  );
  for (const rule of rules) outcomes.set(rule.id, { rule, entry, refusal: refusal(rule, context) });
  const priced = priceStore(
    entry.store,
    pricing,
    destination,
    entry.selectedShippingMethodId,
    rules.filter((rule) => outcomes.get(rule.id)?.refusal === null),
  );
  for (const rule of priced.notCombined) outcomes.set(rule.id, { rule, entry, refusal: 'DISCOUNT_NOT_COMBINABLE' });
  return {
    storeId: entry.storeId,
    store: entry.store.name,
    storeName: entry.store.displayName,
    requestId: entry.requestId,
    isSubmitted: entry.isSubmitted,
    cartLines: lines.map((line, index) =>
      cartLine(line, pricing[index]?.available ?? false, priced.lineDiscounts[index] ?? 0),
    ),
    offer: priced.offer,
  };
}

/**
 * Each code of the cart, applicable when one of its discounts applied; else its warning (about the
 * first store it could be for).
 */
function codeStates(
  stored: StoredCart,
  discounts: CartDiscounts,
  outcomes: Outcomes,
): { codes: CartDiscountCode[]; warnings: CartWarning[] } {
  const codes: CartDiscountCode[] = [];
  const warnings: CartWarning[] = [];
  for (const code of stored.discountCodes) {
    const key = codeKeyOf(code);
    const named = discounts.rules.filter((rule) => rule.code !== null && codeKeyOf(rule.code) === key);
    const inCart = stored.entries.flatMap((entry) =>
      named.filter((rule) => rule.storeId === entry.storeId).map((rule) => outcomes.get(rule.id)!),
    );
    const applicable = inCart.some((outcome) => outcome.refusal === null);
    codes.push({ code, applicable });
    if (applicable) continue;
    const first = inCart[0];
    if (first)
      warnings.push(
        codeWarning(code, first.refusal!, {
          rule: first.rule,
          store: first.entry.store.name,
          currency: first.entry.store.currency,
        }),
      );
    else
      warnings.push(
        codeWarning(code, named.length === 0 ? 'DISCOUNT_CODE_UNKNOWN' : 'DISCOUNT_STORE_NOT_IN_CART', null),
      );
  }
  return { codes, warnings };
}

/** The cart priced now: its stores' offers with the discounts that apply, its cost, its codes and its warnings. */
export function priceCart(stored: StoredCart, discounts: CartDiscounts = noDiscounts): Cart {
  const codeKeys = new Set(stored.discountCodes.map(codeKeyOf));
  const outcomes: Outcomes = new Map();
  const stores = stored.entries.map((entry) => priceEntry(stored, entry, discounts, codeKeys, outcomes));
  const storeNames = new Map(stored.entries.map((entry) => [entry.storeId, entry.store.name]));
  const lineWarnings = stored.lines.flatMap((line) => lineWarning(line, storeNames.get(line.storeId) ?? '') ?? []);
  const { codes, warnings } = codeStates(stored, discounts, outcomes);
  const currency = stored.currency ?? defaultCurrency;
  return {
    id: stored.id,
    buyerIdentity: stored.identity,
    stores,
    cost: cartCost(
      stores.map((entry) => entry.offer),
      currency,
      {
        countryCode: stored.identity.countryCode,
        provinceCode: stored.identity.provinceCode,
        postalCode: stored.identity.postalCode,
      },
    ),
    discountCodes: codes,
    warnings: [...lineWarnings, ...warnings],
  };
}
