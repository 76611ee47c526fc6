// The buyer identity of a cart: validation of partial updates, and what submit requires.

export const buyerIdentityFields = [
  'firstName',
  'lastName',
  'address1',
  'address2',
  'city',
  'provinceCode',
  'countryCode',
  'postalCode',
  'email',
  'phone',
] as const;
export type BuyerIdentityField = (typeof buyerIdentityFields)[number];
export type BuyerIdentity = Record<BuyerIdentityField, string | null>;

/** What submit needs before it can place orders. */
export const requiredForSubmit: readonly BuyerIdentityField[] = [
  'firstName',
  'lastName',
  'address1',
  'city',
  'countryCode',
  'postalCode',
  'email',
];

export const emptyBuyerIdentity: BuyerIdentity = Object.fromEntries(
  buyerIdentityFields.map((field) => [field, null]),
) as BuyerIdentity;

// ISO 3166-1 alpha-2, officially assigned codes.
const countryCodes = new Set(
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
   CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
   GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO
   JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR
   MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO
   RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV
   TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/),
);

// A pragmatic e-mail check: one @, a non-empty local part, a dotted domain, no spaces.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const maxLength = 255;

export interface FieldProblem {
  field: BuyerIdentityField;
  message: string;
}

export type BuyerIdentityPatch = Partial<Record<BuyerIdentityField, unknown>>;

/**
 * Validates a partial update. Absent fields keep their value; null or "" clears one. Country and
 * province codes are upper-cased, other strings trimmed.
 */
export function validateBuyerIdentityPatch(
  patch: BuyerIdentityPatch,
): { ok: true; changes: Partial<BuyerIdentity> } | { ok: false; problems: FieldProblem[] } {
  const changes: Partial<BuyerIdentity> = {};
  const problems: FieldProblem[] = [];
  for (const field of buyerIdentityFields) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const raw = patch[field];
    if (raw === null || raw === '') {
      changes[field] = null;
      continue;
    }
    if (typeof raw !== 'string') {
      problems.push({ field, message: 'must be a string' });
      continue;
    }
    let value = raw.trim();
    if (value.length > maxLength) {
      problems.push({ field, message: `must be at most ${maxLength} characters` });
      continue;
    }
    if (field === 'countryCode' || field === 'provinceCode') value = value.toUpperCase();
    if (field === 'countryCode' && !countryCodes.has(value))
      problems.push({ field, message: 'must be an ISO 3166-1 alpha-2 country code, such as "US"' });
    else if (field === 'email' && !emailPattern.test(value))
      problems.push({ field, message: 'must be an e-mail address' });
    else changes[field] = value === '' ? null : value;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes };
}

export function missingForSubmit(identity: BuyerIdentity): BuyerIdentityField[] {
  return requiredForSubmit.filter((field) => identity[field] === null);
}
