// What the search index (search-index.ts) is made of, gathered one product at a time: each
// product's columns by doc, and its words as (term, doc, code) triples in doc order, each (term,
// doc) once with the best field it is in and how many times it is there (search-rank.ts's
// postingCode). Typed arrays and texts off the heap (search-texts.ts): the builder counts what they
// take, and stops at the bytes it is given (IndexTooLargeError).
import { eachProductTerm, SearchField, type SearchableProduct } from '../domain/search-terms.js';
import { maxTitleWords, postingCode } from './search-rank.js';
import { grown, TextPack, TextTable } from './search-texts.js';

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

/**
 * What a builder gathered: the columns by doc (the first `docs` places), and (term, doc, code)
 * triples in doc order.
 */
export interface IndexParts {
  docs: number;
  ids: Int32Array;
  brand: Int32Array;
  category: Int32Array;
  currency: Int32Array;
  price: Float64Array;
  available: Uint8Array;
  /** The distinct words of each doc's title (at most maxTitleWords). */
  titleWords: Uint8Array;
  /** The titles by doc. */
  titles: TextPack;
  brands: Dictionary;
  categories: Dictionary;
  currencies: Dictionary;
  /** The terms, numbered in order of first sight. */
  terms: TextTable;
  /** The letters of the terms, with how many terms have each. */
  letters: Map<string, number>;
  termOf: Int32Array;
  docOf: Int32Array;
  /** The field and the count of the word in it (postingCode). */
  codeOf: Uint8Array;
  triples: number;
}

/** The index's arrays would take more than the bytes allowed (SEARCH_MEMORY_MB). */
export class IndexTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly maxBytes: number,
    readonly products: number,
  ) {
    super(
      `the search index would take more than ${Math.round(maxBytes / 2 ** 20)} MiB (at product ${products}): not built`,
    );
    this.name = 'IndexTooLargeError';
  }
}

/**
 * Bytes per product of the index's own columns and of a query's scratch (search-index.ts), per
 * posting, per term (its place in both orders, its postings' offset); the builder's are counted as
 * they are. A brand or category name costs about its text twice (UTF-16) and a Map entry.
 */
const bytesPerDoc = 60;
const bytesPerPosting = 5;
const bytesPerTerm = 16;
const bytesPerName = 96;

/** Gathers products one at a time (in ascending id order), so that a caller can let other work run in between. */
export class SearchIndexBuilder {
  private readonly parts: IndexParts = {
    docs: 0,
    ids: new Int32Array(1 << 10),
    brand: new Int32Array(1 << 10),
    category: new Int32Array(1 << 10),
    currency: new Int32Array(1 << 10),
    price: new Float64Array(1 << 10),
    available: new Uint8Array(1 << 10),
    titleWords: new Uint8Array(1 << 10),
    titles: new TextPack(),
    brands: new Dictionary(),
    categories: new Dictionary(),
    currencies: new Dictionary(),
    terms: new TextTable(),
    letters: new Map(),
    termOf: new Int32Array(1 << 16),
    docOf: new Int32Array(1 << 16),
    codeOf: new Uint8Array(1 << 16),
    triples: 0,
  };
  /** The last doc each term was added for: each (term, doc) once, with the first (best) field eachProductTerm gives. */
  private lastDoc = new Int32Array(1 << 10);
  /** Bytes of the brand and category names (on the heap). */
  private nameBytes = 0;

  /** maxBytes: what the builder's arrays and the index's may take at most (IndexTooLargeError past it). */
  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {}

  /** The bytes of the builder and of the index to be made of it, as far as gathered. */
  get bytes(): number {
    const { parts } = this;
    const columns =
      parts.ids.byteLength * 4 +
      parts.price.byteLength +
      parts.available.byteLength +
      parts.titleWords.byteLength +
      this.lastDoc.byteLength;
    const triples = parts.termOf.byteLength + parts.docOf.byteLength + parts.codeOf.byteLength;
    const index = parts.docs * bytesPerDoc + parts.triples * bytesPerPosting + parts.terms.count * bytesPerTerm;
    return columns + triples + parts.titles.bytes + parts.terms.bytes + this.nameBytes + index;
  }

  get size(): number {
    return this.parts.docs;
  }

  add(product: IndexedProduct): void {
    const parts = this.parts;
    const doc = parts.docs;
    if (doc > 0 && product.id <= parts.ids[doc - 1]!) throw new Error('products must come in ascending id order');
    if (doc === parts.ids.length) this.growColumns(doc + 1);
    parts.ids[doc] = product.id;
    parts.brand[doc] = this.name(parts.brands, product.brand);
    parts.category[doc] = this.name(parts.categories, product.category);
    parts.currency[doc] = parts.currencies.number(product.currency);
    parts.price[doc] = product.priceMinor;
    parts.available[doc] = product.available ? 1 : 0;
    parts.titles.add(product.title);
    parts.docs += 1;
    let titleWords = 0;
    eachProductTerm(product, (term, field, count) => {
      if (field === SearchField.title) titleWords += 1;
      this.addTerm(term, postingCode(field, count), doc);
    });
    parts.titleWords[doc] = Math.min(maxTitleWords, titleWords);
    if (this.bytes > this.maxBytes) throw new IndexTooLargeError(this.bytes, this.maxBytes, this.size);
  }

  private name(names: Dictionary, value: string | null): number {
    if (value === null) return -1;
    const before = names.values.length;
    const number = names.number(value);
    if (names.values.length > before) this.nameBytes += value.length * 2 + bytesPerName;
    return number;
  }

  private addTerm(term: string, code: number, doc: number): void {
    const parts = this.parts;
    const { number: id, isNew } = parts.terms.number(term);
    if (isNew) {
      this.lastDoc = grown(this.lastDoc, id + 1);
      this.lastDoc[id] = -1;
      for (const letter of new Set(term)) parts.letters.set(letter, (parts.letters.get(letter) ?? 0) + 1);
    }
    if (this.lastDoc[id] === doc) return;
    this.lastDoc[id] = doc;
    if (parts.triples === parts.termOf.length) {
      parts.termOf = grown(parts.termOf, parts.triples + 1);
      parts.docOf = grown(parts.docOf, parts.triples + 1);
      parts.codeOf = grown(parts.codeOf, parts.triples + 1);
    }
    parts.termOf[parts.triples] = id;
    parts.docOf[parts.triples] = doc;
    parts.codeOf[parts.triples] = code;
    parts.triples += 1;
  }

  private growColumns(size: number): void {
    const parts = this.parts;
    parts.ids = grown(parts.ids, size);
    parts.brand = grown(parts.brand, size);
    parts.category = grown(parts.category, size);
    parts.currency = grown(parts.currency, size);
    parts.price = grown(parts.price, size);
    parts.available = grown(parts.available, size);
    parts.titleWords = grown(parts.titleWords, size);
  }

  /** What was gathered (the index takes it over: add nothing after). */
  gathered(): IndexParts {
    return this.parts;
  }
}
