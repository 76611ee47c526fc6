// Submit and cart status (docs/carts.md, "Submit, orders, cart status"): one order per store entry, each
// SUBMITTED with its first event; an Idempotency-Key replays the first answer.
import { randomUUID } from 'node:crypto';
import type { Db, DbClient } from '../db/database.js';
import { AppError, FieldError } from '../errors.js';
import { missingForSubmit, type BuyerIdentityField } from '../domain/buyer-identity.js';
import { cartStatusOf } from '../domain/order-status.js';
import type { OrderRepository } from '../orders/order.repository.js';
import { storeNameOf, type Cart, type CartStatusAnswer, type StoreEntry } from './cart.model.js';
import { inStoreOrder, type Order, type OrderLine } from '../orders/order.model.js';
import type { CartRepository, StoredCart } from './cart.repository.js';
import { priceCart } from './cart.pricing.js';
import { unitPriceMinor } from './cart.sku.js';
import { buyerKey, discountsFor } from './cart.discounts.js';
import type { DiscountRepository } from '../discounts/discount.repository.js';
import type { DiscountRule } from '../domain/discounts.js';
import { submitEvents } from '../orders/order.events.js';
import type { DomainEvents } from '../events/domain-events.js';
import type { StockEvents } from '../events/stock-events.js';
import { money } from '../domain/money.js';
import { loadCart, lockCart, type CartLifetime } from './cart.lifetime.js';
import { inTransaction } from '../db/transaction.js';
import { checkExpectedTotal, expectedTotalOf, type ExpectedTotalInput } from './cart.expected-total.js';
import { writeOnce, type AnswerSource, type IdempotentWrite } from '../idempotency/idempotency.js';

export interface SubmitResult {
  answer: CartStatusAnswer;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/** The lines of one store as they are sold now: prices, names and discounts frozen into the order. */
function orderLines(lines: StoredCart['lines'], priced: StoreEntry): OrderLine[] {
  return lines.map((line, index) => {
    const unitPrice = unitPriceMinor(line.sku);
    return {
      variantId: String(line.skuId),
      productId: String(line.sku.productId),
      title: line.sku.product.title,
      variantTitle: line.sku.name,
      variantValues: (line.sku.variantValues as unknown as OrderLine['variantValues'] | null) ?? [],
      quantity: line.quantity,
      unitPrice: money(unitPrice, line.sku.currency),
      lineTotal: money(unitPrice * line.quantity, line.sku.currency),
      discount: priced.cartLines[index]?.discount ?? money(0, line.sku.currency),
      mediaId: line.mediaId,
      placementId: line.placementId,
    };
  });
}

/** A discount the cart showed that has no use left at submit: the submit is refused, the buyer sees the cart again. */
function usedUp(
  code: 'DISCOUNT_USAGE_LIMIT_REACHED' | 'DISCOUNT_BUYER_LIMIT_REACHED',
  discountCode: string | null,
  store: string,
): AppError {
  const who = code === 'DISCOUNT_USAGE_LIMIT_REACHED' ? 'has no use left' : 'has no use left for this buyer';
  return new AppError(
    code,
    `The discount ${discountCode ?? '(automatic)'} of ${store} ${who}: ` +
      'the cart no longer gets it; look at it again before submitting',
    { store, discount_code: discountCode },
  );
}

/** The fields submit needs that the buyer identity lacks, named as each API names them (FieldError). */
function identityMissing(fields: readonly BuyerIdentityField[]): FieldError {
  return new FieldError('BUYER_IDENTITY_MISSING', (name) => ({
    message: `The buyer identity lacks ${fields.map(name).join(', ')}`,
    details: { fields: fields.map(name) },
  }));
}

function productsUnavailable(variantIds: string[]): AppError {
  return new AppError(
    'PRODUCTS_UNAVAILABLE',
    `Variants not available in the quantity asked: ${variantIds.join(', ')}`,
    { variant_ids: variantIds },
  );
}

/** The cart status of these orders (in the order of the cart's store entries) and the cart as answered. */
function statusAnswer(orders: Order[], cart: Cart): CartStatusAnswer {
  return { status: cartStatusOf(orders.map((order) => order.status)), orders, cart };
}

export class CheckoutService {
  /** A submit's answer too large to keep for an Idempotency-Key is replayed as the cart status is now. */
  private readonly answers: AnswerSource<CartStatusAnswer> = {
    idOf: (answer) => answer.cart.id,
    read: async (tx, cartId) => this.answer(tx, await loadCart(this.carts, tx, cartId, this.lifetime)),
    // Answers kept before orders had numbers.
    isCurrent: (answer) => answer.orders.every((order) => order.orderNumber !== undefined),
  };

  constructor(
    private readonly db: Db,
    private readonly lifetime: CartLifetime,
    private readonly events: DomainEvents,
    /** Told before a submit takes stock (the catalog's answers show stock). */
    private readonly stock: StockEvents,
    private readonly carts: CartRepository,
    private readonly orders: OrderRepository,
    private readonly discounts: DiscountRepository,
  ) {}

  async status(cartId: string): Promise<CartStatusAnswer> {
    return inTransaction(this.db, async (tx) => {
      return this.answer(tx, await loadCart(this.carts, tx, cartId, this.lifetime));
    });
  }

  /**
   * With an Idempotency-Key, a repeat (or a concurrent twin) gets the first answer. With an expected
   * total, a cart that the submit prices at another total is refused (CART_TOTAL_CHANGED) before
   * any order is written, and the stock it took is given back (rolled back): the orders are written
   * from the pricing the total is compared with.
   */
  async submit(
    cartId: string,
    idempotentWrite: IdempotentWrite | null,
    expectedTotal: ExpectedTotalInput | null = null,
  ): Promise<SubmitResult> {
    const expected = expectedTotalOf(expectedTotal);
    const lock = async (tx: DbClient) => {
      await lockCart(this.carts, tx, cartId, this.lifetime);
    };
    const answer = await writeOnce(
      this.db,
      idempotentWrite,
      lock,
      async (tx, unitOfWork) => {
        const cart = await loadCart(this.carts, tx, cartId, this.lifetime);
        // Read once the cart's lock is held (its reads are answered after the lock).
        const now = new Date();
        checkSubmittable(cart);
        // Stock is taken in this transaction, each line only where it covers the quantity: of two
        // carts racing for the last unit, one submits and the other is refused, on any engine.
        // Each store's next order number: its counter row stays locked from here to the commit, so
        // concurrent submits of a store, in any process, take their numbers one after the other.
        // They are begun with the discounts' read, before the pricing is checked (on PostgreSQL
        // all leave in one write, db/pg-pipeline.ts): a cart the pricing refuses rolls them back.
        // The stock is moved through its handlers (events/stock-events.ts): their locks come
        // before the stock rows', their reads of the moved stock after; then the order numbers.
        const stock = cart.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity }));
        const [discounts, short, numbers] = await Promise.all([
          discountsFor(this.discounts, tx, cart, now),
          this.stock.moving(
            tx,
            unitOfWork,
            stock.map((line) => line.skuId),
            () => this.orders.reserveStock(tx, stock),
          ),
          // A store's entry is priced into one order (priceCart): its number is taken here.
          this.orders.takeOrderNumbers(
            tx,
            cart.entries.map((entry) => entry.storeId),
          ),
        ]);
        const priced = priceCart(cart, discounts);
        checkAvailable(priced);
        checkExpectedTotal(expected, priced);
        if (short.length > 0) throw productsUnavailable(short.map(String));
        const requestIds = new Map<number, string>();
        const placed: Order[] = [];
        const rules = new Map(discounts.rules.map((rule) => [String(rule.id), rule]));
        for (const entry of priced.stores) {
          const orderNumber = numbers.get(entry.storeId)!;
          const order = await this.placeOrder(tx, cart, { entry, orderNumber }, rules, now);
          requestIds.set(entry.storeId, order.requestId);
          placed.push(order.order);
        }
        // From now on the cart answers from this snapshot, whatever later imports change: the cart
        // as priced above, its entries now submitted.
        const snapshot: Cart = {
          ...priced,
          stores: priced.stores.map((entry) => ({
            ...entry,
            isSubmitted: true,
            requestId: requestIds.get(entry.storeId) ?? null,
          })),
        };
        await this.carts.saveSnapshot(tx, cartId, snapshot);
        // The orders as written (every order of the cart: none before, or the submit was refused).
        const orders = inStoreOrder(
          placed,
          cart.entries.map((entry) => entry.storeId),
        );
        const answer = statusAnswer(orders, snapshot);
        // On this transaction: no submit without its events, no events without the submit.
        this.events.record(unitOfWork, submitEvents(cartId, answer.status, answer.orders), now);
        return answer;
      },
      this.answers,
    );
    return { answer, replayed: idempotentWrite?.replayed ?? false };
  }

  /**
   * One store's order: written with what it sold and its discounts frozen, each discount's use
   * counted, the entry marked submitted. Answers the order and its request id.
   */
  private async placeOrder(
    tx: DbClient,
    cart: StoredCart,
    { entry, orderNumber }: { entry: StoreEntry; orderNumber: number },
    rules: Map<string, DiscountRule>,
    now: Date,
  ): Promise<{ order: Order; requestId: string }> {
    const requestId = randomUUID();
    const offer = entry.offer;
    const currency = offer.subtotal.currency;
    const discount = offer.discount?.minor ?? 0;
    const total = offer.subtotal.minor + offer.shipping.minor + offer.tax.minor - discount;
    const order = await this.orders.create(
      tx,
      {
        cartId: cart.id,
        storeId: entry.storeId,
        orderNumber,
        storeName: storeNameOf(entry),
        requestId,
        currency,
        subtotalMinor: offer.subtotal.minor,
        shippingMinor: offer.shipping.minor,
        taxMinor: offer.tax.minor,
        discountMinor: discount,
        totalMinor: total,
        shippingMethodId: offer.selectedShippingMethod?.id ?? null,
        lines: orderLines(
          cart.lines.filter((line) => line.storeId === entry.storeId),
          entry,
        ),
        cost: {
          currency,
          subtotal: offer.subtotal,
          margin: offer.margin,
          shippingMethod: offer.selectedShippingMethod,
          shipping: offer.shipping,
          tax: offer.tax,
          discount: money(discount, currency),
          discounts: offer.discounts ?? [],
          total: money(total, currency),
        },
        buyerIdentity: cart.identity,
      },
      now,
    );
    // Each discount applied is used once by this order, if it has uses left now (concurrent submits
    // queue on its row). One that took nothing off (free shipping of a free method) uses nothing up.
    for (const applied of (offer.discounts ?? []).filter((each) => each.amount.minor > 0)) {
      const outcome = await this.discounts.use(tx, rules.get(applied.id)!, {
        orderId: order.id,
        buyerEmail: buyerKey(cart.identity.email),
        amountMinor: applied.amount.minor,
      });
      if (outcome !== 'used') throw usedUp(outcome, applied.code, entry.store);
    }
    await this.carts.markSubmitted(tx, cart.id, entry.storeId, requestId, now);
    return { order, requestId };
  }

  private async answer(tx: DbClient, cart: StoredCart): Promise<CartStatusAnswer> {
    const orders = await this.orders.ofCart(
      tx,
      cart.id,
      cart.entries.map((entry) => entry.storeId),
    );
    return statusAnswer(orders, cart.snapshot ?? priceCart(cart, await discountsFor(this.discounts, tx, cart)));
  }
}

/** The refusals of a submit that its cart alone decides, before any of its statements is begun. */
function checkSubmittable(cart: StoredCart): void {
  if (cart.entries.some((entry) => entry.isSubmitted)) {
    throw new AppError('CART_ALREADY_SUBMITTED', `Cart ${cart.id} was already submitted`, { cart_id: cart.id });
  }
  if (cart.lines.length === 0)
    throw new AppError('CART_EMPTY', `Cart ${cart.id} has no lines to submit`, { cart_id: cart.id });
  const missing = missingForSubmit(cart.identity);
  if (missing.length > 0) throw identityMissing(missing);
}

/** A line whose product the pricing finds not available (gone from the catalog, or not sold) refuses the submit. */
function checkAvailable(priced: Cart): void {
  const unavailable = priced.stores.flatMap((entry) => entry.offer.notAvailableIds);
  if (unavailable.length > 0) throw productsUnavailable(unavailable);
}
