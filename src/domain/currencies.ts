// The ISO 4217 table the service prices in: currency code → minor-unit exponent (digits after the
// decimal point). Pinned here, not read from the runtime's ICU data, because ICU follows CLDR,
// which deliberately departs from ISO for some currencies (HUF, IDR, COP: 0 instead of 2; IQD: 0
// instead of 3) and changes between Node versions; stored amounts are integer minor units, so
// their meaning must not depend on the Node that reads them.
//
// Follows List One (current currencies and funds) as published by SIX, the ISO 4217 maintenance
// agency, on 2026-01-01 (amendment 180: BGN withdrawn, Bulgaria uses EUR): its 178 codes, every
// one below. Written out by hand from the published list; a new amendment is a change to this file.

export type CurrencyKind =
  /** Money a buyer pays with: what a store may sell in. */
  | 'currency'
  /** A fund code or unit of account: it has an exponent, but nothing is sold in it. */
  | 'fund'
  /** A code ISO gives no minor unit ("N.A."): precious metals, bond-market units, SDR, testing, no currency. */
  | 'no minor unit'
  /** No longer in List One; kept so that rows stored before its withdrawal keep their meaning. */
  | 'withdrawn';

export interface CurrencyEntry {
  readonly kind: CurrencyKind;
  /** Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD, 4 for CLF; null for "N.A.". */
  readonly exponent: 0 | 2 | 3 | 4 | null;
  /** For a withdrawn code, the code that replaced it. */
  readonly successor?: string;
}

export const iso4217Edition = 'List One of 2026-01-01';

/** List One's currencies by exponent: every entry ISO does not flag as a fund, except UYW and XAD. */
const currencies = {
  0: 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX VND VUV XAF XOF XPF',
  2: `AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF
      CNY COP CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL
      HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT
      MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB
      SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH
      USD UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG`,
  3: 'BHD IQD JOD KWD LYD OMR TND',
} as const;

/**
 * List One's fund codes (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI) and two units of account that
 * nobody pays with either: UYW (Uruguay's Unidad Previsional) and XAD (the Arab Monetary Fund's
 * accounting dinar).
 */
const funds = { BOV: 2, CHE: 2, CHW: 2, CLF: 4, COU: 2, MXV: 2, USN: 2, UYI: 0, UYW: 4, XAD: 2 } as const;

/** Gold, silver, palladium, platinum, the European bond-market units, SDR, Sucre, ADB unit, XTS, XXX. */
const withoutMinorUnit = 'XAU XAG XPD XPT XBA XBB XBC XBD XDR XSU XUA XTS XXX';

/**
 * Codes withdrawn from List One that earlier versions of this service accepted (its ICU data still
 * knows them), with their last exponent (2 for all) and their successor.
 */
const withdrawn = { ANG: 'XCG', BGN: 'EUR', CUC: 'CUP', HRK: 'EUR', SLL: 'SLE', ZWL: 'ZWG' } as const;

function buildTable(): ReadonlyMap<string, CurrencyEntry> {
  const table = new Map<string, CurrencyEntry>();
  for (const [exponent, codes] of Object.entries(currencies)) {
    for (const code of codes.split(/\s+/))
      table.set(code, { kind: 'currency', exponent: Number(exponent) as 0 | 2 | 3 });
  }
  for (const [code, exponent] of Object.entries(funds)) table.set(code, { kind: 'fund', exponent });
  for (const code of withoutMinorUnit.split(' ')) table.set(code, { kind: 'no minor unit', exponent: null });
  for (const [code, successor] of Object.entries(withdrawn))
    table.set(code, { kind: 'withdrawn', exponent: 2, successor });
  return table;
}

/** Every code above, upper case, with its kind and exponent. */
export const iso4217: ReadonlyMap<string, CurrencyEntry> = buildTable();
