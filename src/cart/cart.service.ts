// Cart operations shared by both REST route families and GraphQL. Every write is one
// transaction that starts by locking the cart (CartRepository.lock), so concurrent writes to one
// cart apply one after the other and a rejected request rolls back whole.
import type { Db, DbClient } from '../db/database.js';
import { inTransaction } from '../db/transaction.js';
import { writeOnce, type AnswerSource, type IdempotentWrite } from '../idempotency/idempotency.js';
import { AppError, FieldError } from '../errors.js';
import {
  emptyBuyerIdentity,
  validateBuyerIdentityPatch,
  type BuyerIdentityPatch,
  type FieldProblem,
} from '../domain/buyer-identity.js';
import type { Cart, CartItemInput } from './cart.model.js';
import type { Attribution, CartRepository, CartSku, LineWrite, StoredCart } from './cart.repository.js';
import { priceCart } from './cart.pricing.js';
import { discountsFor } from './cart.discounts.js';
import { codeKeyOf } from '../domain/discounts.js';
import { maxDiscountCodes, maxLinesPerCart, maxStoresPerCart } from '../domain/cart-limits.js';
import { maxCodeLength } from '../discounts/discount.input.js';
import type { DiscountRepository } from '../discounts/discount.repository.js';
import type { DomainEvents } from '../events/domain-events.js';
import { loadCart, lockCart, newCartId, type CartLifetime } from './cart.lifetime.js';
import { checkItemCount, maxQuantity, resolveItems, type ResolvedItem } from './cart.items.js';

/**
 * The codes as a cart keeps them: trimmed, the first of each that differ only in case;
 * VALIDATION_FAILED for too many or too long.
 */
function checkDiscountCodes(codes: string[]): string[] {
  const kept = new Map<string, string>();
  for (const [index, sent] of codes.entries()) {
    const code = String(sent).trim();
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

/** The fields of a buyer identity update that are refused, named as each API names them (FieldError). */
function identityInvalid(problems: readonly FieldProblem[]): FieldError {
  return new FieldError('BUYER_IDENTITY_INVALID', (name) => ({
    message: `Invalid buyer identity: ${problems.map(({ field, message }) => `${name(field)} ${message}`).join('; ')}`,
    details: {
      fields: problems.map((problem) => name(problem.field)),
      messages: Object.fromEntries(problems.map((problem) => [name(problem.field), problem.message])),
    },
  }));
}

export class CartService {
  /** A cart too large to keep for an Idempotency-Key is replayed as it is now. */
  private readonly answers: AnswerSource<Cart> = {
    idOf: (cart) => cart.id,
    read: (tx, cartId) => this.current(tx, cartId),
  };

  constructor(
    private readonly db: Db,
    private readonly lifetime: CartLifetime,
    private readonly events: DomainEvents,
    private readonly repository: CartRepository,
    private readonly discounts: DiscountRepository,
  ) {}

  async get(cartId: string): Promise<Cart> {
    // Read in a transaction too: on SQLite it waits for a write in flight instead of seeing it half done.
    return inTransaction(this.db, (tx) => this.current(tx, cartId));
  }

  /** The cart's answer: priced now, or as it was submitted. */
  private async current(tx: DbClient, cartId: string): Promise<Cart> {
    const cart = await this.loadOrThrow(tx, cartId);
    return cart.snapshot ?? priceCart(cart, await discountsFor(this.discounts, tx, cart));
  }

  /** Adds the items (quantities merge); a null cart id creates a cart. */
  addItems(
    cartId: string | null,
    items: CartItemInput[],
    idempotentWrite: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, idempotentWrite, async (tx, cart) => {
      const resolved = await resolveItems(this.repository, tx, items, 1);
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
    idempotentWrite: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, idempotentWrite, async (tx, cart) => {
      // 0 removes a line even when its SKU is no longer in the catalog.
      const inCart = new Map(cart.lines.map((line) => [line.skuId, line.sku]));
      const resolved = await resolveItems(this.repository, tx, items, 0, inCart);
      const quantities = new Map(cart.lines.map((line) => [line.skuId, line.quantity]));
      const applied = resolved.filter((item) => addMissing || quantities.has(item.sku.id));
      for (const item of applied) quantities.set(item.sku.id, item.quantity);
      return this.applyQuantities(tx, cart, applied, quantities);
    });
  }

  /** Removes the variants whatever their quantity; ids not in the cart change nothing. */
  removeItems(
    cartId: string,
    variantIds: (string | number)[],
    idempotentWrite: IdempotentWrite | null = null,
  ): Promise<Cart> {
    checkItemCount(variantIds.length);
    return this.write(cartId, idempotentWrite, async (tx, cart) => {
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
    idempotentWrite: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, idempotentWrite, async (tx, cart) => {
      const result = validateBuyerIdentityPatch(patch);
      if (!result.ok) throw identityInvalid(result.problems);
      await this.repository.writeIdentity(tx, cart.id, result.changes);
      return { ...cart, identity: { ...cart.identity, ...result.changes } };
    });
  }

  /**
   * Replaces the cart's discount codes (an empty list clears them): each kept as typed (trimmed),
   * once whatever its case. A code that does not apply is not an error: the cart shows why.
   */
  setDiscountCodes(cartId: string, codes: string[], idempotentWrite: IdempotentWrite | null = null): Promise<Cart> {
    const kept = checkDiscountCodes(codes);
    return this.write(cartId, idempotentWrite, async (tx, cart) => {
      await this.repository.writeDiscountCodes(tx, cart.id, kept);
      return { ...cart, discountCodes: kept };
    });
  }

  /** Chooses a store's shipping method; `store` is the store's name (or its id). */
  selectShippingMethod(
    cartId: string,
    store: string,
    shippingMethodId: string,
    idempotentWrite: IdempotentWrite | null = null,
  ): Promise<Cart> {
    return this.write(cartId, idempotentWrite, async (tx, cart) => {
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
    idempotentWrite: IdempotentWrite | null,
    change: (tx: DbClient, cart: StoredCart) => Promise<StoredCart>,
  ): Promise<Cart> {
    const lock = async (tx: DbClient) => {
      if (cartId !== null) await lockCart(this.repository, tx, cartId, this.lifetime);
    };
    return writeOnce(
      this.db,
      idempotentWrite,
      lock,
      async (tx, unitOfWork) => {
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
        const changed = priceCart(after, await discountsFor(this.discounts, tx, after));
        // Its live subscribers hear of it once this commits (nobody can watch a cart just made).
        if (cartId !== null) this.events.changed(unitOfWork, [{ kind: 'cart', id: cart.id }]);
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
}
