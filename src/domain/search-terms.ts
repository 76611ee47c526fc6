// What the search index holds of a product: each word of its texts once per field it is in, and
// nothing else. Pure, so the index and the tests agree.
import { words } from './search-words.js';

/** Where a word was found, best first: a match in the title ranks above one in the brand, and so on. */
export const SearchField = { title: 0, brand: 1, category: 2, rest: 3 } as const;
export type SearchField = (typeof SearchField)[keyof typeof SearchField];

/** A product's texts the search reads. */
export interface SearchableProduct {
  id: number;
  title: string;
  brand: string | null;
  category: string | null;
  description: string | null;
  /** The values of its variant options and of its SKUs' variant values. */
  variantValues: readonly string[];
  skuNames: readonly string[];
}

export interface TermRow {
  term: string;
  productId: number;
  field: SearchField;
}

/**
 * Calls `visit` for each of the product's words once per field it is in, the title's first, then
 * the brand's, the category's and the rest's.
 */
export function eachProductTerm(product: SearchableProduct, visit: (term: string, field: SearchField) => void): void {
  const texts: [SearchField, (string | null)[]][] = [
    [SearchField.title, [product.title]],
    [SearchField.brand, [product.brand]],
    [SearchField.category, [product.category]],
    [SearchField.rest, [product.description, ...product.variantValues, ...product.skuNames]],
  ];
  for (const [field, values] of texts) {
    const seen = new Set<string>();
    for (const value of values) {
      if (value === null) continue;
      for (const term of words(value)) {
        if (seen.has(term)) continue;
        seen.add(term);
        visit(term, field);
      }
    }
  }
}

/** The product's words by field, each (word, field) once. */
export function productTerms(product: SearchableProduct): TermRow[] {
  const rows: TermRow[] = [];
  eachProductTerm(product, (term, field) => rows.push({ term, productId: product.id, field }));
  return rows;
}
