import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartCost,
  cheapest,
  isAvailable,
  priceStore,
  pricingRules,
  storeOffer,
  taxRateFor,
  withRule,
  type PricingLine,
  type PricingRule,
  type PricingStore,
} from '../../src/domain/pricing.js';
import type { DiscountRule } from '../../src/domain/discounts.js';
import { discountRule } from './discount-rule.js';

const rates = [
  { countryCode: 'US', provinceCode: 'CA', ratePpm: 72500 },
  { countryCode: 'US', provinceCode: null, ratePpm: 50000 },
  { countryCode: null, provinceCode: null, ratePpm: 60000 },
];

describe('taxRateFor picks the most specific rate', () => {
  it.each([
    ['country and province', 'US', 'CA', 72500],
    ['the country alone when the province has none', 'US', 'TX', 50000],
    ['the country alone without a province', 'US', null, 50000],
    ['the rate with neither for another country', 'DE', null, 60000],
    ['the rate with neither without a destination', null, null, 60000],
    ['the rate with neither when only a province is known', null, 'CA', 60000],
  ] as const)('%s', (_name, countryCode, provinceCode, expected) => {
    expect(taxRateFor(rates, { countryCode, provinceCode })).toBe(expected);
  });

  it('is 0 when nothing matches', () => {
    expect(
      taxRateFor([{ countryCode: 'US', provinceCode: null, ratePpm: 50000 }], {
        countryCode: 'DE',
        provinceCode: null,
      }),
    ).toBe(0);
    expect(taxRateFor([], { countryCode: 'US', provinceCode: 'CA' })).toBe(0);
  });
});

const north: PricingStore = {
  currency: 'USD',
  marginRatePpm: 120000,
  shippingMethods: [
    { code: 'standard', label: 'Standard', priceMinor: 599 },
    { code: 'express', label: 'Express', priceMinor: 1499 },
  ],
  taxRates: rates,
};

const line = (
  variantId: string,
  unitPriceMinor: number,
  quantity: number,
  taxable = true,
  available = true,
): PricingLine => ({ variantId, unitPriceMinor, quantity, taxable, available });

describe('storeOffer', () => {
  // 2 × 44.99 + 12.50 + 25.00 (not taxable) = 127.48; taxable 102.48
  const lines = [line('2011', 4499, 2), line('2021', 1250, 1), line('2031', 2500, 1, false)];

  it('estimated (no destination, 6 %): subtotal 127.48, margin 15.30, tax 6.15 + 0.36, cheapest method selected', () => {
    const offer = storeOffer(north, lines, { countryCode: null, provinceCode: null }, null);
    expect(offer.subtotal).toStrictEqual({ minor: 12748, currency: 'USD' });
    expect(offer.margin.minor).toBe(1530); // 15.2976
    expect(offer.shippingMethods.map((m) => [m.id, m.price.minor, m.taxes.minor, m.total.minor])).toStrictEqual([
      ['standard', 599, 36, 635], // 0.3594
      ['express', 1499, 90, 1589], // 0.8994
    ]);
    expect(offer.selectedShippingMethod?.id).toBe('standard');
    expect(offer.tax.minor).toBe(615 + 36); // 6.1488 → 6.15
    expect(offer.shipping.minor).toBe(599);
    expect(offer.notAvailableIds).toStrictEqual([]);
  });

  it('California (7.25 %) with express chosen: tax 7.43 + 1.09', () => {
    const offer = storeOffer(north, lines, { countryCode: 'US', provinceCode: 'CA' }, 'express');
    expect(offer.tax.minor).toBe(743 + 109); // 7.4298, 1.086775
    expect(offer.shipping.minor).toBe(1499);
    expect(offer.selectedShippingMethod).toStrictEqual({
      id: 'express',
      label: 'Express',
      price: { minor: 1499, currency: 'USD' },
      taxes: { minor: 109, currency: 'USD' },
      total: { minor: 1608, currency: 'USD' },
    });
  });

  it('rounds the store tax half up once, on the taxable subtotal (12.50 × 5 % = 0.625 → 0.63)', () => {
    const offer = storeOffer(
      { ...north, shippingMethods: [] },
      [line('2021', 1250, 1)],
      { countryCode: 'US', provinceCode: 'TX' },
      null,
    );
    expect(offer.tax.minor).toBe(63);
  });

  it('falls back to the cheapest method when the chosen one is gone, and to none without methods', () => {
    expect(
      storeOffer(north, lines, { countryCode: null, provinceCode: null }, 'teleport').selectedShippingMethod?.id,
    ).toBe('standard');
    const bare = storeOffer({ ...north, shippingMethods: [] }, lines, { countryCode: null, provinceCode: null }, null);
    expect(bare.selectedShippingMethod).toBeNull();
    expect(bare.shipping.minor).toBe(0);
    expect(bare.shippingMethods).toStrictEqual([]);
  });

  it('lists the variants that cannot be sold, keeping them in the subtotal', () => {
    const offer = storeOffer(
      north,
      [line('1', 1000, 1), line('2', 500, 2, true, false)],
      { countryCode: null, provinceCode: null },
      null,
    );
    expect(offer.notAvailableIds).toStrictEqual(['2']);
    expect(offer.subtotal.minor).toBe(2000);
  });
});

describe('cheapest', () => {
  it('takes the lowest price, the first of equals', () => {
    expect(
      cheapest([
        { code: 'a', label: 'A', priceMinor: 500 },
        { code: 'b', label: 'B', priceMinor: 300 },
        { code: 'c', label: 'C', priceMinor: 300 },
      ])?.code,
    ).toBe('b');
    expect(cheapest([])).toBeNull();
  });
});

describe('cartCost', () => {
  const usd = (minor: number) => ({ minor, currency: 'USD' });
  const offer = (subtotal: number, shipping: number, tax: number) => ({
    subtotal: usd(subtotal),
    margin: usd(0),
    notAvailableIds: [],
    shippingMethods: [],
    selectedShippingMethod: null,
    tax: usd(tax),
    shipping: usd(shipping),
  });

  it('sums the stores: 127.48 + 63.32, shipping 5.99 + 7.25, tax 6.51 + 0 → 210.55', () => {
    const cost = cartCost([offer(12748, 599, 651), offer(6332, 725, 0)], 'USD', {
      countryCode: null,
      provinceCode: null,
      postalCode: null,
    });
    expect(cost).toStrictEqual({
      isEstimated: true,
      subtotal: usd(19080),
      shipping: usd(1324),
      tax: usd(651),
      discount: usd(0),
      total: usd(21055),
    });
  });

  it('is estimated until both country and postal code are known', () => {
    expect(cartCost([], 'USD', { countryCode: 'US', provinceCode: null, postalCode: null }).isEstimated).toBe(true);
    expect(cartCost([], 'USD', { countryCode: null, provinceCode: null, postalCode: '90001' }).isEstimated).toBe(true);
    expect(cartCost([], 'USD', { countryCode: 'US', provinceCode: null, postalCode: '90001' }).isEstimated).toBe(false);
  });
});

describe('isAvailable', () => {
  const stock = { listed: true, inStock: true, status: 'AVAILABLE', qtyAvailable: 3, productAvailable: true };
  it('needs a listed, in-stock, AVAILABLE SKU of an available product with enough quantity', () => {
    expect(isAvailable(stock, 3)).toBe(true);
    expect(isAvailable(stock, 4)).toBe(false);
    expect(isAvailable({ ...stock, inStock: false }, 1)).toBe(false);
    expect(isAvailable({ ...stock, status: 'UNAVAILABLE' }, 1)).toBe(false);
    expect(isAvailable({ ...stock, productAvailable: false }, 1)).toBe(false);
    expect(isAvailable({ ...stock, listed: false }, 1)).toBe(false);
  });
});

describe('pricing rules', () => {
  // 10 % off the taxable lines: what a discount rule of its own would do, placed before tax.
  const tenPercentOff: PricingRule = {
    name: 'ten-percent-off',
    apply: (draft) => {
      const off = Math.round(draft.taxableMinor / 10);
      return { ...draft, subtotalMinor: draft.subtotalMinor - off, taxableMinor: draft.taxableMinor - off };
    },
  };
  const lines = [line('1', 1000, 2), line('2', 500, 1, false)];
  const destination = { countryCode: 'US', provinceCode: 'CA' };

  it('the rules in order are the offer: subtotal, margin, shipping, discounts, tax', () => {
    expect(pricingRules.map((rule) => rule.name)).toStrictEqual(['subtotal', 'margin', 'shipping', 'discounts', 'tax']);
    expect(storeOffer(north, lines, destination, null, pricingRules)).toStrictEqual(
      storeOffer(north, lines, destination, null),
    );
  });

  it('a rule placed before tax changes what tax is taken on, and the rest follows from it', () => {
    const offer = storeOffer(
      north,
      lines,
      destination,
      'standard',
      withRule(pricingRules, tenPercentOff, { before: 'tax' }),
    );
    // 2,500 less 10 % of the taxable 2,000; tax 7.25 % of 1,800 = 130.5 → 131, plus 7.25 % of 599 shipping = 43.
    expect(offer.subtotal.minor).toBe(2300);
    expect(offer.tax.minor).toBe(131 + 43);
    // The margin rule ran before the discount: 12 % of the full 2,500.
    expect(offer.margin.minor).toBe(300);
  });

  it('refuses a placement by a rule that is not there', () => {
    expect(() => withRule(pricingRules, tenPercentOff, { before: 'coupons' })).toThrow('No pricing rule named coupons');
  });
});

describe('discounts in the offer', () => {
  const discount = (patch: Partial<DiscountRule>) => discountRule({ combinesWithOthers: true, ...patch });
  const destination = { countryCode: 'US', provinceCode: 'CA' };

  it('taxes the discounted lines and the discounted shipping; the total is subtotal + shipping + tax - discount', () => {
    // Lines 2 × 10.00 (taxable) and 5.00 (not); 10 % off: 2.00 and 0.50; free shipping: the 5.99 of "standard".
    const lines = [line('1', 1000, 2), line('2', 500, 1, false)];
    const priced = priceStore(north, lines, destination, 'standard', [
      discount({}),
      discount({ id: 2, code: null, kind: 'FREE_SHIPPING' }),
    ]);
    expect(priced.lineDiscounts).toStrictEqual([200, 50]);
    expect(priced.offer.discounts).toStrictEqual([
      { id: '1', code: 'SPRING10', kind: 'PERCENTAGE', amount: { minor: 250, currency: 'USD' } },
      { id: '2', code: null, kind: 'FREE_SHIPPING', amount: { minor: 599, currency: 'USD' } },
    ]);
    expect(priced.offer.discount?.minor).toBe(849);
    // 7.25 % of 1,800 = 130.5 → 131; the shipping costs nothing, so neither does its tax.
    expect(priced.offer.tax.minor).toBe(131);
    expect(priced.offer.subtotal.minor).toBe(2500);
    expect(priced.offer.shipping.minor).toBe(599);
    const cost = cartCost([priced.offer], 'USD', { ...destination, postalCode: '94016' });
    expect(cost.total.minor).toBe(2500 + 599 + 131 - 849);
  });

  it('without discounts, the offer is the one without the rule', () => {
    const lines = [line('1', 1000, 2)];
    expect(priceStore(north, lines, destination, null, []).offer).toStrictEqual(
      storeOffer(north, lines, destination, null),
    );
  });

  it("over random carts and currencies: line discounts add up to the offer's, nothing below zero, total = subtotal + shipping + tax - discount (property)", () => {
    const currencies = fc.constantFrom('USD', 'JPY', 'KWD', 'EUR');
    const lineArb = fc.record({
      unit: fc.integer({ min: 0, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 999 }),
      taxable: fc.boolean(),
    });
    const ruleArb = fc.record({
      id: fc.integer({ min: 1, max: 99 }),
      kind: fc.constantFrom('PERCENTAGE' as const, 'FIXED_AMOUNT' as const, 'FREE_SHIPPING' as const),
      percentPpm: fc.integer({ min: 1, max: 1_000_000 }),
      amountMinor: fc.integer({ min: 1, max: 10_000_000 }),
      combinesWithOthers: fc.boolean(),
    });
    fc.assert(
      fc.property(
        currencies,
        fc.array(lineArb, { minLength: 1, maxLength: 12 }),
        fc.array(ruleArb, { maxLength: 4 }),
        fc.integer({ min: 0, max: 200_000 }),
        (currency, lines, rules, rate) => {
          const store = {
            ...north,
            currency,
            shippingMethods: [{ code: 'standard', label: 'Standard', priceMinor: 999 }],
            taxRates: [{ countryCode: null, provinceCode: null, ratePpm: rate }],
          };
          const pricing = lines.map((each, index) => line(String(index), each.unit, each.quantity, each.taxable));
          const priced = priceStore(
            store,
            pricing,
            { countryCode: null, provinceCode: null },
            null,
            rules.map((patch) => discount(patch)),
          );
          const offer = priced.offer;
          const lineSum = priced.lineDiscounts.reduce((sum, part) => sum + part, 0);
          const applied = offer.discounts!.reduce((sum, each) => sum + each.amount.minor, 0);
          expect(applied).toBe(offer.discount!.minor);
          priced.lineDiscounts.forEach((part, index) =>
            expect(part >= 0 && part <= lines[index]!.unit * lines[index]!.quantity).toBe(true),
          );
          expect(offer.discount!.minor - lineSum).toBeGreaterThanOrEqual(0);
          expect(offer.discount!.minor - lineSum).toBeLessThanOrEqual(999);
          expect(offer.tax.minor).toBeGreaterThanOrEqual(0);
          const cost = cartCost([offer], currency, { countryCode: null, provinceCode: null, postalCode: null });
          expect(cost.total.minor).toBe(
            offer.subtotal.minor + offer.shipping.minor + offer.tax.minor - offer.discount!.minor,
          );
          expect(cost.total.minor).toBeGreaterThanOrEqual(0);
          expect([offer.discount!.currency, cost.total.currency]).toEqual([currency, currency]);
        },
      ),
      { numRuns: 400 },
    );
  });
});
