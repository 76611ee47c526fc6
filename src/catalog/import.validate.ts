// Validation of a catalog document (contract.md §4, version 1). Reports every problem with its
// JSON path; produces the normalized document (money in minor units, rates in ppm) only when
// there is none. References may point into the document or at rows already in the database.
// The document's shape is declared once, in import.schema.ts: records are read through its
// Static types (a key it does not declare does not compile) with its limits and defaults.
import { iso4217, iso4217Edition } from '../domain/currencies.js';
import { currencyDigits, isCurrencyCode, toMinor, toPpm } from '../domain/money.js';
import type { MediaKind, SkuDimension, VariantOption, VariantValue } from './catalog.model.js';
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
} from './import.schema.js';

export interface Problem {
  path: string;
  message: string;
}

export interface StoreInput {
  id: number;
  name: string;
  marketplace: string;
  currency: string;
  marginRatePpm: number;
  shippingMethods: { code: string; label: string; priceMinor: number }[];
  taxRates: { countryCode: string | null; provinceCode: string | null; ratePpm: number }[];
}

export interface SkuInput {
  id: number;
  productId: number;
  externalId: string | null;
  merchantId: number;
  name: string;
  inStock: boolean;
  qtyAvailable: number;
  salePriceMinor: number | null;
  retailPriceMinor: number | null;
  currency: string;
  status: string;
  type: string;
  taxable: boolean;
  taxType: string | null;
  dateCreated: Date | null;
  dateLastModified: Date | null;
  variantValues: VariantValue[];
  dimensions: SkuDimension[];
  position: number;
  /** True for every SKU a document lists (see Sku.listed); stored rows may be false. */
  listed: boolean;
}

export interface ProductInput {
  id: number;
  externalId: string | null;
  title: string;
  description: string | null;
  brand: string | null;
  url: string | null;
  priceMinor: number;
  currency: string;
  category: string | null;
  isAvailable: boolean;
  images: string[];
  nativeCheckout: boolean;
  variants: VariantOption[];
  skus: SkuInput[];
}

export interface MediaInput {
  id: number;
  type: MediaKind;
  slug: string;
  fileName: string;
  platform: string | null;
  productIds: number[];
}

export interface CatalogDocument {
  stores: StoreInput[];
  products: ProductInput[];
  media: MediaInput[];
  /** Curated comparables per product, in document order. */
  similar: Map<number, number[]>;
}

/** What the database already holds that a document may refer to or collide with. */
export interface ExistingCatalog {
  storeCurrencies: Map<number, string>;
  productIds: Set<number>;
  /** `${type}:${slug}` → media id, for media not in the document. */
  mediaSlugs: Map<string, number>;
}

export type ValidationResult = { ok: true; document: CatalogDocument } | { ok: false; problems: Problem[] };

const { maxId, maxText, maxName, maxCode, maxFileName } = catalogLimits;
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
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
  readonly problems: Problem[] = [];

  fail(path: string, message: string): void {
    this.problems.push({ path, message });
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
      if (!Number.isNaN(date.getTime())) return date;
    }
    this.fail(`${path}.${key}`, `must be an ISO 8601 date-time with a time zone, such as "2026-01-05T10:00:00Z", got ${describe(value)}`);
    return null;
  }

  /** Items of an optional array; each item handed over with its path. */
  list<T>(object: Unchecked<T>, key: ListKeys<T>, path: string): { value: Json; path: string }[] {
    const value = object[key];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) {
      this.fail(`${path}.${key}`, `must be an array, got ${describe(value)}`);
      return [];
    }
    return value.map((item, index) => ({ value: item, path: `${path}.${key}[${index}]` }));
  }

  /** The value as a record of type T still to check, or null (reported) when it is no object. */
  object<T>(value: Json, path: string): Unchecked<T> | null {
    if (isObject(value)) return value as Unchecked<T>;
    this.fail(path, `must be an object, got ${describe(value)}`);
    return null;
  }

  stringList<T>(object: Unchecked<T>, key: ListKeys<T>, path: string): string[] {
    const strings: string[] = [];
    for (const item of this.list(object, key, path)) {
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

function validateStore(check: Checker, raw: Json, path: string): StoreInput | null {
  const object = check.object<RawStore>(raw, path);
  if (!object) return null;
  const currency = check.currency(object, 'currency', path);
  const codes = new Map<string, string>();
  const shippingMethods = check.list(object, 'shipping_methods', path).flatMap((item) => {
    const method = check.object<RawShippingMethod>(item.value, item.path);
    if (!method) return [];
    const code = check.string(method, 'id', item.path, { max: maxCode });
    check.unique(codes, code, `${item.path}.id`, 'shipping method id');
    const label = check.string(method, 'label', item.path, { max: maxName });
    const priceMinor = check.price(method, 'price', item.path, currency, true) ?? 0;
    return [{ code, label, priceMinor }];
  });
  const places = new Map<string, string>();
  const taxRates = check.list(object, 'tax_rates', path).flatMap((item) => {
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
  return check.list(object, 'variants', path).flatMap((item) => {
    const option = check.object<RawVariant>(item.value, item.path);
    if (!option) return [];
    return [{ name: check.string(option, 'name', item.path, { max: maxName }), visual: check.boolean(option, 'visual', item.path, catalogDefaults.visual), values: check.stringList(option, 'values', item.path) }];
  });
}

function validateSku(check: Checker, raw: Json, path: string, productId: number, position: number, storeCurrency: (id: number) => string | undefined): SkuInput | null {
  const object = check.object<RawSku>(raw, path);
  if (!object) return null;
  const merchantId = check.id(object, 'merchant_id', path);
  const currency = check.currency(object, 'currency', path);
  if (!Number.isNaN(merchantId)) {
    const expected = storeCurrency(merchantId);
    if (expected === undefined) check.fail(`${path}.merchant_id`, `must name a store: no store ${merchantId} in the document or the database`);
    else if (currency !== '' && expected === '') check.fail(`${path}.currency`, `cannot be checked: store ${merchantId} has no valid currency`);
    else if (currency !== '' && expected !== currency) check.fail(`${path}.currency`, `must be the currency of store ${merchantId} (${expected}), got "${currency}"`);
  }
  if (object.product_id !== undefined && object.product_id !== productId) {
    check.fail(`${path}.product_id`, `must be the id of the product it is nested in (${productId}), got ${describe(object.product_id)}`);
  }
  const salePriceMinor = check.price(object, 'sale_price', path, currency, false);
  const retailPriceMinor = check.price(object, 'retail_price', path, currency, false);
  if ((object.sale_price === undefined || object.sale_price === null) && (object.retail_price === undefined || object.retail_price === null)) {
    check.fail(path, 'needs a sale_price or a retail_price');
  }
  const variantValues = check.list(object, 'variant_values', path).flatMap((item) => {
    const pair = check.object<RawVariantValue>(item.value, item.path);
    return pair ? [{ variant: check.string(pair, 'variant', item.path, { max: maxName }), value: check.string(pair, 'value', item.path, { max: maxName }) }] : [];
  });
  const dimensions = check.list(object, 'sku_dimensions', path).flatMap((item) => {
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

function validateProduct(check: Checker, raw: Json, path: string, skuIds: Map<number, string>, storeCurrency: (id: number) => string | undefined): ProductInput | null {
  const object = check.object<RawProduct>(raw, path);
  if (!object) return null;
  const id = check.id(object, 'id', path);
  const currency = check.currency(object, 'currency', path);
  const skus = check.list(object, 'skus', path).flatMap((item, position) => {
    const sku = validateSku(check, item.value, item.path, id, position, storeCurrency);
    if (sku && !Number.isNaN(sku.id)) check.unique(skuIds, sku.id, `${item.path}.sku_id`, 'sku_id');
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

function validateMedia(check: Checker, raw: Json, path: string, productExists: (id: number) => boolean): MediaInput | null {
  const object = check.object<RawMedia>(raw, path);
  if (!object) return null;
  const type = mediaTypes.find((kind) => kind === object.type);
  if (type === undefined) check.fail(`${path}.type`, `must be ${mediaTypes.map((kind) => `"${kind}"`).join(' or ')}, got ${describe(object.type)}`);
  const slug = check.string(object, 'slug', path, { max: maxName });
  if (slug !== '' && !slugShape.test(slug)) check.fail(`${path}.slug`, 'must not contain "/" or white space (it is part of a URL path)');
  const seen = new Map<number, string>();
  const productIds = check.list(object, 'product_ids', path).flatMap((item) => {
    const id = item.value;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > maxId) {
      check.fail(item.path, `must be a product id, got ${describe(id)}`);
      return [];
    }
    if (!productExists(id)) check.fail(item.path, `no product ${id} in the document or the database`);
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

export function validateCatalog(raw: Json, existing: ExistingCatalog): ValidationResult {
  const check = new Checker();
  const root = check.object<RawCatalogDocument>(raw, '$');
  if (!root) return { ok: false, problems: check.problems };
  if (root.version !== undefined && root.version !== 1) check.fail('$.version', `must be 1 when given, got ${describe(root.version)}`);

  const storeIds = new Map<number, string>();
  const stores = check.list(root, 'stores', '$').flatMap((item) => {
    const store = validateStore(check, item.value, item.path);
    if (store && !Number.isNaN(store.id)) check.unique(storeIds, store.id, `${item.path}.id`, 'store id');
    return store ? [store] : [];
  });
  const documentCurrencies = new Map(stores.map((store) => [store.id, store.currency]));
  const storeCurrency = (id: number) => documentCurrencies.get(id) ?? existing.storeCurrencies.get(id);

  const productIds = new Map<number, string>();
  const skuIds = new Map<number, string>();
  const products = check.list(root, 'products', '$').flatMap((item) => {
    const product = validateProduct(check, item.value, item.path, skuIds, storeCurrency);
    if (product && !Number.isNaN(product.id)) check.unique(productIds, product.id, `${item.path}.id`, 'product id');
    return product ? [product] : [];
  });
  const productExists = (id: number) => productIds.has(id) || existing.productIds.has(id);

  const mediaIds = new Map<number, string>();
  const slugs = new Map<string, string>();
  const media = check.list(root, 'media', '$').flatMap((item) => {
    const entry = validateMedia(check, item.value, item.path, productExists);
    if (!entry) return [];
    if (!Number.isNaN(entry.id)) check.unique(mediaIds, entry.id, `${item.path}.id`, 'media id');
    check.unique(slugs, `${entry.type}:${entry.slug}`, `${item.path}.slug`, `${entry.type} slug`);
    return [entry];
  });
  for (const [index, entry] of media.entries()) {
    const holder = existing.mediaSlugs.get(`${entry.type}:${entry.slug}`);
    if (holder !== undefined && holder !== entry.id && !mediaIds.has(holder)) {
      check.fail(`$.media[${index}].slug`, `${entry.type} ${holder} in the database already has the slug "${entry.slug}"`);
    }
  }

  const similar = new Map<number, number[]>();
  const pairs = new Map<string, string>();
  for (const item of check.list(root, 'similar', '$')) {
    const pair = check.object<RawSimilarPair>(item.value, item.path);
    if (!pair) continue;
    const productId = check.id(pair, 'product_id', item.path);
    const similarId = check.id(pair, 'similar_product_id', item.path);
    if (Number.isNaN(productId) || Number.isNaN(similarId)) continue;
    if (!productExists(productId)) check.fail(`${item.path}.product_id`, `no product ${productId} in the document or the database`);
    if (!productExists(similarId)) check.fail(`${item.path}.similar_product_id`, `no product ${similarId} in the document or the database`);
    if (productId === similarId) check.fail(item.path, 'a product cannot be similar to itself');
    check.unique(pairs, `${productId}>${similarId}`, item.path, 'similar pair');
    const list = similar.get(productId) ?? [];
    list.push(similarId);
    similar.set(productId, list);
  }

  if (check.problems.length > 0) return { ok: false, problems: check.problems };
  return { ok: true, document: { stores, products, media, similar } };
}
