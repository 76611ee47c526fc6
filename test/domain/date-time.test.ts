import { describe, expect, it } from 'vitest';
import { readDateTime } from '../../src/domain/date-time.js';

const iso = (text: string) => {
  const read = readDateTime(text);
  return read instanceof Date ? read.toISOString() : read;
};

describe('readDateTime', () => {
  it('reads RFC 3339 date-times with a time zone, seconds and fraction optional', () => {
    expect(iso('2026-01-05T10:00:00Z')).toBe('2026-01-05T10:00:00.000Z');
    expect(iso('2026-01-05T10:00Z')).toBe('2026-01-05T10:00:00.000Z');
    expect(iso('2026-01-05T10:00:00.5+01:00')).toBe('2026-01-05T09:00:00.500Z');
    expect(iso('2026-01-05T10:00:00.123456789-02:30')).toBe('2026-01-05T12:30:00.123Z');
    expect(iso('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
    expect(iso('2000-02-29T23:59:59.999Z')).toBe('2000-02-29T23:59:59.999Z');
    expect(iso('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(iso('0050-06-01T00:00:00Z')).toBe('0050-06-01T00:00:00.000Z');
    // across the year 100 (below it the year is set on its own: Date.UTC would read 1999)
    expect(iso('0099-12-31T23:00:00-01:00')).toBe('0100-01-01T00:00:00.000Z');
    expect(iso('0100-01-01T00:30:00+01:00')).toBe('0099-12-31T23:30:00.000Z');
    expect(iso('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
    expect(iso('9999-12-31T23:59:59+01:00')).toBe('9999-12-31T22:59:59.000Z');
  });

  it('refuses dates the calendar does not have, instead of rolling them over', () => {
    for (const text of [
      '2026-02-30T00:00:00Z',
      '2026-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-00-10T00:00:00Z',
      '2026-01-00T00:00:00Z',
    ]) {
      expect(iso(text), text).toBe('shape');
    }
    for (const text of [
      '2026-01-05T24:00:00Z',
      '2026-01-05T10:60:00Z',
      '2026-01-05T10:00:60Z',
      '2026-01-05T10:00:00+24:00',
      '2026-01-05T10:00:00+01:60',
    ])
      expect(iso(text), text).toBe('shape');
  });

  it('refuses what is not a date-time with a time zone', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-01-05',
      '2026-01-05T10:00:00',
      '2026-01-05 10:00:00Z',
      '+010000-01-01T00:00:00.000Z',
      '2026-1-5T10:00:00Z',
      '2026-01-05T10:00:00.Z',
      '１２３４-01-05T10:00:00Z',
    ]) {
      expect(iso(text), text).toBe('shape');
    }
  });

  it('refuses instants outside the years 0001 to 9999 once in UTC', () => {
    expect(iso('9999-12-31T23:00:00-05:00')).toBe('range');
    expect(iso('0000-12-31T00:00:00Z')).toBe('range');
    expect(iso('0001-01-01T00:30:00+01:00')).toBe('range');
  });
});
