// The pinned ISO 4217 table (src/domain/currencies.ts) and the money rules that read it: parsing,
// display and rounding follow the table's minor units, also where this Node's ICU data disagrees.
import { describe, expect, it } from 'vitest';
import { iso4217 } from '../../src/domain/currencies.js';
import {
  applyRate,
  currencyDigits,
  formatMoney,
  hasMinorUnit,
  isCurrencyCode,
  money,
  toMajor,
  toMinor,
} from '../../src/domain/money.js';

/** What Intl (ICU, CLDR data) says about a currency's decimals on the Node running the tests. */
const icuDigits = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
const nbsp = '\u00a0';

describe('the ISO 4217 table', () => {
  it('holds the 178 codes of List One (2026-01-01): 17 with exponent 0, 139 with 2, 7 with 3, 2 with 4, 13 without', () => {
    const listOne = [...iso4217].filter(([, entry]) => entry.kind !== 'withdrawn');
    const byExponent = new Map<string, number>();
    for (const [, entry] of listOne)
      byExponent.set(String(entry.exponent), (byExponent.get(String(entry.exponent)) ?? 0) + 1);
    expect(listOne).toHaveLength(178);
    expect(Object.fromEntries(byExponent)).toStrictEqual({ '0': 17, '2': 139, '3': 7, '4': 2, null: 13 });
    for (const [code] of iso4217) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('gives each currency its ISO minor unit', () => {
    const expected = {
      JPY: 0,
      KRW: 0,
      ISK: 0,
      VND: 0,
      XAF: 0,
      XOF: 0,
      XPF: 0,
      UGX: 0,
      PYG: 0,
      RWF: 0,
      KMF: 0,
      GNF: 0,
      DJF: 0,
      BIF: 0,
      VUV: 0,
      CLP: 0,
      USD: 2,
      EUR: 2,
      HUF: 2,
      IDR: 2,
      COP: 2,
      MGA: 2,
      MRU: 2,
      TWD: 2,
      XCG: 2,
      ZWG: 2,
      SLE: 2,
      IQD: 3,
      KWD: 3,
      BHD: 3,
      JOD: 3,
      OMR: 3,
      TND: 3,
      LYD: 3,
      CLF: 4,
      UYW: 4,
    };
    expect(Object.fromEntries(Object.keys(expected).map((code) => [code, currencyDigits(code)]))).toStrictEqual(
      expected,
    );
  });

  it('sells in currencies only: funds, units without a minor unit and withdrawn codes are marked', () => {
    const kinds = (codes: string[]) => codes.map((code) => iso4217.get(code)?.kind);
    expect(kinds(['USD', 'JPY', 'KWD', 'HUF', 'XCG', 'VED'])).toStrictEqual(Array(6).fill('currency'));
    expect(kinds(['BOV', 'CHE', 'CHW', 'CLF', 'COU', 'MXV', 'USN', 'UYI', 'UYW', 'XAD'])).toStrictEqual(
      Array(10).fill('fund'),
    );
    expect(
      kinds(['XAU', 'XAG', 'XPD', 'XPT', 'XBA', 'XBB', 'XBC', 'XBD', 'XDR', 'XSU', 'XUA', 'XTS', 'XXX']),
    ).toStrictEqual(Array(13).fill('no minor unit'));
    expect(iso4217.get('BGN')).toStrictEqual({ kind: 'withdrawn', exponent: 2, successor: 'EUR' });
    expect(iso4217.get('ANG')).toStrictEqual({ kind: 'withdrawn', exponent: 2, successor: 'XCG' });
  });
});

describe('unknown and unsellable codes', () => {
  it('are not currency codes', () => {
    for (const code of ['XYZ', 'usd', 'US', 'USDT', '', 840, null, 'XTS', 'XXX', 'XAU', 'CLF', 'UYW', 'BGN', 'HRK']) {
      expect(isCurrencyCode(code), String(code)).toBe(false);
    }
    for (const code of ['USD', 'JPY', 'KWD', 'HUF', 'IQD', 'XOF']) expect(isCurrencyCode(code), code).toBe(true);
  });

  it('but funds and withdrawn codes have a minor unit, as amounts stored in them may (hasMinorUnit)', () => {
    for (const code of ['USD', 'JPY', 'KWD', 'CLF', 'UYW', 'BGN', 'HRK']) expect(hasMinorUnit(code), code).toBe(true);
    for (const code of ['XYZ', 'usd', 'US', '', 840, null, 'XTS', 'XXX', 'XAU', 'XDR'])
      expect(hasMinorUnit(code), String(code)).toBe(false);
  });

  it('have no minor unit to parse or show amounts with', () => {
    expect(() => currencyDigits('XYZ')).toThrow('XYZ has no minor unit in ISO 4217 (List One of 2026-01-01)');
    expect(() => toMinor(1, 'XAU')).toThrow('XAU has no minor unit');
    expect(() => toMajor(1, 'XXX')).toThrow('XXX has no minor unit');
    expect(() => formatMoney(money(1, 'ABC'))).toThrow('ABC has no minor unit');
  });

  it('keep the meaning of amounts stored in a withdrawn currency', () => {
    expect(toMajor(19558, 'BGN')).toBe(195.58);
    expect(formatMoney(money(19558, 'BGN'))).toBe(`BGN${nbsp}195.58`);
  });
});

describe('JPY: no decimals', () => {
  it('parses whole yen and refuses fractions', () => {
    expect(toMinor(1500, 'JPY')).toBe(1500);
    expect(toMinor(1500.5, 'JPY')).toBeNull();
    expect(toMinor(0.5, 'JPY')).toBeNull();
  });

  it('shows ¥ without decimals', () => {
    expect(toMajor(1500, 'JPY')).toBe(1500);
    expect(formatMoney(money(1500, 'JPY'))).toBe('¥1,500');
    expect(formatMoney(money(0, 'JPY'))).toBe('¥0');
    expect(formatMoney(money(1234567, 'JPY'))).toBe('¥1,234,567');
  });

  it('rounds half up to the yen', () => {
    // ¥1,005 × 8 % = 80.4 → 80; ¥1,005 × 10 % = 100.5 → 101
    expect(applyRate(1005, 80_000)).toBe(80);
    expect(applyRate(1005, 100_000)).toBe(101);
  });
});

describe('KWD: three decimals', () => {
  it('parses fils', () => {
    expect(toMinor(1.234, 'KWD')).toBe(1234);
    expect(toMinor(1.005, 'KWD')).toBe(1005);
    expect(toMinor(12.5, 'KWD')).toBe(12500);
    expect(toMinor(1.2345, 'KWD')).toBeNull();
  });

  it('shows all three decimals', () => {
    expect(toMajor(1234, 'KWD')).toBe(1.234);
    expect(formatMoney(money(1234, 'KWD'))).toBe(`KWD${nbsp}1.234`);
    expect(formatMoney(money(50, 'KWD'))).toBe(`KWD${nbsp}0.050`);
    expect(formatMoney(money(1_234_500, 'KWD'))).toBe(`KWD${nbsp}1,234.500`);
  });

  it('rounds half up to the fils', () => {
    // 1.005 KWD × 5 % = 0.05025 → 0.050; 1.250 × 5 % = 0.0625 → 0.063 (0.06 at two decimals)
    expect(applyRate(1005, 50_000)).toBe(50);
    expect(applyRate(1250, 50_000)).toBe(63);
  });
});

describe(`where ICU ${process.versions.icu} (Node ${process.versions.node}) disagrees with ISO 4217`, () => {
  // CLDR, the data behind Intl, shows these currencies with fewer decimals than ISO assigns. The
  // titles say what ICU says on the Node running the tests; the assertions hold whatever it says.
  const cases = [
    // [code, ISO exponent, a major amount with all of ISO's decimals, its minor units, its display]
    ['HUF', 2, 1234.5, 123450, `HUF${nbsp}1,234.50`],
    ['IDR', 2, 15000.25, 1500025, `IDR${nbsp}15,000.25`],
    ['COP', 2, 99.99, 9999, `COP${nbsp}99.99`],
    ['IQD', 3, 1.5, 1500, `IQD${nbsp}1.500`],
  ] as const;

  it.each(cases.map(([code, ...rest]) => [code, icuDigits(code), ...rest] as const))(
    '%s: ICU says %i decimals, the table %i; parsing, display and rounding follow the table',
    (code, _icu, exponent, major, minor, display) => {
      expect(currencyDigits(code)).toBe(exponent);
      expect(toMinor(major, code)).toBe(minor);
      expect(toMajor(minor, code)).toBe(major);
      expect(formatMoney(money(minor, code))).toBe(display);
    },
  );

  /** Every currency of the table to which ICU gives another number of decimals than ISO. */
  const disagreements = () =>
    [...iso4217]
      .filter(([, entry]) => entry.kind === 'currency')
      .flatMap(([code, entry]) =>
        icuDigits(code) === entry.exponent ? [] : [[code, icuDigits(code), entry.exponent] as const],
      );

  it("shows one major unit of every currency ICU disagrees on with all of ISO's decimals", () => {
    for (const [code, , exponent] of disagreements()) {
      expect(formatMoney(money(10 ** exponent!, code)), code).toMatch(
        exponent === 0 ? /\D1$/ : new RegExp(`\\D1\\.0{${exponent}}$`),
      );
    }
  });

  // What ICU says is pinned for the ICU of Node 20.20 only: another ICU may say otherwise.
  it.runIf(process.versions.icu === '78.2')(
    'on ICU 78.2, Intl gives 0 decimals to 16 currencies that have 2 or 3, and rounded or refused their amounts',
    () => {
      expect(disagreements().map(([code, icu, iso]) => `${code} ${icu}/${iso}`)).toStrictEqual([
        'AFN 0/2',
        'ALL 0/2',
        'COP 0/2',
        'HUF 0/2',
        'IDR 0/2',
        'IRR 0/2',
        'KPW 0/2',
        'LAK 0/2',
        'LBP 0/2',
        'MGA 0/2',
        'MMK 0/2',
        'PKR 0/2',
        'SOS 0/2',
        'SYP 0/2',
        'YER 0/2',
        'IQD 0/3',
      ]);
      // money.ts before the table: Intl's decimals for display, and for parsing (toMinor refused
      // any decimal of HUF, IDR, COP, IQD, …).
      const icuFormat = (currency: string, major: number) =>
        new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(major);
      expect(icuFormat('HUF', 1234.5)).toBe(`HUF${nbsp}1,235`);
      expect(icuFormat('IQD', 1.5)).toBe(`IQD${nbsp}2`);
    },
  );
});
