import { describe, expect, it } from 'vitest';
import { priceTier } from '../../src/domain/price-tier.js';
import { money } from '../../src/domain/money.js';

const usd = (minor: number) => money(minor, 'USD');

describe('priceTier against a $100.00 product', () => {
  it.each([
    [0, 'lower'],
    [8999, 'lower'],
    [9000, 'similar'],
    [10000, 'similar'],
    [11000, 'similar'],
    [11001, 'higher'],
    [50000, 'higher'],
  ] as const)('%i cents is %s', (similar, tier) => {
    expect(priceTier(usd(10000), usd(similar))).toBe(tier);
  });
});

describe('priceTier edge cases', () => {
  it('keeps exact boundaries on odd amounts', () => {
    // 90 % of 33.33 is 29.997: 29.99 is below it, 30.00 above
    expect(priceTier(usd(3333), usd(2999))).toBe('lower');
    expect(priceTier(usd(3333), usd(3000))).toBe('similar');
    // 110 % of 33.33 is 36.663: 36.66 is within, 36.67 above
    expect(priceTier(usd(3333), usd(3666))).toBe('similar');
    expect(priceTier(usd(3333), usd(3667))).toBe('higher');
  });

  it('treats a free product: free is similar, anything else higher', () => {
    expect(priceTier(usd(0), usd(0))).toBe('similar');
    expect(priceTier(usd(0), usd(1))).toBe('higher');
  });

  it('compares major units across currencies with different minor units', () => {
    expect(priceTier(money(10000, 'USD'), money(100, 'JPY'))).toBe('similar');
    expect(priceTier(money(100, 'JPY'), money(8999, 'USD'))).toBe('lower');
  });
});
