// The search index's posting lists (search-index.ts): a term is a number (its rank in the
// vocabulary), and its posting list is docs[offsets[t] .. offsets[t + 1]] (ascending), with the best
// field the term is in for each doc in `fields`: three typed arrays for the whole index, however
// many terms. A query's words are matched here: a merge of their terms' lists, the rarest word first.
import type { IndexParts } from './search-index.parts.js';
import type { WordTerms } from './search.model.js';

/** Docs and their scores, place by place. */
interface Matches {
  docs: Int32Array;
  scores: Int32Array;
}

export class PostingLists {
  private readonly offsets: Int32Array;
  private readonly docs: Int32Array;
  private readonly fields: Uint8Array;
  private readonly docCount: number;
  /** Scratch of a query (queries run one at a time, start to end): a stamp and a best score per doc. */
  private readonly stamp: Uint32Array;
  private readonly best: Uint8Array;
  private epoch = 0;
  /** Scratch of a query, a place per doc: its matches and their scores. */
  private readonly matchDocs: Int32Array;
  private readonly matchScores: Int32Array;

  /** The lists of the gathered (doc, term, field) triples, terms renumbered by `renumbered`. */
  constructor(parts: IndexParts, renumbered: Int32Array, terms: number) {
    const count = parts.docs;
    this.docCount = count;
    // The triples grouped by term (a counting sort): each term's docs stay in doc order.
    const { termOf, docOf, fieldOf, triples } = parts;
    this.offsets = new Int32Array(terms + 1);
    for (let index = 0; index < triples; index += 1)
      this.offsets[renumbered[termOf[index]!]! + 1] = this.offsets[renumbered[termOf[index]!]! + 1]! + 1;
    for (let term = 0; term < terms; term += 1) this.offsets[term + 1] = this.offsets[term + 1]! + this.offsets[term]!;
    this.docs = new Int32Array(triples);
    this.fields = new Uint8Array(triples);
    const next = this.offsets.slice(0, terms);
    for (let index = 0; index < triples; index += 1) {
      const term = renumbered[termOf[index]!]!;
      const at = next[term]!;
      next[term] = at + 1;
      this.docs[at] = docOf[index]!;
      this.fields[at] = fieldOf[index]!;
    }
    this.stamp = new Uint32Array(count);
    this.best = new Uint8Array(count);
    this.matchDocs = new Int32Array(count);
    this.matchScores = new Int32Array(count);
  }

  /** Bytes of the lists and of a query's scratch (outside the heap). */
  get bytes(): number {
    return [this.offsets, this.docs, this.fields, this.stamp, this.best, this.matchDocs, this.matchScores].reduce(
      (sum, array) => sum + array.byteLength,
      0,
    );
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

  /** The postings of a word's runs of terms. */
  private postings(runs: WordTerms): number {
    let sum = 0;
    for (const run of runs) sum += this.offsets[run.to]! - this.offsets[run.from]!;
    return sum;
  }

  /** The docs matching every word, with their scores (the sum of each word's best field × 3 + class). */
  match(words: readonly WordTerms[]): Matches {
    // The rarest word first: the docs it matches bound the work of the others.
    const ordered = words
      .map((runs) => ({ runs, postings: this.postings(runs) }))
      .sort((a, b) => a.postings - b.postings);
    let matches = this.matchesOf(ordered[0]!.runs);
    for (const { runs } of ordered.slice(1)) {
      if (matches.docs.length === 0) break;
      matches = this.narrow(matches, runs);
    }
    return matches;
  }

  /** The docs of a word's terms, each once with its best score. */
  private matchesOf(first: WordTerms): Matches {
    const { stamp, best, offsets, docs: postingDocs, fields: postingFields } = this;
    // Each doc once: at most one place per doc (the scratch arrays, reused by every query).
    const docs = this.matchDocs;
    const scores = this.matchScores;
    let size = 0;
    if (first.length === 1 && first[0]!.to - first[0]!.from === 1) {
      // One term: its posting list is the docs, once each.
      const { from: term, matchClass } = first[0]!;
      const from = offsets[term]!;
      size = offsets[term + 1]! - from;
      docs.set(postingDocs.subarray(from, from + size));
      for (let index = 0; index < size; index += 1) scores[index] = postingFields[from + index]! * 3 + matchClass;
      return { docs: docs.subarray(0, size), scores: scores.subarray(0, size) };
    }
    const seen = this.nextEpoch();
    for (const { from: firstTerm, to: lastTerm, matchClass } of first) {
      for (let at = offsets[firstTerm]!; at < offsets[lastTerm]!; at += 1) {
        const doc = postingDocs[at]!;
        const score = postingFields[at]! * 3 + matchClass;
        if (stamp[doc] !== seen) {
          stamp[doc] = seen;
          best[doc] = score;
          docs[size] = doc;
          size += 1;
        } else if (score < best[doc]!) best[doc] = score;
      }
    }
    for (let index = 0; index < size; index += 1) scores[index] = best[docs[index]!]!;
    return { docs: docs.subarray(0, size), scores: scores.subarray(0, size) };
  }

  /** Of the matches, those that the word matches too, its best score added: in place. */
  private narrow({ docs, scores }: Matches, runs: WordTerms): Matches {
    const { stamp, best, offsets, docs: postingDocs, fields: postingFields } = this;
    const member = this.nextEpoch();
    for (let index = 0; index < docs.length; index += 1) stamp[docs[index]!] = member;
    const hit = this.nextEpoch();
    const note = (at: number, matchClass: number) => {
      const doc = postingDocs[at]!;
      const mark = stamp[doc];
      if (mark !== member && mark !== hit) return;
      const score = postingFields[at]! * 3 + matchClass;
      if (mark === member) {
        stamp[doc] = hit;
        best[doc] = score;
      } else if (score < best[doc]!) best[doc] = score;
    };
    for (const { from: firstTerm, to: lastTerm, matchClass } of runs) {
      const from = offsets[firstTerm]!;
      const to = offsets[lastTerm]!;
      const single = lastTerm - firstTerm === 1;
      if (single && to - from === this.docCount) {
        // A term every product has ("product" in every title): its list is every doc in order, a
        // doc's place is the doc.
        for (let index = 0; index < docs.length; index += 1) note(from + docs[index]!, matchClass);
      } else if (single && docs.length * Math.log2(to - from + 1) < to - from) {
        // Few docs left against a long list (a rare word with a common one): each looked up in it.
        for (let index = 0; index < docs.length; index += 1) {
          const at = findIn(postingDocs, from, to, docs[index]!);
          if (at >= 0) note(at, matchClass);
        }
      } else for (let at = from; at < to; at += 1) note(at, matchClass);
    }
    let kept = 0;
    for (let index = 0; index < docs.length; index += 1) {
      const doc = docs[index]!;
      if (stamp[doc] !== hit) continue;
      docs[kept] = doc;
      scores[kept] = scores[index]! + best[doc]!;
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
