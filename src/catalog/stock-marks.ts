// Where a kept answer shows SKU quantities, so that a stock change rewrites those numbers in the
// kept bytes instead of dropping the answer (http/answer-cache.ts). A stock change (a submit, a
// cancelled order, another process's) moves one column only, a SKU's qtyAvailable: nothing else
// of a catalog answer depends on it, so an answer whose quantities are all known stays true once
// they are rewritten.
//
// A REST answer's shape is ours: its quantities are found by their member name (quantitiesIn).
// A GraphQL answer's is the caller's (aliases, any selection): while an answer to keep is
// executed, each read of a SKU's quantity returns a mark instead, a number unique to that read (a
// random window of ten-digit Ints, one a read). After the execution the answer's data must hold
// every mark exactly once and no other number equal to one; otherwise the operation runs again
// unmarked (graphql/executor.ts) and its answer is kept as before, dropped when a product in it
// changes. In the answer's text each mark is then an object member's value
// (`"name":1234567890`): no JSON string can hold an unescaped quote followed by a colon, and
// response names end in a letter, digit or underscore. Each is replaced by the SKU's quantity, and
// its place (bytes) kept.
import type { SkuRecord } from './catalog.model.js';

/**
 * What a request carries of them: the marks of the answer the answer cache keeps, if any (set
 * before the operation runs: GraphQL's copies of the context share them).
 */
export interface StockMarksContext {
  stockMarks: StockMarks | null;
}

/** The quantities in an answer's bytes: one entry a place, in order. */
export interface StockHoles {
  skuIds: Int32Array;
  /** Each place's SKU's product. */
  productIds: Int32Array;
  /** Byte offsets of each quantity in the body, and of its end. */
  starts: Uint32Array;
  ends: Uint32Array;
}

/** Marks one execution may hand out; past them reads answer the quantity and the marks fail. */
const capacity = 50_000;
const window = 100_000;
const quote = 34;
const colon = 58;

const isDigit = (code: number) => code >= 48 && code <= 57;
const isNameEnd = (code: number) =>
  isDigit(code) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
/** Whether a character may continue a JSON number. */
const continuesNumber = (code: number) => isDigit(code) || code === 46 || code === 101 || code === 69;

export class StockMarks {
  /** The first mark: ten digits, all marks of this execution share their first five. */
  private readonly base: number;
  private readonly prefix: string;
  /** The SKU each mark was handed out for, in order. */
  private readonly read: SkuRecord[] = [];
  /** From start() (a catalog-only operation) until stop() or a settle() that found them unfit. */
  private marking = false;
  private stopped = false;
  /** The execution is done: reads answer the quantities. */
  private settled = false;
  /** More reads than `capacity`: some answered the quantities. */
  private overflowed = false;

  constructor(random: () => number = Math.random) {
    // Prefixes 10000-21473 keep every mark below 2^31 (a GraphQL Int).
    const prefix = 10_000 + Math.floor(random() * 11_474);
    this.prefix = String(prefix);
    this.base = prefix * window + Math.floor(random() * (window - capacity));
  }

  /** Whether marks are handed out: from start() until the execution is settled or stopped. */
  get active(): boolean {
    return this.marking && !this.settled;
  }

  /** Marks are handed out from now on (the executor, for an operation that reads the catalog only). */
  start(): void {
    if (!this.stopped && !this.settled) this.marking = true;
  }

  /** Whether the answer's text holds marks that fill() must replace. */
  get inText(): boolean {
    return this.marking && this.settled && this.read.length > 0;
  }

  /** How many marks were handed out. */
  get issued(): number {
    return this.read.length;
  }

  /** The SKU as this execution sees it: its quantity read as a mark. */
  mark(sku: SkuRecord): SkuRecord {
    const seen = { ...sku };
    Object.defineProperty(seen, 'qtyAvailable', { enumerable: true, get: () => this.quantity(sku) });
    return seen;
  }

  /** A read of the SKU's quantity: a new mark while marks are handed out. */
  private quantity(sku: SkuRecord): number {
    if (!this.active) return sku.qtyAvailable;
    if (this.read.length >= capacity) {
      // Too many to follow: this execution's answer cannot be kept with its quantities.
      this.overflowed = true;
      return sku.qtyAvailable;
    }
    this.read.push(sku);
    return this.base + this.read.length - 1;
  }

  /**
   * Once the execution is done (reads from then on answer the quantities, even those of resolvers
   * still running): whether its data can be sent. Yes when it holds every mark handed out exactly
   * once and no other number equal to one (fill() then finds them), or when it holds none (errors
   * took them out; nothing to replace, nothing kept); otherwise marking stops and the operation must
   * run again.
   */
  settle(data: unknown): boolean {
    this.settled = true;
    if (!this.marking) return true;
    const count = this.read.length;
    const found = new Uint8Array(count);
    let clean = !this.overflowed;
    let present = 0;
    const walk = (value: unknown): void => {
      if (typeof value === 'number') {
        const index = value - this.base;
        if (index >= 0 && index < count && Number.isInteger(index)) {
          if (found[index] === 1) clean = false;
          found[index] = 1;
          present += 1;
        }
      } else if (Array.isArray(value)) {
        for (const item of value) walk(item);
      } else if (value !== null && typeof value === 'object') {
        for (const key in value) walk((value as Record<string, unknown>)[key]);
      }
    };
    walk(data);
    if (clean && present === count) return true;
    this.stop();
    return present === 0;
  }

  /** Stops marking, for good: reads answer the quantities, and the answer is not filled. */
  stop(): void {
    this.marking = false;
    this.stopped = true;
  }

  /**
   * The answer's text with every mark replaced by its SKU's quantity, and where the quantities are
   * (none: it shows no quantity; null: not all of them were found, as when the answer was replaced
   * by an error, and it must not be kept so); null when the answer was not marked.
   */
  fill(text: string): { text: string; holes: StockHoles | null } | null {
    const count = this.read.length;
    if (!this.marking || !this.settled) return null;
    const parts: string[] = [];
    const skuIds = new Int32Array(count);
    const productIds = new Int32Array(count);
    const starts = new Uint32Array(count);
    const ends = new Uint32Array(count);
    const filled = new Uint8Array(count);
    let found = 0;
    let copied = 0;
    let bytes = 0;
    for (let at = text.indexOf(this.prefix); at !== -1; at = text.indexOf(this.prefix, at + 1)) {
      const end = at + 10;
      if (
        text.charCodeAt(at - 1) !== colon ||
        text.charCodeAt(at - 2) !== quote ||
        !isNameEnd(text.charCodeAt(at - 3)) ||
        continuesNumber(text.charCodeAt(end))
      )
        continue;
      const digits = text.slice(at, end);
      if (!/^\d{10}$/.test(digits)) continue;
      const index = Number(digits) - this.base;
      if (index < 0 || index >= count) continue;
      // settle() found each mark once in the data; a second one here is not the data's.
      if (filled[index] === 1) continue;
      filled[index] = 1;
      const sku = this.read[index]!;
      const before = text.slice(copied, at);
      const quantity = String(sku.qtyAvailable);
      bytes += Buffer.byteLength(before);
      parts.push(before, quantity);
      skuIds[found] = sku.skuId;
      productIds[found] = sku.productId;
      starts[found] = bytes;
      bytes += quantity.length;
      ends[found] = bytes;
      found += 1;
      copied = end;
      at = end - 1;
    }
    parts.push(text.slice(copied));
    return { text: parts.join(''), holes: found === count ? { skuIds, productIds, starts, ends } : null };
  }
}

const quantityKey = '"qty_available":';
/** A REST SKU object's start: its id and its product's, the first of its fields (catalog.fields.ts). */
const skuStart = /\{"sku_id":(\d+),"product_id":(\d+),/y;
const quantityValue = /-?\d+(?=[,}])/y;

/**
 * Where a REST answer's text shows SKU quantities: each `"qty_available":` member, in the SKU
 * object that holds it (the nearest `{"sku_id":…,"product_id":…,` before it: no field before the
 * quantity holds an object). No JSON string can hold either pattern (its quotes would be escaped).
 * Null when one does not read so: the answer is then dropped by a stock change.
 */
export function quantitiesIn(text: string): StockHoles | null {
  const skuIds: number[] = [];
  const productIds: number[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let bytes = 0;
  let counted = 0;
  for (let at = text.indexOf(quantityKey); at !== -1; at = text.indexOf(quantityKey, at + quantityKey.length)) {
    const start = at + quantityKey.length;
    quantityValue.lastIndex = start;
    const value = quantityValue.exec(text);
    const open = text.lastIndexOf('{"sku_id":', at);
    skuStart.lastIndex = open;
    const sku = open === -1 ? null : skuStart.exec(text);
    if (!value || !sku) return null;
    bytes += Buffer.byteLength(text.slice(counted, start));
    skuIds.push(Number(sku[1]));
    productIds.push(Number(sku[2]));
    starts.push(bytes);
    bytes += value[0].length;
    ends.push(bytes);
    counted = start + value[0].length;
  }
  return {
    skuIds: Int32Array.from(skuIds),
    productIds: Int32Array.from(productIds),
    starts: Uint32Array.from(starts),
    ends: Uint32Array.from(ends),
  };
}

/**
 * The body with the current quantities of the SKUs of `products` written at their places (the
 * others as they are), and the places moved with them; null when such a SKU is missing from
 * `quantities` (gone since: the answer cannot be mended).
 */
export function restocked(
  body: Buffer,
  holes: StockHoles,
  products: ReadonlySet<number>,
  quantities: ReadonlyMap<number, number>,
): { body: Buffer; holes: StockHoles } | null {
  const count = holes.skuIds.length;
  const texts: (string | null)[] = new Array<string | null>(count).fill(null);
  let length = body.length;
  for (let index = 0; index < count; index += 1) {
    if (!products.has(holes.productIds[index]!)) continue;
    const quantity = quantities.get(holes.skuIds[index]!);
    if (quantity === undefined) return null;
    const text = String(quantity);
    texts[index] = text;
    length += text.length - (holes.ends[index]! - holes.starts[index]!);
  }
  const starts = new Uint32Array(count);
  const ends = new Uint32Array(count);
  // Its own memory (not a slice of Node's shared pool), for as long as the answer is kept.
  const out = Buffer.allocUnsafeSlow(length);
  let from = 0;
  let to = 0;
  for (let index = 0; index < count; index += 1) {
    const start = holes.starts[index]!;
    const end = holes.ends[index]!;
    to += body.copy(out, to, from, start);
    const text = texts[index];
    starts[index] = to;
    to += text === null || text === undefined ? body.copy(out, to, start, end) : out.write(text, to, 'latin1');
    ends[index] = to;
    from = end;
  }
  body.copy(out, to, from);
  return { body: out, holes: { ...holes, starts, ends } };
}
