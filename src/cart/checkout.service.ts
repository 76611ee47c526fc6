// Submit and cart status (README, "Submit, orders, cart status"): one order per store entry, each SUBMITTED with its
// first event; an Idempotency-Key replays the first answer.
import { randomUUID } from 'node:crypto';
import type { Db, DbClient } from '../db/database.js';
import { AppError } from '../errors.js';
import { missingForSubmit } from '../domain/buyer-identity.js';
import { cartStatusOf } from '../domain/order-status.js';
import { OrderRepository } from '../orders/order.repository.js';
import type { Cart, CartStatusAnswer } from './cart.model.js';
import type { OrderLine } from '../orders/order.model.js';
import { CartRepository, type StoredCart } from './cart.repository.js';
import { priceCart, unitPriceMinor } from './cart.pricing.js';
import { orderView } from '../orders/order.view.js';
import type { DomainEvents } from '../events/domain-events.js';
import { money } from '../domain/money.js';
import { loadCart, lockCart, snakeCase, type CartLifetime, type FieldNaming } from './cart.service.js';
import { inTransaction } from '../db/transaction.js';
import { writeOnce, type AnswerSource, type IdempotentWrite } from '../idempotency/idempotency.js';

export interface SubmitResult {
  answer: CartStatusAnswer;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/** The lines of one store as they are sold now: prices and names frozen into the order. */
function orderLines(lines: StoredCart['lines']): OrderLine[] {
  return lines.map((line) => {
    const unit = unitPriceMinor(line.sku);
    return {
      variantId: String(line.skuId),
      productId: String(line.sku.productId),
      title: line.sku.product.title,
      variantTitle: line.sku.name,
      variantValues: (line.sku.variantValues as unknown as OrderLine['variantValues'] | null) ?? [],
      quantity: line.quantity,
      unitPrice: money(unit, line.sku.currency),
      lineTotal: money(unit * line.quantity, line.sku.currency),
      mediaId: line.mediaId,
      placementId: line.placementId,
    };
  });
}

export class CheckoutService {
  private readonly carts = new CartRepository();
  private readonly orders = new OrderRepository();
  /** A submit's answer too large to keep for an Idempotency-Key is replayed as the cart status is now. */
  private readonly answers: AnswerSource<CartStatusAnswer> = {
    idOf: (answer) => answer.cart.id,
    read: async (tx, cartId) => this.answer(tx, await loadCart(this.carts, tx, cartId, this.lifetime)),
  };

  constructor(
    private readonly db: Db,
    private readonly lifetime: CartLifetime,
    private readonly events: DomainEvents,
    /** Told after a submit took stock, before its answer goes out (the catalog shows it at once). */
    private readonly stockChanged: () => Promise<void> = async () => undefined,
  ) {}

  async status(cartId: string): Promise<CartStatusAnswer> {
    return inTransaction(this.db, async (tx) => {
      return this.answer(tx, await loadCart(this.carts, tx, cartId, this.lifetime));
    });
  }

  /** With an Idempotency-Key, a repeat (or a concurrent twin) gets the first answer. */
  async submit(cartId: string, once: IdempotentWrite | null, naming: FieldNaming = snakeCase): Promise<SubmitResult> {
    const lock = async (tx: DbClient) => {
      await lockCart(this.carts, tx, cartId, this.lifetime);
    };
    const answer = await writeOnce(this.db, once, lock, async (tx, unit) => {
      const now = new Date();
      const cart = await loadCart(this.carts, tx, cartId, this.lifetime);
      const priced = priceCart(cart);
      this.checkSubmittable(cart, priced, naming);
      // Stock is taken in this transaction, each line only where it covers the quantity: of two
      // carts racing for the last unit, one submits and the other is refused, on any engine.
      const short = await this.orders.reserveStock(tx, cart.lines.map((line) => ({ variantId: String(line.skuId), quantity: line.quantity })));
      if (short.length > 0) {
        throw new AppError('PRODUCTS_UNAVAILABLE', `Variants not available in the quantity asked: ${short.join(', ')}`, { variant_ids: short });
      }
      const requestIds = new Map<number, string>();
      for (const entry of priced.stores) {
        const requestId = randomUUID();
        requestIds.set(entry.storeId, requestId);
        const offer = entry.offer;
        const total = offer.subtotal.minor + offer.shipping.minor + offer.tax.minor;
        await this.orders.create(
          tx,
          {
            cartId,
            storeId: entry.storeId,
            requestId,
            currency: offer.subtotal.currency,
            subtotalMinor: offer.subtotal.minor,
            shippingMinor: offer.shipping.minor,
            taxMinor: offer.tax.minor,
            totalMinor: total,
            shippingMethodId: offer.selectedShippingMethod?.id ?? null,
            lines: orderLines(cart.lines.filter((line) => line.storeId === entry.storeId)),
            cost: {
              currency: offer.subtotal.currency,
              subtotal: offer.subtotal,
              margin: offer.margin,
              shippingMethod: offer.selectedShippingMethod,
              shipping: offer.shipping,
              tax: offer.tax,
              total: money(total, offer.subtotal.currency),
            },
            buyerIdentity: cart.identity,
          },
          now,
        );
        await this.carts.markSubmitted(tx, cartId, entry.storeId, requestId, now);
      }
      // The cart as the writes above left it, without reading it again.
      const submitted: StoredCart = {
        ...cart,
        entries: cart.entries.map((entry) => ({ ...entry, isSubmitted: true, requestId: requestIds.get(entry.storeId) ?? null })),
      };
      // From now on the cart answers from this snapshot, whatever later imports change: the cart
      // as priced above, its entries now submitted.
      const snapshot: Cart = {
        ...priced,
        stores: priced.stores.map((entry) => ({ ...entry, isSubmitted: true, requestId: requestIds.get(entry.storeId) ?? null })),
      };
      await this.carts.saveSnapshot(tx, cartId, snapshot);
      const answer = await this.answer(tx, { ...submitted, snapshot });
      // On this transaction: no submit without its events, no events without the submit; once
      // it commits, the catalog shows the stock it took before the answer goes out.
      const orders = answer.orders.map(orderView);
      this.events.record(
        unit,
        [
          { type: 'cart.submitted', cartId, data: { cart_id: cartId, status: answer.status, orders } },
          ...orders.map((order) => ({ type: 'order.created' as const, cartId, orderId: order.id, data: { order } })),
        ],
        now,
      );
      unit.afterCommit(this.stockChanged);
      return answer;
    }, this.answers);
    return { answer, replayed: once?.replayed ?? false };
  }

  private checkSubmittable(cart: StoredCart, priced: Cart, naming: FieldNaming): void {
    if (cart.entries.some((entry) => entry.isSubmitted)) {
      throw new AppError('CART_ALREADY_SUBMITTED', `Cart ${cart.id} was already submitted`, { cart_id: cart.id });
    }
    if (cart.lines.length === 0) throw new AppError('CART_EMPTY', `Cart ${cart.id} has no lines to submit`, { cart_id: cart.id });
    const missing = missingForSubmit(cart.identity).map(naming);
    if (missing.length > 0) {
      throw new AppError('BUYER_IDENTITY_MISSING', `The buyer identity lacks ${missing.join(', ')}`, { fields: missing });
    }
    const unavailable = priced.stores.flatMap((entry) => entry.offer.notAvailableIds);
    if (unavailable.length > 0) {
      throw new AppError('PRODUCTS_UNAVAILABLE', `Variants not available in the quantity asked: ${unavailable.join(', ')}`, { variant_ids: unavailable });
    }
  }

  private async answer(tx: DbClient, cart: StoredCart): Promise<CartStatusAnswer> {
    const orders = await this.orders.ofCart(tx, cart.id, cart.entries.map((entry) => entry.storeId));
    return { status: cartStatusOf(orders.map((order) => order.status)), orders, cart: cart.snapshot ?? priceCart(cart) };
  }
}
