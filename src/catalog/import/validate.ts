// Validation of a catalog document (format version 1; README, "Catalog import"). Reports every problem with its
// JSON path; produces the normalized records (money in minor units, rates in ppm). References may
// point into the document or at rows already in the database. CatalogValidator takes the document
// a record at a time (a file is streamed) and keeps only compact state: ids seen, with where they
// were first seen, the stores' currencies and the similar lists. A reference it cannot decide yet
// (to a section the document has not had yet) is handed back to the caller as pending and decided
// at the end; problems come out in document order whenever they were found.
// The document's shape is declared once, in import/schema.ts: records are read through its
// Static types (a key it does not declare does not compile) with its limits and defaults.
import { iso4217, iso4217Edition } from '../../domain/currencies.js';
import { currencyDigits, isCurrencyCode, toMinor, toPpm } from '../../domain/money.js';
import type { MediaKind, VariantOption } from '../catalog.model.js';
import type { CatalogDocument, ExistingCatalog, ImportMedia, ImportProduct, ImportSku, ImportStore, Problem } from './import.model.js';
import { IntList, IntMap } from './ids.js';
import { objectEvents, OversizedValue, type CatalogSection } from './source.js';
import {
  catalogDefaults,
  catalogLimits,
  countryCodePattern,
  dateTimePattern,
  mediaTypes,
  slugPattern,
  type RawCatalogDocument,
  type RawMedia,
  type RawProduct,
  type RawShippingMethod,
  type RawSimilarPair,
  type RawSku,
  type RawSkuDimension,
  type RawStore,
  type RawTaxRate,
  type RawVariant,
  type RawVariantValue,
} from './schema.js';

/** Problems past this many are counted, not kept. */
export const defaultMaxProblems = 1000;

export type ValidationResult = { ok: true; document: CatalogDocument } | { ok: false; problems: Problem[]; omitted: number };

const { maxId, maxText, maxName, maxCode, maxFileName, maxItems, maxSkus, maxSimilar } = catalogLimits;
const dateTime = new RegExp(dateTimePattern, 'u');
const countryCode = new RegExp(countryCodePattern, 'u');
const slugShape = new RegExp(slugPattern, 'u');

type Json = unknown;

/** A record of the document before it is checked: the keys its schema declares, any value each. */
type Unchecked<T> = { readonly [K in keyof T]?: Json };
/** Keys of T declared as exactly V, absence aside: `Keys<T, string>` excludes nullable strings. */
type Keys<T, V> = { [K in keyof T]-?: [Exclude<T[K], undefined>] extends [V] ? ([V] extends [Exclude<T[K], undefined>] ? K : never) : never }[keyof T] & string;
/** Keys of T declared as a list (absent or null meaning empty). */
type ListKeys<T> = { [K in keyof T]-?: [Exclude<T[K], undefined>] extends [readonly Json[] | null] ? K : never }[keyof T] & string;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof OversizedValue);
}

/** At most `max` characters, counted as JSON Schema's maxLength does (code points, not UTF-16 units). */
function fits(value: string, max: number): boolean {
  if (value.length <= max) return true;
  let count = 0;
  for (const _ of value) if (++count > max) return false;
  return true;
}

function describe(value: Json): string {
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
  if (entry?.kind === 'fund') return `must be a currency, got "${code}": an ISO 4217 fund code or unit of account, not money a buyer pays with`;
  if (entry?.kind === 'no minor unit') return `must be a currency, got "${code}": an ISO 4217 code without a minor unit (precious metal, unit of account, testing or no currency)`;
  if (entry?.kind === 'withdrawn') return `must be a current currency, got "${code}": withdrawn from ISO 4217, replaced by "${entry.successor}"`;
  if (isCurrencyCode(code.toUpperCase())) return `must be an ISO 4217 currency code in capital letters ("${code.toUpperCase()}"), got ${describe(value)}`;
  return `must be a currency code of ISO 4217 (${iso4217Edition}) such as "USD", got ${describe(value)}`;
}

class Checker {
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
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : `must be a positive integer (at most ${maxId}), got ${describe(value)}`);
    return NaN;
  }

  string<T>(object: Unchecked<T>, key: Keys<T, string>, path: string, options: { fallback?: string; max?: number } = {}): string {
    const value = object[key];
    if (value === undefined && options.fallback !== undefined) return options.fallback;
    if (typeof value === 'string' && value.trim() !== '' && fits(value, options.max ?? maxText)) return value;
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : `must be a non-empty string of at most ${options.max ?? maxText} characters, got ${describe(value)}`);
    return '';
  }

  optionalString<T>(object: Unchecked<T>, key: Keys<T, string | null>, path: string): string | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && fits(value, maxText)) return value;
    this.fail(`${path}.${key}`, `must be a string of at most ${maxText} characters or null, got ${describe(value)}`);
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
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : `must be an integer from 0 to ${maxId}, got ${describe(value)}`);
    return 0;
  }

  currency<T>(object: Unchecked<T>, key: Keys<T, string>, path: string): string {
    const value = object[key];
    if (isCurrencyCode(value)) return value;
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : notACurrency(value));
    return '';
  }

  /** A price in major units, exact in the currency's minor unit. */
  price<T>(object: Unchecked<T>, key: Keys<T, number> | Keys<T, number | null>, path: string, currency: string, required: boolean): number | null {
    const value = object[key];
    if ((value === undefined || value === null) && !required) return null;
    if (typeof value !== 'number' || value < 0) {
      this.fail(`${path}.${key}`, value === undefined ? 'is required' : `must be a number of at least 0, got ${describe(value)}`);
      return null;
    }
    if (currency === '') return null;
    const minor = toMinor(value, currency);
    if (minor === null) this.fail(`${path}.${key}`, `${value} has more decimals than ${currency} has (${currencyDigits(currency)})`);
    else if (minor > maxId) this.fail(`${path}.${key}`, `${value} is more than the largest price (${maxId} in ${currency} minor units)`);
    return minor !== null && minor <= maxId ? minor : null;
  }

  rate<T>(object: Unchecked<T>, key: Keys<T, number>, path: string, fallback?: number): number {
    const value = object[key];
    if (value === undefined && fallback !== undefined) return fallback;
    const ppm = typeof value === 'number' && value >= 0 && value <= 1 ? toPpm(value) : null;
    if (ppm !== null) return ppm;
    this.fail(`${path}.${key}`, value === undefined ? 'is required' : `must be a rate from 0 to 1 with at most 6 decimals, got ${describe(value)}`);
    return 0;
  }

  date<T>(object: Unchecked<T>, key: Keys<T, string | null>, path: string): Date | null {
    const value = object[key];
    if (value === undefined || value === null) return null;
    if (typeof value === 'string' && dateTime.test(value)) {
      const date = new Date(value);
      const year = date.getUTCFullYear();
      // Stored in UTC, where both engines and ISO 8601's four-digit years end.
      if (!Number.isNaN(date.getTime()) && year >= 1 && year <= 9999) return date;
      if (!Number.isNaN(date.getTime())) {
        this.fail(`${path}.${key}`, `must fall in the years 0001 to 9999 once in UTC, got ${describe(value)}`);
        return null;
      }
    }
    this.fail(`${path}.${key}`, `must be an ISO 8601 date-time with a time zone, such as "2026-01-05T10:00:00Z", got ${describe(value)}`);
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
    this.fail(path, value instanceof OversizedValue && value.what === 'record' ? `is ${value.description} (not counting keys the format does not declare)` : `must be an object, got ${describe(value)}`);
    return null;
  }

  stringList<T>(object: Unchecked<T>, key: ListKeys<T>, path: string): string[] {
    const strings: string[] = [];
    for (const item of this.list(object, key, path, maxItems)) {
      if (typeof item.value === 'string' && fits(item.value, maxText)) strings.push(item.value);
      else this.fail(item.path, `must be a string, got ${describe(item.value)}`);
    }
    return strings;
  }

  unique<T>(seen: Map<T, string>, key: T, path: string, what: string): void {
    const first = seen.get(key);
    if (first !== undefined) this.fail(path, `duplicate ${what} (first at ${first})`);
    else seen.set(key, path);
  }
}

function validateStore(check: Checker, raw: Json, path: string): ImportStore | null {
  const object = check.object<RawStore>(raw, path);
  if (!object) return null;
  const currency = check.currency(object, 'currency', path);
  const codes = new Map<string, string>();
  const shippingMethods = check.list(object, 'shipping_methods', path, maxItems).flatMap((item) => {
    const method = check.object<RawShippingMethod>(item.value, item.path);
    if (!method) return [];
    const code = check.string(method, 'id', item.path, { max: maxCode });
    check.unique(codes, code, `${item.path}.id`, 'shipping method id');
    const label = check.string(method, 'label', item.path, { max: maxName });
    const priceMinor = check.price(method, 'price', item.path, currency, true) ?? 0;
    return [{ code, label, priceMinor }];
  });
  const places = new Map<string, string>();
  const taxRates = check.list(object, 'tax_rates', path, maxItems).flatMap((item) => {
    const rate = check.object<RawTaxRate>(item.value, item.path);
    if (!rate) return [];
    const country = check.optionalString(rate, 'country_code', item.path);
    const provinceCode = check.optionalString(rate, 'province_code', item.path);
    if (country !== null && !countryCode.test(country)) check.fail(`${item.path}.country_code`, `must be an ISO 3166-1 alpha-2 code such as "US", got ${describe(country)}`);
    if (provinceCode !== null && country === null) check.fail(`${item.path}.province_code`, 'needs a country_code');
    if (provinceCode !== null && provinceCode.trim() === '') check.fail(`${item.path}.province_code`, 'must not be empty');
    check.unique(places, `${country ?? ''}/${provinceCode ?? ''}`, item.path, 'tax rate for the same country and province');
    return [{ countryCode: country, provinceCode, ratePpm: check.rate(rate, 'rate', item.path) }];
  });
  return {
    id: check.id(object, 'id', path),
    name: check.string(object, 'name', path, { max: maxName }),
    marketplace: check.string(object, 'marketplace', path, { max: maxName }),
    currency,
    marginRatePpm: check.rate(object, 'margin_rate', path, toPpm(catalogDefaults.marginRate) ?? 0),
    shippingMethods,
    taxRates,
  };
}

function validateVariants(check: Checker, object: Unchecked<RawProduct>, path: string): VariantOption[] {
  return check.list(object, 'variants', path, maxItems).flatMap((item) => {
    const option = check.object<RawVariant>(item.value, item.path);
    if (!option) return [];
    return [{ name: check.string(option, 'name', item.path, { max: maxName }), visual: check.boolean(option, 'visual', item.path, catalogDefaults.visual), values: check.stringList(option, 'values', item.path) }];
  });
}

/** Checks a SKU's store: its currency (a store without a valid one has ''), undefined when there is no such store. */
function checkStore(check: Checker, expected: string | undefined, merchantId: number, currency: string, path: string, ordinal?: number): void {
  if (expected === undefined) check.fail(`${path}.merchant_id`, `must name a store: no store ${merchantId} in the document or the database`, ordinal);
  else if (currency !== '' && expected === '') check.fail(`${path}.currency`, `cannot be checked: store ${merchantId} has no valid currency`, ordinal);
  else if (currency !== '' && expected !== currency) check.fail(`${path}.currency`, `must be the currency of store ${merchantId} (${expected}), got "${currency}"`, ordinal);
}

type StoreCheck = (merchantId: number, currency: string, path: string) => void;

function validateSku(check: Checker, raw: Json, path: string, productId: number, position: number, storeCheck: StoreCheck): ImportSku | null {
  const object = check.object<RawSku>(raw, path);
  if (!object) return null;
  const merchantId = check.id(object, 'merchant_id', path);
  const currency = check.currency(object, 'currency', path);
  if (!Number.isNaN(merchantId)) storeCheck(merchantId, currency, path);
  if (object.product_id !== undefined && object.product_id !== productId) {
    check.fail(`${path}.product_id`, `must be the id of the product it is nested in (${productId}), got ${describe(object.product_id)}`);
  }
  const salePriceMinor = check.price(object, 'sale_price', path, currency, false);
  const retailPriceMinor = check.price(object, 'retail_price', path, currency, false);
  if ((object.sale_price === undefined || object.sale_price === null) && (object.retail_price === undefined || object.retail_price === null)) {
    check.fail(path, 'needs a sale_price or a retail_price');
  }
  const variantValues = check.list(object, 'variant_values', path, maxItems).flatMap((item) => {
    const pair = check.object<RawVariantValue>(item.value, item.path);
    return pair ? [{ variant: check.string(pair, 'variant', item.path, { max: maxName }), value: check.string(pair, 'value', item.path, { max: maxName }) }] : [];
  });
  const dimensions = check.list(object, 'sku_dimensions', path, maxItems).flatMap((item) => {
    const dimension = check.object<RawSkuDimension>(item.value, item.path);
    if (!dimension) return [];
    const weight = dimension.weight;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) check.fail(`${item.path}.weight`, `must be a number of at least 0, got ${describe(weight)}`);
    return [{ weight: typeof weight === 'number' ? weight : 0, type: check.string(dimension, 'type', item.path, { max: maxCode }) }];
  });
  return {
    id: check.id(object, 'sku_id', path),
    productId,
    externalId: check.optionalString(object, 'external_id', path),
    merchantId,
    name: check.string(object, 'name', path, { max: maxName }),
    inStock: check.boolean(object, 'in_stock', path, catalogDefaults.inStock),
    qtyAvailable: check.count(object, 'qty_available', path),
    salePriceMinor,
    retailPriceMinor,
    currency,
    status: check.string(object, 'status', path, { fallback: catalogDefaults.status, max: maxCode }),
    type: check.string(object, 'type', path, { fallback: catalogDefaults.type, max: maxCode }),
    taxable: check.boolean(object, 'taxable', path, catalogDefaults.taxable),
    taxType: check.optionalString(object, 'tax_type', path),
    dateCreated: check.date(object, 'date_created', path),
    dateLastModified: check.date(object, 'date_last_modified', path),
    variantValues,
    dimensions,
    position,
    listed: true,
  };
}

function validateProduct(check: Checker, raw: Json, path: string, onSku: (sku: ImportSku, path: string, position: number) => void, storeCheck: StoreCheck): ImportProduct | null {
  const object = check.object<RawProduct>(raw, path);
  if (!object) return null;
  const id = check.id(object, 'id', path);
  const currency = check.currency(object, 'currency', path);
  const skus = check.list(object, 'skus', path, maxSkus).flatMap((item, position) => {
    const sku = validateSku(check, item.value, item.path, id, position, storeCheck);
    if (sku && !Number.isNaN(sku.id)) onSku(sku, item.path, position);
    return sku ? [sku] : [];
  });
  return {
    id,
    externalId: check.optionalString(object, 'external_id', path),
    title: check.string(object, 'title', path),
    description: check.optionalString(object, 'description', path),
    brand: check.optionalString(object, 'brand', path),
    url: check.optionalString(object, 'url', path),
    priceMinor: check.price(object, 'price', path, currency, true) ?? 0,
    currency,
    category: check.optionalString(object, 'category', path),
    isAvailable: check.boolean(object, 'is_available', path, catalogDefaults.isAvailable),
    images: check.stringList(object, 'images', path),
    nativeCheckout: check.boolean(object, 'native_checkout', path, catalogDefaults.nativeCheckout),
    variants: validateVariants(check, object, path),
    skus,
  };
}

function validateMedia(check: Checker, raw: Json, path: string, productCheck: (id: number, path: string) => void): ImportMedia | null {
  const object = check.object<RawMedia>(raw, path);
  if (!object) return null;
  const type = mediaTypes.find((kind) => kind === object.type);
  if (type === undefined) check.fail(`${path}.type`, `must be ${mediaTypes.map((kind) => `"${kind}"`).join(' or ')}, got ${describe(object.type)}`);
  const slug = check.string(object, 'slug', path, { max: maxName });
  if (slug !== '' && !slugShape.test(slug)) check.fail(`${path}.slug`, 'must not contain "/" or white space (it is part of a URL path)');
  const seen = new Map<number, string>();
  const productIds = check.list(object, 'product_ids', path, maxItems).flatMap((item) => {
    const id = item.value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > maxId) {
      check.fail(item.path, `must be a product id, got ${describe(id)}`);
      return [];
    }
    productCheck(id, item.path);
    check.unique(seen, id, item.path, 'product id');
    return [id];
  });
  return {
    id: check.id(object, 'id', path),
    type: type ?? 'image',
    slug,
    fileName: check.string(object, 'file_name', path, { max: maxFileName }),
    platform: check.optionalString(object, 'platform', path),
    productIds,
  };
}


/** A SKU's store that could not be checked when the SKU was read: the document had no store of that id yet. */
export interface PendingStore {
  merchantId: number;
  currency: string;
  /** The SKU's path. */
  path: string;
  ordinal: number;
}

/** A media item's product that the document had not had yet. */
export interface PendingProduct {
  productId: number;
  path: string;
  ordinal: number;
}

export interface CheckedProduct {
  product: ImportProduct;
  /** Its SKUs whose store is still to be checked (at the end). */
  pendingStores: PendingStore[];
}

export interface CheckedMedia {
  media: ImportMedia;
  /** Its products still to be found (at the end). */
  pendingProducts: PendingProduct[];
  /** Another media item holding its slug in the database (the document must give that one another). */
  slugHolder: number | null;
}

/** Where a SKU was first seen: product index and position, as one number. */
const skuPlaceScale = 2 ** 22;

/**
 * Checks a document one record at a time. Sections may come in any order: a reference to a
 * section that has not been read completely yet is pending. Pending SKU stores and media
 * products are handed to the caller (they can be many: it may keep them on disk) to be passed
 * back to checkStore/checkProduct once the document is read; pending similar pairs and slugs
 * are kept here (compactly), and decided by finish() with duplicate similar pairs.
 */
export class CatalogValidator {
  private readonly check: Checker;
  private ordinal = 0;
  private readonly started = new Set<CatalogSection>();
  private readonly done = new Set<CatalogSection>();
  /** Stores of the document: id → currency ('' when not valid), and where each was first seen. */
  private readonly storeCurrencies = new Map<number, string>();
  private readonly storeIndex = new Map<number, number>();
  private readonly productIndex = new IntMap();
  private readonly skuPlace = new IntMap();
  private readonly skuPlaceFar = new Map<number, string>();
  private readonly mediaIndex = new IntMap();
  private readonly slugIndex = new Map<string, number>();
  private pendingSlugs: { ordinal: number; index: number; type: MediaKind; slug: string; holder: number }[] = [];
  /**
   * Curated comparables, in document order: product id, similar id (0 once found a duplicate)
   * and index of each pair. Duplicates are found once the document is read (finish).
   */
  private readonly pairProducts = new IntList();
  private readonly pairSimilars = new IntList();
  private readonly pairIndexes = new IntList();
  /** The ordinal of `$.similar[0]`, for problems found at the end. */
  private similarOrdinal = 0;
  /** Products with comparables, in order of first appearance: product id → its rank. */
  private readonly similarRank = new IntMap();
  /** Pairs of each product, by rank. */
  private readonly similarCounts = new IntList();
  /** The pairs grouped by product (rank), in document order within each: filled by finish(). */
  private grouped: { starts: Int32Array; order: Int32Array } | null = null;
  /** Pairs naming a product the document had not had yet: ordinal, index, product id, similar id. */
  private readonly pendingPairs = new IntList();

  constructor(
    private readonly existing: ExistingCatalog,
    options: { maxProblems?: number } = {},
  ) {
    this.check = new Checker(options.maxProblems ?? defaultMaxProblems);
  }

  /** Whether any problem was found: an import writes nothing more once there is one. */
  get failed(): boolean {
    return this.check.found > 0;
  }

  problems(): Problem[] {
    return this.check.problems();
  }

  /** How many problems were found beyond those kept. */
  get omitted(): number {
    return this.check.omitted;
  }

  document(value: Json): void {
    this.check.object<RawCatalogDocument>(value, '$');
  }

  /** The reader stopped at this value and read no further (it is about the record being read). */
  refused(path: string, message: string): void {
    this.check.fail(path, message, this.ordinal + 1);
  }

  version(value: Json): void {
    if (value !== 1) this.check.fail('$.version', `must be 1 when given, got ${describe(value)}`);
  }

  /** A section whose value is not a list (null or absent: an empty one). */
  value(section: CatalogSection, value: Json): void {
    this.start(section);
    if (value !== undefined && value !== null) this.check.fail(`$.${section}`, `must be an array, got ${describe(value)}`);
    this.end(section);
  }

  start(section: CatalogSection): void {
    if (this.started.has(section)) this.check.fail(`$.${section}`, 'appears more than once in the document');
    this.started.add(section);
  }

  end(section: CatalogSection): void {
    this.done.add(section);
    if (section === 'media') this.decideSlugs();
  }

  private next(): number {
    this.ordinal += 1;
    this.check.ordinal = this.ordinal;
    return this.ordinal;
  }

  store(raw: Json, index: number): ImportStore | null {
    this.next();
    const path = `$.stores[${index}]`;
    const store = validateStore(this.check, raw, path);
    if (!store || Number.isNaN(store.id)) return store;
    const first = this.storeIndex.get(store.id);
    if (first !== undefined) this.check.fail(`${path}.id`, `duplicate store id (first at $.stores[${first}].id)`);
    else {
      this.storeIndex.set(store.id, index);
      this.storeCurrencies.set(store.id, store.currency);
    }
    return store;
  }

  /** Whether a store of this id is in the database or was read already (and so can be referred to). */
  storeExists(id: number): boolean {
    return this.storeCurrencies.has(id) || this.existing.storeCurrencies.has(id);
  }

  product(raw: Json, index: number): CheckedProduct | null {
    const ordinal = this.next();
    const path = `$.products[${index}]`;
    const pendingStores: PendingStore[] = [];
    const storeCheck: StoreCheck = (merchantId, currency, skuPath) => {
      const inDocument = this.storeCurrencies.get(merchantId);
      if (inDocument === undefined && !this.done.has('stores')) pendingStores.push({ merchantId, currency, path: skuPath, ordinal });
      else checkStore(this.check, inDocument ?? this.existing.storeCurrencies.get(merchantId), merchantId, currency, skuPath);
    };
    const onSku = (sku: ImportSku, skuPath: string, position: number) => {
      const place = this.skuPlace.get(sku.id);
      const far = place === undefined ? this.skuPlaceFar.get(sku.id) : undefined;
      if (place !== undefined || far !== undefined) {
        const first = far ?? `$.products[${Math.floor(place! / skuPlaceScale)}].skus[${place! % skuPlaceScale}].sku_id`;
        this.check.fail(`${skuPath}.sku_id`, `duplicate sku_id (first at ${first})`);
      } else if (position < skuPlaceScale && index < 2 ** 30) this.skuPlace.set(sku.id, index * skuPlaceScale + position);
      else this.skuPlaceFar.set(sku.id, `${skuPath}.sku_id`);
    };
    const product = validateProduct(this.check, raw, path, onSku, storeCheck);
    if (!product) return null;
    if (!Number.isNaN(product.id)) {
      const first = this.productIndex.get(product.id);
      if (first !== undefined) this.check.fail(`${path}.id`, `duplicate product id (first at $.products[${first}].id)`);
      else this.productIndex.set(product.id, index);
    }
    return { product, pendingStores };
  }

  /** Decides a SKU's store once every store of the document is known. */
  checkStore(pending: PendingStore): void {
    checkStore(this.check, this.storeCurrencies.get(pending.merchantId) ?? this.existing.storeCurrencies.get(pending.merchantId), pending.merchantId, pending.currency, pending.path, pending.ordinal);
  }

  /** Whether the document lists a SKU of this id (under any product). */
  listsSku(id: number): boolean {
    return this.skuPlace.has(id) || this.skuPlaceFar.has(id);
  }

  /** Whether a product of this id is in the database or was read already. */
  productExists(id: number): boolean {
    return this.productIndex.has(id) || this.existing.productIds.has(id);
  }

  media(raw: Json, index: number): CheckedMedia | null {
    const ordinal = this.next();
    const path = `$.media[${index}]`;
    const pendingProducts: PendingProduct[] = [];
    const productCheck = (id: number, itemPath: string) => {
      if (this.productExists(id)) return;
      if (this.done.has('products')) this.check.fail(itemPath, `no product ${id} in the document or the database`);
      else pendingProducts.push({ productId: id, path: itemPath, ordinal });
    };
    const entry = validateMedia(this.check, raw, path, productCheck);
    if (!entry) return null;
    if (!Number.isNaN(entry.id)) {
      const first = this.mediaIndex.get(entry.id);
      if (first !== undefined) this.check.fail(`${path}.id`, `duplicate media id (first at $.media[${first}].id)`);
      else this.mediaIndex.set(entry.id, index);
    }
    const key = `${entry.type}:${entry.slug}`;
    const first = this.slugIndex.get(key);
    if (first !== undefined) this.check.fail(`${path}.slug`, `duplicate ${entry.type} slug (first at $.media[${first}].slug)`);
    else this.slugIndex.set(key, index);
    // A slug held in the database by another media item: fine when the document gives that item another.
    const holder = this.existing.mediaSlugs.get(key);
    const slugHolder = holder !== undefined && holder !== entry.id ? holder : null;
    if (slugHolder !== null && !this.mediaIndex.has(slugHolder)) this.pendingSlugs.push({ ordinal, index, type: entry.type, slug: entry.slug, holder: slugHolder });
    return { media: entry, pendingProducts, slugHolder };
  }

  /** Whether the document had a media item of this id already. */
  mediaRead(id: number): boolean {
    return this.mediaIndex.has(id);
  }

  /** Decides a media item's product once every product of the document is known. */
  checkProduct(pending: PendingProduct): void {
    if (!this.productExists(pending.productId)) this.check.fail(pending.path, `no product ${pending.productId} in the document or the database`, pending.ordinal);
  }

  private decideSlugs(): void {
    for (const { ordinal, index, type, slug, holder } of this.pendingSlugs) {
      if (!this.mediaIndex.has(holder)) this.check.fail(`$.media[${index}].slug`, `${type} ${holder} in the database already has the slug "${slug}"`, ordinal);
    }
    this.pendingSlugs = [];
  }

  similarPair(raw: Json, index: number): void {
    const ordinal = this.next();
    const path = `$.similar[${index}]`;
    const pair = this.check.object<RawSimilarPair>(raw, path);
    if (!pair) return;
    const productId = this.check.id(pair, 'product_id', path);
    const similarId = this.check.id(pair, 'similar_product_id', path);
    if (Number.isNaN(productId) || Number.isNaN(similarId)) return;
    let rank = this.similarRank.get(productId);
    if (rank === undefined) {
      rank = this.similarRank.size;
      this.similarRank.set(productId, rank);
      this.similarCounts.push(0);
    }
    const count = this.similarCounts.at(rank) + 1;
    this.similarCounts.set(rank, count);
    // Pairs past the limit are not kept: a document that long is refused anyway.
    if (count > maxSimilar) {
      if (count === maxSimilar + 1) this.check.fail(path, `product ${productId} has more than ${maxSimilar} similar products`);
      return;
    }
    if (this.done.has('products') || (this.productExists(productId) && this.productExists(similarId))) this.checkPair(path, productId, similarId, ordinal);
    else for (const value of [ordinal, index, productId, similarId]) this.pendingPairs.push(value);
    if (productId === similarId) this.check.fail(path, 'a product cannot be similar to itself');
    this.similarOrdinal = ordinal - index;
    this.pairProducts.push(productId);
    this.pairSimilars.push(similarId);
    this.pairIndexes.push(index);
  }

  /** Groups the pairs by product (a counting sort on the product's rank, so document order within each). */
  private group(): { starts: Int32Array; order: Int32Array } {
    const products = this.pairProducts;
    const count = products.length;
    const ranks = this.similarRank.size;
    const starts = new Int32Array(ranks + 1);
    for (let at = 0; at < count; at += 1) starts[this.similarRank.get(products.at(at))! + 1]! += 1;
    for (let rank = 0; rank < ranks; rank += 1) starts[rank + 1]! += starts[rank]!;
    const order = new Int32Array(count);
    const next = starts.slice(0, ranks);
    for (let at = 0; at < count; at += 1) order[next[this.similarRank.get(products.at(at))!]!++] = at;
    return { starts, order };
  }

  /** A product's list naming a product twice: the later pairs are duplicates (and left out). */
  private findDuplicatePairs(grouped: { starts: Int32Array; order: Int32Array }): void {
    const { starts, order } = grouped;
    const similars = this.pairSimilars;
    const duplicate = (at: number, first: number) => {
      const index = this.pairIndexes.at(at);
      this.check.fail(`$.similar[${index}]`, `duplicate similar pair (first at $.similar[${this.pairIndexes.at(first)}])`, this.similarOrdinal + index);
      similars.set(at, 0);
    };
    for (let rank = 0; rank + 1 < starts.length; rank += 1) {
      const from = starts[rank]!;
      const to = starts[rank + 1]!;
      if (to - from <= 16) {
        for (let i = from + 1; i < to; i += 1) {
          for (let j = from; j < i; j += 1) {
            if (similars.at(order[j]!) === similars.at(order[i]!)) {
              duplicate(order[i]!, order[j]!);
              break;
            }
          }
        }
        continue;
      }
      const seen = new Map<number, number>();
      for (let i = from; i < to; i += 1) {
        const similar = similars.at(order[i]!);
        const first = seen.get(similar);
        if (first !== undefined) duplicate(order[i]!, first);
        else seen.set(similar, order[i]!);
      }
    }
  }

  private checkPair(path: string, productId: number, similarId: number, ordinal: number): void {
    if (!this.productExists(productId)) this.check.fail(`${path}.product_id`, `no product ${productId} in the document or the database`, ordinal);
    if (!this.productExists(similarId)) this.check.fail(`${path}.similar_product_id`, `no product ${similarId} in the document or the database`, ordinal);
  }

  /** The document has been read: decides what was pending here (pass pending stores and products back first or after). */
  finish(): void {
    for (const section of ['stores', 'products', 'media', 'similar'] as const) this.done.add(section);
    this.decideSlugs();
    const pairs = this.pendingPairs;
    for (let at = 0; at < pairs.length; at += 4) this.checkPair(`$.similar[${pairs.at(at + 1)}]`, pairs.at(at + 2), pairs.at(at + 3), pairs.at(at));
    pairs.clear();
    this.grouped ??= this.group();
    this.findDuplicatePairs(this.grouped);
  }

  /** Products whose comparables the document lists, in order of first appearance, with their lists in document order. */
  *similarLists(): Generator<[number, number[]]> {
    const { starts, order } = (this.grouped ??= this.group());
    for (let rank = 0; rank + 1 < starts.length; rank += 1) {
      const ids: number[] = [];
      for (let at = starts[rank]!; at < starts[rank + 1]!; at += 1) {
        const similar = this.pairSimilars.at(order[at]!);
        if (similar !== 0) ids.push(similar);
      }
      yield [this.pairProducts.at(order[starts[rank]!]!), ids];
    }
  }
}

export function validateCatalog(raw: Json, existing: ExistingCatalog, options: { maxProblems?: number } = {}): ValidationResult {
  const validator = new CatalogValidator(existing, options);
  const stores: ImportStore[] = [];
  const products: ImportProduct[] = [];
  const media: ImportMedia[] = [];
  const pendingStores: PendingStore[] = [];
  const pendingProducts: PendingProduct[] = [];
  for (const event of objectEvents(raw)) {
    if (event.kind === 'document') validator.document(event.value);
    else if (event.kind === 'version') validator.version(event.value);
    else if (event.kind === 'value') validator.value(event.section, event.value);
    else if (event.kind === 'start') validator.start(event.section);
    else if (event.kind === 'end') validator.end(event.section);
    else if (event.section === 'stores') {
      const store = validator.store(event.value, event.index);
      if (store) stores.push(store);
    } else if (event.section === 'products') {
      const checked = validator.product(event.value, event.index);
      if (checked) products.push(checked.product);
      pendingStores.push(...(checked?.pendingStores ?? []));
    } else if (event.section === 'media') {
      const checked = validator.media(event.value, event.index);
      if (checked) media.push(checked.media);
      pendingProducts.push(...(checked?.pendingProducts ?? []));
    } else validator.similarPair(event.value, event.index);
  }
  for (const pending of pendingStores) validator.checkStore(pending);
  for (const pending of pendingProducts) validator.checkProduct(pending);
  validator.finish();
  if (validator.failed) return { ok: false, problems: validator.problems(), omitted: validator.omitted };
  return { ok: true, document: { stores, products, media, similar: new Map(validator.similarLists()) } };
}
