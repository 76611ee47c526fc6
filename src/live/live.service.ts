// Live views of one cart or one order: its current state at once, then its state again after
// every committed change, read through the same services as every other route. Knowing the id is
// what grants a cart or an order here too.
import type { Cart } from '../cart/cart.model.js';
import type { Order } from '../orders/order.model.js';
import type { CartService } from '../cart/cart.service.js';
import type { OrderService } from '../orders/order.service.js';
import type { Change, ChangeFeed, Watch } from '../events/change-feed.js';

/** Where one subscriber's updates go. */
export interface Outlet {
  /**
   * Resolves true once what was sent before has left the process, false when the subscriber
   * could not take it in time (it is dropped then). Updates wait for it, so a slow subscriber
   * costs one pending signal, never a queue.
   */
  caughtUp(): Promise<boolean>;
}

/** A state to send, or the error that ends the subscription (the cart expired, the database is away). */
export type Update<T> = T | Error;

export class LiveUpdates {
  constructor(
    private readonly carts: CartService,
    private readonly orders: OrderService,
    private readonly feed: ChangeFeed,
  ) {}

  /** CART_NOT_FOUND, CART_EXPIRED (or SERVICE_UNAVAILABLE) before anything is sent. */
  cart(cartId: string, outlet: Outlet): Promise<AsyncIterableIterator<Update<Cart>>> {
    return this.follow({ kind: 'cart', id: cartId }, () => this.carts.get(cartId), outlet);
  }

  /** ORDER_NOT_FOUND (or SERVICE_UNAVAILABLE) before anything is sent. */
  order(orderId: string, outlet: Outlet): Promise<AsyncIterableIterator<Update<Order>>> {
    return this.follow({ kind: 'order', id: orderId }, () => this.orders.get(orderId), outlet);
  }

  private async follow<T>(
    change: Change,
    read: () => Promise<T>,
    outlet: Outlet,
  ): Promise<AsyncIterableIterator<Update<T>>> {
    // Watching first: a change that commits after the first read is heard.
    const watch = await this.feed.watch(change);
    let first: T;
    try {
      first = await read();
    } catch (error) {
      watch.close();
      throw error;
    }
    return updates(watch, first, read, outlet);
  }
}

/**
 * The first state, then each new one. Ending the subscription (the subscriber went away) closes
 * the watch at once: the generator, waiting for a signal rather than at a yield, would otherwise
 * not hear of it until the next change.
 */
function updates<T>(watch: Watch, first: T, read: () => Promise<T>, outlet: Outlet): AsyncIterableIterator<Update<T>> {
  const generator = states(watch, first, read, outlet);
  return {
    next: () => generator.next(),
    return: (value?: unknown) => {
      watch.close();
      return generator.return(value);
    },
    throw: (error?: unknown) => {
      watch.close();
      return generator.throw(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

async function* states<T>(watch: Watch, first: T, read: () => Promise<T>, outlet: Outlet): AsyncGenerator<Update<T>> {
  try {
    let sent = JSON.stringify(first);
    yield first;
    while (!(await watch.next()).done) {
      if (!(await outlet.caughtUp())) return;
      let current: T;
      try {
        current = await read();
      } catch (error) {
        yield error instanceof Error ? error : new Error(String(error));
        return;
      }
      // A notice of a change that rolled back, or of one this subscriber has already seen.
      const text = JSON.stringify(current);
      if (text === sent) continue;
      sent = text;
      yield current;
    }
  } finally {
    watch.close();
  }
}
