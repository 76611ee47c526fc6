// Pricing of a multi-store cart, on integer minor units (docs/carts.md, "Pricing rules"). Pure functions: the
// cart service gathers rows, these compute every amount, the views only format them. A store's
// offer is worked out by an ordered list of rules (pricingRules: subtotal, margin, shipping, the
// store's discounts, tax); another rule is placed among them with withRule.
import { applyRate, type Money } from './money.js';
import { chooseDiscounts, type DiscountKind, type DiscountRule } from './discounts.js';

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

/** A discount as an offer shows it: what it took off this store's lines and shipping. */
export interface AppliedDiscount {
  id: string;
  /** null: automatic. */
  code: string | null;
  kind: DiscountKind;
  amount: Money;
}

export interface Offer {
  subtotal: Money;
  margin: Money;
  notAvailableIds: string[];
  shippingMethods: ShippingQuote[];
  selectedShippingMethod: ShippingQuote | null;
  /** round(taxable subtotal less its discounts × rate) + the tax of the selected method's price less its discount. */
  tax: Money;
  /** The selected method's price, 0 without one (before a free-shipping discount, which is in `discount`). */
  shipping: Money;
  /** Σ of the applied discounts (absent in answers stored before discounts: 0). */
  discount?: Money;
  discounts?: AppliedDiscount[];
}

export interface CartCost {
  isEstimated: boolean;
  subtotal: Money;
  tax: Money;
  shipping: Money;
  /** Σ of the stores' discounts: total = subtotal + shipping + tax - discount. */
  discount?: Money;
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
  return (
    stock.listed &&
    stock.inStock &&
    stock.status === 'AVAILABLE' &&
    stock.productAvailable &&
    stock.qtyAvailable >= quantity
  );
}

/**
 * The most specific rate for the destination: country and province, else the country alone,
 * else the rate with neither, else 0.
 */
export function taxRateFor(rates: TaxRateRule[], destination: Destination): number {
  const country = destination.countryCode;
  const province = destination.provinceCode;
  const match =
    (country && province
      ? rates.find((rate) => rate.countryCode === country && rate.provinceCode === province)
      : undefined) ??
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
  return methods.reduce<ShippingOption | null>(
    (best, method) => (best === null || method.priceMinor < best.priceMinor ? method : best),
    null,
  );
}

/**
 * A store's offer while the pricing rules work on it, in minor units of the store's currency.
 * Each rule is a pure function from one draft to the next; the offer is read off the last.
 */
export interface OfferDraft {
  readonly store: PricingStore;
  readonly lines: readonly PricingLine[];
  readonly destination: Destination;
  /** The shipping method the buyer chose, if any. */
  readonly selectedCode: string | null;
  /** Σ unit price × quantity over the lines. */
  subtotalMinor: number;
  /** The part of the subtotal tax applies to (its taxable lines, less what a rule took off them). */
  taxableMinor: number;
  marginMinor: number;
  /** The destination's tax rate, for the lines and the shipping. */
  ratePpm: number;
  shippingMethods: ShippingQuote[];
  selectedShippingMethod: ShippingQuote | null;
  /** Tax on the lines (the selected method's taxes are in its quote). */
  lineTaxMinor: number;
  /** The store's discounts that may apply (their conditions met); the rule "discounts" chooses among them. */
  readonly eligibleDiscounts: readonly DiscountRule[];
  /**
   * What the discounts applied took off: per line (in the lines' order), the shipping, and which;
   * the ones that could not combine.
   */
  lineDiscounts: number[];
  shippingDiscountMinor: number;
  appliedDiscounts: { rule: DiscountRule; amountMinor: number }[];
  notCombined: DiscountRule[];
}

export interface PricingRule {
  /** What the rule settles ("subtotal", "margin", …): where other rules are placed by it. */
  readonly name: string;
  readonly apply: (draft: OfferDraft) => OfferDraft;
}

const lineTotal = (line: PricingLine) => line.unitPriceMinor * line.quantity;

/** The rules of every offer, in order: subtotal, margin, shipping, tax. */
export const pricingRules: readonly PricingRule[] = [
  {
    name: 'subtotal',
    apply: (draft) => ({
      ...draft,
      subtotalMinor: draft.lines.reduce((sum, line) => sum + lineTotal(line), 0),
      taxableMinor: draft.lines.reduce((sum, line) => sum + (line.taxable ? lineTotal(line) : 0), 0),
    }),
  },
  {
    name: 'margin',
    apply: (draft) => ({ ...draft, marginMinor: applyRate(draft.subtotalMinor, draft.store.marginRatePpm) }),
  },
  {
    // Every method quoted with the destination's rate; the buyer's choice if the store still has
    // it, else the cheapest.
    name: 'shipping',
    apply: (draft) => {
      const { store } = draft;
      const ratePpm = taxRateFor(store.taxRates, draft.destination);
      const shippingMethods = store.shippingMethods.map((method) => quote(method, ratePpm, store.currency));
      const chosen =
        store.shippingMethods.find((method) => method.code === draft.selectedCode) ?? cheapest(store.shippingMethods);
      const selectedShippingMethod = chosen
        ? (shippingMethods.find((method) => method.id === chosen.code) ?? null)
        : null;
      return { ...draft, ratePpm, shippingMethods, selectedShippingMethod };
    },
  },
  {
    // After shipping (free shipping takes the selected method's price), before tax (taxes are on discounted amounts).
    name: 'discounts',
    apply: (draft) => {
      if (draft.eligibleDiscounts.length === 0) return draft;
      const chosen = chooseDiscounts(
        draft.lines.map(lineTotal),
        draft.selectedShippingMethod?.price.minor ?? 0,
        draft.eligibleDiscounts,
      );
      const taxableOff = draft.lines.reduce(
        (sum, line, index) => sum + (line.taxable ? chosen.lineDiscounts[index]! : 0),
        0,
      );
      return {
        ...draft,
        taxableMinor: draft.taxableMinor - taxableOff,
        lineDiscounts: chosen.lineDiscounts,
        shippingDiscountMinor: chosen.shippingDiscountMinor,
        appliedDiscounts: chosen.applied.map((take) => ({ rule: take.rule, amountMinor: take.amountMinor })),
        notCombined: chosen.left,
      };
    },
  },
  { name: 'tax', apply: (draft) => ({ ...draft, lineTaxMinor: applyRate(draft.taxableMinor, draft.ratePpm) }) },
];

/** `rules` with `rule` placed right before the one named `before` (a discount before "tax", say). */
export function withRule(
  rules: readonly PricingRule[],
  rule: PricingRule,
  placement: { before: string },
): PricingRule[] {
  const index = rules.findIndex((existing) => existing.name === placement.before);
  if (index < 0) throw new Error(`No pricing rule named ${placement.before}`);
  return [...rules.slice(0, index), rule, ...rules.slice(index)];
}

/**
 * A store's offer, with what the discounts took off each line and the discounts that could not
 * combine with those applied.
 */
export interface PricedStore {
  offer: Offer;
  lineDiscounts: number[];
  notCombined: DiscountRule[];
}

/**
 * A store's offer for its lines. `selectedCode` is the method the buyer chose, if any and if the
 * store still has it; otherwise the cheapest is selected. `discounts`: those whose conditions the
 * entry meets (discounts.ts's refusal), of which the rule "discounts" applies the best it may.
 */
export function priceStore(
  store: PricingStore,
  lines: PricingLine[],
  destination: Destination,
  selectedCode: string | null,
  discounts: readonly DiscountRule[] = [],
  rules: readonly PricingRule[] = pricingRules,
): PricedStore {
  const start: OfferDraft = {
    store,
    lines,
    destination,
    selectedCode,
    subtotalMinor: 0,
    taxableMinor: 0,
    marginMinor: 0,
    ratePpm: 0,
    shippingMethods: [],
    selectedShippingMethod: null,
    lineTaxMinor: 0,
    eligibleDiscounts: discounts,
    lineDiscounts: lines.map(() => 0),
    shippingDiscountMinor: 0,
    appliedDiscounts: [],
    notCombined: [],
  };
  const draft = rules.reduce((current, rule) => rule.apply(current), start);
  const amount = (minor: number): Money => ({ minor, currency: store.currency });
  const selected = draft.selectedShippingMethod;
  const shippingTax = selected ? applyRate(selected.price.minor - draft.shippingDiscountMinor, draft.ratePpm) : 0;
  const offer: Offer = {
    subtotal: amount(draft.subtotalMinor),
    margin: amount(draft.marginMinor),
    notAvailableIds: lines.filter((line) => !line.available).map((line) => line.variantId),
    shippingMethods: draft.shippingMethods,
    selectedShippingMethod: selected,
    tax: amount(draft.lineTaxMinor + shippingTax),
    shipping: amount(selected?.price.minor ?? 0),
    discount: amount(draft.appliedDiscounts.reduce((sum, applied) => sum + applied.amountMinor, 0)),
    discounts: draft.appliedDiscounts.map(({ rule, amountMinor }) => ({
      id: String(rule.id),
      code: rule.code,
      kind: rule.kind,
      amount: amount(amountMinor),
    })),
  };
  return { offer, lineDiscounts: draft.lineDiscounts, notCombined: draft.notCombined };
}

/** A store's offer for its lines, without discounts (priceStore). */
export function storeOffer(
  store: PricingStore,
  lines: PricingLine[],
  destination: Destination,
  selectedCode: string | null,
  rules: readonly PricingRule[] = pricingRules,
): Offer {
  return priceStore(store, lines, destination, selectedCode, [], rules).offer;
}

/** The cart's cost: sums over the stores' offers; estimated until the destination is known. */
export function cartCost(
  offers: Offer[],
  currency: string,
  destination: Destination & { postalCode: string | null },
): CartCost {
  const sum = (pick: (offer: Offer) => Money): Money => ({
    minor: offers.reduce((total, offer) => total + pick(offer).minor, 0),
    currency,
  });
  const subtotal = sum((offer) => offer.subtotal);
  const tax = sum((offer) => offer.tax);
  const shipping = sum((offer) => offer.shipping);
  const discount = sum((offer) => offer.discount ?? { minor: 0, currency });
  return {
    isEstimated: !(destination.countryCode && destination.postalCode),
    subtotal,
    tax,
    shipping,
    discount,
    total: { minor: subtotal.minor + shipping.minor + tax.minor - discount.minor, currency },
  };
}
