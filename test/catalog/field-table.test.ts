// How a field table builds a record from a row and a REST answer from a record: property by
// property, in the table's order, so a key Object.prototype has is refused where it is declared.
import { describe, expect, it } from 'vitest';
import { field, table } from '../../src/catalog/field-table.js';
import { skuTable } from '../../src/catalog/catalog.fields.js';

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
});
