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

/** How well a product matches a query word: field × 3 + class (lower is better). */
export const MatchClass = { exact: 0, prefix: 1, typo: 2 } as const;

/** A term of the index a query word may stand for. */
export interface Candidate {
  /** The query word's place among the query's (distinct) words. */
  word: number;
  term: string;
  matchClass: number;
}

/** Where a page starts: the sort key and id of the last product of the page before. */
export interface SearchPosition {
  key: number | string;
  id: number;
}

/** The filter as the statements apply it: price bounds in each currency's minor units. */
export interface SearchConditions extends Omit<SearchFilter, 'minPrice' | 'maxPrice'> {
  minPrice?: readonly MinorBound[];
  maxPrice?: readonly MinorBound[];
}

export interface SearchRequest {
  /** null: every product (no word to match). */
  candidates: readonly Candidate[] | null;
  words: number;
  filter: SearchConditions;
  sort: SearchSort;
  first: number;
  after: SearchPosition | null;
}

export interface SearchHit {
  productId: number;
  position: SearchPosition;
}

export interface FacetValue {
  value: string;
  count: number;
}

export interface SearchFacets {
  brands: FacetValue[];
  categories: FacetValue[];
  /** The lowest and highest price (minor units) in the currency most of the products counted are in; null: none counted. */
  price: { currency: string; minMinor: number; maxMinor: number } | null;
}

export interface SearchPage {
  hits: SearchHit[];
  hasNextPage: boolean;
  totalCount: number;
  facets: SearchFacets;
}
