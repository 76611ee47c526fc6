// The catalog search's index, in memory: the words of every product (search-terms.ts) as posting
// lists of typed arrays, and what filters, facets and sorts read of each product (brand, category,
// price, currency, title order, availability) as columns. Built from the stored catalog rows
// (search.repository.ts) by each process, so the ranking (search-rank.ts) is ours and the same on
// both engines; a query (search.service.ts) is a merge of a few posting lists, scored as it goes,
// and one pass over the matches: milliseconds over 200,000 products, facets included. Everything
// that grows with the catalog is a typed array, the texts too (titles and terms: search-texts.ts):
// nothing of it is on the heap.
//
// A product is a "doc": its place in `ids` (ascending product ids). A term is a number (its rank in
// `vocabulary`), and its posting list the docs that have it (search-postings.ts).
import { compareCodePoints } from '../domain/code-point-order.js';
import { TitleOrder, Vocabulary } from './search-texts.js';
import { Dictionary, SearchIndexBuilder, type IndexedProduct, type IndexParts } from './search-index.parts.js';
import { selectPage } from './search-page.js';
import { passMatches, sortNumbers, type Columns, type Tally } from './search-pass.js';
import type { IndexPage, IndexQuery } from './search.model.js';
import { PostingLists } from './search-postings.js';
import type { MinorBound } from '../domain/price-bounds.js';
import { maxFacetValues, type FacetValue, type SearchFacets } from './search.model.js';

export class SearchIndex {
  /** Product ids by doc, ascending. */
  readonly ids: Int32Array;
  private readonly brand: Int32Array;
  private readonly category: Int32Array;
  private readonly currency: Int32Array;
  private readonly price: Float64Array;
  /** The doc's title's place among the distinct titles in code point order. */
  private readonly titleRank: Int32Array;
  private readonly titles: TitleOrder;
  private readonly brands: string[];
  private readonly categories: string[];
  private readonly currencies: Dictionary;
  /** Each term's docs, and the matches of a query's words. */
  private readonly postings: PostingLists;
  /** Every doc, in order: the matches of a query without words. */
  private readonly everyDoc: Int32Array;
  /** Scratch of a query, a place per doc: the matches that pass the filters and their keys. */
  private readonly passingDocs: Int32Array;
  private readonly passingKeys: Float64Array;
  /** Every term, in code point order: the prefixes' ranges. */
  private readonly vocabulary: Vocabulary;
  /**
   * The letters of the vocabulary, the most frequent first: the replacements and insertions a typo
   * is looked up with.
   */
  readonly alphabet: string[];
  /** 1: the product is available now (replaced as stock changes: setAvailability). */
  private available: Uint8Array;

  private constructor(parts: IndexParts) {
    const count = parts.docs;
    this.ids = parts.ids.slice(0, count);
    this.brand = parts.brand.slice(0, count);
    this.category = parts.category.slice(0, count);
    this.currency = parts.currency.slice(0, count);
    this.price = parts.price.slice(0, count);
    this.available = parts.available.slice(0, count);
    this.brands = parts.brands.values;
    this.categories = parts.categories.values;
    this.currencies = parts.currencies;
    // Terms renumbered in code point order: the terms with a prefix are a run of numbers, and their
    // posting lists one stretch.
    this.vocabulary = new Vocabulary(parts.terms);
    this.postings = new PostingLists(parts, this.vocabulary.rankOf, this.vocabulary.size);
    // Most frequent first: a query word's typos are looked up with the first letters only when the alphabet is large.
    this.alphabet = [...parts.letters]
      .sort((a, b) => b[1] - a[1] || compareCodePoints(a[0], b[0]))
      .map(([letter]) => letter);
    this.titles = new TitleOrder(parts.titles);
    this.titleRank = this.titles.rankOf;
    this.everyDoc = Int32Array.from({ length: count }, (_value, doc) => doc);
    this.passingDocs = new Int32Array(count);
    this.passingKeys = new Float64Array(count);
  }

  /** The index of these products (in ascending id order). */
  static build(products: readonly IndexedProduct[]): SearchIndex {
    const builder = new SearchIndexBuilder();
    for (const product of products) builder.add(product);
    return SearchIndex.of(builder);
  }

  /** The index of what the builder gathered. */
  static of(builder: SearchIndexBuilder): SearchIndex {
    return new SearchIndex(builder.gathered());
  }

  get size(): number {
    return this.ids.length;
  }

  /** The term's number, or undefined: no product has it. */
  term(text: string): number | undefined {
    return this.vocabulary.find(text);
  }

  /** The numbers of the terms that start with `prefix`, but `prefix` itself: from, to (exclusive). */
  prefixRun(prefix: string): { from: number; to: number } {
    return this.vocabulary.prefixRun(prefix);
  }

  /** Bytes of its arrays and texts (outside the heap). */
  get bytes(): number {
    const perDoc = [
      this.ids,
      this.brand,
      this.category,
      this.currency,
      this.price,
      this.available,
      this.everyDoc,
      this.passingDocs,
      this.passingKeys,
    ];
    return (
      perDoc.reduce((sum, array) => sum + array.byteLength, 0) +
      this.postings.bytes +
      this.vocabulary.bytes +
      this.titles.bytes
    );
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

  /** Availability as read now of these products: those in `available` are, the others not. */
  updateAvailability(ids: Iterable<number>, available: ReadonlySet<number>): void {
    for (const id of ids) {
      const doc = this.docOf(id);
      if (doc >= 0) this.available[doc] = available.has(id) ? 1 : 0;
    }
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
    const { docs, scores } =
      query.words === null
        ? { docs: this.everyDoc, scores: this.postings.noScores() }
        : query.words.length === 0
          ? { docs: new Int32Array(0), scores: new Int32Array(0) }
          : this.postings.match(query.words);
    const { filter } = query;
    const brandOk = SearchIndex.numbers(filter.brands, this.brands);
    const categoryOk = SearchIndex.numbers(filter.categories, this.categories);
    const currency = filter.currency === undefined ? undefined : (this.currencies.find(filter.currency) ?? -2);
    const min = this.bounds(filter.minPrice);
    const max = this.bounds(filter.maxPrice);
    // The price range per currency (the facet shows that of the currency most products found are in).
    const currencies = this.currencies.values.length;
    const tally: Tally = {
      brandCounts: new Int32Array(this.brands.length),
      categoryCounts: new Int32Array(this.categories.length),
      currencyCount: new Int32Array(currencies),
      lows: new Float64Array(currencies).fill(Number.POSITIVE_INFINITY),
      highs: new Float64Array(currencies).fill(Number.NEGATIVE_INFINITY),
      passing: this.passingDocs,
      keys: this.passingKeys,
    };
    const columns: Columns = {
      ids: this.ids,
      brand: this.brand,
      category: this.category,
      currency: this.currency,
      price: this.price,
      titleRank: this.titleRank,
      available: this.available,
    };
    const total = passMatches(
      columns,
      docs,
      scores,
      { brandOk, categoryOk, currency, min, max, onlyAvailable: filter.available === true },
      sortNumbers[query.sort],
      tally,
    );
    const { passing, keys, brandCounts, categoryCounts, currencyCount, lows, highs } = tally;
    const page = selectPage(
      { docs: passing.subarray(0, total), keys: keys.subarray(0, total), ids: this.ids, titles: this.titles },
      query,
    );
    return {
      ...page,
      totalCount: total,
      facets: {
        brands: facet(this.brands, brandCounts),
        categories: facet(this.categories, categoryCounts),
        price: this.priceFacet(currencyCount, lows, highs),
      },
    };
  }

  /** The price range in the currency most of the products counted are in (ties: the first code). */
  private priceFacet(counts: Int32Array, lows: Float64Array, highs: Float64Array): SearchFacets['price'] {
    let chosen = -1;
    for (let money = 0; money < counts.length; money += 1) {
      if (counts[money] === 0) continue;
      if (
        chosen < 0 ||
        counts[money]! > counts[chosen]! ||
        (counts[money] === counts[chosen] && this.currencies.values[money]! < this.currencies.values[chosen]!)
      )
        chosen = money;
    }
    return chosen < 0
      ? null
      : { currency: this.currencies.values[chosen]!, minMinor: lows[chosen]!, maxMinor: highs[chosen]! };
  }
}

/**
 * A facet's values with their counts (none at 0), the most frequent first, then by value (code
 * point order): the first maxFacetValues, so that a catalog of a million brands still answers a
 * search with a short list.
 */
function facet(values: readonly string[], counts: Int32Array): FacetValue[] {
  const before = (a: FacetValue, b: FacetValue) => b.count - a.count || compareCodePoints(a.value, b.value);
  // The best so far, in order: one pass, each value placed by a binary search (values · log 100).
  const best: FacetValue[] = [];
  for (const [number, value] of values.entries()) {
    const count = counts[number]!;
    if (count === 0) continue;
    const candidate = { value, count };
    if (best.length === maxFacetValues && before(candidate, best[maxFacetValues - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(best[middle]!, candidate) <= 0) low = middle + 1;
      else high = middle;
    }
    best.splice(low, 0, candidate);
    if (best.length > maxFacetValues) best.pop();
  }
  return best;
}
