// Values of the writes' own SQL on PostgreSQL (tx-sql.ts): parameters sent as the ORM's adapter
// sends them, and each column's text typed as the ORM's raw queries type it.
import type pg from 'pg';

/**
 * A value's text as the ORM's PostgreSQL adapter sends it (dates: UTC, `YYYY-MM-DD HH:MM:SS.mmm`,
 * no zone; numbers and booleans as the driver writes them).
 */
export function pgValue(value: string | number | boolean | Date | null): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (!(value instanceof Date)) return String(value);
  const iso = value.toISOString();
  // 2026-11-27T10:00:00.123Z → 2026-11-27 10:00:00.123 (milliseconds only where there are some).
  const milliseconds = value.getUTCMilliseconds() === 0 ? '' : iso.slice(19, 23);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${milliseconds}`;
}

/** Per column type (oid), its text as the ORM's raw queries type it. */
const pgParsers = new Map<number, (text: string) => unknown>([
  [16, (text) => text === 't'], // boolean
  [20, (text) => BigInt(text)], // int8
  [21, Number], // int2
  [23, Number], // int4
  [26, (text) => BigInt(text)], // oid
  [700, Number], // float4
  [701, Number], // float8
  [1082, (text) => new Date(`${text}T00:00:00+00:00`)], // date
  [1114, (text) => new Date(`${text.replace(' ', 'T')}+00:00`)], // timestamp: UTC
  // timestamptz: the ORM reads the session's time as UTC (the server's default zone is UTC).
  [1184, (text) => new Date(text.replace(' ', 'T').replace(/[+-]\d{2}(:\d{2})?$/, '+00:00'))],
  [114, (text) => JSON.parse(text) as unknown], // json
  [3802, (text) => JSON.parse(text) as unknown], // jsonb
]);
/** Column types whose values stay text: text, varchar, bpchar, name, uuid, void (pg_notify), unknown. */
const pgTextTypes = new Set([25, 1043, 1042, 19, 2950, 2278, 705]);
const asText = (text: string) => text;
export const pgTypes = {
  getTypeParser: (oid: number) => pgParsers.get(oid) ?? asText,
} as pg.CustomTypesConfig;

/**
 * A column of a type this does not type as the ORM would (numeric: the ORM's Decimal, bytea,
 * arrays, time): its rows are refused with an error (after the statement ran), never handed out
 * typed otherwise. No statement of the code returns one; a new one that did would fail its tests
 * on PostgreSQL, to be cast to a type this reads or read through the ORM.
 */
export function untypedColumn(fields: readonly pg.FieldDef[]): pg.FieldDef | undefined {
  return fields.find((field) => !pgParsers.has(field.dataTypeID) && !pgTextTypes.has(field.dataTypeID));
}
