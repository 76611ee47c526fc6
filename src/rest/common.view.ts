// REST views shared by features: money, a store's shipping method (shapes: common.schemas.ts), and
// how REST names a field.
import { formatMoney, toMajor, type Money } from '../domain/money.js';
import type { ShippingQuote } from '../domain/pricing.js';
import type { MoneyView, ShippingMethodView } from './common.schemas.js';

export function moneyView(amount: Money): MoneyView {
  return {
    value: toMajor(amount.minor, amount.currency),
    display_value: formatMoney(amount),
    currency: amount.currency,
  };
}

export function shippingMethodView(method: ShippingQuote): ShippingMethodView {
  return {
    id: method.id,
    label: method.label,
    price: moneyView(method.price),
    taxes: moneyView(method.taxes),
    total: moneyView(method.total),
  };
}

/** A field as REST names it: the domain's camelCase name in snake_case, a digit apart (address1: address_1). */
export function restFieldName(field: string): string {
  return field.replace(/[A-Z0-9]/g, (char) => `_${char.toLowerCase()}`);
}
