// The checks every section of a catalog document shares: one value of a record at a time (ids,
// strings, booleans, counts, currencies, prices in minor units, rates in ppm, dates, lists), each
// reporting a problem at the value's JSON path and answering a stand-in so that checking goes on.
// The Checker keeps the problems, in document order, up to a limit.
import { iso4217, iso4217Edition } from '../../../domain/currencies.js';
import { currencyDigits, isCurrencyCode, toMinor, toPpm } from '../../../domain/money.js';
import type { Problem } from '../document/import.model.js';
import { OversizedValue } from '../document/events.js';
import { dateTimeProblems, readDateTime } from '../../../domain/date-time.js';
import { catalogLimits } from '../document/limits.js';

const { maxId, maxText, maxItems } = catalogLimits;

/** A value of the document, not checked yet. */
export type Json = unknown;

/** A record of the document before it is checked: the keys its schema declares, any value each. */
export type Unchecked<T> = { readonly [K in keyof T]?: Json };
/** Keys of T declared as exactly V, absence aside: `Keys<T, string>` excludes nullable strings. */
export type Keys<T, V> = {
  [K in keyof T]-?: [Exclude<T[K], undefined>] extends [V]
    ? [V] extends [Exclude<T[K], undefined>]
      ? K
      : never
    : never;
}[keyof T] &
  string;
/** Keys of T declared as a list (absent or null meaning empty). */
export type ListKeys<T> = {
  [K in keyof T]-?: [Exclude<T[K], undefined>] extends [readonly Json[] | null] ? K : never;
}[keyof T] &
  string;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof OversizedValue);
}

/**
 * Text neither engine stores as it is: a NUL character (PostgreSQL refuses it in text and JSON)
 * or a lone surrogate, half of a UTF-16 pair (not UTF-8: SQLite keeps U+FFFD in its place,
 * PostgreSQL refuses it). Requests are refused them at the door (security/input.ts); a document
 * is read by the import's own reader.
 */
function unstorable(value: string): boolean {
  return value.includes('\u0000') || !value.isWellFormed();
}

const unstorableText = 'must be text without a NUL character or a lone surrogate (half of a UTF-16 pair)';

/** At most `max` characters, counted as JSON Schema's maxLength does (code points, not UTF-16 units). */
function fits(value: string, max: number): boolean {
  if (value.length <= max) return true;
  let count = 0;
  for (const _ of value) if (++count > max) return false;
  return true;
}

/** A value as a problem's message shows it. */
export function describe(value: Json): string {
  if (value === null) return 'null';
  if (value instanceof OversizedValue) return value.description;
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** Why a value is not a currency a store can sell in, by what the pinned ISO 4217 table knows of it. */
function notACurrency(value: Json): string {
  const code = typeof value === 'string' ? value : '';
  const entry = iso4217.get(code);
  if (entry?.kind === 'fund')
    return `must be a currency, got "${code}": an ISO 4217 fund code or unit of account, not money a buyer pays with`;
  if (entry?.kind === 'no minor unit')
    return (
      `must be a currency, got "${code}": an ISO 4217 code without a minor unit ` +
      '(precious metal, unit of account, testing or no currency)'
    );
  if (entry?.kind === 'withdrawn')
    return `must be a current currency, got "${code}": withdrawn from ISO 4217, replaced by "${entry.successor}"`;
  if (isCurrencyCode(code.toUpperCase()))
    return `must be an ISO 4217 currency code in capital letters ("${code.toUpperCase()}"), got ${describe(value)}`;
  return `must be a currency code of ISO 4217 (${iso4217Edition}) such as "USD", got ${describe(value)}`;
}

/** The problems found so far, and the checks of single values that report them. */
export class Checker {
  /** Problems kept, each with the ordinal of the record it is about. */
  private readonly kept: { ordinal: number; problem: Problem }[] = [];
  found = 0;
  /** The record being checked (its place in the document): problems found now are about it. */
  ordinal = 0;

  constructor(private readonly maxProblems: number) {}

  fail(path: string, message: string, ordinal = this.ordinal): void {
    this.found += 1;
    if (this.kept.length < this.maxProblems) this.kept.push({ ordinal, problem: { path, message } });
  }

  /** The problems kept, in document order (problems decided late go where their record is). */
  problems(): Problem[] {
    return this.kept
      .map((entry, position) => ({ ...entry, position }))
      .sort((a, b) => a.ordinal - b.ordinal || a.position - b.position)
      .map((entry) => entry.problem);
  }

  get omitted(): number {
    return this.found - this.kept.length;
  }

  id<T>(object: Unchecked<T>, key: Keys<T, number>, path: string): number {
    const value = object[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= maxId) return value;
    this.fail(
      `${path}.${key}`,
      value === undefined ? 'is required' : `must be a positive integer (at most ${maxId}), got ${describe(value)}`,
    );
    return NaN;
  }

  string<T>(
    object: Unchecked<T>,
    key: Keys<T, string>,
    path: string,
    options: { fallback?: string; max?: number } = {},
  ): string {
    const value = object[key];
    if (value === undefined && options.fallback !== undefined) return options.fallback;
    if (typeof value === 'string' && unstorable(value)) return this.unstorable(`${path}.${key}`, '');
    if (typeof value === 'string' && value.trim() !== '' && fits(value, options.max ?? maxText)) return value;
    this.fail(
      `${path}.${key}`,
      value === undefined
        ? 'is required'
        : `must be a non-empty string of at most ${options.max ?? maxText} characters, got ${describe(value)}`,
    );
    return '';
  }

  optionalString<T>(
    object: Unchecked<T>,
    key: Keys<T, string | null>,
    path: string,
    max: number = maxText,
  ): string | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && unstorable(value)) return this.unstorable(`${path}.${key}`, null);
    if (typeof value === 'string' && fits(value, max)) return value;
    this.fail(`${path}.${key}`, `must be a string of at most ${max} characters or null, got ${describe(value)}`);
    return null;
  }

  boolean<T>(object: Unchecked<T>, key: Keys<T, boolean>, path: string, fallback?: boolean): boolean {
    const value = object[key];
    if (value === undefined && fallback !== undefined) return fallback;
    if (typeof value === 'boolean') return value;
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : `must be true or false, got ${describe(value)}`);
    return false;
  }

  count<T>(object: Unchecked<T>, key: Keys<T, number>, path: string): number {
    const value = object[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= maxId) return value;
    this.fail(
      `${path}.${key}`,
      value === undefined ? 'is required' : `must be an integer from 0 to ${maxId}, got ${describe(value)}`,
    );
    return 0;
  }

  currency<T>(object: Unchecked<T>, key: Keys<T, string>, path: string): string {
    const value = object[key];
    if (isCurrencyCode(value)) return value;
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : notACurrency(value));
    return '';
  }

  /** A price in major units, exact in the currency's minor unit. */
  price<T>(
    object: Unchecked<T>,
    key: Keys<T, number> | Keys<T, number | null>,
    path: string,
    currency: string,
    required: boolean,
  ): number | null {
    const value = object[key];
    if ((value === undefined || value === null) && !required) return null;
    if (typeof value !== 'number' || value < 0) {
      this.fail(
        `${path}.${key}`,
        value === undefined ? 'is required' : `must be a number of at least 0, got ${describe(value)}`,
      );
      return null;
    }
    if (currency === '') return null;
    const minor = toMinor(value, currency);
    if (minor === null)
      this.fail(`${path}.${key}`, `${value} has more decimals than ${currency} has (${currencyDigits(currency)})`);
    else if (minor > maxId)
      this.fail(`${path}.${key}`, `${value} is more than the largest price (${maxId} in ${currency} minor units)`);
    return minor !== null && minor <= maxId ? minor : null;
  }

  /** An optional integer from `min` to `max`: null when absent (or null, where the format allows null). */
  optionalInteger<T>(
    object: Unchecked<T>,
    key: Keys<T, number> | Keys<T, number | null>,
    path: string,
    range: { min: number; max: number; nullable: boolean },
  ): number | null {
    const value = object[key];
    if (value === undefined || (value === null && range.nullable)) return null;
    if (typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max) return value;
    this.fail(
      `${path}.${key}`,
      `must be an integer from ${range.min} to ${range.max}${range.nullable ? ' or null' : ''}, got ${describe(value)}`,
    );
    return null;
  }

  /** An optional fraction from 0 to 1 (of a width, say): null when absent. */
  optionalFraction<T>(object: Unchecked<T>, key: Keys<T, number>, path: string): number | null {
    const value = object[key];
    if (value === undefined) return null;
    if (typeof value === 'number' && value >= 0 && value <= 1) return value;
    this.fail(`${path}.${key}`, `must be a number from 0 to 1, got ${describe(value)}`);
    return null;
  }

  rate<T>(object: Unchecked<T>, key: Keys<T, number>, path: string, fallback?: number): number {
    const value = object[key];
    if (value === undefined && fallback !== undefined) return fallback;
    const ppm = typeof value === 'number' && value >= 0 && value <= 1 ? toPpm(value) : null;
    if (ppm !== null) return ppm;
    this.fail(
      `${path}.${key}`,
      value === undefined
        ? 'is required'
        : `must be a rate from 0 to 1 with at most 6 decimals, got ${describe(value)}`,
    );
    return 0;
  }

  date<T>(object: Unchecked<T>, key: Keys<T, string | null>, path: string): Date | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    // Stored in UTC, where both engines and ISO 8601's four-digit years end: 0001 to 9999.
    const date = typeof value === 'string' ? readDateTime(value) : 'shape';
    if (date instanceof Date) return date;
    this.fail(`${path}.${key}`, `${dateTimeProblems[date]}, got ${describe(value)}`);
    return null;
  }

  /** Items of an optional array of at most `max`; each item handed over with its path (none when it is longer). */
  list<T>(object: Unchecked<T>, key: ListKeys<T>, path: string, max: number): { value: Json; path: string }[] {
    const value = object[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.fail(`${path}.${key}`, `must be an array, got ${describe(value)}`);
      return [];
    }
    // A file's reader builds one item more than the limit at most: enough to tell.
    if (value.length > max) {
      this.fail(`${path}.${key}`, `must have at most ${max} items, got more`);
      return [];
    }
    return value.map((item, index) => ({ value: item, path: `${path}.${key}[${index}]` }));
  }

  /** The value as a record of type T still to check, or null (reported) when it is no object. */
  object<T>(value: Json, path: string): Unchecked<T> | null {
    if (isObject(value)) return value as Unchecked<T>;
    this.fail(
      path,
      value instanceof OversizedValue && value.what === 'record'
        ? `is ${value.description} (not counting keys the format does not declare)`
        : `must be an object, got ${describe(value)}`,
    );
    return null;
  }

  stringList<T>(object: Unchecked<T>, key: ListKeys<T>, path: string): string[] {
    const strings: string[] = [];
    for (const item of this.list(object, key, path, maxItems)) {
      if (typeof item.value === 'string' && unstorable(item.value)) this.unstorable(item.path, null);
      else if (typeof item.value === 'string' && fits(item.value, maxText)) strings.push(item.value);
      else this.fail(item.path, `must be a string, got ${describe(item.value)}`);
    }
    return strings;
  }

  private unstorable<T>(path: string, fallback: T): T {
    this.fail(path, unstorableText);
    return fallback;
  }

  unique<T>(seen: Map<T, string>, key: T, path: string, what: string): void {
    const first = seen.get(key);
    if (first !== undefined) this.fail(path, `duplicate ${what} (first at ${first})`);
    else seen.set(key, path);
  }
}
