// The snake_case REST shapes of carts, cart status and orders (service.md), from cart.model.ts.
import { formatMoney, toMajor, type Money } from '../domain/money.js';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { Offer, ShippingQuote } from '../domain/pricing.js';
import type { Cart, CartItemRef, CartLine, CartStatusAnswer, Order, OrderCost, OrderLine, StoreEntry } from './cart.model.js';

export interface MoneyView {
  value: number;
  display_value: string;
  currency: string;
}

export function moneyView(amount: Money): MoneyView {
  return { value: toMajor(amount.minor, amount.currency), display_value: formatMoney(amount), currency: amount.currency };
}

export function buyerIdentityView(identity: BuyerIdentity) {
  return {
    first_name: identity.firstName,
    last_name: identity.lastName,
    address_1: identity.address1,
    address_2: identity.address2,
    city: identity.city,
    province_code: identity.provinceCode,
    country_code: identity.countryCode,
    postal_code: identity.postalCode,
    email: identity.email,
    phone: identity.phone,
  };
}

function itemRefView(ref: CartItemRef) {
  return { id: ref.id, title: ref.title, marketplace: ref.marketplace, description: ref.description, is_available: ref.isAvailable, price: moneyView(ref.price) };
}

function cartLineView(line: CartLine) {
  return { quantity: line.quantity, variant: itemRefView(line.variant), product: itemRefView(line.product) };
}

function shippingMethodView(method: ShippingQuote) {
  return { id: method.id, label: method.label, price: moneyView(method.price), taxes: moneyView(method.taxes), total: moneyView(method.total) };
}

function offerView(offer: Offer) {
  return {
    subtotal: moneyView(offer.subtotal),
    margin: moneyView(offer.margin),
    not_available_ids: offer.notAvailableIds,
    shipping_methods: offer.shippingMethods.map(shippingMethodView),
    selected_shipping_method: offer.selectedShippingMethod && shippingMethodView(offer.selectedShippingMethod),
  };
}

function storeEntryView(entry: StoreEntry) {
  return {
    store: entry.store,
    request_id: entry.requestId,
    cart_lines: entry.cartLines.map(cartLineView),
    offer: offerView(entry.offer),
    is_submitted: entry.isSubmitted,
  };
}

/** The Cart of the add, update and customer-information answers: with `cost`. */
export function cartView(cart: Cart) {
  return {
    id: cart.id,
    cost: {
      is_estimated: cart.cost.isEstimated,
      subtotal: moneyView(cart.cost.subtotal),
      tax: moneyView(cart.cost.tax),
      shipping: moneyView(cart.cost.shipping),
      total: moneyView(cart.cost.total),
    },
    buyer_identity: buyerIdentityView(cart.buyerIdentity),
    stores: cart.stores.map(storeEntryView),
  };
}

function orderLineView(line: OrderLine) {
  return {
    variant_id: line.variantId,
    product_id: line.productId,
    title: line.title,
    variant_title: line.variantTitle,
    variant_values: line.variantValues.map(({ variant, value }) => ({ variant, value })),
    quantity: line.quantity,
    unit_price: moneyView(line.unitPrice),
    line_total: moneyView(line.lineTotal),
  };
}

function orderCostView(cost: OrderCost) {
  return {
    currency: cost.currency,
    subtotal: moneyView(cost.subtotal),
    margin: moneyView(cost.margin),
    shipping_method: cost.shippingMethod && shippingMethodView(cost.shippingMethod),
    shipping: moneyView(cost.shipping),
    tax: moneyView(cost.tax),
    total: moneyView(cost.total),
  };
}

/** service.md's Order, plus what was sold (`lines`) and for how much (`cost`), frozen at submit. */
export function orderView(order: Order) {
  return {
    id: order.id,
    cart_id: order.cartId,
    status: order.status,
    events: order.events.map((event) => ({ id: event.id, created_at: event.createdAt, type: event.type })),
    required_actions: order.requiredActions.map(({ action, description }) => ({ action, description })),
    lines: order.lines.map(orderLineView),
    cost: order.cost && orderCostView(order.cost),
  };
}

/**
 * The cart status answer. As service.md documents it, each store's `cart_lines` is here a single
 * Cart line object (the store's first line), and the cart has no `cost`.
 */
export function cartStatusView(answer: CartStatusAnswer) {
  return {
    status: answer.status,
    orders: answer.orders.map(orderView),
    cart: {
      id: answer.cart.id,
      stores: answer.cart.stores.map((entry) => {
        const first = entry.cartLines[0];
        return { ...storeEntryView(entry), cart_lines: first ? cartLineView(first) : null };
      }),
      buyer_identity: buyerIdentityView(answer.cart.buyerIdentity),
    },
  };
}
