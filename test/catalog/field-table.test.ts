// How a field table builds a record from a row and a REST answer from a record: property by
// property, in the table's order, so a key Object.prototype has is refused where it is declared.
import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { field } from '../../src/catalog/field-kinds.js';
import { table } from '../../src/catalog/field-table.js';
import { productTable, skuTable } from '../../src/catalog/catalog.fields.js';

describe('a field table', () => {
  it('refuses a key or REST key that Object.prototype has', () => {
    expect(() => table({ constructor: field.text() })).toThrow(/Object.prototype/);
    expect(() => table({ ['__proto__']: field.text() })).toThrow(/Object.prototype/);
    expect(() => table({ name: field.text({ rest: 'toString' }) })).toThrow(/Object.prototype/);
    expect(() => table({ name: field.text({ rest: 'display_name' }) })).not.toThrow();
  });

  it("builds records and REST answers with the table's keys, own and in order", () => {
    const row = Object.fromEntries(skuTable.columns.map(({ name }) => [name, null])) as Record<string, unknown>;
    Object.assign(row, { id: 7, productId: 3, name: 'Seven', currency: 'USD', variantValues: '[]', dimensions: '[]' });
    const record = skuTable.read(row) as Record<string, unknown>;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(skuTable.fields.map((each) => each.key));
    expect(record).toMatchObject({ skuId: 7, productId: 3, name: 'Seven', variantValues: [], skuDimensions: [] });
    const answer = skuTable.view(record as never) as Record<string, unknown>;
    expect(Object.keys(answer)).toEqual(skuTable.fields.flatMap((each) => (each.rest ? [each.rest.key] : [])));
    expect(answer).toMatchObject({ sku_id: 7, product_id: 3, name: 'Seven' });
  });

  it('reads a row of values by place to the record a row of named columns gives', () => {
    const named: Record<string, unknown> = {
      ...Object.fromEntries(skuTable.columns.map(({ name }) => [name, null])),
      id: 7,
      productId: 3,
      name: 'Seven',
      currency: 'JPY',
      salePriceMinor: 1250,
      retailPriceMinor: null,
      inStock: 1,
      dateCreated: '2026-01-05T10:00:00.000+00:00',
      variantValues: '[{"variant":"size","value":"M"}]',
      dimensions: '[]',
    };
    const values = skuTable.columns.map(({ name }) => named[name]);
    const record = skuTable.readValues(values);
    expect(record).toEqual(skuTable.read(named));
    expect(Object.keys(record)).toEqual(skuTable.fields.map((each) => each.key));
    // An amount is read in its row's currency, found by its column's place: 1250 yen, not 12.50.
    expect(record).toMatchObject({
      salePrice: 1250,
      retailPrice: null,
      inStock: true,
      dateCreated: '2026-01-05T10:00:00.000Z',
    });
  });

  it("reads a product's price by place in its own currency too", () => {
    const named: Record<string, unknown> = {
      ...Object.fromEntries(productTable.columns.map(({ name }) => [name, null])),
      id: 11,
      title: 'Eleven',
      priceMinor: 4500,
      currency: 'KWD',
      isAvailable: 1,
      images: '[]',
      variants: '[]',
    };
    const record = productTable.readValues(productTable.columns.map(({ name }) => named[name]));
    expect(record).toEqual(productTable.read(named));
    expect(record).toMatchObject({ id: 11, price: 4.5, currency: 'KWD', isAvailable: true });
  });

  it('refuses, where it is declared, an amount whose currency column the table does not select', () => {
    expect(() => table({ price: field.major({ column: 'priceMinor', schema: Type.Integer() }) })).toThrow(/currency/);
  });
});
