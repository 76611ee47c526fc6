// The GraphQL view of an order: the domain's Order with the ids its GraphQL types carry (an
// order's lines and cost are ids of the order). REST shows the domain's Order as it is.
import { FieldResolver, Resolver, Root } from 'type-graphql';
import { graphqlShippingMethod, type GraphQLShippingMethod } from '../graphql/shipping-method.type.js';
import type { Order, OrderCost, OrderLine } from './order.model.js';
import { OrderCostType, OrderLineType, OrderType } from './order.type.js';

type WithId<T> = T & { id: string };

@Resolver(() => OrderType)
export class OrderFieldsResolver {
  @FieldResolver(() => [OrderLineType])
  lines(@Root() order: Order): WithId<OrderLine>[] {
    return order.lines.map((line) => ({ ...line, id: `${order.id}:${line.variantId}` }));
  }

  @FieldResolver(() => OrderCostType, { nullable: true })
  cost(@Root() order: Order): (WithId<Omit<OrderCost, 'shippingMethod'>> & { shippingMethod: GraphQLShippingMethod | null }) | null {
    if (!order.cost) return null;
    return { ...order.cost, id: order.id, shippingMethod: order.cost.shippingMethod && graphqlShippingMethod(order.id, order.cost.shippingMethod) };
  }
}
