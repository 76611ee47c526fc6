// How the search ranks its matches (docs/search.md, "Ranking"): BM25's shape over the fields of a
// product. Each query word counts for the best place it matched in a product: the field's weight
// (title, brand, category, options, description), how often the word is there (saturating), the
// title's length (a shorter title that holds the word ranks higher), how it matched (the word itself,
// a completion of it, a word one typo away: a completion or a neighbour the more common it is in the
// catalog, the higher), times the word's rarity (idf over the products it matches). A product whose
// whole title the query is (every word, and only those, exactly) comes before all others.
//
// All of it in integers on typed arrays: a posting holds its field and term frequency in a byte
// (postingCode), a doc its title's number of distinct words in a byte (titleWords), a table their
// word scores (scoreTable, 32 KiB an index), and a query adds up, per doc, each word's score and
// whether the word is one of its title's words in an Int32 (wordPart). rankKeys turns those into the
// sort keys, lower first, that cursors hold.
import { MatchClass } from './search.model.js';

/** By field (SearchField order): title, brand, category, options (variant values, SKU names), description. */
export const fieldWeights = [1, 0.7, 0.5, 0.3, 0.2] as const;
/** By MatchClass: the word itself, a completion of the last word, a word one typo away. */
export const classWeights = [1, 0.7, 0.5] as const;
/** BM25's saturation of term frequency, and how much the title's length counts (the other fields: not at all). */
const k1 = 1.2;
const titleLengthWeight = 0.75;
/** Times a word in a field counted at most (5 bits of a posting's byte). */
const maxCount = 31;
/** A word's score in a doc before its rarity: in 1/wordScale, up to maxWordScore. */
const wordScale = 4096;
export const maxWordScore = 0x7fff;
/**
 * A title's distinct words counted at most (more weigh as many): a query of up to 16 words is never
 * the whole of a longer title.
 */
const titleWordsBits = 6;
export const maxTitleWords = (1 << titleWordsBits) - 1;

/** A posting's place in scoreTable: its byte and the doc's title words (at most maxTitleWords). */
export const scoreAt = (code: number, titleWords: number) => (code << titleWordsBits) | titleWords;

/** Set on a word's score in a doc when the word is one of the doc's title words, exactly. */
export const titleWordBit = 0x8000;
/** The count of query words that are title words, above the summed scores in a doc's Int32. */
const titleWordsShift = 26;
const scoreMask = (1 << titleWordsShift) - 1;
/** A doc whose whole title the query is: above any sum of scores. */
const wholeTitle = 1 << titleWordsShift;

/** A posting's byte: the field (3 bits) and the times the word is in it (5 bits, at most 31). */
export function postingCode(field: number, count: number): number {
  return field | (Math.min(count, maxCount) << 3);
}

/** The field of a posting's byte. */
export const fieldOf = (code: number) => code & 7;

/** A word's rarity (BM25's idf): the fewer of the `docs` products it matches, the more it weighs. */
export function rarity(docs: number, matching: number): number {
  const matched = Math.min(docs, matching);
  return Math.log(1 + (docs - matched + 0.5) / (matched + 0.5));
}

/**
 * A completion's or a typo neighbour's weight by the products that have it: 1 for the most common
 * of the word's, down to 0.5 for one product among many.
 */
export function commonness(docs: number, mostDocs: number): number {
  return mostDocs <= 1 ? 1 : 0.5 + (0.5 * Math.log1p(docs)) / Math.log1p(mostDocs);
}

/** A term's weight for a query word (1 at most): how it matched times how common it is. */
export function termFactor(matchClass: number, docs: number, mostDocs: number): number {
  return classWeights[matchClass]! * (matchClass === MatchClass.exact ? 1 : commonness(docs, mostDocs));
}

/**
 * A posting's word score for the word itself, by scoreAt(posting byte, the doc's title words): the
 * field's weight, saturated by the count and, in the title, by the title's length, in 1/wordScale
 * (at most (k1 + 1) × wordScale, below maxWordScore), with titleWordBit for the title. A term that
 * is not the word itself scores (entry & maxWordScore) × termFactor, without the bit.
 */
export function scoreTable(averageTitleWords: number): Uint16Array {
  const table = new Uint16Array(256 << titleWordsBits);
  const saturated = (count: number, length: number) => (count * (k1 + 1)) / (count + k1 * length);
  const average = Math.max(1, averageTitleWords);
  for (let code = 0; code < 256; code += 1) {
    const field = fieldOf(code);
    if (field >= fieldWeights.length) continue;
    for (let words = 0; words <= maxTitleWords; words += 1) {
      const length = field === 0 ? 1 - titleLengthWeight + (titleLengthWeight * Math.max(1, words)) / average : 1;
      const score = Math.round(fieldWeights[field]! * saturated(code >>> 3, length) * wordScale);
      table[scoreAt(code, words)] = field === 0 ? score | titleWordBit : score;
    }
  }
  return table;
}

/** A posting's word score (its scoreTable entry) for a term of `factor` (termFactor): the bit for the word itself. */
export function termScore(entry: number, factor: number, exact: boolean): number {
  return exact ? entry : ((entry & maxWordScore) * factor + 0.5) | 0;
}

/**
 * What a query word's best score in a doc adds to the doc's Int32: its score times the word's
 * rarity, and one title word when it is one.
 */
export function wordPart(best: number, rarityOfWord: number): number {
  return (((best & maxWordScore) * rarityOfWord + 0.5) | 0) + ((best >>> 15) << titleWordsShift);
}

/**
 * The docs' summed parts made into sort keys, in place (lower first; integers, as cursors hold
 * them): the whole-title docs first, then by score.
 */
export function rankKeys(docs: Int32Array, sums: Int32Array, titleWords: Uint8Array, queryWords: number): void {
  for (let index = 0; index < docs.length; index += 1) {
    const sum = sums[index]!;
    const titleHits = sum >>> titleWordsShift;
    const whole = titleHits === queryWords && titleHits === titleWords[docs[index]!];
    sums[index] = -((sum & scoreMask) + (whole ? wholeTitle : 0));
  }
}
