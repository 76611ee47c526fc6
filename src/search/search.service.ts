// The catalog search: a query's words turned into the index terms each may stand for (exactly,
// as a prefix for the last word, with one typo for long words), then one page of the matching
// products in the sort asked for, with the total and the facets, from the process's index of the
// catalog (search-index.ts), kept in step with the catalog version.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { priceBounds } from '../domain/price-bounds.js';
import { toMajor } from '../domain/money.js';
import { AppError } from '../errors.js';
import { oneEditAway, toleratesTypo, words } from '../domain/search-words.js';
import {
  MatchClass,
  type SearchConditions,
  type SearchFacets,
  type SearchFilter,
  type SearchPosition,
  type SearchSort,
  type TermRun,
  type WordTerms,
} from './search.model.js';
import { SearchIndex } from './search-index.js';
import { SearchIndexBuilder } from './search-index.parts.js';
import type { CatalogVersions, SearchRepository, StockMoves } from './search.repository.js';

/** Each stock row's moves from the versions seen to those read now; null if a row went back (a restored database). */
function movesSince(seen: CatalogVersions['stock'], now: CatalogVersions['stock']): StockMoves[] | null {
  const moves: StockMoves[] = [];
  for (const [row, after] of seen) if ((now.get(row) ?? 0) < after) return null;
  for (const [row, upTo] of now) {
    const after = seen.get(row) ?? 0;
    if (upTo > after) moves.push({ row, after, upTo });
  }
  return moves;
}

/** The last word matches longer terms from this many letters on. */
const prefixMinLength = 2;
/** Words read of a query; the others are left out. */
const maxWords = 16;
export const maxPageSize = 100;
/**
 * One-edit neighbours looked up for a query word, about, at most (replacements and insertions by
 * letters of the index's alphabet).
 */
const typoBudget = 4_000;
/** Letters of the alphabet a word's typos are always looked up with. */
const minTypoLetters = 40;
/** Characters of a query at most. */
export const maxQueryLength = 200;

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
  facets: Omit<SearchFacets, 'price'> & { price: { min: number; max: number; currency: string } | null };
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
    if (textKey ? typeof key === 'string' : Number.isSafeInteger(key))
      return { key: key as number | string, id: parsed[2] as number };
  }
  throw new AppError('VALIDATION_FAILED', `after is not a cursor of this search's sort (${sort})`, {
    after: cursor.slice(0, 64),
  });
}

/** A search as the index runs it (checkedSearch). */
export interface IndexSearch {
  query: string | null;
  filter: SearchConditions;
  sort: SearchSort;
  first: number;
  after: SearchPosition | null;
}

/**
 * What answers searches: the index in this process (SearchService), or in a thread of its own
 * (search-thread.ts: the server's).
 */
export interface ProductSearch {
  search(input: SearchInput): Promise<SearchResult>;
  /** Builds the index ahead of the first search; answers how many products it holds (null: closed meanwhile). */
  warm(): Promise<number | null>;
  /** Lets go of the index (the thread ends). */
  close(): Promise<void>;
}

export interface SearchServiceOptions {
  /** How long the catalog version is trusted before it is read again (CATALOG_CACHE_TTL_MS). */
  ttlMs: number;
  /** After a stock change, how long at least between two reads of availability (default 5 s). */
  availabilityRefreshMs?: number;
  /** Bytes an index's arrays may take (IndexTooLargeError past them; default: no bound). */
  indexMaxBytes?: number;
  /** Told of every index built (its products), and of every build that failed. */
  onBuilt?: (products: number) => void;
  onBuildFailed?: (error: unknown) => void;
}

/** Products read per statement while the index is built (the event loop serves requests in between). */
const buildPage = 1_000;
/** Products whose availability is read per statement. */
const availabilityPage = 20_000;

export class SearchService implements ProductSearch {
  private index: SearchIndex | null = null;
  private building: Promise<SearchIndex> | null = null;
  private refreshing = false;
  private versions: CatalogVersions = { catalog: -1, imports: -1, stock: new Map() };
  private checkedAt = Number.NEGATIVE_INFINITY;
  private availabilityReadAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: SearchRepository,
    private readonly options: SearchServiceOptions,
  ) {}

  /**
   * The index of the catalog: built at the first search (which waits for it), and again in the
   * background after an import, the searches meanwhile answered from the index before it; after a
   * stock change, availability is read again in the background (at most every
   * availabilityRefreshMs) while searches go on.
   */
  async current(): Promise<SearchIndex> {
    const now = performance.now();
    if (this.index && now - this.checkedAt < this.options.ttlMs) return this.index;
    const versions = await this.repository.versions();
    this.checkedAt = now;
    if (!this.index) return this.build(versions);
    if (versions.imports !== this.versions.imports) {
      // A failed rebuild is tried again at the next search that finds the versions apart.
      this.build(versions).catch(() => undefined);
      return this.index;
    }
    if (versions.catalog !== this.versions.catalog) this.refreshAvailability(this.index, versions);
    return this.index;
  }

  private build(versions: CatalogVersions): Promise<SearchIndex> {
    this.building ??= (async () => {
      try {
        const builder = new SearchIndexBuilder(this.options.indexMaxBytes);
        for (let after = 0; ;) {
          const page = await this.repository.products(after, buildPage);
          for (const product of page) builder.add(product);
          if (page.length === 0) break;
          after = page[page.length - 1]!.id;
          await nextTurn();
        }
        const index = SearchIndex.of(builder);
        this.index = index;
        this.versions = versions;
        this.availabilityReadAt = performance.now();
        this.options.onBuilt?.(index.size);
        return index;
      } catch (error) {
        this.options.onBuildFailed?.(error);
        throw error;
      } finally {
        this.building = null;
      }
    })();
    return this.building;
  }

  /**
   * Reads availability again after stock moved: of the products those moves touched when they are
   * still recorded and not too many (a few statements, whatever the catalog's size), else of every
   * product, availabilityPage at a time.
   */
  private refreshAvailability(index: SearchIndex, versions: CatalogVersions): void {
    const now = performance.now();
    if (this.refreshing || now - this.availabilityReadAt < (this.options.availabilityRefreshMs ?? 5_000)) return;
    this.refreshing = true;
    this.availabilityReadAt = now;
    void (async () => {
      try {
        const moves = movesSince(this.versions.stock, versions.stock);
        const moved = moves === null ? null : await this.repository.productsMoved(moves);
        if (moved !== null && moved.size <= availabilityPage) {
          const available = await this.repository.availableAmong([...moved]);
          if (this.index === index) index.updateAvailability(moved, available);
        } else {
          const available: number[] = [];
          for (let start = 0; start < index.size; start += availabilityPage) {
            const last = Math.min(index.size, start + availabilityPage) - 1;
            available.push(...(await this.repository.availableIds(index.ids[start]!, index.ids[last]!)));
            await nextTurn();
          }
          if (this.index === index) index.setAvailability(available);
        }
        // Unless an import replaced the index meanwhile (its own availability is newer).
        if (this.index === index)
          this.versions = { ...this.versions, catalog: versions.catalog, stock: versions.stock };
      } catch {
        // The database did not answer: read again at the next search after the pause.
      } finally {
        this.refreshing = false;
      }
    })();
  }

  /** The terms each distinct word of the query may stand for, with how well; null: no word (every product). */
  static wordTerms(index: SearchIndex, query: string | null | undefined): WordTerms[] | null {
    const list = [...new Set(words(query ?? ''))].slice(0, maxWords);
    if (list.length === 0) return null;
    return list.map((text, word) => {
      const runs: TermRun[] = [];
      const exact = index.term(text);
      if (exact !== undefined) runs.push({ from: exact, to: exact + 1, matchClass: MatchClass.exact });
      const prefix =
        word === list.length - 1 && [...text].length >= prefixMinLength ? index.prefixRun(text) : { from: 0, to: 0 };
      if (prefix.to > prefix.from) runs.push({ ...prefix, matchClass: MatchClass.prefix });
      if (toleratesTypo(text)) {
        // At most about typoBudget neighbours a word: with a large alphabet (many scripts), its most frequent letters.
        const letters = Math.max(minTypoLetters, Math.floor(typoBudget / (2 * ([...text].length + 1))));
        const typos = new Set<number>();
        for (const neighbour of oneEditAway(text, index.alphabet.slice(0, letters))) {
          const term = index.term(neighbour);
          if (term === undefined || (term >= prefix.from && term < prefix.to) || !toleratesTypo(neighbour)) continue;
          typos.add(term);
        }
        for (const term of typos) runs.push({ from: term, to: term + 1, matchClass: MatchClass.typo });
      }
      return runs;
    });
  }

  async search(input: SearchInput): Promise<SearchResult> {
    return this.run(checkedSearch(input));
  }

  /** A checked search, on the index as it is now. */
  async run({ query, filter, sort, first, after }: IndexSearch): Promise<SearchResult> {
    const index = await this.current();
    const page = index.query({ words: SearchService.wordTerms(index, query), filter, sort, first, after });
    return {
      edges: page.hits.map((hit) => ({ cursor: encodeCursor(sort, hit.position), productId: hit.productId })),
      hasNextPage: page.hasNextPage,
      totalCount: page.totalCount,
      facets: { ...page.facets, price: priceView(page.facets.price) },
    };
  }

  /** Builds the index ahead of the first search; answers how many products it holds. */
  async warm(): Promise<number | null> {
    return (await this.current()).size;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * The search as the index runs it: its page size and query checked, its cursor read, its price
 * bounds in minor units; plain data (it crosses to the search thread). Throws VALIDATION_FAILED.
 */
export function checkedSearch(input: SearchInput): IndexSearch {
  const sort = input.sort ?? 'RELEVANCE';
  const first = input.first ?? 20;
  if (!Number.isSafeInteger(first) || first < 0 || first > maxPageSize) {
    throw new AppError('VALIDATION_FAILED', `first must be an integer from 0 to ${maxPageSize}`, { first });
  }
  if ((input.query ?? '').length > maxQueryLength) {
    throw new AppError('VALIDATION_FAILED', `A search query has at most ${maxQueryLength} characters`, {
      query: (input.query ?? '').slice(0, 64),
    });
  }
  const after = input.after ? decodeCursor(sort, input.after) : null;
  return { query: input.query ?? null, filter: conditionsOf(input.filter ?? {}), sort, first, after };
}

/** The price facet in major units of its currency. */
function priceView(price: SearchFacets['price']): SearchResult['facets']['price'] {
  return price === null
    ? null
    : {
        min: toMajor(price.minMinor, price.currency),
        max: toMajor(price.maxMinor, price.currency),
        currency: price.currency,
      };
}

/** The filter with its price bounds in each currency's minor units. */
function conditionsOf(filter: SearchFilter): SearchConditions {
  const { minPrice, maxPrice, ...rest } = filter;
  for (const [name, value] of [
    ['minPrice', minPrice],
    ['maxPrice', maxPrice],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0))
      throw new AppError('VALIDATION_FAILED', `${name} must be a number of at least 0`, { [name]: value });
  }
  return {
    ...rest,
    ...(minPrice === undefined ? {} : { minPrice: priceBounds(minPrice, 'min', filter.currency) }),
    ...(maxPrice === undefined ? {} : { maxPrice: priceBounds(maxPrice, 'max', filter.currency) }),
  };
}
