// The SKUs of a catalog document (nested in their product): a SKU, its variant values and
// dimensions, and the check of its store (which the document may give later than the SKU).
import type { ImportSku } from '../document/import.model.js';
import { catalogDefaults, catalogLimits } from '../document/limits.js';
import type { RawSku, RawSkuDimension, RawVariantValue } from '../document/schema.js';
import { describe, type Checker, type Json } from './checker.js';

const { maxName, maxCode, maxItems } = catalogLimits;

/** Checks a SKU's store: its currency (a store without a valid one has ''), undefined when there is no such store. */
export function checkSkuStore(
  check: Checker,
  expected: string | undefined,
  merchantId: number,
  currency: string,
  path: string,
  ordinal?: number,
): void {
  if (expected === undefined)
    check.fail(
      `${path}.merchant_id`,
      `must name a store: no store ${merchantId} in the document or the database`,
      ordinal,
    );
  else if (currency !== '' && expected === '')
    check.fail(`${path}.currency`, `cannot be checked: store ${merchantId} has no valid currency`, ordinal);
  else if (currency !== '' && expected !== currency)
    check.fail(
      `${path}.currency`,
      `must be the currency of store ${merchantId} (${expected}), got "${currency}"`,
      ordinal,
    );
}

/** Checks a SKU's store now, or notes it to check once the document's stores are known. */
export type StoreCheck = (merchantId: number, currency: string, path: string) => void;

export function validateSku(
  check: Checker,
  raw: Json,
  path: string,
  productId: number,
  position: number,
  storeCheck: StoreCheck,
): ImportSku | null {
  const object = check.object<RawSku>(raw, path);
  if (!object) return null;
  const merchantId = check.id(object, 'merchant_id', path);
  const currency = check.currency(object, 'currency', path);
  if (!Number.isNaN(merchantId)) storeCheck(merchantId, currency, path);
  if (object.product_id !== undefined && object.product_id !== productId) {
    check.fail(
      `${path}.product_id`,
      `must be the id of the product it is nested in (${productId}), got ${describe(object.product_id)}`,
    );
  }
  const salePriceMinor = check.price(object, 'sale_price', path, currency, false);
  const retailPriceMinor = check.price(object, 'retail_price', path, currency, false);
  if (
    (object.sale_price === undefined || object.sale_price === null) &&
    (object.retail_price === undefined || object.retail_price === null)
  ) {
    check.fail(path, 'needs a sale_price or a retail_price');
  }
  const variantValues = check.list(object, 'variant_values', path, maxItems).flatMap((item) => {
    const pair = check.object<RawVariantValue>(item.value, item.path);
    return pair
      ? [
          {
            variant: check.string(pair, 'variant', item.path, { max: maxName }),
            value: check.string(pair, 'value', item.path, { max: maxName }),
          },
        ]
      : [];
  });
  const dimensions = check.list(object, 'sku_dimensions', path, maxItems).flatMap((item) => {
    const dimension = check.object<RawSkuDimension>(item.value, item.path);
    if (!dimension) return [];
    const weight = dimension.weight;
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0)
      check.fail(`${item.path}.weight`, `must be a number of at least 0, got ${describe(weight)}`);
    return [
      {
        weight: typeof weight === 'number' ? weight : 0,
        type: check.string(dimension, 'type', item.path, { max: maxCode }),
      },
    ];
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
