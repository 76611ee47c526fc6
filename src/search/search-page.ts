// One page of the search's matches in the sort asked for: the first `first` past the cursor, chosen
// with a bounded heap rather than a sort of every match (search-index.ts gives each match its key).
import type { IndexPage, IndexQuery, SearchSort } from './search.model.js';
import type { TitleOrder } from './search-texts.js';

/** The matches, their keys in the sort (lower first; the product id breaks ties), and what the keys stand for. */
export interface PageInput {
  docs: Int32Array;
  keys: Float64Array;
  /** Product ids by doc. */
  ids: Int32Array;
  /** The distinct titles in code point order (TITLE's keys are places in it). */
  titles: TitleOrder;
}

/** The first `first` docs past `after` in the sort's order (a bounded selection, not a sort of them all). */
export function selectPage(
  { docs, keys, ids, titles }: PageInput,
  query: IndexQuery,
): Pick<IndexPage, 'hits' | 'hasNextPage'> {
  const { sort, after } = query;
  // Past the cursor: a key above its key, or the same key and a greater id.
  let cursorKey = Number.NEGATIVE_INFINITY;
  let cursorId = Number.NEGATIVE_INFINITY;
  if (after) {
    if (sort === 'TITLE') {
      const title = String(after.key);
      cursorKey = titles.lowerBound(title);
      // A title no product has any more: every product from the next title on is past it.
      cursorId = cursorKey < titles.size && titles.at(cursorKey) === title ? after.id : Number.NEGATIVE_INFINITY;
    } else {
      cursorKey = sort === 'PRICE_DESC' || sort === 'NEWEST' ? -Number(after.key) : Number(after.key);
      cursorId = after.id;
    }
  }
  const wanted = query.first + 1;
  // A max-heap of the best `wanted` (key, id) so far, the worst on top.
  const heapKeys = new Float64Array(wanted);
  const heapDocs = new Int32Array(wanted);
  let size = 0;
  const worse = (a: number, b: number) =>
    heapKeys[a]! > heapKeys[b]! || (heapKeys[a] === heapKeys[b] && ids[heapDocs[a]!]! > ids[heapDocs[b]!]!);
  const swap = (a: number, b: number) => {
    const key = heapKeys[a]!;
    heapKeys[a] = heapKeys[b]!;
    heapKeys[b] = key;
    const doc = heapDocs[a]!;
    heapDocs[a] = heapDocs[b]!;
    heapDocs[b] = doc;
  };
  for (let index = 0; index < docs.length; index += 1) {
    const key = keys[index]!;
    const doc = docs[index]!;
    if (key < cursorKey || (key === cursorKey && ids[doc]! <= cursorId)) continue;
    if (size < wanted) {
      heapKeys[size] = key;
      heapDocs[size] = doc;
      for (let at = size; at > 0;) {
        const parent = (at - 1) >>> 1;
        if (!worse(at, parent)) break;
        swap(at, parent);
        at = parent;
      }
      size += 1;
    } else if (key < heapKeys[0]! || (key === heapKeys[0] && ids[doc]! < ids[heapDocs[0]!]!)) {
      heapKeys[0] = key;
      heapDocs[0] = doc;
      for (let at = 0; ;) {
        const left = at * 2 + 1;
        let top = at;
        if (left < size && worse(left, top)) top = left;
        if (left + 1 < size && worse(left + 1, top)) top = left + 1;
        if (top === at) break;
        swap(at, top);
        at = top;
      }
    }
  }
  const order = Array.from({ length: size }, (_value, index) => ({ doc: heapDocs[index]!, key: heapKeys[index]! }));
  order.sort((a, b) => a.key - b.key || ids[a.doc]! - ids[b.doc]!);
  const shown = order.slice(0, query.first);
  return {
    hits: shown.map(({ doc, key }) => ({
      productId: ids[doc]!,
      position: { key: positionKey(titles, sort, key), id: ids[doc]! },
    })),
    hasNextPage: order.length > query.first,
  };
}

/** The key a cursor holds: the score, the price, the id or the title, as the sort reads it. */
function positionKey(titles: TitleOrder, sort: SearchSort, key: number): number | string {
  if (sort === 'TITLE') return titles.at(key);
  if (sort === 'PRICE_DESC' || sort === 'NEWEST') return -key;
  return key;
}
