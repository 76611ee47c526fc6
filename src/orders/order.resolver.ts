// GraphQL twin of POST /orders/{id}/status: the store-side status update.
import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { fieldWrite } from '../idempotency/idempotency.graphql.js';
import type { IdempotencyContext } from '../idempotency/idempotency.js';
import { AdminOnly } from '../graphql/admin-only.js';
import { AppError } from '../errors.js';
import { OrderService } from './order.service.js';
import { OrderStatusEnum, OrderType } from './order.type.js';
import { RequiredActionInput } from './order.input.js';
import type { Order } from './order.model.js';

@Resolver(() => OrderType)
export class OrderResolver {
  constructor(private readonly orders: OrderService) {}

  @Query(() => OrderType, { nullable: true })
  order(@Arg('id', () => ID) id: string): Promise<Order> {
    return this.orders.get(id);
  }

  @AdminOnly()
  @Mutation(() => OrderType, {
    description: 'Moves an order along its status machine; ACTION_REQUIRED needs requiredActions.',
  })
  updateOrderStatus(
    @Arg('status', () => OrderStatusEnum) status: string,
    @Ctx() context: IdempotencyContext,
    @Arg('orderId', () => ID, { nullable: true, description: 'The order (or give it as `id`).' })
    orderId?: string | null,
    @Arg('id', () => ID, { nullable: true, description: 'Another name of `orderId`.' }) id?: string | null,
    @Arg('requiredActions', () => [RequiredActionInput], { nullable: true })
    requiredActions?: RequiredActionInput[] | null,
  ): Promise<Order> {
    const order = orderId ?? id;
    if (!order) throw new AppError('VALIDATION_FAILED', 'updateOrderStatus needs orderId', { field: 'orderId' });
    return this.orders.updateStatus(order, status, requiredActions ?? null, fieldWrite(context));
  }
}
