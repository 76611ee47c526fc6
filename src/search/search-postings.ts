// The search index's posting lists (search-index.ts): a term is a number (its rank in the
// vocabulary), and its posting list is docs[offsets[t] .. offsets[t + 1]] (ascending), with, for
// each doc, the best field the term is in and how many times (search-rank.ts's postingCode) in
// `codes`: three typed arrays for the whole index, however many terms. A query's words are matched
// here: a merge of their terms' lists, the rarest word first, each doc scored as it goes (search-rank.ts).
import type { IndexParts } from './search-index.parts.js';
import { rankKeys, rarity, scoreAt, scoreTable, termFactor, termScore, wordPart } from './search-rank.js';
import { MatchClass, type WordTerms } from './search.model.js';

/** Docs and their scores (then their sort keys), place by place. */
interface Matches {
  docs: Int32Array;
  scores: Int32Array;
}

/**
 * A query word as matched: its runs of terms, its postings, its rarity, and the products its most
 * common completion or neighbour has.
 */
interface Word {
  runs: WordTerms;
  postings: number;
  rarity: number;
  mostDocs: number;
}

export class PostingLists {
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly codes: Uint8Array;
  private readonly docCount: number;
  /** The distinct words of each doc's title. */
  private readonly titleWords: Uint8Array;
  /** Word scores by scoreAt(posting byte, title words): search-rank.ts's scoreTable. */
  private readonly table: Uint16Array;
  /** Scratch of a query (queries run one at a time, start to end): a stamp and a word's best score per doc. */
  private readonly stamp: Uint32Array;
  private readonly best: Uint16Array;
  private epoch = 0;
  /** Scratch of a query, a place per doc: its matches and their scores. */
  private readonly matchDocs: Int32Array;
  private readonly matchScores: Int32Array;

  /** The lists of the gathered (doc, term, code) triples, terms renumbered by `renumbered`. */
  constructor(parts: IndexParts, renumbered: Int32Array, terms: number) {
    const count = parts.docs;
    this.docCount = count;
    this.titleWords = parts.titleWords.slice(0, count);
    let titleWords = 0;
    for (let doc = 0; doc < count; doc += 1) titleWords += this.titleWords[doc]!;
    this.table = scoreTable(count === 0 ? 1 : titleWords / count);
    // The triples grouped by term (a counting sort): each term's docs stay in doc order.
    const { termOf, docOf, codeOf, triples } = parts;
    this.offsets = new Int32Array(terms + 1);
    for (let index = 0; index < triples; index += 1)
      this.offsets[renumbered[termOf[index]!]! + 1] = this.offsets[renumbered[termOf[index]!]! + 1]! + 1;
    for (let term = 0; term < terms; term += 1) this.offsets[term + 1] = this.offsets[term + 1]! + this.offsets[term]!;
    this.docs = new Int32Array(triples);
    this.codes = new Uint8Array(triples);
    const next = this.offsets.slice(0, terms);
    for (let index = 0; index < triples; index += 1) {
      const term = renumbered[termOf[index]!]!;
      const at = next[term]!;
      next[term] = at + 1;
      this.docs[at] = docOf[index]!;
      this.codes[at] = codeOf[index]!;
    }
    this.stamp = new Uint32Array(count);
    this.best = new Uint16Array(count);
    this.matchDocs = new Int32Array(count);
    this.matchScores = new Int32Array(count);
  }

  /** Bytes of the lists and of a query's scratch (outside the heap). */
  get bytes(): number {
    const arrays = [this.offsets, this.docs, this.codes, this.titleWords, this.table, this.stamp, this.best];
    return [...arrays, this.matchDocs, this.matchScores].reduce((sum, array) => sum + array.byteLength, 0);
  }

  /** Every doc's sort key when the query has no word (0: the order is the ids'), in the query's scratch. */
  noScores(): Int32Array {
    return this.matchScores.fill(0);
  }

  /** A stamp no doc holds yet. */
  private nextEpoch(): number {
    if (this.epoch === 0xffffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    this.epoch += 1;
    return this.epoch;
  }

  /** The products a term has. */
  private docsOf(term: number): number {
    return this.offsets[term + 1]! - this.offsets[term]!;
  }

  /** A query word's postings, rarity and most common completion or neighbour. */
  private word(runs: WordTerms): Word {
    let postings = 0;
    let mostDocs = 0;
    for (const { from, to, matchClass } of runs) {
      postings += this.offsets[to]! - this.offsets[from]!;
      if (matchClass === MatchClass.exact) continue;
      for (let term = from; term < to; term += 1) mostDocs = Math.max(mostDocs, this.docsOf(term));
    }
    return { runs, postings, rarity: rarity(this.docCount, postings), mostDocs };
  }

  /**
   * The docs matching every word with their sort keys (search-rank.ts): per word its best score in
   * the doc times its rarity, summed; the docs whose whole title the query is first.
   */
  match(words: readonly WordTerms[]): Matches {
    // The rarest word first: the docs it matches bound the work of the others.
    const ordered = words.map((runs) => this.word(runs)).sort((a, b) => a.postings - b.postings);
    let matches = this.matchesOf(ordered[0]!);
    for (const word of ordered.slice(1)) {
      if (matches.docs.length === 0) break;
      matches = this.narrow(matches, word);
    }
    rankKeys(matches.docs, matches.scores, this.titleWords, words.length);
    return matches;
  }

  /** The docs of a word's terms, each once with its part of the score. */
  private matchesOf(word: Word): Matches {
    const { stamp, best, offsets, docs: postingDocs, codes, titleWords, table } = this;
    // Each doc once: at most one place per doc (the scratch arrays, reused by every query).
    const docs = this.matchDocs;
    const scores = this.matchScores;
    let size = 0;
    const [only] = word.runs;
    if (word.runs.length === 1 && only!.to - only!.from === 1) {
      // One term: its posting list is the docs, once each.
      const from = offsets[only!.from]!;
      size = offsets[only!.to]! - from;
      const factor = termFactor(only!.matchClass, size, word.mostDocs);
      const exact = only!.matchClass === MatchClass.exact;
      docs.set(postingDocs.subarray(from, from + size));
      for (let index = 0; index < size; index += 1) {
        const score = termScore(table[scoreAt(codes[from + index]!, titleWords[docs[index]!]!)]!, factor, exact);
        scores[index] = wordPart(score, word.rarity);
      }
      return { docs: docs.subarray(0, size), scores: scores.subarray(0, size) };
    }
    const seen = this.nextEpoch();
    for (const { from: firstTerm, to: lastTerm, matchClass } of word.runs) {
      const exact = matchClass === MatchClass.exact;
      for (let term = firstTerm; term < lastTerm; term += 1) {
        const factor = termFactor(matchClass, this.docsOf(term), word.mostDocs);
        for (let at = offsets[term]!; at < offsets[term + 1]!; at += 1) {
          const doc = postingDocs[at]!;
          const score = termScore(table[scoreAt(codes[at]!, titleWords[doc]!)]!, factor, exact);
          if (stamp[doc] !== seen) {
            stamp[doc] = seen;
            best[doc] = score;
            docs[size] = doc;
            size += 1;
          } else if (score > best[doc]!) best[doc] = score;
        }
      }
    }
    for (let index = 0; index < size; index += 1) scores[index] = wordPart(best[docs[index]!]!, word.rarity);
    return { docs: docs.subarray(0, size), scores: scores.subarray(0, size) };
  }

  /** Of the matches, those that the word matches too, its part of the score added: in place. */
  private narrow({ docs, scores }: Matches, word: Word): Matches {
    const { stamp, best, offsets, docs: postingDocs, codes, titleWords, table } = this;
    const member = this.nextEpoch();
    for (let index = 0; index < docs.length; index += 1) stamp[docs[index]!] = member;
    const hit = this.nextEpoch();
    const note = (at: number, factor: number, exact: boolean) => {
      const doc = postingDocs[at]!;
      const mark = stamp[doc];
      if (mark !== member && mark !== hit) return;
      const score = termScore(table[scoreAt(codes[at]!, titleWords[doc]!)]!, factor, exact);
      if (mark === member) {
        stamp[doc] = hit;
        best[doc] = score;
      } else if (score > best[doc]!) best[doc] = score;
    };
    for (const { from: firstTerm, to: lastTerm, matchClass } of word.runs) {
      const exact = matchClass === MatchClass.exact;
      for (let term = firstTerm; term < lastTerm; term += 1) {
        const from = offsets[term]!;
        const to = offsets[term + 1]!;
        const factor = termFactor(matchClass, to - from, word.mostDocs);
        if (to - from === this.docCount) {
          // A term every product has ("product" in every title): its list is every doc in order, a
          // doc's place is the doc.
          for (let index = 0; index < docs.length; index += 1) note(from + docs[index]!, factor, exact);
        } else if (docs.length * Math.log2(to - from + 1) < to - from) {
          // Few docs left against a long list (a rare word with a common one): each looked up in it.
          for (let index = 0; index < docs.length; index += 1) {
            const at = findIn(postingDocs, from, to, docs[index]!);
            if (at >= 0) note(at, factor, exact);
          }
        } else for (let at = from; at < to; at += 1) note(at, factor, exact);
      }
    }
    let kept = 0;
    for (let index = 0; index < docs.length; index += 1) {
      const doc = docs[index]!;
      if (stamp[doc] !== hit) continue;
      docs[kept] = doc;
      scores[kept] = scores[index]! + wordPart(best[doc]!, word.rarity);
      kept += 1;
    }
    return { docs: docs.subarray(0, kept), scores: scores.subarray(0, kept) };
  }
}

/** Where `value` is in the ascending `sorted[from .. to)`, or -1. */
function findIn(sorted: Int32Array, from: number, to: number, value: number): number {
  let low = from;
  let high = to - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = sorted[middle]!;
    if (at === value) return middle;
    if (at < value) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
