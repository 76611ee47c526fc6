// The studio's money in words (src/studio/app/money.ts): the exact minor units the gateway answers,
// in the digits of its ISO 4217 table, even where the runtime's ICU gives the currency others
// (HUF: 0 digits in CLDR, 2 in ISO).
import { describe, expect, it } from 'vitest';
import { moneyText } from '../../src/studio/app/money.js';

const amount = (value: number, currency: string, minorUnits: number) => ({
  value,
  display_value: `${value} ${currency}`,
  currency,
  minor_units: minorUnits,
});

describe('money from minor units', () => {
  it("writes each currency with its ISO 4217 digits, read from the answer's minor units", () => {
    expect(
      [
        amount(378, 'USD', 37800),
        amount(8640, 'JPY', 8640),
        amount(123.45, 'HUF', 12345),
        amount(1.234, 'KWD', 1234),
        amount(19.99, 'EUR', 1999),
      ].map((each) => moneyText(each, 'en')),
    ).toStrictEqual(['$378.00', '¥8,640', 'HUF\u00a0123.45', 'KWD\u00a01.234', '€19.99']);
  });

  it("keeps the gateway's own text of a code the runtime cannot format", () => {
    expect(moneyText(amount(5, 'U$D', 500), 'en')).toBe('5 U$D');
  });
});
