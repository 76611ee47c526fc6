// The catalog search's records: what is asked (words, filters, sort, page) and what is answered
// (product ids in order with their cursors, the total, the facets).
import type { MinorBound } from '../domain/price-bounds.js';

export type SearchSort = 'RELEVANCE' | 'PRICE_ASC' | 'PRICE_DESC' | 'NEWEST' | 'TITLE';

export interface SearchFilter {
  brands?: readonly string[];
  categories?: readonly string[];
  /** Bounds of a product's own price, in the major units of its currency. */
  minPrice?: number;
  maxPrice?: number;
  /** Only products in this currency. */
  currency?: string;
  /** true: available products only: the product, and one of its listed SKUs with stock at least. */
  available?: boolean;
}

/** How a term matches a query word: the word itself, a completion of it (the last word), one typo away. */
export const MatchClass = { exact: 0, prefix: 1, typo: 2 } as const;

/** Values a facet lists at most (brands, categories): the most frequent. */
export const maxFacetValues = 100;

/** Where a page starts: the sort key and id of the last product of the page before. */
export interface SearchPosition {
  key: number | string;
  id: number;
}

/** The filter as the index applies it: price bounds in each currency's minor units. */
export interface SearchConditions extends Omit<SearchFilter, 'minPrice' | 'maxPrice'> {
  minPrice?: readonly MinorBound[];
  maxPrice?: readonly MinorBound[];
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface SearchFacets {
  brands: FacetValue[];
  categories: FacetValue[];
  /**
   * The lowest and highest price (minor units) in the currency most of the products counted are in;
   * null: none counted.
   */
  price: { currency: string; minMinor: number; maxMinor: number } | null;
}

/**
 * Index terms a query word stands for, with how well (0 exact, 1 prefix, 2 typo): the terms
 * numbered `from` to `to` (exclusive). Terms are numbered in code point order, so the terms with a
 * prefix are one run, however many.
 */
export interface TermRun {
  from: number;
  to: number;
  matchClass: number;
}

/** A query word's runs of terms, none twice. */
export type WordTerms = readonly TermRun[];

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
