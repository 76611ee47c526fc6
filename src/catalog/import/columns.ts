// How the import's rows are told apart from the stored ones and written: the column tables of the
// bulk statements for products, SKUs and media, and the content of a store (stores, few, are
// compared here and written one by one).
import type { Table } from '../catalog-bulk.repository.js';
import type { ImportMedia, ImportProduct, ImportSku, ImportStore } from './import.model.js';

/** A canonical text of a row's content (keys sorted), to tell unchanged rows from changed ones. */
function fingerprint(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof Date) return inner.toISOString();
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** What of a store the import writes, as one text: equal texts, nothing to write. */
export function storeContent(store: ImportStore) {
  return fingerprint([store.name, store.marketplace, store.currency, store.marginRatePpm, store.shippingMethods, store.taxRates]);
}

// The columns the import writes, as the data model has them (prisma/schema.prisma).
export const productTable: Table<ImportProduct> = {
  name: 'Product',
  columns: [
    ['id', 'int'],
    ['externalId', 'text'],
    ['title', 'text'],
    ['description', 'text'],
    ['brand', 'text'],
    ['url', 'text'],
    ['priceMinor', 'int'],
    ['currency', 'text'],
    ['category', 'text'],
    ['isAvailable', 'bool'],
    ['images', 'json'],
    ['nativeCheckout', 'bool'],
    ['variants', 'json'],
  ],
};

export const skuTable: Table<ImportSku> = {
  name: 'Sku',
  columns: [
    ['id', 'int'],
    ['productId', 'int'],
    ['externalId', 'text'],
    ['merchantId', 'int'],
    ['name', 'text'],
    ['inStock', 'bool'],
    ['qtyAvailable', 'int'],
    ['salePriceMinor', 'int'],
    ['retailPriceMinor', 'int'],
    ['currency', 'text'],
    ['status', 'text'],
    ['type', 'text'],
    ['taxable', 'bool'],
    ['taxType', 'text'],
    ['dateCreated', 'date'],
    ['dateLastModified', 'date'],
    ['variantValues', 'json'],
    ['dimensions', 'json'],
    ['position', 'int'],
    ['listed', 'bool'],
  ],
};

export const mediaTable: Table<ImportMedia> = {
  name: 'Media',
  columns: [
    ['id', 'int'],
    ['type', 'text'],
    ['slug', 'text'],
    ['fileName', 'text'],
    ['platform', 'text'],
  ],
};
