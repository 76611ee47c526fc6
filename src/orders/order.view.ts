// The snake_case REST answer of an order (the original REST Order, plus `lines`, `cost`, its number
// and its store's display name; shape: order.schemas.ts).
import { appliedDiscountView } from '../discounts/discount.view.js';
import { moneyView, shippingMethodView } from '../rest/common.view.js';
import { orZero } from '../domain/money.js';
import type { Order, OrderCost, OrderLine } from './order.model.js';
import type { OrderView } from './order.schemas.js';

function orderLineView(line: OrderLine): OrderView['lines'][number] {
  return {
    variant_id: line.variantId,
    product_id: line.productId,
    title: line.title,
    variant_title: line.variantTitle,
    variant_values: line.variantValues.map(({ variant, value }) => ({ variant, value })),
    quantity: line.quantity,
    unit_price: moneyView(line.unitPrice),
    line_total: moneyView(line.lineTotal),
    discount: moneyView(orZero(line.discount, line.lineTotal.currency)),
    media_id: line.mediaId,
    placement_id: line.placementId,
  };
}

function orderCostView(cost: OrderCost): NonNullable<OrderView['cost']> {
  return {
    currency: cost.currency,
    subtotal: moneyView(cost.subtotal),
    margin: moneyView(cost.margin),
    shipping_method: cost.shippingMethod && shippingMethodView(cost.shippingMethod),
    shipping: moneyView(cost.shipping),
    tax: moneyView(cost.tax),
    discount: moneyView(orZero(cost.discount, cost.currency)),
    discounts: (cost.discounts ?? []).map(appliedDiscountView),
    total: moneyView(cost.total),
  };
}

/**
 * The original REST Order, plus what was sold (`lines`) and for how much (`cost`), frozen at submit,
 * then the store's order number and display name.
 */
export function orderView(order: Order): OrderView {
  return {
    id: order.id,
    cart_id: order.cartId,
    status: order.status,
    events: order.events.map((event) => ({ id: event.id, created_at: event.createdAt, type: event.type })),
    required_actions: order.requiredActions.map(({ action, description }) => ({ action, description })),
    lines: order.lines.map(orderLineView),
    cost: order.cost && orderCostView(order.cost),
    order_number: order.orderNumber,
    store_name: order.storeName,
  };
}
