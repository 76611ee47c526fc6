// What the search index holds of a product: each word of its texts once per field it is in, with
// how many times it is there, and nothing else. Pure, so the index and the tests agree.
import { words } from './search-words.js';

/**
 * Where a word was found, best first: a match in the title ranks above one in the brand, then the
 * category, the variant values and SKU names (options), the description.
 */
export const SearchField = { title: 0, brand: 1, category: 2, options: 3, description: 4 } as const;
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
  /** Times the word is in the field's texts. */
  count: number;
}

/** Adds the words of `text` to `counts`. */
function gather(counts: Map<string, number>, text: string | null): Map<string, number> {
  if (text === null) return counts;
  for (const term of words(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}

/**
 * Calls `visit` for each of the product's words once per field it is in, with how many times it is
 * there: the title's first, then the brand's, the category's, the options' and the description's.
 */
export function eachProductTerm(
  product: SearchableProduct,
  visit: (term: string, field: SearchField, count: number) => void,
): void {
  const tell = (field: SearchField, counts: Map<string, number>) => {
    for (const [term, count] of counts) visit(term, field, count);
  };
  tell(SearchField.title, gather(new Map(), product.title));
  tell(SearchField.brand, gather(new Map(), product.brand));
  tell(SearchField.category, gather(new Map(), product.category));
  const options = new Map<string, number>();
  for (const value of product.variantValues) gather(options, value);
  for (const name of product.skuNames) gather(options, name);
  tell(SearchField.options, options);
  tell(SearchField.description, gather(new Map(), product.description));
}

/** The product's words by field, each (word, field) once with its count. */
export function productTerms(product: SearchableProduct): TermRow[] {
  const rows: TermRow[] = [];
  eachProductTerm(product, (term, field, count) => rows.push({ term, productId: product.id, field, count }));
  return rows;
}
