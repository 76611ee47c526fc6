// What the search index (search-index.ts) is made of, gathered one product at a time: each
// product's columns by doc, and its words as (term, doc, field) triples in doc order, each (term,
// doc) once with the best field it is in.
import { eachProductTerm, type SearchableProduct } from '../domain/search-terms.js';

/** What the index keeps of a product besides its words. */
export interface IndexedProduct extends SearchableProduct {
  priceMinor: number;
  currency: string;
  available: boolean;
}

/** Values numbered in order of first sight. */
export class Dictionary {
  readonly values: string[] = [];
  private readonly numbers = new Map<string, number>();

  number(value: string): number {
    let number = this.numbers.get(value);
    if (number === undefined) {
      number = this.values.length;
      this.values.push(value);
      this.numbers.set(value, number);
    }
    return number;
  }

  find(value: string): number | undefined {
    return this.numbers.get(value);
  }
}

/** What a builder gathered: the columns by doc, and (term, doc, field) triples in doc order. */
export interface IndexParts {
  ids: number[];
  brand: number[];
  category: number[];
  currency: number[];
  price: number[];
  available: number[];
  titles: string[];
  brands: Dictionary;
  categories: Dictionary;
  currencies: Dictionary;
  termIds: Map<string, number>;
  termOf: Int32Array;
  docOf: Int32Array;
  fieldOf: Uint8Array;
  triples: number;
}

/** Gathers products one at a time (in ascending id order), so that a caller can let other work run in between. */
export class SearchIndexBuilder {
  private readonly parts: IndexParts = {
    ids: [],
    brand: [],
    category: [],
    currency: [],
    price: [],
    available: [],
    titles: [],
    brands: new Dictionary(),
    categories: new Dictionary(),
    currencies: new Dictionary(),
    termIds: new Map(),
    termOf: new Int32Array(1 << 16),
    docOf: new Int32Array(1 << 16),
    fieldOf: new Uint8Array(1 << 16),
    triples: 0,
  };
  /** The last doc each term was added for: each (term, doc) once, with the first (best) field eachProductTerm gives. */
  private readonly lastDoc: number[] = [];

  get size(): number {
    return this.parts.ids.length;
  }

  add(product: IndexedProduct): void {
    const parts = this.parts;
    const doc = parts.ids.length;
    if (doc > 0 && product.id <= parts.ids[doc - 1]!) throw new Error('products must come in ascending id order');
    parts.ids.push(product.id);
    parts.brand.push(product.brand === null ? -1 : parts.brands.number(product.brand));
    parts.category.push(product.category === null ? -1 : parts.categories.number(product.category));
    parts.currency.push(parts.currencies.number(product.currency));
    parts.price.push(product.priceMinor);
    parts.available.push(product.available ? 1 : 0);
    parts.titles.push(product.title);
    eachProductTerm(product, (term, field) => {
      let id = parts.termIds.get(term);
      if (id === undefined) {
        id = parts.termIds.size;
        parts.termIds.set(term, id);
        this.lastDoc.push(-1);
      }
      if (this.lastDoc[id] === doc) return;
      this.lastDoc[id] = doc;
      if (parts.triples === parts.termOf.length) {
        parts.termOf = grow(parts.termOf, new Int32Array(parts.triples * 2));
        parts.docOf = grow(parts.docOf, new Int32Array(parts.triples * 2));
        parts.fieldOf = grow(parts.fieldOf, new Uint8Array(parts.triples * 2));
      }
      parts.termOf[parts.triples] = id;
      parts.docOf[parts.triples] = doc;
      parts.fieldOf[parts.triples] = field;
      parts.triples += 1;
    });
  }

  /** What was gathered (the index takes it over: add nothing after). */
  gathered(): IndexParts {
    return this.parts;
  }
}

/** `into` with `from`'s values at its start. */
function grow<T extends Int32Array | Uint8Array>(from: T, into: T): T {
  into.set(from);
  return into;
}
