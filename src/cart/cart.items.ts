// The items of a cart request (an add, or quantities to set), checked and found in the catalog:
// each by its variant id, or by its product's id when the product has one SKU to sell, with the
// media item it names checked (cart.attribution.ts). Every refusal names the item by its index.
import type { DbClient } from '../db/database.js';
import { AppError } from '../errors.js';
import type { CartItemInput } from './cart.model.js';
import type { Attribution, CartRepository, CartSku } from './cart.repository.js';
import { checkAttributions, namedMedia, type NamedMedia } from './cart.attribution.js';

export const maxQuantity = 999;
/** Items one request may name. */
export const maxItemsPerRequest = 100;

export function checkItemCount(count: number): void {
  if (count > maxItemsPerRequest) {
    throw new AppError(
      'TOO_MANY_ITEMS',
      `A request may name at most ${maxItemsPerRequest} items; this one names ${count}`,
      { max: maxItemsPerRequest, count },
    );
  }
}

export interface ResolvedItem {
  sku: CartSku;
  quantity: number;
  /** The media item the item names, checked against the catalog; null when none. */
  attribution: Attribution | null;
}

/** An item as the request names it: the ids as trimmed text, its quantity checked. */
interface AskedItem {
  index: number;
  variant: string | null;
  product: string | null;
  quantity: number;
  named: NamedMedia | null;
}

/** What the catalog has of the items' ids: SKUs by id, and for products named alone, their listed SKUs. */
interface FoundSkus {
  byId: Map<number, CartSku>;
  ofProducts: CartSku[];
  productsThatExist: Set<number>;
}

function idText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return String(value).trim();
}

function catalogId(text: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

/** Each item's quantity from `minQuantity` to maxQuantity, and a variant or a product named. */
function askedItems(items: CartItemInput[], minQuantity: number): AskedItem[] {
  return items.map((item, index) => {
    if (!Number.isInteger(item.quantity) || item.quantity < minQuantity || item.quantity > maxQuantity) {
      throw new AppError(
        'VALIDATION_FAILED',
        `items[${index}].quantity must be an integer from ${minQuantity} to ${maxQuantity}`,
        { index, field: 'quantity' },
      );
    }
    const variant = idText(item.variantId);
    const product = idText(item.productId);
    if (!variant && !product) {
      throw new AppError(
        'VALIDATION_FAILED',
        `items[${index}] needs a variant_id (or a product_id of a product with one SKU)`,
        { index, field: 'variant_id' },
      );
    }
    return {
      index,
      variant,
      product,
      quantity: item.quantity,
      named: namedMedia(index, item.mediaId, item.placementId),
    };
  });
}

/**
 * The SKUs the items name, in statements begun together (on PostgreSQL they leave in one write:
 * db/pg-pipeline.ts).
 */
async function findSkus(repository: CartRepository, tx: DbClient, asked: AskedItem[]): Promise<FoundSkus> {
  const variantIds = asked
    .flatMap((item) => (item.variant ? [catalogId(item.variant)] : []))
    .filter((id) => id !== null);
  const productOnly = asked
    .flatMap((item) => (!item.variant && item.product ? [catalogId(item.product)] : []))
    .filter((id) => id !== null);
  const [byId, ofProducts, productsThatExist] = await Promise.all([
    variantIds.length > 0 ? repository.skusByIds(tx, variantIds) : [],
    productOnly.length > 0 ? repository.skusOfProducts(tx, productOnly) : [],
    productOnly.length > 0 ? repository.productIdsThatExist(tx, productOnly) : new Set<number>(),
  ]);
  return { byId: new Map(byId.map((sku) => [sku.id, sku])), ofProducts, productsThatExist };
}

/**
 * The SKU of an item naming a variant (one in the cart still counts when the item removes it);
 * VARIANT_PRODUCT_MISMATCH when it names another product too.
 */
function variantSku(item: AskedItem, variant: string, found: FoundSkus, inCart: Map<number, CartSku>): CartSku {
  const variantId = catalogId(variant) ?? 0;
  const sku = found.byId.get(variantId) ?? (item.quantity === 0 ? inCart.get(variantId) : undefined);
  if (!sku)
    throw new AppError('VARIANT_NOT_FOUND', `No variant with id ${variant.slice(0, 64)}`, {
      index: item.index,
      variant_id: variant.slice(0, 64),
    });
  if (item.product && catalogId(item.product) !== sku.productId) {
    throw new AppError(
      'VARIANT_PRODUCT_MISMATCH',
      `Variant ${sku.id} belongs to product ${sku.productId}, not ${item.product.slice(0, 64)}`,
      { index: item.index, variant_id: String(sku.id), product_id: item.product.slice(0, 64) },
    );
  }
  return sku;
}

/** The one SKU of a product named alone; PRODUCT_NOT_FOUND, VARIANT_NOT_FOUND or VARIANT_REQUIRED else. */
function productSku(item: AskedItem, found: FoundSkus): CartSku {
  const productText = item.product ?? '';
  const productId = catalogId(productText);
  if (productId === null || !found.productsThatExist.has(productId)) {
    throw new AppError('PRODUCT_NOT_FOUND', `No product with id ${productText.slice(0, 64)}`, {
      index: item.index,
      product_id: productText.slice(0, 64),
    });
  }
  const choices = found.ofProducts.filter((sku) => sku.productId === productId);
  if (choices.length === 0)
    throw new AppError('VARIANT_NOT_FOUND', `Product ${productId} has no variant to sell`, {
      index: item.index,
      product_id: productText,
    });
  if (choices.length > 1) {
    throw new AppError(
      'VARIANT_REQUIRED',
      `Product ${productId} has ${choices.length} variants: name one with variant_id`,
      {
        index: item.index,
        product_id: productText,
        variant_ids: choices.map((sku) => String(sku.id)),
      },
    );
  }
  return choices[0]!;
}

/**
 * Checks each item and finds its SKU, in the request's order. `inCart`: the cart's SKUs, which an
 * item may still name to remove it when the catalog no longer lists it.
 */
export async function resolveItems(
  repository: CartRepository,
  tx: DbClient,
  items: CartItemInput[],
  minQuantity: number,
  inCart = new Map<number, CartSku>(),
): Promise<ResolvedItem[]> {
  checkItemCount(items.length);
  const asked = askedItems(items, minQuantity);
  const found = await findSkus(repository, tx, asked);
  const skus = asked.map((item) =>
    item.variant ? variantSku(item, item.variant, found, inCart) : productSku(item, found),
  );
  const attributions = await checkAttributions(
    repository,
    tx,
    asked.map((item, at) => ({ index: item.index, sku: skus[at]!, named: item.named })),
    new Date(),
  );
  return asked.map((item, at) => ({ sku: skus[at]!, quantity: item.quantity, attribution: attributions[at] ?? null }));
}
