// A cart line's SKU as carts read it (the columns, its product and store), its unit price and
// whether it can be sold in a quantity: what the cart's repository, pricing and warnings share.
import type { Prisma } from '../db/database.js';
import { isAvailable } from '../domain/pricing.js';

export const skuForCart = {
  select: {
    id: true,
    productId: true,
    merchantId: true,
    name: true,
    currency: true,
    salePriceMinor: true,
    retailPriceMinor: true,
    taxable: true,
    listed: true,
    inStock: true,
    status: true,
    qtyAvailable: true,
    variantValues: true,
    product: { select: { id: true, title: true, description: true, isAvailable: true } },
    store: { select: { marketplace: true } },
  },
} as const;

export type CartSku = Prisma.SkuGetPayload<typeof skuForCart>;

/** The SKU's sale price, or its retail price when it has none. */
export function unitPriceMinor(sku: CartSku): number {
  return sku.salePriceMinor ?? sku.retailPriceMinor ?? 0;
}

export function skuAvailable(sku: CartSku, quantity: number): boolean {
  return isAvailable(
    {
      listed: sku.listed,
      inStock: sku.inStock,
      status: sku.status,
      qtyAvailable: sku.qtyAvailable,
      productAvailable: sku.product.isAvailable,
    },
    quantity,
  );
}
