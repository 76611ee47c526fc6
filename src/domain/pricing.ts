// Pricing of a multi-store cart, on integer minor units (README, "Pricing rules"). Pure functions: the
// cart service gathers rows, these compute every amount, the views only format them.
import { applyRate, type Money } from './money.js';

export interface Destination {
  countryCode: string | null;
  provinceCode: string | null;
}

export interface TaxRateRule {
  countryCode: string | null;
  provinceCode: string | null;
  ratePpm: number;
}

export interface ShippingOption {
  code: string;
  label: string;
  priceMinor: number;
}

export interface PricingStore {
  currency: string;
  marginRatePpm: number;
  shippingMethods: ShippingOption[];
  taxRates: TaxRateRule[];
}

export interface PricingLine {
  variantId: string;
  quantity: number;
  unitPriceMinor: number;
  taxable: boolean;
  available: boolean;
}

export interface ShippingQuote {
  id: string;
  label: string;
  price: Money;
  taxes: Money;
  total: Money;
}

export interface Offer {
  subtotal: Money;
  margin: Money;
  notAvailableIds: string[];
  shippingMethods: ShippingQuote[];
  selectedShippingMethod: ShippingQuote | null;
  /** round(taxable subtotal × rate) + the selected method's taxes. */
  tax: Money;
  /** The selected method's price, 0 without one. */
  shipping: Money;
}

export interface CartCost {
  isEstimated: boolean;
  subtotal: Money;
  tax: Money;
  shipping: Money;
  total: Money;
}

/** Whether a SKU can be sold in this quantity (`not_available_ids`). */
export interface Stock {
  listed: boolean;
  inStock: boolean;
  status: string;
  qtyAvailable: number;
  productAvailable: boolean;
}

export function isAvailable(stock: Stock, quantity: number): boolean {
  return stock.listed && stock.inStock && stock.status === 'AVAILABLE' && stock.productAvailable && stock.qtyAvailable >= quantity;
}

/**
 * The most specific rate for the destination: country and province, else the country alone,
 * else the rate with neither, else 0.
 */
export function taxRateFor(rates: TaxRateRule[], destination: Destination): number {
  const country = destination.countryCode;
  const province = destination.provinceCode;
  const match =
    (country && province ? rates.find((rate) => rate.countryCode === country && rate.provinceCode === province) : undefined) ??
    (country ? rates.find((rate) => rate.countryCode === country && rate.provinceCode === null) : undefined) ??
    rates.find((rate) => rate.countryCode === null && rate.provinceCode === null);
  return match?.ratePpm ?? 0;
}

function quote(method: ShippingOption, ratePpm: number, currency: string): ShippingQuote {
  const taxes = applyRate(method.priceMinor, ratePpm);
  return {
    id: method.code,
    label: method.label,
    price: { minor: method.priceMinor, currency },
    taxes: { minor: taxes, currency },
    total: { minor: method.priceMinor + taxes, currency },
  };
}

/** The cheapest method, the first of equals in the store's order. */
export function cheapest(methods: ShippingOption[]): ShippingOption | null {
  return methods.reduce<ShippingOption | null>((best, method) => (best === null || method.priceMinor < best.priceMinor ? method : best), null);
}

/**
 * A store's offer for its lines. `selectedCode` is the method the buyer chose, if any and if the
 * store still has it; otherwise the cheapest is selected.
 */
export function storeOffer(store: PricingStore, lines: PricingLine[], destination: Destination, selectedCode: string | null): Offer {
  const { currency } = store;
  const amount = (minor: number): Money => ({ minor, currency });
  const subtotal = lines.reduce((sum, line) => sum + line.unitPriceMinor * line.quantity, 0);
  const taxableSubtotal = lines.reduce((sum, line) => sum + (line.taxable ? line.unitPriceMinor * line.quantity : 0), 0);
  const ratePpm = taxRateFor(store.taxRates, destination);
  const shippingMethods = store.shippingMethods.map((method) => quote(method, ratePpm, currency));
  const chosen = store.shippingMethods.find((method) => method.code === selectedCode) ?? cheapest(store.shippingMethods);
  const selectedShippingMethod = chosen ? (shippingMethods.find((method) => method.id === chosen.code) ?? null) : null;
  const lineTax = applyRate(taxableSubtotal, ratePpm);
  return {
    subtotal: amount(subtotal),
    margin: amount(applyRate(subtotal, store.marginRatePpm)),
    notAvailableIds: lines.filter((line) => !line.available).map((line) => line.variantId),
    shippingMethods,
    selectedShippingMethod,
    tax: amount(lineTax + (selectedShippingMethod?.taxes.minor ?? 0)),
    shipping: amount(selectedShippingMethod?.price.minor ?? 0),
  };
}

/** The cart's cost: sums over the stores' offers; estimated until the destination is known. */
export function cartCost(offers: Offer[], currency: string, destination: Destination & { postalCode: string | null }): CartCost {
  const sum = (pick: (offer: Offer) => Money): Money => ({ minor: offers.reduce((total, offer) => total + pick(offer).minor, 0), currency });
  const subtotal = sum((offer) => offer.subtotal);
  const tax = sum((offer) => offer.tax);
  const shipping = sum((offer) => offer.shipping);
  return {
    isEstimated: !(destination.countryCode && destination.postalCode),
    subtotal,
    tax,
    shipping,
    total: { minor: subtotal.minor + shipping.minor + tax.minor, currency },
  };
}
