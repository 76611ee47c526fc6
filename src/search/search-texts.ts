// Texts of the search index outside the JavaScript heap: the titles and the terms of a whole
// catalog (a million products: a million titles and as many terms) as UTF-16 units in one growing
// typed array, each text numbered in order of addition, compared in code point order without
// being made into strings; the terms found again by a hash table of typed arrays. The heap holds
// none of them, so the index's heap stays the same whatever the catalog's size.
import { codePointOrder } from '../domain/code-point-order.js';

/** `from` grown to hold at least `size` elements (doubling), its values kept. */
export function grown<T extends Int32Array | Uint16Array | Uint8Array | Float64Array>(from: T, size: number): T {
  if (size <= from.length) return from;
  let length = Math.max(16, from.length);
  while (length < size) length *= 2;
  const into = new (from.constructor as new (length: number) => T)(length);
  into.set(from);
  return into;
}

/** Texts numbered 0, 1, … in order of addition. */
export class TextPack {
  private units = new Uint16Array(1 << 12);
  /** Text n is units[starts[n] .. starts[n + 1]). */
  private starts = new Int32Array(1 << 10);
  private used = 0;
  count = 0;

  /** Bytes of its arrays. */
  get bytes(): number {
    return this.units.byteLength + this.starts.byteLength;
  }

  add(text: string): number {
    const number = this.count;
    this.units = grown(this.units, this.used + text.length);
    this.starts = grown(this.starts, number + 2);
    for (let index = 0; index < text.length; index += 1) this.units[this.used + index] = text.charCodeAt(index);
    this.used += text.length;
    this.count += 1;
    this.starts[this.count] = this.used;
    return number;
  }

  at(number: number): string {
    const from = this.starts[number]!;
    const to = this.starts[number + 1]!;
    let text = '';
    // In slices: String.fromCharCode takes its units as arguments.
    for (let at = from; at < to; at += 4096)
      text += String.fromCharCode(...this.units.subarray(at, Math.min(to, at + 4096)));
    return text;
  }

  /**
   * Text `number` against `text`, in code point order (<0, 0, >0); `prefixOnly`: 0 when the stored
   * text starts with `text`.
   */
  compare(number: number, text: string, prefixOnly = false): number {
    const from = this.starts[number]!;
    const length = this.starts[number + 1]! - from;
    const shorter = Math.min(length, text.length);
    for (let index = 0; index < shorter; index += 1) {
      const x = this.units[from + index]!;
      const y = text.charCodeAt(index);
      if (x !== y) return codePointOrder(x) - codePointOrder(y);
    }
    if (prefixOnly && length >= text.length) return 0;
    return length - text.length;
  }

  /** Two stored texts, in code point order. */
  compareStored(a: number, b: number): number {
    const fromA = this.starts[a]!;
    const fromB = this.starts[b]!;
    const lengthA = this.starts[a + 1]! - fromA;
    const lengthB = this.starts[b + 1]! - fromB;
    const shorter = Math.min(lengthA, lengthB);
    for (let index = 0; index < shorter; index += 1) {
      const x = this.units[fromA + index]!;
      const y = this.units[fromB + index]!;
      if (x !== y) return codePointOrder(x) - codePointOrder(y);
    }
    return lengthA - lengthB;
  }

  /** Lets go of the room left for texts to come (none may be added after). */
  compact(): void {
    this.units = this.units.slice(0, this.used);
    this.starts = this.starts.slice(0, this.count + 1);
  }

  /** Text `number`'s hash: hashOf(at(number)), without making the string. */
  hashAt(number: number): number {
    let hash = 0x811c9dc5;
    for (let at = this.starts[number]!; at < this.starts[number + 1]!; at += 1)
      hash = Math.imul(hash ^ this.units[at]!, 0x01000193);
    return hash >>> 0;
  }

  /** The numbers of the texts in code point order (equal texts by number). */
  sorted(): Int32Array {
    const order = new Int32Array(this.count);
    for (let number = 0; number < this.count; number += 1) order[number] = number;
    return order.sort((a, b) => this.compareStored(a, b) || a - b);
  }
}

/** A text's hash (FNV-1a over its UTF-16 units). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** Distinct texts numbered in order of first sight, found again by their text (a Map<string, number> off the heap). */
export class TextTable {
  readonly pack = new TextPack();
  /** Open addressing: a text's number + 1 at the first free place from its hash on (0: free). */
  private slots = new Int32Array(1 << 12);

  get count(): number {
    return this.pack.count;
  }

  get bytes(): number {
    return this.pack.bytes + this.slots.byteLength;
  }

  find(text: string): number | undefined {
    const mask = this.slots.length - 1;
    for (let at = hashOf(text) & mask; ; at = (at + 1) & mask) {
      const slot = this.slots[at]!;
      if (slot === 0) return undefined;
      if (this.pack.compare(slot - 1, text) === 0) return slot - 1;
    }
  }

  /** The text's number, numbered now when it is new (`isNew` then true). */
  number(text: string): { number: number; isNew: boolean } {
    const mask = this.slots.length - 1;
    let at = hashOf(text) & mask;
    for (; ; at = (at + 1) & mask) {
      const slot = this.slots[at]!;
      if (slot === 0) break;
      if (this.pack.compare(slot - 1, text) === 0) return { number: slot - 1, isNew: false };
    }
    const number = this.pack.add(text);
    this.slots[at] = number + 1;
    // At most half full: probes stay short.
    if (this.pack.count * 2 > this.slots.length) this.rehash(this.slots.length * 2);
    return { number, isNew: true };
  }

  private rehash(size: number): void {
    const slots = new Int32Array(size);
    const mask = size - 1;
    for (let number = 0; number < this.pack.count; number += 1) {
      let at = this.pack.hashAt(number) & mask;
      while (slots[at] !== 0) at = (at + 1) & mask;
      slots[at] = number + 1;
    }
    this.slots = slots;
  }
}

/**
 * The terms of a table in code point order: a term's rank by its text, and the ranks of the terms
 * with a prefix (one run).
 */
export class Vocabulary {
  /** The table's number of the term of each rank. */
  private readonly order: Int32Array;
  /** The rank of each of the table's numbers. */
  readonly rankOf: Int32Array;

  constructor(private readonly table: TextTable) {
    table.pack.compact();
    this.order = table.pack.sorted();
    this.rankOf = new Int32Array(this.order.length);
    for (let rank = 0; rank < this.order.length; rank += 1) this.rankOf[this.order[rank]!] = rank;
  }

  get size(): number {
    return this.order.length;
  }

  get bytes(): number {
    return this.table.bytes + this.order.byteLength + this.rankOf.byteLength;
  }

  /** The term's rank, or undefined: no such term. */
  find(text: string): number | undefined {
    const number = this.table.find(text);
    return number === undefined ? undefined : this.rankOf[number];
  }

  /** The ranks of the terms that start with `prefix`, but `prefix` itself: from, to (exclusive). */
  prefixRun(prefix: string): { from: number; to: number } {
    const { pack } = this.table;
    let low = 0;
    let high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (pack.compare(this.order[middle]!, prefix) < 0) low = middle + 1;
      else high = middle;
    }
    const from = low < this.order.length && pack.compare(this.order[low]!, prefix) === 0 ? low + 1 : low;
    // The first term past the run: those with the prefix are contiguous in code point order.
    low = from;
    high = this.order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (pack.compare(this.order[middle]!, prefix, true) === 0) low = middle + 1;
      else high = middle;
    }
    return { from, to: low };
  }
}

/** The distinct titles in code point order: each doc's title's place among them, and a title by its place. */
export class TitleOrder {
  /** By doc: its title's rank. */
  readonly rankOf: Int32Array;
  /** By rank: a doc with that title. */
  private readonly docOf: Int32Array;

  constructor(private readonly titles: TextPack) {
    titles.compact();
    const sorted = titles.sorted();
    this.rankOf = new Int32Array(titles.count);
    let distinct = 0;
    for (let at = 0; at < sorted.length; at += 1) {
      if (at > 0 && titles.compareStored(sorted[at - 1]!, sorted[at]!) !== 0) distinct += 1;
      this.rankOf[sorted[at]!] = distinct;
      sorted[distinct] = sorted[at]!;
    }
    this.docOf = sorted.slice(0, sorted.length === 0 ? 0 : distinct + 1);
  }

  get size(): number {
    return this.docOf.length;
  }

  get bytes(): number {
    return this.titles.bytes + this.rankOf.byteLength + this.docOf.byteLength;
  }

  at(rank: number): string {
    return this.titles.at(this.docOf[rank]!);
  }

  /** The first rank whose title is not below `title` (code point order). */
  lowerBound(title: string): number {
    let low = 0;
    let high = this.docOf.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.titles.compare(this.docOf[middle]!, title) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
