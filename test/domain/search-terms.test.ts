import { describe, expect, it } from 'vitest';
import { productTerms, SearchField } from '../../src/domain/search-terms.js';

describe('productTerms', () => {
  it('holds each word once per field, the rest gathering description, variant values and SKU names', () => {
    const rows = productTerms({
      id: 7,
      title: 'Trail Jacket trail',
      brand: 'Alpha',
      category: null,
      description: 'A jacket.',
      variantValues: ['Moss', 'moss'],
      skuNames: ['Trail Jacket S'],
    });
    expect(rows.map((row) => [row.term, row.field])).toEqual([
      ['trail', SearchField.title],
      ['jacket', SearchField.title],
      ['alpha', SearchField.brand],
      ['a', SearchField.rest],
      ['jacket', SearchField.rest],
      ['moss', SearchField.rest],
      ['trail', SearchField.rest],
      ['s', SearchField.rest],
    ]);
    expect(new Set(rows.map((row) => row.productId))).toEqual(new Set([7]));
  });
});
