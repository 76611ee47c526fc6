// The catalog search: a query's words turned into the index terms each may stand for (exactly,
// as a prefix for the last word, with one typo for long words), then one page of the matching
// products in the sort asked for, with the total and the facets (search.repository.ts).
import type { Db } from '../db/database.js';
import { priceBounds } from '../domain/price-bounds.js';
import { AppError } from '../errors.js';
import { deletionVariants, toleratesTypo, withinOneEdit, words } from '../domain/search-words.js';
import { MatchClass, type Candidate, type SearchConditions, type SearchFacets, type SearchFilter, type SearchPosition, type SearchSort } from './search.model.js';
import { searchProducts, termsOfVariants, termsWithPrefix } from './search.repository.js';

/** The last word matches longer terms from this many letters on. */
const prefixMinLength = 2;
/** Words read of a query; the others are left out. */
const maxWords = 16;
export const maxPageSize = 100;

export interface SearchInput {
  query?: string | null;
  filter?: SearchFilter;
  sort?: SearchSort;
  first?: number;
  after?: string | null;
}

export interface SearchResult {
  edges: { cursor: string; productId: number }[];
  hasNextPage: boolean;
  totalCount: number;
  facets: SearchFacets;
}

/** A cursor: the sort it was made for, the sort key and the id of a product, as base64url JSON. */
export function encodeCursor(sort: SearchSort, position: SearchPosition): string {
  return Buffer.from(JSON.stringify([sort, position.key, position.id])).toString('base64url');
}

export function decodeCursor(sort: SearchSort, cursor: string): SearchPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3 && parsed[0] === sort && Number.isSafeInteger(parsed[2])) {
    const key: unknown = parsed[1];
    const textKey = sort === 'TITLE';
    if (textKey ? typeof key === 'string' : Number.isSafeInteger(key)) return { key: key as number | string, id: parsed[2] as number };
  }
  throw new AppError('VALIDATION_FAILED', `after is not a cursor of this search's sort (${sort})`, { after: cursor.slice(0, 64) });
}

export class SearchService {
  constructor(private readonly db: Db) {}

  /** The terms each distinct word of the query may stand for, with how well; null: no word (every product). */
  async candidates(query: string | null | undefined): Promise<{ candidates: Candidate[] | null; words: number }> {
    const list = [...new Set(words(query ?? ''))].slice(0, maxWords);
    if (list.length === 0) return { candidates: null, words: 0 };
    const candidates: Candidate[] = [];
    for (const [word, text] of list.entries()) {
      const classes = new Map<string, number>([[text, MatchClass.exact]]);
      const length = [...text].length;
      if (word === list.length - 1 && length >= prefixMinLength) {
        for (const term of await termsWithPrefix(this.db, text)) classes.set(term, MatchClass.prefix);
      }
      if (toleratesTypo(text)) {
        for (const term of await termsOfVariants(this.db, deletionVariants(text))) {
          if (!classes.has(term) && withinOneEdit(text, term)) classes.set(term, MatchClass.typo);
        }
      }
      for (const [term, matchClass] of classes) candidates.push({ word, term, matchClass });
    }
    return { candidates, words: list.length };
  }

  async search(input: SearchInput): Promise<SearchResult> {
    const sort = input.sort ?? 'RELEVANCE';
    const first = input.first ?? 20;
    if (!Number.isSafeInteger(first) || first < 0 || first > maxPageSize) {
      throw new AppError('VALIDATION_FAILED', `first must be an integer from 0 to ${maxPageSize}`, { first });
    }
    const after = input.after ? decodeCursor(sort, input.after) : null;
    const { candidates, words: count } = await this.candidates(input.query);
    const page = await searchProducts(this.db, { candidates, words: count, filter: conditionsOf(input.filter ?? {}), sort, first, after });
    return {
      edges: page.hits.map((hit) => ({ cursor: encodeCursor(sort, hit.position), productId: hit.productId })),
      hasNextPage: page.hasNextPage,
      totalCount: page.totalCount,
      facets: page.facets,
    };
  }
}

/** The filter with its price bounds in each currency's minor units. */
function conditionsOf(filter: SearchFilter): SearchConditions {
  const { minPrice, maxPrice, ...rest } = filter;
  for (const [name, value] of [['minPrice', minPrice], ['maxPrice', maxPrice]] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) throw new AppError('VALIDATION_FAILED', `${name} must be a number of at least 0`, { [name]: value });
  }
  return {
    ...rest,
    ...(minPrice === undefined ? {} : { minPrice: priceBounds(minPrice, 'min', filter.currency) }),
    ...(maxPrice === undefined ? {} : { maxPrice: priceBounds(maxPrice, 'max', filter.currency) }),
  };
}
