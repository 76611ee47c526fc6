// The stored REST answers of a batch's new products, made from the batch's own records as it is
// written, instead of read back once the document is done (product-answer.repository.ts's
// writeMissingAnswers). At 1,000,000 products reading every product and SKU back took about a
// third of a first import's time.
//
// Only where the batch is all there is of a product: the product is new (no row of it before)
// and so is each of its SKUs, all written in this batch. A product stored before, or with a SKU
// stored before (under another product, say) or written later (its store not read yet), is left
// to the end, where every product without an answer gets one read from its rows; so is any
// product whose answer a later write drops (a SKU moving to it, an unlisted SKU).
import type { ProductDetail } from '../catalog.model.js';
import { productTable as productFields, skuTable as skuFields, type RawRow } from '../catalog.fields.js';
import type { CatalogBulkRepository } from '../catalog-bulk.repository.js';
import { writeAnswersOf } from '../product-answer.repository.js';
import type { ImportProduct, ImportSku } from './document/import.model.js';

/**
 * A row of the import as the columns of its table: the import's row has every column of its field
 * table under the column's name (import/columns.ts does not compile otherwise), its values as the
 * field table reads them (JSON parsed, dates as Date).
 */
const asRow = (row: ImportProduct | ImportSku): RawRow => row as unknown as RawRow;

/**
 * Writes the answers of the batch's products that are new with all their SKUs new and written
 * with them. `products` and `skus` are what was written of the batch: each id with whether a row
 * of it was stored before (absent: unchanged, not written).
 */
export async function writeNewAnswers(
  bulk: CatalogBulkRepository,
  batch: readonly ImportProduct[],
  products: ReadonlyMap<number, boolean>,
  skus: ReadonlyMap<number, boolean>,
): Promise<void> {
  const details: ProductDetail[] = [];
  for (const product of batch) {
    if (products.get(product.id) !== false || !product.skus.every((sku) => skus.get(sku.id) === false)) continue;
    // A product's listed SKUs in their order, as the answer read from the rows has them.
    const listed = product.skus.filter((sku) => sku.listed).sort((a, b) => a.position - b.position);
    details.push({
      product: productFields.read(asRow(product)),
      skus: listed.map((sku) => skuFields.read(asRow(sku))),
    });
  }
  await writeAnswersOf(bulk, details);
}
