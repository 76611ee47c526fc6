import { describe, expect, it } from 'vitest';
import { emptyBuyerIdentity, missingForSubmit, validateBuyerIdentityPatch } from '../../src/domain/buyer-identity.js';

describe('validateBuyerIdentityPatch', () => {
  it('keeps absent fields out, clears with null or "", normalizes codes', () => {
    expect(
      validateBuyerIdentityPatch({ firstName: ' Ada ', countryCode: 'us', provinceCode: 'ca', phone: null, city: '' }),
    ).toStrictEqual({
      ok: true,
      changes: { firstName: 'Ada', countryCode: 'US', provinceCode: 'CA', phone: null, city: null },
    });
  });

  it('names every failing field', () => {
    const result = validateBuyerIdentityPatch({
      email: 'not-an-email',
      countryCode: 'USA',
      city: 42,
      lastName: 'x'.repeat(256),
    });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map((problem) => problem.field)).toStrictEqual([
      'lastName',
      'city',
      'countryCode',
      'email',
    ]);
  });

  it.each(['a@b.co', 'first.last+tag@sub.example.org'])('accepts %s', (email) => {
    expect(validateBuyerIdentityPatch({ email }).ok).toBe(true);
  });

  it.each(['a@b', '@b.co', 'a b@c.de', 'a@@b.co', 'a@b..co'])('refuses %s', (email) => {
    expect(validateBuyerIdentityPatch({ email }).ok).toBe(false);
  });

  it('accepts ISO 3166-1 alpha-2 codes only', () => {
    expect(validateBuyerIdentityPatch({ countryCode: 'DE' }).ok).toBe(true);
    expect(validateBuyerIdentityPatch({ countryCode: 'XX' }).ok).toBe(false);
    expect(validateBuyerIdentityPatch({ countryCode: 'UK' }).ok).toBe(false);
  });
});

describe('missingForSubmit', () => {
  it('lists the fields submit needs', () => {
    expect(missingForSubmit(emptyBuyerIdentity)).toStrictEqual([
      'firstName',
      'lastName',
      'address1',
      'city',
      'countryCode',
      'postalCode',
      'email',
    ]);
    expect(
      missingForSubmit({
        ...emptyBuyerIdentity,
        firstName: 'A',
        lastName: 'B',
        address1: 'C',
        city: 'D',
        countryCode: 'US',
        postalCode: '1',
        email: 'a@b.co',
      }),
    ).toStrictEqual([]);
  });
});
