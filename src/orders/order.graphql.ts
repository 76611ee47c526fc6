// The GraphQL view of an order: the domain's Order with the ids its GraphQL types carry (an
// order's lines and cost are ids of the order). REST shows the domain's Order as it is.
import { FieldResolver, Resolver, Root } from 'type-graphql';
import { graphqlShippingMethod, type GraphQLShippingMethod } from '../graphql/shipping-method.type.js';
import type { Order, OrderCost, OrderLine } from './order.model.js';
import { OrderCostType, OrderLineType, OrderType } from './order.type.js';
import { appliedDiscountRoot } from '../discounts/discount.type.js';
import { orZero, type Money } from '../domain/money.js';

type WithId<T> = T & { id: string };

@Resolver(() => OrderType)
export class OrderFieldsResolver {
  @FieldResolver(() => [OrderLineType])
  lines(@Root() order: Order): WithId<OrderLine & { discount: Money }>[] {
    return order.lines.map((line) => ({
      ...line,
      discount: orZero(line.discount, line.lineTotal.currency),
      id: `${order.id}:${line.variantId}`,
    }));
  }

  @FieldResolver(() => OrderCostType, { nullable: true })
  cost(@Root() order: Order):
    | (WithId<Omit<OrderCost, 'shippingMethod' | 'discounts'>> & {
        shippingMethod: GraphQLShippingMethod | null;
        discounts: ReturnType<typeof appliedDiscountRoot>[];
      })
    | null {
    if (!order.cost) return null;
    const { cost } = order;
    return {
      ...cost,
      id: order.id,
      shippingMethod: cost.shippingMethod && graphqlShippingMethod(order.id, cost.shippingMethod),
      discount: orZero(cost.discount, cost.currency),
      discounts: (cost.discounts ?? []).map(appliedDiscountRoot),
    };
  }
}
