// Variant choice: which SKU a set of option values names, which values can still be chosen, and
// the catalog price shown for it. The catalog answers prices as major-unit numbers only (Product
// and Sku have no Money), so the panel formats that number for display exactly as the gateway
// formats its own displayValue (en-US, the currency's symbol); nothing is ever added or
// multiplied here: every amount of the cart comes from the API's displayValue.
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import { nothing } from 'lit';
import type { Cart, Product, Sku, VariantOption } from './api.js';

export type Selection = Record<string, string>;

/** The options to choose from: the product's, or one "Option" over SKU names when it has none. */
export function optionsOf(product: Product): VariantOption[] {
  if (product.variants.length > 0 || product.skus.length <= 1) return product.variants;
  return [{ name: 'Option', values: product.skus.map((sku) => sku.name) }];
}

function valueOf(product: Product, sku: Sku, option: string): string | undefined {
  if (product.variants.length === 0) return sku.name;
  return sku.variantValues.find((each) => each.variant === option)?.value;
}

export function isSellable(product: Product, sku: Sku): boolean {
  return product.isAvailable && sku.inStock && sku.status === 'AVAILABLE' && sku.qtyAvailable > 0;
}

/** The SKU every option's chosen value names, when all are chosen. */
export function chosenSku(product: Product, selection: Selection): Sku | undefined {
  const options = optionsOf(product);
  if (options.length === 0) return product.skus.length === 1 ? product.skus[0] : undefined;
  if (options.some((option) => !selection[option.name])) return undefined;
  return product.skus.find((sku) =>
    options.every((option) => valueOf(product, sku, option.name) === selection[option.name]),
  );
}

/** Whether `value` of `option` names a sellable SKU together with the other options chosen. */
export function canChoose(product: Product, selection: Selection, option: string, value: string): boolean {
  const others = optionsOf(product).filter((each) => each.name !== option && selection[each.name]);
  return product.skus.some(
    (sku) =>
      isSellable(product, sku) &&
      valueOf(product, sku, option) === value &&
      others.every((each) => valueOf(product, sku, each.name) === selection[each.name]),
  );
}

/** The first choice: options with a single value are chosen already. */
export function initialSelection(product: Product): Selection {
  const selection: Selection = {};
  for (const option of optionsOf(product)) {
    const only = option.values.length === 1 ? option.values[0] : undefined;
    if (only !== undefined) selection[option.name] = only;
  }
  return selection;
}

/** The currency of a cart's lines (all share one), or null when it has none. */
export function cartCurrencyOf(cart: Cart | null): string | null {
  for (const store of cart?.stores ?? []) for (const line of store.cartLines) return line.variant.price.currency;
  return null;
}

/** The currency a product is sold in when it cannot join a cart in another one, else null. */
export function foreignCurrency(product: Product, cartCurrency: string | null): string | null {
  return cartCurrency !== null && product.currency !== cartCurrency ? product.currency : null;
}

/** The price to show, as the API formats it: the chosen SKU's, else the product's. */
export function priceOf(product: Product, sku: Sku | undefined): string {
  return (sku?.priceMoney ?? product.priceMoney).displayValue;
}

/**
 * Places an element at fractions of its container through CSSOM (`style.setProperty`), which a
 * Content-Security-Policy without 'unsafe-inline' allows; lit's styleMap writes a `style`
 * attribute on its first render, which such a policy refuses.
 */
class PlaceDirective extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('place() goes on an element');
  }
  render(_x: number, _y: number) {
    return nothing;
  }
  override update(part: ElementPart, [x, y]: [number, number]) {
    const style = (part.element as HTMLElement).style;
    style.setProperty('left', `${(x * 100).toFixed(3)}%`);
    style.setProperty('top', `${(y * 100).toFixed(3)}%`);
    return nothing;
  }
}

export const place = directive(PlaceDirective);
