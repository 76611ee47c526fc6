// Cart operations shared by both REST route families and GraphQL. Every write is one
// transaction that starts by locking the cart (CartRepository.lock), so concurrent writes to one
// cart apply one after the other and a rejected request rolls back whole.
import { randomBytes } from 'node:crypto';
import type { Db, DbClient } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { writeOnce, type AnswerSource, type IdempotentWrite } from '../idempotency/idempotency.js';
import { AppError } from '../errors.js';
import {
  emptyBuyerIdentity,
  validateBuyerIdentityPatch,
  type BuyerIdentityField,
  type BuyerIdentityPatch,
} from '../domain/buyer-identity.js';
import type { Cart, CartItemInput } from './cart.model.js';
import { CartRepository, type Attribution, type CartSku, type LineWrite, type StoredCart } from './cart.repository.js';
import { checkAttributions, namedMedia } from './cart.attribution.js';
import { priceCart } from './cart.pricing.js';
import { discountsFor } from './cart.discounts.js';
import { codeKeyOf } from '../domain/discounts.js';
import { maxDiscountCodes, maxLinesPerCart, maxStoresPerCart } from '../domain/cart-limits.js';
import { maxCodeLength } from '../discounts/discount.input.js';
import type { DomainEvents } from '../events/domain-events.js';

export const maxQuantity = 999;
/** Items one request may name. */
export const maxItemsPerRequest = 100;

function checkItemCount(count: number): void {
  if (count > maxItemsPerRequest) {
    throw new AppError(
      'TOO_MANY_ITEMS',
      `A request may name at most ${maxItemsPerRequest} items; this one names ${count}`,
      { max: maxItemsPerRequest, count },
    );
  }
}

/** The codes as a cart keeps them: trimmed, the first of each that differ only in case; VALIDATION_FAILED for too many or too long. */
function checkDiscountCodes(codes: string[]): string[] {
  const kept = new Map<string, string>();
  for (const [index, raw] of codes.entries()) {
    const code = String(raw).trim();
    if (code.length === 0 || [...code].length > maxCodeLength) {
      throw new AppError('VALIDATION_FAILED', `codes[${index}] must be 1 to ${maxCodeLength} characters`, {
        index,
        field: 'codes',
      });
    }
    if (!kept.has(codeKeyOf(code))) kept.set(codeKeyOf(code), code);
  }
  if (kept.size > maxDiscountCodes)
    throw new AppError(
      'VALIDATION_FAILED',
      `A cart holds at most ${maxDiscountCodes} discount codes; this asks for ${kept.size}`,
      { field: 'codes', max: maxDiscountCodes },
    );
  return [...kept.values()];
}

/** 144 random bits, URL-safe: a cart id is the only key to a cart. */
export function newCartId(): string {
  return randomBytes(18).toString('base64url');
}

const cartIdShape = /^[A-Za-z0-9_-]{1,64}$/;

export function cartNotFound(cartId: string): AppError {
  return new AppError('CART_NOT_FOUND', `No cart with id ${cartId.slice(0, 64)}`, { cart_id: cartId.slice(0, 64) });
}

/** A distinct code, so that a client knows to start a new cart. */
export function cartExpired(cartId: string): AppError {
  return new AppError(
    'CART_EXPIRED',
    `Cart ${cartId.slice(0, 64)} expired: it was not changed for too long; start a new cart`,
    { cart_id: cartId.slice(0, 64) },
  );
}

/** How long a cart that is not submitted lives after its last change (CART_TTL_SECONDS). */
export class CartLifetime {
  constructor(readonly ttlMs: number) {}

  /** Carts not submitted and unchanged since this moment have expired. */
  expiredBefore(now = Date.now()): Date {
    return new Date(now - this.ttlMs);
  }

  isExpired(cart: StoredCart, now = Date.now()): boolean {
    return cart.updatedAt < this.expiredBefore(now) && !cart.entries.some((entry) => entry.isSubmitted);
  }
}

/** The stored cart, or CART_NOT_FOUND / CART_EXPIRED (ids that cannot be cart ids are not looked up). */
export async function loadCart(
  repository: CartRepository,
  tx: DbClient,
  cartId: string,
  lifetime: CartLifetime,
): Promise<StoredCart> {
  const cart = cartIdShape.test(cartId) ? await repository.load(tx, cartId) : null;
  if (!cart) throw cartNotFound(cartId);
  if (lifetime.isExpired(cart)) throw cartExpired(cartId);
  return cart;
}

/** Takes the cart's write lock, or CART_NOT_FOUND / CART_EXPIRED. */
export async function lockCart(
  repository: CartRepository,
  tx: DbClient,
  cartId: string,
  lifetime: CartLifetime,
): Promise<void> {
  const state = cartIdShape.test(cartId) ? await repository.lock(tx, cartId, lifetime.expiredBefore()) : 'missing';
  if (state === 'missing') throw cartNotFound(cartId);
  if (state === 'expired') throw cartExpired(cartId);
}

/** How a caller names buyer identity fields in error details (REST snake_case, GraphQL camelCase). */
export type FieldNaming = (field: BuyerIdentityField) => string;

export const snakeCase: FieldNaming = (field) => field.replace(/[A-Z0-9]/g, (char) => `_${char.toLowerCase()}`);

interface ResolvedItem {
  sku: CartSku;
  quantity: number;
  /** The media item the item names, checked against the catalog; null when none. */
  attribution: Attribution | null;
}

function idText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return String(value).trim();
}

function catalogId(text: string): number | null {
  return /^[1-9][0-9]{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
}

export class CartService {
  private readonly repository = new CartRepository();
  /** A cart too large to keep for an Idempotency-Key is replayed as it is now. */
  private readonly answers: AnswerSource<Cart> = {
    idOf: (cart) => cart.id,
    read: (tx, cartId) => this.current(tx, cartId),
  };

  constructor(
    private readonly db: Db,
    private readonly lifetime: CartLifetime,
    private readonly events: DomainEvents,
  ) {}

  async get(cartId: string): Promise<Cart> {
    // Read in a transaction too: on SQLite it waits for a write in flight instead of seeing it half done.
    return inTransaction(this.db, (tx) => this.current(tx, cartId));
  }

  /** The cart's answer: priced now, or as it was submitted. */
  private async current(tx: DbClient, cartId: string): Promise<Cart> {
    const cart = await this.loadOrThrow(tx, cartId);
    return cart.snapshot ?? priceCart(cart, await discountsFor(tx, cart));
  }

  /** Adds the items (quantities merge); a null cart id creates a cart. */
  addItems(cartId: string | null, items: CartItemInput[], once: IdempotentWrite | null = null): Promise<Cart> {
    return this.write(cartId, once, async (tx, cart) => {
      const resolved = await this.resolveItems(tx, items, 1);
      const quantities = new Map(cart.lines.map((line) => [line.skuId, line.quantity]));
      for (const item of resolved) quantities.set(item.sku.id, (quantities.get(item.sku.id) ?? 0) + item.quantity);
      return this.applyQuantities(tx, cart, resolved, quantities);
    });
  }

  /**
   * Sets the quantity of each listed variant; 0 removes it. Variants not in the cart are added
   * when `addMissing` (PUT /cart), else left out (POST /cart/update).
   */
  setQuantities(
    cartId: string,
    items: CartItemInput[],
    addMissing: boolean,
    once: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, once, async (tx, cart) => {
      // 0 removes a line even when its SKU is no longer in the catalog.
      const resolved = await this.resolveItems(tx, items, 0, new Map(cart.lines.map((line) => [line.skuId, line.sku])));
      const quantities = new Map(cart.lines.map((line) => [line.skuId, line.quantity]));
      const applied = resolved.filter((item) => addMissing || quantities.has(item.sku.id));
      for (const item of applied) quantities.set(item.sku.id, item.quantity);
      return this.applyQuantities(tx, cart, applied, quantities);
    });
  }

  /** Removes the variants whatever their quantity; ids not in the cart change nothing. */
  removeItems(cartId: string, variantIds: (string | number)[], once: IdempotentWrite | null = null): Promise<Cart> {
    checkItemCount(variantIds.length);
    return this.write(cartId, once, async (tx, cart) => {
      const remove = new Set(variantIds.map((id) => String(id).trim()));
      const kept = cart.lines.filter((line) => !remove.has(String(line.skuId)));
      if (kept.length === cart.lines.length) return cart;
      const currency = kept[0]?.sku.currency ?? cart.currency;
      return this.repository.writeLines(
        tx,
        cart,
        kept.map(({ skuId, storeId, quantity, sku }) => ({ skuId, storeId, quantity, sku })),
        currency,
      );
    });
  }

  /** A partial update: absent fields keep their value, null clears one. */
  updateBuyerIdentity(
    cartId: string,
    patch: BuyerIdentityPatch,
    naming: FieldNaming = snakeCase,
    once: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, once, async (tx, cart) => {
      const result = validateBuyerIdentityPatch(patch);
      if (!result.ok) {
        const fields = result.problems.map((problem) => naming(problem.field));
        throw new AppError(
          'BUYER_IDENTITY_INVALID',
          `Invalid buyer identity: ${result.problems.map((p) => `${naming(p.field)} ${p.message}`).join('; ')}`,
          {
            fields,
            messages: Object.fromEntries(result.problems.map((problem) => [naming(problem.field), problem.message])),
          },
        );
      }
      await this.repository.writeIdentity(tx, cart.id, result.changes);
      return { ...cart, identity: { ...cart.identity, ...result.changes } };
    });
  }

  /**
   * Replaces the cart's discount codes (an empty list clears them): each kept as typed (trimmed),
   * once whatever its case. A code that does not apply is not an error: the cart shows why.
   */
  setDiscountCodes(cartId: string, codes: string[], once: IdempotentWrite | null = null): Promise<Cart> {
    const kept = checkDiscountCodes(codes);
    return this.write(cartId, once, async (tx, cart) => {
      await this.repository.writeDiscountCodes(tx, cart.id, kept);
      return { ...cart, discountCodes: kept };
    });
  }

  /** Chooses a store's shipping method; `store` is the store's name (or its id). */
  selectShippingMethod(
    cartId: string,
    store: string,
    shippingMethodId: string,
    once: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, once, async (tx, cart) => {
      const entry = cart.entries.find(
        (candidate) => candidate.store.name === store || String(candidate.storeId) === store,
      );
      if (!entry) {
        throw new AppError('SHIPPING_METHOD_NOT_FOUND', `The cart has no store "${store.slice(0, 200)}"`, {
          store: store.slice(0, 200),
        });
      }
      if (!entry.store.shippingMethods.some((method) => method.code === shippingMethodId)) {
        throw new AppError(
          'SHIPPING_METHOD_NOT_FOUND',
          `Store ${entry.store.name} has no shipping method "${shippingMethodId.slice(0, 200)}"`,
          {
            store: entry.store.name,
            shipping_method_id: shippingMethodId.slice(0, 200),
            available: entry.store.shippingMethods.map((method) => method.code),
          },
        );
      }
      await this.repository.selectShippingMethod(tx, cart.id, entry.storeId, shippingMethodId);
      return {
        ...cart,
        entries: cart.entries.map((other) =>
          other === entry ? { ...entry, selectedShippingMethodId: shippingMethodId } : other,
        ),
      };
    });
  }

  private loadOrThrow(tx: DbClient, cartId: string): Promise<StoredCart> {
    return loadCart(this.repository, tx, cartId, this.lifetime);
  }

  /**
   * One cart write: lock (or create) the cart, read it once, apply `change`, which answers the
   * cart as it left it, and price that. With an Idempotency-Key, a repeat gets the stored answer.
   */
  private write(
    cartId: string | null,
    once: IdempotentWrite | null,
    change: (tx: DbClient, cart: StoredCart) => Promise<StoredCart>,
  ): Promise<Cart> {
    const lock = async (tx: DbClient) => {
      if (cartId !== null) await lockCart(this.repository, tx, cartId, this.lifetime);
    };
    return writeOnce(
      this.db,
      once,
      lock,
      async (tx, unit) => {
        let cart: StoredCart;
        if (cartId === null) {
          const id = newCartId();
          const updatedAt = await this.repository.create(tx, id);
          cart = {
            id,
            currency: null,
            updatedAt,
            snapshot: null,
            identity: emptyBuyerIdentity,
            entries: [],
            lines: [],
            discountCodes: [],
          };
        } else {
          cart = await this.loadOrThrow(tx, cartId);
        }
        if (cart.entries.some((entry) => entry.isSubmitted)) {
          throw new AppError('CART_ALREADY_SUBMITTED', `Cart ${cart.id} was submitted and can no longer change`, {
            cart_id: cart.id,
          });
        }
        const after = await change(tx, cart);
        const changed = priceCart(after, await discountsFor(tx, after));
        // Its live subscribers hear of it once this commits (nobody can watch a cart just made).
        if (cartId !== null) this.events.changed(unit, [{ kind: 'cart', id: cart.id }]);
        return changed;
      },
      this.answers,
    );
  }

  /**
   * Writes the new quantities: existing lines keep their place, new ones follow in request
   * order, 0 removes. All lines must share one currency.
   */
  private async applyQuantities(
    tx: DbClient,
    cart: StoredCart,
    requested: ResolvedItem[],
    quantities: Map<number, number>,
  ): Promise<StoredCart> {
    const skus = new Map<number, CartSku>(cart.lines.map((line) => [line.skuId, line.sku]));
    for (const item of requested) skus.set(item.sku.id, item.sku);
    const order = [...cart.lines.map((line) => line.skuId), ...requested.map((item) => item.sku.id)];
    // Of several items of one variant, the first that names a media item gives it.
    const attributions = new Map<number, Attribution>();
    for (const item of requested)
      if (item.attribution && !attributions.has(item.sku.id)) attributions.set(item.sku.id, item.attribution);
    const lines: LineWrite[] = [];
    const seen = new Set<number>();
    for (const skuId of order) {
      const quantity = quantities.get(skuId) ?? 0;
      const sku = skus.get(skuId);
      if (seen.has(skuId) || quantity === 0 || !sku) continue;
      seen.add(skuId);
      if (quantity > maxQuantity) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Variant ${skuId} would have a quantity of ${quantity}; at most ${maxQuantity} per line`,
          { variant_id: String(skuId), quantity },
        );
      }
      lines.push({ skuId, storeId: sku.merchantId, quantity, sku, attribution: attributions.get(skuId) ?? null });
    }
    if (lines.length > maxLinesPerCart) {
      throw new AppError(
        'CART_TOO_LARGE',
        `A cart may hold at most ${maxLinesPerCart} lines; this change would make ${lines.length}`,
        { max: maxLinesPerCart, lines: lines.length },
      );
    }
    const stores = new Set(lines.map((line) => line.storeId)).size;
    if (stores > maxStoresPerCart) {
      throw new AppError(
        'CART_TOO_LARGE',
        `A cart may hold lines of at most ${maxStoresPerCart} stores; this change would make ${stores}`,
        { max_stores: maxStoresPerCart, stores },
      );
    }
    const currencyOf = (skuId: number) => skus.get(skuId)?.currency ?? null;
    const expected = lines.length > 0 ? currencyOf(lines[0]!.skuId) : null;
    const odd = lines.find((line) => currencyOf(line.skuId) !== expected);
    if (odd) {
      const skuId = odd.skuId;
      const got = currencyOf(skuId);
      throw new AppError(
        'CURRENCY_MISMATCH',
        `All lines of a cart share one currency: variant ${skuId} is in ${got}, the cart in ${expected}`,
        {
          variant_id: String(skuId),
          currency: got,
          cart_currency: expected,
        },
      );
    }
    return this.repository.writeLines(tx, cart, lines, expected ?? cart.currency);
  }

  /** Checks each item and finds its SKU: by variant id, or by product id when it has one SKU. */
  private async resolveItems(
    tx: DbClient,
    items: CartItemInput[],
    minQuantity: number,
    inCart = new Map<number, CartSku>(),
  ): Promise<ResolvedItem[]> {
    checkItemCount(items.length);
    const wanted = items.map((item, index) => {
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
    const variantIds = wanted.flatMap((item) =>
      item.variant && catalogId(item.variant) !== null ? [catalogId(item.variant)!] : [],
    );
    const productOnly = wanted.flatMap((item) =>
      !item.variant && item.product && catalogId(item.product) !== null ? [catalogId(item.product)!] : [],
    );
    // One after the other: a transaction is one connection, which runs one statement at a time.
    const byId = variantIds.length > 0 ? await this.repository.skusByIds(tx, variantIds) : [];
    const ofProducts = productOnly.length > 0 ? await this.repository.skusOfProducts(tx, productOnly) : [];
    const products =
      productOnly.length > 0 ? await this.repository.productIdsThatExist(tx, productOnly) : new Set<number>();
    const skuById = new Map(byId.map((sku) => [sku.id, sku]));
    const skus = wanted.map((item) => {
      if (item.variant) {
        const variantId = catalogId(item.variant) ?? 0;
        const sku = skuById.get(variantId) ?? (item.quantity === 0 ? inCart.get(variantId) : undefined);
        if (!sku)
          throw new AppError('VARIANT_NOT_FOUND', `No variant with id ${item.variant.slice(0, 64)}`, {
            index: item.index,
            variant_id: item.variant.slice(0, 64),
          });
        if (item.product && catalogId(item.product) !== sku.productId) {
          throw new AppError(
            'VARIANT_PRODUCT_MISMATCH',
            `Variant ${sku.id} belongs to product ${sku.productId}, not ${item.product.slice(0, 64)}`,
            {
              index: item.index,
              variant_id: String(sku.id),
              product_id: item.product.slice(0, 64),
            },
          );
        }
        return sku;
      }
      const productText = item.product ?? '';
      const productId = catalogId(productText);
      if (productId === null || !products.has(productId)) {
        throw new AppError('PRODUCT_NOT_FOUND', `No product with id ${productText.slice(0, 64)}`, {
          index: item.index,
          product_id: productText.slice(0, 64),
        });
      }
      const choices = ofProducts.filter((sku) => sku.productId === productId);
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
    });
    const attributions = await checkAttributions(
      this.repository,
      tx,
      wanted.map((item, at) => ({ index: item.index, sku: skus[at]!, named: item.named })),
      new Date(),
    );
    return wanted.map((item, at) => ({
      sku: skus[at]!,
      quantity: item.quantity,
      attribution: attributions[at] ?? null,
    }));
  }
}
