import { describe, expect, it } from 'vitest';
import { minorBound, priceBounds } from '../../src/domain/price-bounds.js';

describe('minorBound', () => {
  it('scales exactly when the amount has the digits, else rounds inwards', () => {
    expect(minorBound(19.99, 2, 'min')).toBe(1999);
    expect(minorBound(0.29, 2, 'max')).toBe(29);
    expect(minorBound(19.995, 2, 'min')).toBe(2000);
    expect(minorBound(19.995, 2, 'max')).toBe(1999);
    expect(minorBound(10.5, 0, 'min')).toBe(11);
    expect(minorBound(10.5, 0, 'max')).toBe(10);
  });
});

describe('priceBounds', () => {
  it('gives one bound per digits, two digits for every other currency', () => {
    const bounds = priceBounds(50, 'min');
    expect(bounds.at(-1)).toEqual({ currencies: null, minor: 5000 });
    expect(bounds.find((bound) => bound.currencies?.includes('JPY'))?.minor).toBe(50);
    expect(bounds.find((bound) => bound.currencies?.includes('KWD'))?.minor).toBe(50000);
  });

  it('with a currency, gives its bound alone', () => {
    expect(priceBounds(50, 'max', 'JPY')).toEqual([{ currencies: null, minor: 50 }]);
  });
});
