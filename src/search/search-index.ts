// The catalog search's index, in memory: the words of every product (search-terms.ts) as posting
// lists of typed arrays, and what filters, facets and sorts read of each product (brand, category,
// price, currency, title order, availability) as columns. Built from the stored catalog rows
// (search.repository.ts) by each process, so the ranking is ours and the same on both engines; a
// query (search.service.ts) is a merge of a few posting lists and one pass over the matches:
// milliseconds over 200,000 products, facets included.
//
// A product is a "doc": its place in `ids` (ascending product ids).
import { productTerms, type SearchableProduct } from '../domain/search-terms.js';
import type { MinorBound } from '../domain/price-bounds.js';
import type { FacetValue, SearchConditions, SearchFacets, SearchPosition, SearchSort } from './search.model.js';

/** What the index keeps of a product besides its words. */
export interface IndexedProduct extends SearchableProduct {
  priceMinor: number;
  currency: string;
  available: boolean;
}

/** The docs a term is in (ascending) and, for each, the best field it is in there. */
interface Posting {
  docs: Int32Array;
  fields: Uint8Array;
}

/** A posting list while the index is built. */
interface GrowingPosting {
  docs: number[];
  fields: number[];
}

/** Field × 3 + match class: the lower the better; `none` for no match. */
const none = 255;

/** Code point order (SQLite's BINARY, PostgreSQL's "C"), not JavaScript's UTF-16 order. */
export function compareCodePoints(a: string, b: string): number {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done || q.done) return p.done && q.done ? 0 : p.done ? -1 : 1;
    if (p.value !== q.value) return p.value.codePointAt(0)! - q.value.codePointAt(0)!;
  }
}

/** The index of the first element of `sorted` not below `value` (code point order). */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(sorted[middle]!, value) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Values numbered in order of first sight. */
class Dictionary {
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

/** A query word's index terms, each with its match class (0 exact, 1 prefix, 2 typo). */
export type WordTerms = ReadonlyMap<string, number>;

export interface IndexQuery {
  /** Per distinct query word, the terms it stands for; null: no word (every product). */
  words: readonly WordTerms[] | null;
  filter: SearchConditions;
  sort: SearchSort;
  first: number;
  after: SearchPosition | null;
}

export interface IndexPage {
  hits: { productId: number; position: SearchPosition }[];
  hasNextPage: boolean;
  totalCount: number;
  facets: SearchFacets;
}

export class SearchIndex {
  /** Product ids by doc, ascending. */
  readonly ids: Int32Array;
  private readonly brand: Int32Array;
  private readonly category: Int32Array;
  private readonly currency: Int32Array;
  private readonly price: Float64Array;
  /** The doc's title's place among the distinct titles in code point order. */
  private readonly titleRank: Int32Array;
  private readonly titles: string[];
  private readonly brands: string[];
  private readonly categories: string[];
  private readonly currencies: Dictionary;
  private readonly postings: Map<string, Posting>;
  /** Every term, in code point order: the prefixes' ranges. */
  readonly vocabulary: string[];
  /** The letters of the vocabulary: the replacements and insertions a typo is looked up with. */
  readonly alphabet: string[];
  /** 1: the product is available now (replaced as stock changes: setAvailability). */
  private available: Uint8Array;

  private constructor(products: readonly IndexedProduct[]) {
    const count = products.length;
    this.ids = new Int32Array(count);
    this.brand = new Int32Array(count);
    this.category = new Int32Array(count);
    this.currency = new Int32Array(count);
    this.price = new Float64Array(count);
    this.available = new Uint8Array(count);
    const brands = new Dictionary();
    const categories = new Dictionary();
    this.currencies = new Dictionary();
    const growing = new Map<string, GrowingPosting>();
    for (const [doc, product] of products.entries()) {
      this.ids[doc] = product.id;
      this.brand[doc] = product.brand === null ? -1 : brands.number(product.brand);
      this.category[doc] = product.category === null ? -1 : categories.number(product.category);
      this.currency[doc] = this.currencies.number(product.currency);
      this.price[doc] = product.priceMinor;
      this.available[doc] = product.available ? 1 : 0;
      // productTerms lists a term once per field, best field first.
      for (const { term, field } of productTerms(product)) {
        let posting = growing.get(term);
        if (!posting) growing.set(term, (posting = { docs: [], fields: [] }));
        if (posting.docs[posting.docs.length - 1] === doc) continue;
        posting.docs.push(doc);
        posting.fields.push(field);
      }
    }
    this.brands = brands.values;
    this.categories = categories.values;
    this.postings = new Map();
    for (const [term, posting] of growing) this.postings.set(term, { docs: Int32Array.from(posting.docs), fields: Uint8Array.from(posting.fields) });
    this.vocabulary = [...growing.keys()].sort(compareCodePoints);
    const letters = new Set<string>();
    for (const term of this.vocabulary) for (const letter of term) letters.add(letter);
    this.alphabet = [...letters];
    const distinctTitles = [...new Set(products.map((product) => product.title))].sort(compareCodePoints);
    const rankOf = new Map(distinctTitles.map((title, rank) => [title, rank]));
    this.titles = distinctTitles;
    this.titleRank = Int32Array.from(products, (product) => rankOf.get(product.title)!);
  }

  /** The index of these products (in ascending id order). */
  static build(products: readonly IndexedProduct[]): SearchIndex {
    for (let index = 1; index < products.length; index += 1) {
      if (products[index]!.id <= products[index - 1]!.id) throw new Error('products must come in ascending id order');
    }
    return new SearchIndex(products);
  }

  get size(): number {
    return this.ids.length;
  }

  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** The terms that start with `prefix`, but `prefix` itself. */
  termsWithPrefix(prefix: string): string[] {
    const terms: string[] = [];
    for (let index = lowerBound(this.vocabulary, prefix); index < this.vocabulary.length; index += 1) {
      const term = this.vocabulary[index]!;
      if (!term.startsWith(prefix)) break;
      if (term !== prefix) terms.push(term);
    }
    return terms;
  }

  /** Availability as read now: the ids of the available products (the others are not). */
  setAvailability(availableIds: Iterable<number>): void {
    const available = new Uint8Array(this.ids.length);
    for (const id of availableIds) {
      const doc = this.docOf(id);
      if (doc >= 0) available[doc] = 1;
    }
    this.available = available;
  }

  private docOf(id: number): number {
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.ids[middle]!;
      if (value === id) return middle;
      if (value < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The docs matching every word, with their scores (the sum of each word's best field × 3 + class). */
  private match(words: readonly WordTerms[]): { docs: Int32Array; scores: Int32Array } {
    // The rarest word first: the docs left after it bound the work of the others.
    const ordered = [...words].sort((a, b) => this.postingCount(a) - this.postingCount(b));
    const best = new Uint8Array(this.ids.length);
    let docs: Int32Array | null = null;
    let scores: Int32Array | null = null;
    for (const terms of ordered) {
      best.fill(none);
      for (const [term, matchClass] of terms) {
        const posting = this.postings.get(term);
        if (!posting) continue;
        const { docs: termDocs, fields } = posting;
        for (let index = 0; index < termDocs.length; index += 1) {
          const doc = termDocs[index]!;
          const score = fields[index]! * 3 + matchClass;
          if (score < best[doc]!) best[doc] = score;
        }
      }
      if (docs === null) {
        let count = 0;
        for (let doc = 0; doc < best.length; doc += 1) if (best[doc] !== none) count += 1;
        docs = new Int32Array(count);
        scores = new Int32Array(count);
        for (let doc = 0, at = 0; doc < best.length; doc += 1) {
          if (best[doc] === none) continue;
          docs[at] = doc;
          scores![at] = best[doc]!;
          at += 1;
        }
      } else {
        let kept = 0;
        for (let index = 0; index < docs.length; index += 1) {
          const doc = docs[index]!;
          if (best[doc] === none) continue;
          docs[kept] = doc;
          scores![kept] = scores![index]! + best[doc]!;
          kept += 1;
        }
        docs = docs.subarray(0, kept);
        scores = scores!.subarray(0, kept);
      }
      if (docs.length === 0) break;
    }
    return { docs: docs ?? new Int32Array(0), scores: scores ?? new Int32Array(0) };
  }

  private postingCount(terms: WordTerms): number {
    let count = 0;
    for (const term of terms.keys()) count += this.postings.get(term)?.docs.length ?? 0;
    return count;
  }

  /** A price bound per currency number (NaN: none). */
  private bounds(bounds: readonly MinorBound[] | undefined): Float64Array | null {
    if (bounds === undefined) return null;
    const other = bounds.find((bound) => bound.currencies === null)?.minor ?? Number.NaN;
    const byCurrency = new Float64Array(this.currencies.values.length).fill(other);
    for (const bound of bounds) {
      if (bound.currencies === null) continue;
      for (const code of bound.currencies) {
        const number = this.currencies.find(code);
        if (number !== undefined) byCurrency[number] = bound.minor;
      }
    }
    return byCurrency;
  }

  /** The numbers of the values listed (unknown values match nothing); null: no such filter. */
  private static numbers(values: readonly string[] | undefined, all: readonly string[]): Uint8Array | null {
    if (values === undefined) return null;
    const wanted = new Set(values);
    return Uint8Array.from(all, (value) => (wanted.has(value) ? 1 : 0));
  }

  /** One page of the matches in the sort asked for, the total, and the facets (each under the other filters). */
  query(query: IndexQuery): IndexPage {
    const { docs, scores } = query.words === null ? { docs: Int32Array.from(this.ids.keys()), scores: new Int32Array(this.ids.length) } : this.match(query.words);
    const { filter } = query;
    const brandOk = SearchIndex.numbers(filter.brands, this.brands);
    const categoryOk = SearchIndex.numbers(filter.categories, this.categories);
    const currency = filter.currency === undefined ? undefined : (this.currencies.find(filter.currency) ?? -2);
    const min = this.bounds(filter.minPrice);
    const max = this.bounds(filter.maxPrice);
    const brandCounts = new Int32Array(this.brands.length);
    const categoryCounts = new Int32Array(this.categories.length);
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    // The docs that pass every filter, with their scores.
    const passing = new Int32Array(docs.length);
    const passingScores = new Int32Array(docs.length);
    let total = 0;
    for (let index = 0; index < docs.length; index += 1) {
      const doc = docs[index]!;
      if (currency !== undefined && this.currency[doc] !== currency) continue;
      if (filter.available && this.available[doc] === 0) continue;
      const brand = this.brand[doc]!;
      const category = this.category[doc]!;
      const inBrands = brandOk === null || (brand >= 0 && brandOk[brand] === 1);
      const inCategories = categoryOk === null || (category >= 0 && categoryOk[category] === 1);
      const price = this.price[doc]!;
      const money = this.currency[doc]!;
      // A bound that is NaN (a currency it does not name, no bound for the rest) lets nothing through, as NULL does in SQL.
      const inPrice = (min === null || price >= min[money]!) && (max === null || price <= max[money]!);
      if (inCategories && inPrice && brand >= 0) brandCounts[brand] = brandCounts[brand]! + 1;
      if (inBrands && inPrice && category >= 0) categoryCounts[category] = categoryCounts[category]! + 1;
      if (inBrands && inCategories) {
        if (price < low) low = price;
        if (price > high) high = price;
      }
      if (inBrands && inCategories && inPrice) {
        passing[total] = doc;
        passingScores[total] = scores[index]!;
        total += 1;
      }
    }
    const page = this.page(passing.subarray(0, total), passingScores.subarray(0, total), query);
    return {
      ...page,
      totalCount: total,
      facets: {
        brands: facet(this.brands, brandCounts),
        categories: facet(this.categories, categoryCounts),
        price: low === Number.POSITIVE_INFINITY ? null : { minMinor: low, maxMinor: high },
      },
    };
  }

  /** The first `first` docs past `after` in the sort's order (a bounded selection, not a sort of them all). */
  private page(docs: Int32Array, scores: Int32Array, query: IndexQuery): Pick<IndexPage, 'hits' | 'hasNextPage'> {
    const { sort, after } = query;
    // Each doc's key for the sort, as a number; the id breaks ties, ascending.
    const keyOf: (doc: number, index: number) => number =
      sort === 'RELEVANCE'
        ? (_doc, index) => scores[index]!
        : sort === 'PRICE_ASC'
          ? (doc) => this.price[doc]!
          : sort === 'PRICE_DESC'
            ? (doc) => -this.price[doc]!
            : sort === 'NEWEST'
              ? (doc) => -this.ids[doc]!
              : (doc) => this.titleRank[doc]!;
    let past: ((doc: number, key: number) => boolean) | null = null;
    if (after) {
      if (sort === 'TITLE') {
        const title = String(after.key);
        const rank = lowerBound(this.titles, title);
        const exact = this.titles[rank] === title;
        past = (doc, key) => key > rank || (key === rank && (!exact || this.ids[doc]! > after.id));
      } else {
        const cursorKey = sort === 'PRICE_DESC' || sort === 'NEWEST' ? -Number(after.key) : Number(after.key);
        past = (doc, key) => key > cursorKey || (key === cursorKey && this.ids[doc]! > after.id);
      }
    }
    const wanted = query.first + 1;
    // A max-heap of the best `wanted` (key, id) seen, the worst on top.
    const heapKeys: number[] = [];
    const heapDocs: number[] = [];
    const worse = (a: number, b: number) => heapKeys[a]! > heapKeys[b]! || (heapKeys[a] === heapKeys[b] && this.ids[heapDocs[a]!]! > this.ids[heapDocs[b]!]!);
    const swap = (a: number, b: number) => {
      [heapKeys[a], heapKeys[b]] = [heapKeys[b]!, heapKeys[a]!];
      [heapDocs[a], heapDocs[b]] = [heapDocs[b]!, heapDocs[a]!];
    };
    const siftDown = (from: number) => {
      for (let at = from; ; ) {
        const left = at * 2 + 1;
        const right = left + 1;
        let top = at;
        if (left < heapKeys.length && worse(left, top)) top = left;
        if (right < heapKeys.length && worse(right, top)) top = right;
        if (top === at) return;
        swap(at, top);
        at = top;
      }
    };
    for (let index = 0; index < docs.length && wanted > 0; index += 1) {
      const doc = docs[index]!;
      const key = keyOf(doc, index);
      if (past && !past(doc, key)) continue;
      if (heapKeys.length < wanted) {
        heapKeys.push(key);
        heapDocs.push(doc);
        for (let at = heapKeys.length - 1; at > 0; ) {
          const parent = (at - 1) >>> 1;
          if (!worse(at, parent)) break;
          swap(at, parent);
          at = parent;
        }
      } else if (key < heapKeys[0]! || (key === heapKeys[0] && this.ids[doc]! < this.ids[heapDocs[0]!]!)) {
        heapKeys[0] = key;
        heapDocs[0] = doc;
        siftDown(0);
      }
    }
    const order = heapDocs.map((doc, index) => ({ doc, key: heapKeys[index]! }));
    order.sort((a, b) => a.key - b.key || this.ids[a.doc]! - this.ids[b.doc]!);
    const shown = order.slice(0, query.first);
    return {
      hits: shown.map(({ doc, key }) => ({ productId: this.ids[doc]!, position: { key: this.positionKey(sort, doc, key), id: this.ids[doc]! } })),
      hasNextPage: order.length > query.first,
    };
  }

  /** The key a cursor holds: the score, the price, the id or the title, as the sort reads it. */
  private positionKey(sort: SearchSort, doc: number, key: number): number | string {
    if (sort === 'TITLE') return this.titles[key]!;
    if (sort === 'PRICE_DESC' || sort === 'NEWEST') return -key;
    return key;
  }
}

/** A facet's values with their counts (none at 0), the most frequent first, then by value (code point order). */
function facet(values: readonly string[], counts: Int32Array): FacetValue[] {
  const list: FacetValue[] = [];
  for (const [number, value] of values.entries()) if (counts[number]! > 0) list.push({ value, count: counts[number]! });
  return list.sort((a, b) => b.count - a.count || compareCodePoints(a.value, b.value));
}

