// The in-memory index on a catalog large enough for its two ways of intersecting posting lists (a
// scan of a long list, or a look-up of each of a few docs in it): the same matches and scores
// either way, checked against the words of each product scored one product at a time.
import { describe, expect, it } from 'vitest';
import { productTerms } from '../../src/domain/search-terms.js';
import { SearchIndex } from '../../src/search/search-index.js';
import {
  postingCode,
  rankKeys,
  rarity,
  scoreAt,
  scoreTable,
  termFactor,
  termScore,
  wordPart,
} from '../../src/search/search-rank.js';
import { SearchService } from '../../src/search/search.service.js';
import { IndexTooLargeError, SearchIndexBuilder, type IndexedProduct } from '../../src/search/search-index.parts.js';
import { MatchClass } from '../../src/search/search.model.js';

const products: IndexedProduct[] = Array.from({ length: 2_000 }, (_value, index) => ({
  id: index + 1,
  title: `Common item ${index + 1}${index % 100 === 7 ? ' rare' : ''}`,
  brand: index % 2 === 0 ? 'Even' : 'Odd',
  category: null,
  description: index % 3 === 0 ? 'common again' : null,
  variantValues: [],
  skuNames: [],
  priceMinor: 1_000 + index,
  currency: 'USD',
  available: true,
}));
const index = SearchIndex.build(products);
const search = (query: string, first = 100) =>
  index.query({ words: SearchService.wordTerms(index, query), filter: {}, sort: 'RELEVANCE', first, after: null });

/**
 * The sort key of each product that has every word of `query` (words matched exactly), scored one
 * product at a time from its own words, as the ranking's rules say (no posting list involved).
 */
function scannedKeys(query: string): Map<number, number> {
  const terms = products.map((product) => {
    const best = new Map<string, number>();
    for (const row of productTerms(product))
      if (!best.has(row.term)) best.set(row.term, postingCode(row.field, row.count));
    const titleWords = productTerms(product).filter((row) => row.field === 0).length;
    return { id: product.id, best, titleWords };
  });
  const table = scoreTable(terms.reduce((sum, doc) => sum + doc.titleWords, 0) / terms.length);
  const words = query.split(' ');
  const having = (word: string) => terms.filter((doc) => doc.best.has(word)).length;
  const matching = terms.filter((doc) => words.every((word) => doc.best.has(word)));
  const sums = Int32Array.from(matching, (doc) =>
    words.reduce((sum, word) => {
      const entry = table[scoreAt(doc.best.get(word)!, doc.titleWords)]!;
      const score = termScore(entry, termFactor(MatchClass.exact, 0, 0), true);
      return sum + wordPart(score, rarity(products.length, having(word)));
    }, 0),
  );
  const docs = Int32Array.from(matching, (_doc, at) => at);
  rankKeys(
    docs,
    sums,
    Uint8Array.from(matching, (doc) => doc.titleWords),
    words.length,
  );
  return new Map(matching.map((doc, at) => [doc.id, sums[at]!]));
}

/** The page's ids and keys against those of scannedKeys, in its order (then by id). */
function expectScanned(query: string, first = 100): void {
  const scanned = [...scannedKeys(query)].sort((a, b) => a[1] - b[1] || a[0] - b[0]).slice(0, first);
  expect(search(query, first).hits.map((hit) => [hit.productId, hit.position.key])).toEqual(scanned);
}

describe('the index at 2,000 products', () => {
  it('intersects a rare word with a common one by looking each doc up, as a scan would', () => {
    // "rare" is in 20 titles; "common" in every title: 20 × log2(2,000) is far below 2,000.
    const page = search('rare common');
    expect(page.totalCount).toBe(20);
    expect(page.hits.map((hit) => hit.productId)).toEqual(Array.from({ length: 20 }, (_value, at) => at * 100 + 8));
    expectScanned('rare common');
    // "even" (brand, 1,000 products) with the rare word: none of the rare ones is even.
    const even = search('rare even');
    expect(even.hits.map((hit) => hit.productId)).toEqual([]);
    const odd = search('rare odd');
    expect(odd.totalCount).toBe(20);
    expectScanned('rare odd');
  });

  it('scans when the docs left are many: every product with "common", the title ones first', () => {
    const page = search('item common', 5);
    expect(page.totalCount).toBe(2_000);
    expect(page.hits.map((hit) => hit.productId)).toEqual([1, 2, 3, 4, 5]);
  });

  it('matches a prefix as one run of terms: the exact term first, then every longer one, and no other', () => {
    // "12" exactly (product 12), then 120-129 and 1200-1299 as prefixes: 111 products; 13, 112 or 1300 are not.
    const page = search('item 12', 100);
    expect(page.totalCount).toBe(111);
    expect(page.hits[0]!.productId).toBe(12);
    // The word itself before its completions.
    expect(page.hits.slice(1).every((hit) => Number(hit.position.key) > Number(page.hits[0]!.position.key))).toBe(true);
    const expected = [
      12,
      ...Array.from({ length: 10 }, (_v, at) => 120 + at),
      ...Array.from({ length: 100 }, (_v, at) => 1_200 + at),
    ];
    const walk = (sort: 'RELEVANCE' | 'NEWEST') => {
      const ids: number[] = [];
      let after = null;
      for (;;) {
        const next = index.query({
          words: SearchService.wordTerms(index, 'item 12'),
          filter: {},
          sort,
          first: 50,
          after,
        });
        ids.push(...next.hits.map((hit) => hit.productId));
        if (!next.hasNextPage) return ids;
        after = next.hits.at(-1)!.position;
      }
    };
    expect(walk('RELEVANCE').sort((a, b) => a - b)).toEqual(expected);
    expect(walk('NEWEST')).toEqual([...expected].reverse());
  });

  it('scores a word every product has by the field it is in for each of them, as a scan would', () => {
    // "common" is in every title and, for a third, in the description too: the title counts for all.
    const page = search('rare common', 100);
    expect(new Set(page.hits.map((hit) => hit.position.key)).size).toBe(1);
    expectScanned('rare common');
    // "odd" is the brand of every other product only: not a list of every doc.
    expect(search('common odd', 3).hits.map((hit) => hit.productId)).toEqual([2, 4, 6]);
    expectScanned('common odd', 3);
    expectScanned('item common', 30);
  });
});

describe('facets', () => {
  it('list the 100 most frequent values, then by value, however many there are', () => {
    // 300 brands: brand n on n % 7 + 1 products ("B007" on 1, "B006" on 7, …)
    const many: IndexedProduct[] = [];
    for (let brand = 0; brand < 300; brand += 1) {
      for (let copy = 0; copy <= brand % 7; copy += 1)
        many.push({ ...products[0]!, id: many.length + 1, brand: `B${String(brand).padStart(3, '0')}` });
    }
    const facets = SearchIndex.build(many).query({ words: null, filter: {}, sort: 'RELEVANCE', first: 1, after: null })
      .facets.brands;
    const expected = Array.from({ length: 300 }, (_value, brand) => ({
      value: `B${String(brand).padStart(3, '0')}`,
      count: (brand % 7) + 1,
    }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1))
      .slice(0, 100);
    expect(facets).toStrictEqual(expected);
  });
});

describe('the index outside the heap', () => {
  const product = (id: number, title: string): IndexedProduct => ({
    ...products[0]!,
    id,
    title,
    brand: null,
    description: null,
  });

  it('orders titles and terms by code point, not by UTF-16 unit: U+FF76 before U+20000', () => {
    // In UTF-16, U+20000 is \ud840\udc00, below \uff76; in code points (SQLite, PostgreSQL "C") it is above.
    const texts = SearchIndex.build([
      product(1, 'a\u{20000}'),
      product(2, 'a\uff76'),
      product(3, 'a'),
      product(4, 'a\u{20000}'),
    ]);
    const byTitle = texts.query({ words: null, filter: {}, sort: 'TITLE', first: 10, after: null });
    expect(byTitle.hits.map((hit) => [hit.productId, hit.position.key])).toEqual([
      [3, 'a'],
      [2, 'a\uff76'],
      [1, 'a\u{20000}'],
      [4, 'a\u{20000}'],
    ]);
    const after = texts.query({ words: null, filter: {}, sort: 'TITLE', first: 10, after: byTitle.hits[1]!.position });
    expect(after.hits.map((hit) => hit.productId)).toEqual([1, 4]);
    const [exact, prefix] = [texts.term('a\u{20000}'), texts.prefixRun('a')];
    expect(exact).toBe(2);
    expect(prefix).toEqual({ from: 1, to: 3 });
    expect(texts.term('b')).toBeUndefined();
  });

  it('stops at the bytes it is given, whose count is never below the arrays of the index it makes', () => {
    const full = new SearchIndexBuilder();
    for (const item of products) full.add(item);
    const bytes = full.bytes;
    expect(SearchIndex.of(full).bytes).toBeLessThanOrEqual(bytes);
    // A byte short of what the whole catalog takes: somewhere along the catalog, it stops.
    const bounded = new SearchIndexBuilder(bytes - 1);
    let added = 0;
    let error: unknown = null;
    try {
      for (const item of products) {
        bounded.add(item);
        added += 1;
      }
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(IndexTooLargeError);
    expect((error as IndexTooLargeError).bytes).toBeGreaterThan(bytes - 1);
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(products.length);
  });
});
