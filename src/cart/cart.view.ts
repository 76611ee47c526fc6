// The snake_case REST answers of carts and cart status (shapes: cart.schemas.ts),
// from cart.model.ts.
import { appliedDiscountView } from '../discounts/discount.view.js';
import { moneyView, shippingMethodView } from '../rest/common.view.js';
import { orderView } from '../orders/order.view.js';
import type { BuyerIdentity } from '../domain/buyer-identity.js';
import type { CartCost, Offer } from '../domain/pricing.js';
import type { CartTotalChanged } from './cart.expected-total.js';
import {
  storeNameOf,
  type Cart,
  type CartItemRef,
  type CartLine,
  type CartStatusAnswer,
  type CartWarning,
  type StoreEntry,
} from './cart.model.js';
import { orZero } from '../domain/money.js';
import type {
  BuyerIdentityView,
  CartLineView,
  CartStatusView,
  CartView,
  CartWarningView,
  OfferView,
  StoreEntryView,
} from './cart.schemas.js';

export function buyerIdentityView(identity: BuyerIdentity): BuyerIdentityView {
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

function itemRefView(ref: CartItemRef): CartLineView['variant'] {
  return {
    id: ref.id,
    title: ref.title,
    marketplace: ref.marketplace,
    description: ref.description,
    is_available: ref.isAvailable,
    price: moneyView(ref.price),
  };
}

function cartLineView(line: CartLine): CartLineView {
  // Carts submitted before lines kept their media (or discounts) have none in their snapshot.
  return {
    quantity: line.quantity,
    variant: itemRefView(line.variant),
    product: itemRefView(line.product),
    media_id: line.mediaId ?? null,
    placement_id: line.placementId ?? null,
    discount: moneyView(orZero(line.discount, line.variant.price.currency)),
  };
}

export function warningView(warning: CartWarning): CartWarningView {
  return {
    code: warning.code,
    message: warning.message,
    ...(warning.store === undefined ? {} : { store: warning.store }),
    ...(warning.variantId === undefined ? {} : { variant_id: warning.variantId }),
    ...(warning.discountCode === undefined ? {} : { discount_code: warning.discountCode }),
  };
}

function offerView(offer: Offer): OfferView {
  return {
    subtotal: moneyView(offer.subtotal),
    margin: moneyView(offer.margin),
    not_available_ids: offer.notAvailableIds,
    shipping_methods: offer.shippingMethods.map(shippingMethodView),
    selected_shipping_method: offer.selectedShippingMethod && shippingMethodView(offer.selectedShippingMethod),
    discount: moneyView(orZero(offer.discount, offer.subtotal.currency)),
    discounts: (offer.discounts ?? []).map(appliedDiscountView),
  };
}

function storeEntryView(entry: StoreEntry): StoreEntryView {
  return {
    store: entry.store,
    request_id: entry.requestId,
    cart_lines: entry.cartLines.map(cartLineView),
    offer: offerView(entry.offer),
    is_submitted: entry.isSubmitted,
    store_name: storeNameOf(entry),
  };
}

function cartCostView(cost: CartCost): CartView['cost'] {
  return {
    is_estimated: cost.isEstimated,
    subtotal: moneyView(cost.subtotal),
    tax: moneyView(cost.tax),
    shipping: moneyView(cost.shipping),
    discount: moneyView(orZero(cost.discount, cost.total.currency)),
    total: moneyView(cost.total),
  };
}

/** The Cart of the add, update and customer-information answers: with `cost`. */
export function cartView(cart: Cart): CartView {
  return {
    id: cart.id,
    cost: cartCostView(cart.cost),
    buyer_identity: buyerIdentityView(cart.buyerIdentity),
    stores: cart.stores.map(storeEntryView),
    discount_codes: (cart.discountCodes ?? []).map((code) => ({ code: code.code, applicable: code.applicable })),
    warnings: (cart.warnings ?? []).map(warningView),
  };
}

/**
 * The cart status answer. As the original REST clients read it, each store's `cart_lines` is here a single
 * Cart line object (the store's first line), and the cart has no `cost`.
 */
export function cartStatusView(answer: CartStatusAnswer): CartStatusView {
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

/** A refused submit's details as REST shows them: the cart's `cost` and `warnings` as its cart answer would. */
export function totalChangedDetails(error: CartTotalChanged): { cost: CartView['cost']; warnings: CartWarningView[] } {
  return { cost: cartCostView(error.cost), warnings: error.warnings.map(warningView) };
}
