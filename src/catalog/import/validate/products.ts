// The products section of a catalog document: a product, its variant options and its SKUs. Its
// plain fields (title, brand, …) are checked as its field table declares them (plain.ts).
import { productTable } from '../../catalog.fields.js';
import type { VariantOption } from '../../catalog.model.js';
import type { ImportedProduct, ImportProduct, ImportSku } from '../document/import.model.js';
import { catalogDefaults, catalogLimits } from '../document/limits.js';
import type { RawProduct, RawVariant } from '../document/schema.js';
import type { Checker, Json, Unchecked } from './checker.js';
import { compilePlainCheck } from './plain.js';
import { validateSku, type StoreCheck } from './skus.js';

const { maxName, maxItems, maxSkus } = catalogLimits;
const checkPlain = compilePlainCheck<ImportedProduct>(productTable.fields);

function validateVariants(check: Checker, object: Unchecked<RawProduct>, path: string): VariantOption[] {
  return check.list(object, 'variants', path, maxItems).flatMap((item) => {
    const option = check.object<RawVariant>(item.value, item.path);
    if (!option) return [];
    return [
      {
        name: check.string(option, 'name', item.path, { max: maxName }),
        visual: check.boolean(option, 'visual', item.path, catalogDefaults.visual),
        values: check.stringList(option, 'values', item.path),
      },
    ];
  });
}

export function validateProduct(
  check: Checker,
  value: Json,
  path: string,
  onSku: (sku: ImportSku, path: string, position: number) => void,
  storeCheck: StoreCheck,
): ImportProduct | null {
  const object = check.object<RawProduct>(value, path);
  if (!object) return null;
  const id = check.id(object, 'id', path);
  const currency = check.currency(object, 'currency', path);
  const skus = check.list(object, 'skus', path, maxSkus).flatMap((item, position) => {
    const sku = validateSku(check, item.value, item.path, id, position, storeCheck);
    if (sku && !Number.isNaN(sku.id)) onSku(sku, item.path, position);
    return sku ? [sku] : [];
  });
  const product = {
    id,
    priceMinor: check.price(object, 'price', path, currency, true) ?? 0,
    currency,
    images: check.stringList(object, 'images', path),
    variants: validateVariants(check, object, path),
    skus,
  };
  // Then its plain fields, in table order (their problems come after those of the fields above).
  return checkPlain(check, object, path, product);
}
