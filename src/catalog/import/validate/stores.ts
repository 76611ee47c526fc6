// The stores section of a catalog document: a store, its shipping methods and its tax rates.
import { toPpm } from '../../../domain/money.js';
import type { ImportStore } from '../document/import.model.js';
import { catalogDefaults, catalogLimits, countryCodePattern } from '../document/limits.js';
import type { RawShippingMethod, RawStore, RawTaxRate } from '../document/schema.js';
import { describe, type Checker, type Json } from './checker.js';

const { maxName, maxCode, maxItems } = catalogLimits;
const countryCode = new RegExp(countryCodePattern, 'u');

export function validateStore(check: Checker, value: Json, path: string): ImportStore | null {
  const object = check.object<RawStore>(value, path);
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
    if (country !== null && !countryCode.test(country))
      check.fail(
        `${item.path}.country_code`,
        `must be an ISO 3166-1 alpha-2 code such as "US", got ${describe(country)}`,
      );
    if (provinceCode !== null && country === null) check.fail(`${item.path}.province_code`, 'needs a country_code');
    if (provinceCode !== null && provinceCode.trim() === '')
      check.fail(`${item.path}.province_code`, 'must not be empty');
    check.unique(
      places,
      `${country ?? ''}/${provinceCode ?? ''}`,
      item.path,
      'tax rate for the same country and province',
    );
    return [{ countryCode: country, provinceCode, ratePpm: check.rate(rate, 'rate', item.path) }];
  });
  const id = check.id(object, 'id', path);
  const name = check.string(object, 'name', path, { max: maxName });
  return {
    id,
    name,
    displayName: check.string(object, 'display_name', path, { max: maxName, fallback: name }),
    marketplace: check.string(object, 'marketplace', path, { max: maxName }),
    currency,
    marginRatePpm: check.rate(object, 'margin_rate', path, toPpm(catalogDefaults.marginRate) ?? 0),
    shippingMethods,
    taxRates,
  };
}
