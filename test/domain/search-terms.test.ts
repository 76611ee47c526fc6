import { describe, expect, it } from 'vitest';
import { productTerms, SearchField } from '../../src/domain/search-terms.js';

describe('productTerms', () => {
  it('holds each word once per field with its count: the options are variant values and SKU names', () => {
    const rows = productTerms({
      id: 7,
      title: 'Trail Jacket trail',
      brand: 'Alpha',
      category: null,
      description: 'A jacket.',
      variantValues: ['Moss', 'moss'],
      skuNames: ['Trail Jacket S'],
    });
    expect(rows.map((row) => [row.term, row.field, row.count])).toEqual([
      ['trail', SearchField.title, 2],
      ['jacket', SearchField.title, 1],
      ['alpha', SearchField.brand, 1],
      ['moss', SearchField.options, 2],
      ['trail', SearchField.options, 1],
      ['jacket', SearchField.options, 1],
      ['s', SearchField.options, 1],
      ['a', SearchField.description, 1],
      ['jacket', SearchField.description, 1],
    ]);
    expect(new Set(rows.map((row) => row.productId))).toEqual(new Set([7]));
  });
});
