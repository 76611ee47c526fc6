// The one pass over a search's matches: the facet counts (each under the other filters), the price
// range per currency, and the matches that pass every filter with their keys in the sort asked
// for. Two loops: one for a search without filters (most of them), which counts with no tests, and
// one that applies the filters. Typed arrays only: over 200,000 matches this is most of a search.

/** What the pass reads of each doc (search-index.ts's columns). */
export interface Columns {
  ids: Int32Array;
  brand: Int32Array;
  category: Int32Array;
  currency: Int32Array;
  price: Float64Array;
  titleRank: Int32Array;
  available: Uint8Array;
}

/** The filters as numbers: null or undefined, no such filter. */
export interface PassFilters {
  /** 1 at the number of each brand (category) asked for. */
  brandOk: Uint8Array | null;
  categoryOk: Uint8Array | null;
  /** The currency's number (-2: a currency no product has). */
  currency: number | undefined;
  /** A price bound per currency number (NaN: nothing passes). */
  min: Float64Array | null;
  max: Float64Array | null;
  onlyAvailable: boolean;
}

/** What the pass counts and keeps (the arrays given are written; their sizes: per value, per currency, per doc). */
export interface Tally {
  brandCounts: Int32Array;
  categoryCounts: Int32Array;
  currencyCount: Int32Array;
  lows: Float64Array;
  highs: Float64Array;
  /** The docs that pass every filter (the first `total`), and their keys: lower first. */
  passing: Int32Array;
  keys: Float64Array;
}

/** The sorts as numbers, for the loops. */
export const sortNumbers = { RELEVANCE: 0, PRICE_ASC: 1, PRICE_DESC: 2, NEWEST: 3, TITLE: 4 } as const;

/** Counts the matches into `tally` and keeps those that pass; answers how many passed. */
export function passMatches(
  columns: Columns,
  docs: Int32Array,
  scores: Int32Array,
  filters: PassFilters,
  sort: number,
  tally: Tally,
): number {
  const unfiltered =
    filters.brandOk === null &&
    filters.categoryOk === null &&
    filters.currency === undefined &&
    filters.min === null &&
    filters.max === null &&
    !filters.onlyAvailable;
  const total = unfiltered
    ? countAll(columns, docs, tally)
    : countFiltered(columns, docs, scores, filters, sort, tally);
  if (unfiltered) writeKeys(columns, docs, scores, sort, tally.keys);
  return total;
}

/** No filter: every match counts in every facet and passes. */
function countAll(columns: Columns, docs: Int32Array, tally: Tally): number {
  const { brand: brandOf, category: categoryOf, currency: currencyOf, price: priceOf } = columns;
  const { brandCounts, categoryCounts, currencyCount, lows, highs } = tally;
  const size = docs.length;
  for (let index = 0; index < size; index += 1) {
    const doc = docs[index]!;
    const brand = brandOf[doc]!;
    if (brand >= 0) brandCounts[brand] = brandCounts[brand]! + 1;
    const category = categoryOf[doc]!;
    if (category >= 0) categoryCounts[category] = categoryCounts[category]! + 1;
    const money = currencyOf[doc]!;
    const price = priceOf[doc]!;
    currencyCount[money] = currencyCount[money]! + 1;
    if (price < lows[money]!) lows[money] = price;
    if (price > highs[money]!) highs[money] = price;
  }
  tally.passing.set(docs);
  return size;
}

/** The keys of every match, in order (a search without filters). */
function writeKeys(columns: Columns, docs: Int32Array, scores: Int32Array, sort: number, keys: Float64Array): void {
  if (sort === sortNumbers.RELEVANCE) {
    keys.set(scores);
    return;
  }
  const { ids, price, titleRank } = columns;
  const size = docs.length;
  if (sort === sortNumbers.PRICE_ASC) for (let index = 0; index < size; index += 1) keys[index] = price[docs[index]!]!;
  else if (sort === sortNumbers.PRICE_DESC)
    for (let index = 0; index < size; index += 1) keys[index] = -price[docs[index]!]!;
  else if (sort === sortNumbers.NEWEST) for (let index = 0; index < size; index += 1) keys[index] = -ids[docs[index]!]!;
  else for (let index = 0; index < size; index += 1) keys[index] = titleRank[docs[index]!]!;
}

/** With filters: a facet counts the matches that pass the other filters (disjunctive facets). */
function countFiltered(
  columns: Columns,
  docs: Int32Array,
  scores: Int32Array,
  filters: PassFilters,
  sort: number,
  tally: Tally,
): number {
  const {
    ids,
    titleRank,
    available,
    brand: brandOf,
    category: categoryOf,
    currency: currencyOf,
    price: priceOf,
  } = columns;
  const { brandOk, categoryOk, currency, min, max, onlyAvailable } = filters;
  const { brandCounts, categoryCounts, currencyCount, lows, highs, passing, keys } = tally;
  let total = 0;
  for (let index = 0; index < docs.length; index += 1) {
    const doc = docs[index]!;
    if (currency !== undefined && currencyOf[doc] !== currency) continue;
    if (onlyAvailable && available[doc] === 0) continue;
    const brand = brandOf[doc]!;
    const category = categoryOf[doc]!;
    const inBrands = brandOk === null || (brand >= 0 && brandOk[brand] === 1);
    const inCategories = categoryOk === null || (category >= 0 && categoryOk[category] === 1);
    const price = priceOf[doc]!;
    const money = currencyOf[doc]!;
    // A bound that is NaN (a currency it does not name, no bound for the rest) lets nothing
    // through, as NULL does in SQL.
    const inPrice = (min === null || price >= min[money]!) && (max === null || price <= max[money]!);
    if (inCategories && inPrice && brand >= 0) brandCounts[brand] = brandCounts[brand]! + 1;
    if (inBrands && inPrice && category >= 0) categoryCounts[category] = categoryCounts[category]! + 1;
    if (inBrands && inCategories) {
      currencyCount[money] = currencyCount[money]! + 1;
      if (price < lows[money]!) lows[money] = price;
      if (price > highs[money]!) highs[money] = price;
    }
    if (inBrands && inCategories && inPrice) {
      passing[total] = doc;
      keys[total] =
        sort === 0
          ? scores[index]!
          : sort === 1
            ? price
            : sort === 2
              ? -price
              : sort === 3
                ? -ids[doc]!
                : titleRank[doc]!;
      total += 1;
    }
  }
  return total;
}
