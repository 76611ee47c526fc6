import { describe, expect, it } from 'vitest';
import {
  applyRate,
  currencyDigits,
  formatMoney,
  formattedKept,
  isCurrencyCode,
  money,
  toMajor,
  toMinor,
  toPpm,
} from '../../src/domain/money.js';

describe('currencies', () => {
  it('knows the minor unit of each currency', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });

  it('accepts ISO 4217 codes only', () => {
    expect(isCurrencyCode('USD')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(isCurrencyCode('US')).toBe(false);
    expect(isCurrencyCode(840)).toBe(false);
  });
});

describe('toMinor', () => {
  it('converts major-unit decimals exactly, without float drift', () => {
    expect(toMinor(44.99, 'USD')).toBe(4499);
    expect(toMinor(1.005, 'USD')).toBeNull();
    expect(toMinor(19.9, 'EUR')).toBe(1990);
    expect(toMinor(4800, 'JPY')).toBe(4800);
    expect(toMinor(12.345, 'KWD')).toBe(12345);
    expect(toMinor(0, 'USD')).toBe(0);
  });

  it('refuses amounts finer than the minor unit', () => {
    expect(toMinor(44.999, 'USD')).toBeNull();
    expect(toMinor(10.5, 'JPY')).toBeNull();
    expect(toMinor(Number.NaN, 'USD')).toBeNull();
    expect(toMinor(Number.POSITIVE_INFINITY, 'USD')).toBeNull();
  });

  it('round-trips through toMajor', () => {
    for (const cents of [0, 1, 9, 10, 99, 101, 4499, 123456789]) {
      expect(toMinor(toMajor(cents, 'USD'), 'USD')).toBe(cents);
    }
  });
});

describe('formatMoney', () => {
  it('formats with the en-US currency format', () => {
    expect(formatMoney(money(4499, 'USD'))).toBe('$44.99');
    expect(formatMoney(money(123450, 'USD'))).toBe('$1,234.50');
    expect(formatMoney(money(0, 'USD'))).toBe('$0.00');
    expect(formatMoney(money(1990, 'EUR'))).toBe('€19.90');
    expect(formatMoney(money(4800, 'JPY'))).toBe('¥4,800');
  });

  it('answers a kept text as Intl formats it, keeps at most 10,000, and -0 apart from 0', () => {
    const format = (currency: string, digits: number) => {
      const intl = new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
      return (minor: number) => intl.format(minor / 10 ** digits);
    };
    const [usd, jpy] = [format('USD', 2), format('JPY', 0)];
    for (let round = 0; round < 2; round += 1)
      for (let minor = -12_500; minor <= 12_500; minor += 1) {
        expect(formatMoney(money(minor, 'USD'))).toBe(usd(minor));
        if (minor % 97 === 0) expect(formatMoney(money(minor, 'JPY'))).toBe(jpy(minor));
        expect(formattedKept()).toBeLessThanOrEqual(10_000);
      }
    expect(formatMoney(money(-0, 'USD'))).toBe('-$0.00');
    expect(formatMoney(money(0, 'USD'))).toBe('$0.00');
    expect(formatMoney(money(-0, 'USD'))).toBe('-$0.00');
  });
});

describe('rates', () => {
  it('stores rates as exact parts per million', () => {
    expect(toPpm(0.0725)).toBe(72500);
    expect(toPpm(0.12)).toBe(120000);
    expect(toPpm(0.08875)).toBe(88750);
    expect(toPpm(1)).toBe(1000000);
    expect(toPpm(0.0000001)).toBeNull();
  });

  it('applies a rate rounding half up to the minor unit', () => {
    // 10.00 × 7.25 % = 0.725 → 0.73
    expect(applyRate(1000, 72500)).toBe(73);
    // 10.00 × 7.24 % = 0.724 → 0.72
    expect(applyRate(1000, 72400)).toBe(72);
    // 0.50 × 5 % = 0.025 → 0.03 (half up, not to even)
    expect(applyRate(50, 50000)).toBe(3);
    // 0.30 × 5 % = 0.015 → 0.02
    expect(applyRate(30, 50000)).toBe(2);
    expect(applyRate(0, 72500)).toBe(0);
    expect(applyRate(1234, 0)).toBe(0);
    // half away from zero for refunds
    expect(applyRate(-50, 50000)).toBe(-3);
  });

  it('stays exact beyond 2^53 intermediate products', () => {
    // 90,071,992,547.41 × 99.9999 %: the product of minor units and ppm exceeds 2^53.
    expect(applyRate(9_007_199_254_741, 999_999)).toBe(9_007_190_247_542);
  });
});
