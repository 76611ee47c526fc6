// How the import's rows are told apart from the stored ones and written: the column tables of the
// bulk statements for products, SKUs, media and their placements, and the content of a store (stores, few, are
// compared here and written one by one).
import type { BulkTable, CatalogBulkRepository, ColumnType } from '../catalog-bulk.repository.js';
import {
  mediaTable as mediaFields,
  productTable as productFields,
  skuTable as skuFields,
  type mediaFields as mediaSpecs,
  type productFields as productSpecs,
  type skuFields as skuSpecs,
} from '../catalog.fields.js';
import type { ColumnsOf, FieldTable, Specs } from '../field-table.js';
import type { ImportMedia, ImportPlacement, ImportProduct, ImportSku, ImportStore } from './document/import.model.js';

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
  return fingerprint([
    store.name,
    store.displayName,
    store.marketplace,
    store.currency,
    store.marginRatePpm,
    store.shippingMethods,
    store.taxRates,
  ]);
}

/** Columns of a field table that the import's row has no value for: a field neither plain nor checked by hand. */
type Unfilled<Row, T extends Specs> = Exclude<ColumnsOf<T>, keyof Row>;

/**
 * A table's columns as the field table has them (catalog.fields.ts), then the import's own. Does
 * not compile when the import's row lacks one of the table's columns (the error names it).
 */
function columnsOf<Row, T extends Specs>(
  fields: FieldTable<T> & ([Unfilled<Row, T>] extends [never] ? unknown : { unfilled: Unfilled<Row, T> }),
  own: readonly (readonly [keyof Row & string, ColumnType])[] = [],
): BulkTable<Row>['columns'] {
  return [...fields.columns.map(({ name, storage }) => [name as keyof Row & string, storage] as const), ...own];
}

// The columns the import writes: those the catalog's field tables read, and for SKUs their place in
// their product and whether the document lists them.
export const productTable: BulkTable<ImportProduct> = {
  name: 'Product',
  columns: columnsOf<ImportProduct, typeof productSpecs>(productFields),
};
export const skuTable: BulkTable<ImportSku> = {
  name: 'Sku',
  columns: columnsOf<ImportSku, typeof skuSpecs>(skuFields, [
    ['position', 'int'],
    ['listed', 'bool'],
  ]),
};
export const mediaTable: BulkTable<ImportMedia> = {
  name: 'Media',
  columns: columnsOf<ImportMedia, typeof mediaSpecs>(mediaFields),
};

/** A placement as stored: its media item and its place in the item's list with it. */
export interface PlacementRow extends ImportPlacement {
  mediaId: number;
  position: number;
}

/** The owner and the position first, as CatalogBulkRepository.changedRowLists takes a list's rows. */
export const placementTable: BulkTable<PlacementRow> = {
  name: 'MediaPlacement',
  columns: [
    ['mediaId', 'int'],
    ['position', 'int'],
    ['productId', 'int'],
    ['x', 'float'],
    ['y', 'float'],
    ['startMs', 'int'],
    ['endMs', 'int'],
  ],
};

/** A media item's placements as rows of MediaPlacement, their position their place in its list. */
export function encodePlacements(
  bulk: CatalogBulkRepository,
  mediaId: number,
  placements: readonly ImportPlacement[],
): string[] {
  return placements.map((placement, position) => bulk.encode(placementTable, { mediaId, position, ...placement }));
}
