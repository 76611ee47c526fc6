// Store-side order updates: the status machine of src/domain/order-status.ts, one event per
// transition, required actions while ACTION_REQUIRED.
import type { DiscountRepository } from '../discounts/discount.repository.js';
import type { Db, DbClient } from '../db/database.js';
import { AppError } from '../errors.js';
import { canTransition, isOrderStatus, nextStatuses, orderStatuses } from '../domain/order-status.js';
import type { Order, OrderLine, RequiredAction } from './order.model.js';
import { writeOnce, type AnswerSource, type IdempotentWrite } from '../idempotency/idempotency.js';
import type { OrderRepository, StockLine } from './order.repository.js';
import { statusEvents } from './order.events.js';
import type { DomainEvents } from '../events/domain-events.js';
import type { StockEvents } from '../events/stock-events.js';

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderNotFound(orderId: string): AppError {
  return new AppError('ORDER_NOT_FOUND', `No order with id ${orderId.slice(0, 64)}`, {
    order_id: orderId.slice(0, 64),
  });
}

function checkActions(status: string, actions: unknown[] | null | undefined): RequiredAction[] {
  const list = actions ?? [];
  if (status !== 'ACTION_REQUIRED') {
    if (list.length > 0)
      throw new AppError('VALIDATION_FAILED', 'required_actions are only given with status ACTION_REQUIRED', {
        field: 'required_actions',
      });
    return [];
  }
  if (list.length === 0)
    throw new AppError('VALIDATION_FAILED', 'status ACTION_REQUIRED needs at least one required action', {
      field: 'required_actions',
    });
  if (list.length > 20)
    throw new AppError('VALIDATION_FAILED', 'at most 20 required actions', { field: 'required_actions' });
  return list.map((given, index) => {
    const action = given as Partial<Record<'action' | 'description', unknown>> | null;
    const text = (key: 'action' | 'description', max: number) => {
      const value = action?.[key];
      if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
        throw new AppError(
          'VALIDATION_FAILED',
          `required_actions[${index}].${key} must be a non-empty string of at most ${max} characters`,
          { field: `required_actions[${index}].${key}` },
        );
      }
      return value;
    };
    return { action: text('action', 255), description: text('description', 2000) };
  });
}

/** The stock an order's lines hold. */
function stockOf(lines: readonly OrderLine[]): StockLine[] {
  return lines.map((line) => ({ skuId: Number(line.variantId), quantity: line.quantity }));
}

export class OrderService {
  /** An updated order too large to keep for an Idempotency-Key is replayed as it is now. */
  private readonly answers: AnswerSource<Order> = {
    idOf: (order) => order.id,
    read: async (tx, orderId) => {
      const order = await this.repository.find(tx, orderId);
      if (!order) throw orderNotFound(orderId);
      return order;
    },
    // Answers kept before orders had numbers.
    isCurrent: (order) => order.orderNumber !== undefined,
  };

  constructor(
    private readonly db: Db,
    private readonly events: DomainEvents,
    /** Told before an order gives its stock back (the catalog's answers show stock). */
    private readonly stock: StockEvents,
    private readonly repository: OrderRepository,
    private readonly discountUses: DiscountRepository,
  ) {}

  async get(orderId: string): Promise<Order> {
    const order = uuidShape.test(orderId) ? await this.repository.find(this.db, orderId) : null;
    if (!order) throw orderNotFound(orderId);
    return order;
  }

  async updateStatus(
    orderId: string,
    status: string,
    requiredActions?: unknown[] | null,
    idempotentWrite: IdempotentWrite | null = null,
  ): Promise<Order> {
    if (!isOrderStatus(status)) {
      throw new AppError('VALIDATION_FAILED', `status must be one of ${orderStatuses.join(', ')}`, { field: 'status' });
    }
    const actions = checkActions(status, requiredActions);
    const lock = async (tx: DbClient) => {
      if (!uuidShape.test(orderId) || !(await this.repository.lock(tx, orderId))) throw orderNotFound(orderId);
    };
    return writeOnce(
      this.db,
      idempotentWrite,
      lock,
      async (tx, unitOfWork) => {
        const order = await this.repository.find(tx, orderId);
        if (!order) throw orderNotFound(orderId);
        if (!canTransition(order.status, status)) {
          throw new AppError('INVALID_ORDER_TRANSITION', `An order cannot go from ${order.status} to ${status}`, {
            from: order.status,
            to: status,
            allowed: [...nextStatuses(order.status)],
          });
        }
        const now = new Date();
        await this.repository.transition(tx, order, status, actions, now);
        // An order that will not be fulfilled gives its stock back (once: these are final states),
        // which the catalog shows once this commits, before the answer goes out.
        if (status === 'CANCELLED' || status === 'FAILED') {
          const stock = stockOf(order.lines);
          const skuIds = stock.map((line) => line.skuId);
          await this.stock.moving(tx, unitOfWork, skuIds, () => this.repository.releaseStock(tx, stock));
          // And its discounts' uses: a code with a limit may be used by another order.
          await this.discountUses.giveBack(tx, order.id);
        }
        const updated = await this.repository.find(tx, orderId);
        if (!updated) throw orderNotFound(orderId);
        // On this transaction: no transition without its events, no events without the transition.
        this.events.record(unitOfWork, statusEvents(order.status, updated), now);
        return updated;
      },
      this.answers,
    );
  }
}
