// The similar section of a catalog document: pairs of a product and one of its curated
// comparables. A document may list very many, so they are kept compactly (lists of integers);
// pairs naming a product the document has not had yet, and duplicate pairs, are decided once the
// document is read.
import { IntList, IntMap } from './ids.js';
import { catalogLimits } from '../document/limits.js';
import type { RawSimilarPair } from '../document/schema.js';
import type { Checker, Json } from './checker.js';

const { maxSimilar } = catalogLimits;

/** The document's similar pairs, in document order, grouped by product once the document is read. */
export class SimilarPairs {
  /**
   * Curated comparables, in document order: product id, similar id (0 once found a duplicate)
   * and index of each pair. Duplicates are found once the document is read (finish).
   */
  private readonly pairProducts = new IntList();
  private readonly pairSimilars = new IntList();
  private readonly pairIndexes = new IntList();
  /** The ordinal of `$.similar[0]`, for problems found at the end. */
  private similarOrdinal = 0;
  /** Products with comparables, in order of first appearance: product id → its rank. */
  private readonly similarRank = new IntMap();
  /** Pairs of each product, by rank. */
  private readonly similarCounts = new IntList();
  /** The pairs grouped by product (rank), in document order within each: filled by finish(). */
  private grouped: { starts: Int32Array; order: Int32Array } | null = null;
  /** Pairs naming a product the document had not had yet: ordinal, index, product id, similar id. */
  private readonly pendingPairs = new IntList();

  constructor(
    private readonly check: Checker,
    /** Whether a product of this id is in the database or was read already. */
    private readonly productExists: (id: number) => boolean,
  ) {}

  /** A pair of the document, the record of this ordinal; `productsRead`: the document's products have all been read. */
  add(value: Json, index: number, ordinal: number, productsRead: boolean): void {
    const path = `$.similar[${index}]`;
    const pair = this.check.object<RawSimilarPair>(value, path);
    if (!pair) return;
    const productId = this.check.id(pair, 'product_id', path);
    const similarId = this.check.id(pair, 'similar_product_id', path);
    if (Number.isNaN(productId) || Number.isNaN(similarId)) return;
    let rank = this.similarRank.get(productId);
    if (rank === undefined) {
      rank = this.similarRank.size;
      this.similarRank.set(productId, rank);
      this.similarCounts.push(0);
    }
    const count = this.similarCounts.at(rank) + 1;
    this.similarCounts.set(rank, count);
    // Pairs past the limit are not kept: a document that long is refused anyway.
    if (count > maxSimilar) {
      if (count === maxSimilar + 1)
        this.check.fail(path, `product ${productId} has more than ${maxSimilar} similar products`);
      return;
    }
    if (productsRead || (this.productExists(productId) && this.productExists(similarId)))
      this.checkPair(path, productId, similarId, ordinal);
    else for (const part of [ordinal, index, productId, similarId]) this.pendingPairs.push(part);
    if (productId === similarId) this.check.fail(path, 'a product cannot be similar to itself');
    this.similarOrdinal = ordinal - index;
    this.pairProducts.push(productId);
    this.pairSimilars.push(similarId);
    this.pairIndexes.push(index);
  }

  /** The document has been read: decides the pairs that were pending, then finds the duplicates. */
  finish(): void {
    const pairs = this.pendingPairs;
    for (let at = 0; at < pairs.length; at += 4)
      this.checkPair(`$.similar[${pairs.at(at + 1)}]`, pairs.at(at + 2), pairs.at(at + 3), pairs.at(at));
    pairs.clear();
    this.grouped ??= this.group();
    this.findDuplicatePairs(this.grouped);
  }

  /**
   * Products whose comparables the document lists, in order of first appearance, with their lists
   * in document order.
   */
  *lists(): Generator<[number, number[]]> {
    const { starts, order } = (this.grouped ??= this.group());
    for (let rank = 0; rank + 1 < starts.length; rank += 1) {
      const ids: number[] = [];
      for (let at = starts[rank]!; at < starts[rank + 1]!; at += 1) {
        const similar = this.pairSimilars.at(order[at]!);
        if (similar !== 0) ids.push(similar);
      }
      yield [this.pairProducts.at(order[starts[rank]!]!), ids];
    }
  }

  /** Groups the pairs by product (a counting sort on the product's rank, so document order within each). */
  private group(): { starts: Int32Array; order: Int32Array } {
    const products = this.pairProducts;
    const count = products.length;
    const ranks = this.similarRank.size;
    const starts = new Int32Array(ranks + 1);
    for (let at = 0; at < count; at += 1) starts[this.similarRank.get(products.at(at))! + 1]! += 1;
    for (let rank = 0; rank < ranks; rank += 1) starts[rank + 1]! += starts[rank]!;
    const order = new Int32Array(count);
    const next = starts.slice(0, ranks);
    for (let at = 0; at < count; at += 1) order[next[this.similarRank.get(products.at(at))!]!++] = at;
    return { starts, order };
  }

  /** A product's list naming a product twice: the later pairs are duplicates (and left out). */
  private findDuplicatePairs(grouped: { starts: Int32Array; order: Int32Array }): void {
    const { starts, order } = grouped;
    const similars = this.pairSimilars;
    const duplicate = (at: number, first: number) => {
      const index = this.pairIndexes.at(at);
      this.check.fail(
        `$.similar[${index}]`,
        `duplicate similar pair (first at $.similar[${this.pairIndexes.at(first)}])`,
        this.similarOrdinal + index,
      );
      similars.set(at, 0);
    };
    for (let rank = 0; rank + 1 < starts.length; rank += 1) {
      const from = starts[rank]!;
      const to = starts[rank + 1]!;
      if (to - from <= 16) {
        for (let i = from + 1; i < to; i += 1) {
          for (let j = from; j < i; j += 1) {
            if (similars.at(order[j]!) === similars.at(order[i]!)) {
              duplicate(order[i]!, order[j]!);
              break;
            }
          }
        }
        continue;
      }
      const seen = new Map<number, number>();
      for (let i = from; i < to; i += 1) {
        const similar = similars.at(order[i]!);
        const first = seen.get(similar);
        if (first !== undefined) duplicate(order[i]!, first);
        else seen.set(similar, order[i]!);
      }
    }
  }

  private checkPair(path: string, productId: number, similarId: number, ordinal: number): void {
    if (!this.productExists(productId))
      this.check.fail(`${path}.product_id`, `no product ${productId} in the document or the database`, ordinal);
    if (!this.productExists(similarId))
      this.check.fail(`${path}.similar_product_id`, `no product ${similarId} in the document or the database`, ordinal);
  }
}
