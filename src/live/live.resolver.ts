// GraphQL subscriptions of live updates, run only at /graphql/stream (live.routes.ts): POST
// /graphql refuses the subscription operation. Each yields the current state at once, then the
// state after every committed change.
import { Arg, ID, Resolver, Root, Subscription, type PubSub } from 'type-graphql';
import type { Cart } from '../cart/cart.model.js';
import type { Order } from '../orders/order.model.js';
import { CartType } from '../cart/cart.type.js';
import { OrderType } from '../orders/order.type.js';
import type { Update } from './live.service.js';

/** One stream's live updates, paced by that stream (see live.routes.ts). */
export interface LiveSession {
  cart(cartId: string): Promise<AsyncIterable<Update<Cart>>>;
  order(orderId: string): Promise<AsyncIterable<Update<Order>>>;
}

/** The context of an operation at /graphql/stream. */
export interface LiveContext {
  readonly live: LiveSession;
}

interface IdArgs {
  cartId?: string;
  orderId?: string;
}

/**
 * type-graphql wants a PubSub once the schema has a subscription. These subscriptions name their
 * own source (`subscribe`), so it is never used: publishing goes through the change feed.
 */
export const noTopics: PubSub = {
  publish() {
    throw new Error('subscriptions have no topics: publish changes through the change feed');
  },
  subscribe() {
    throw new Error('subscriptions have no topics: each names its own source');
  },
};

/** A state is sent; an error ends the subscription with that error. */
function sent<T>(update: Update<T>): T {
  if (update instanceof Error) throw update;
  return update;
}

@Resolver()
export class LiveResolver {
  @Subscription(() => CartType, {
    description:
      'The cart now, then after every change to it (items, buyer identity, shipping, submit). Served over ' +
      'Server-Sent Events at /graphql/stream.',
    subscribe: ({ args, context }) => (context as LiveContext).live.cart(String((args as IdArgs).cartId)),
  })
  cartUpdated(@Root() update: Update<Cart>, @Arg('cartId', () => ID) _cartId: string): Cart {
    return sent(update);
  }

  @Subscription(() => OrderType, {
    description:
      'The order now, then after every change to it (status, required actions). Served over Server-Sent ' +
      'Events at /graphql/stream.',
    subscribe: ({ args, context }) => (context as LiveContext).live.order(String((args as IdArgs).orderId)),
  })
  orderUpdated(@Root() update: Update<Order>, @Arg('orderId', () => ID) _orderId: string): Order {
    return sent(update);
  }
}
