// Turns a stored cart into the Cart both APIs answer with, through the pricing rules of
// src/domain/pricing.ts.
import type { VariantValue } from '../catalog/catalog.model.js';
import { cartCost, isAvailable, storeOffer, type PricingLine } from '../domain/pricing.js';
import type { Cart, CartLine, StoreEntry } from './cart.model.js';
import type { CartSku, StoredCart, StoredLine } from './cart.repository.js';

/** Money of an empty cart that never had a line. */
export const defaultCurrency = 'USD';

export function unitPriceMinor(sku: CartSku): number {
  return sku.salePriceMinor ?? sku.retailPriceMinor ?? 0;
}

export function skuAvailable(sku: CartSku, quantity: number): boolean {
  return isAvailable({ listed: sku.listed, inStock: sku.inStock, status: sku.status, qtyAvailable: sku.qtyAvailable, productAvailable: sku.product.isAvailable }, quantity);
}

function variantDescription(sku: CartSku): string | null {
  const values = (sku.variantValues as unknown as VariantValue[] | null) ?? [];
  return values.length > 0 ? values.map((pair) => `${pair.variant}: ${pair.value}`).join(', ') : null;
}

function cartLine(line: StoredLine, available: boolean): CartLine {
  const { sku, quantity } = line;
  const price = { minor: unitPriceMinor(sku), currency: sku.currency };
  const marketplace = sku.store.marketplace;
  return {
    quantity,
    mediaId: line.mediaId,
    placementId: line.placementId,
    variant: { id: String(sku.id), title: sku.name, marketplace, description: variantDescription(sku), isAvailable: available, price },
    product: { id: String(sku.product.id), title: sku.product.title, marketplace, description: sku.product.description, isAvailable: sku.product.isAvailable, price },
  };
}

export function priceCart(stored: StoredCart): Cart {
  const destination = { countryCode: stored.identity.countryCode, provinceCode: stored.identity.provinceCode };
  const stores: StoreEntry[] = stored.entries.map((entry) => {
    const lines = stored.lines.filter((line) => line.storeId === entry.storeId);
    const pricing: PricingLine[] = lines.map((line) => ({
      variantId: String(line.skuId),
      quantity: line.quantity,
      unitPriceMinor: unitPriceMinor(line.sku),
      taxable: line.sku.taxable,
      available: skuAvailable(line.sku, line.quantity),
    }));
    return {
      storeId: entry.storeId,
      store: entry.store.name,
      requestId: entry.requestId,
      isSubmitted: entry.isSubmitted,
      cartLines: lines.map((line, index) => cartLine(line, pricing[index]?.available ?? false)),
      offer: storeOffer(entry.store, pricing, destination, entry.selectedShippingMethodId),
    };
  });
  const currency = stored.currency ?? defaultCurrency;
  return {
    id: stored.id,
    buyerIdentity: stored.identity,
    stores,
    cost: cartCost(
      stores.map((entry) => entry.offer),
      currency,
      { ...destination, postalCode: stored.identity.postalCode },
    ),
  };
}
