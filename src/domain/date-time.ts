// The one reading of a date-time sent to the gateway (REST query strings and bodies, the GraphQL
// DateTime scalar, the catalog import): RFC 3339 with a time zone, `2026-01-05T10:00:00Z` or
// `…+01:00`, seconds and their fraction optional (the fraction read to the millisecond). Read from
// its parts, never by Date's own parser, which rolls a day the month does not have over into the
// next (2026-02-30 became 2 March): a date the calendar does not have, an hour past 23, a minute or
// second past 59 are refused, and so is an instant outside the years 0001 to 9999 once in UTC,
// where stored dates live and past which ISO 8601 has no four-digit form (`+010000-…`).

const shape = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:(Z)|([+-])(\d{2}):(\d{2}))$/;

/** The earliest and latest instants a date-time may be: 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z. */
export const earliestInstant = new Date(0).setUTCFullYear(1, 0, 1);
export const latestInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * What is wrong with a date-time: not one at all (or a date the calendar does not have), or outside
 * 0001–9999 in UTC.
 */
export type DateTimeProblem = 'shape' | 'range';

/** The message of a problem, after the field's name. */
export const dateTimeProblems: Record<DateTimeProblem, string> = {
  shape: 'must be an ISO 8601 date-time with a time zone and a real calendar date, such as 2026-01-05T10:00:00Z',
  range: 'must fall in the years 0001 to 9999 once in UTC',
};

const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** The instant a date-time text stands for, or what is wrong with it. */
export function readDateTime(text: string): Date | DateTimeProblem {
  const parts = shape.exec(text);
  if (!parts) return 'shape';
  // Read part by part, no array of them: the import reads two dates a SKU.
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  const hour = Number(parts[4]);
  const minute = Number(parts[5]);
  const second = parts[6] === undefined ? 0 : Number(parts[6]);
  const milliseconds = parts[7] === undefined ? 0 : Number(parts[7].slice(0, 3).padEnd(3, '0'));
  const offsetHours = parts[8] === 'Z' ? 0 : Number(parts[10]);
  const offsetMinutes = parts[8] === 'Z' ? 0 : Number(parts[11]);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  )
    return 'shape';
  let local: number;
  // Date.UTC reads the years 0 to 99 as 1900 to 1999: those are set by setUTCFullYear.
  if (year >= 100) local = Date.UTC(year, month - 1, day, hour, minute, second, milliseconds);
  else {
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    local = date.setUTCHours(hour, minute, second, milliseconds);
  }
  const sign = parts[9] === '-' ? -1 : 1;
  const instant = local - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  if (instant < earliestInstant || instant > latestInstant) return 'range';
  return new Date(instant);
}
