// The SKUs of a catalog document (nested in their product): a SKU, its variant values and
// dimensions, and the check of its store (which the document may give later than the SKU). Its
// plain fields (name, status, …) are checked as its field table declares them (plain.ts).
import { skuTable } from '../../catalog.fields.js';
import type { ImportedSku, ImportSku } from '../document/import.model.js';
import { catalogLimits } from '../document/limits.js';
import type { RawSku, RawSkuDimension, RawVariantValue } from '../document/schema.js';
import { describe, type Checker, type Json } from './checker.js';
import { compilePlainCheck } from './plain.js';

const { maxName, maxCode, maxItems } = catalogLimits;
const checkPlain = compilePlainCheck<ImportedSku>(skuTable.fields);

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
  value: Json,
  path: string,
  productId: number,
  position: number,
  storeCheck: StoreCheck,
): ImportSku | null {
  const object = check.object<RawSku>(value, path);
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
  const sku = {
    id: check.id(object, 'sku_id', path),
    productId,
    merchantId,
    salePriceMinor,
    retailPriceMinor,
    currency,
    variantValues,
    dimensions,
    position,
    listed: true,
  };
  // Then its plain fields, in table order (their problems come after those of the fields above).
  return checkPlain(check, object, path, sku);
}
