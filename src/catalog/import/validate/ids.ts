// Compact per-id state for the import: hash tables and lists of 32-bit integers in typed arrays.
// A catalog of 200,000 products, 600,000 SKUs and 1,000,000 similar pairs keeps a few tens of
// MiB here, outside the JavaScript heap: a Map of that many entries would cost more and, being
// live heap, would let the garbage collector leave several times as much garbage around before
// collecting (its limit grows with what is live).

/** Ids are positive 32-bit integers (catalogLimits.maxId): 0 marks an empty slot. */
function hash(key: number, bits: number): number {
  return Math.imul(key, 0x9e3779b1) >>> (32 - bits);
}

/** Slots filled at most to this share before the table doubles (linear probing). */
const maxLoad = 0.75;

/** A growable list of 32-bit integers. */
export class IntList {
  private items: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.items = new Int32Array(capacity);
  }

  push(value: number): void {
    if (this.length === this.items.length) {
      const larger = new Int32Array(this.items.length * 2);
      larger.set(this.items);
      this.items = larger;
    }
    this.items[this.length++] = value;
  }

  at(index: number): number {
    return this.items[index]!;
  }

  set(index: number, value: number): void {
    this.items[index] = value;
  }

  clear(): void {
    this.length = 0;
    this.items = new Int32Array(1024);
  }
}

/** Open addressing over positive 32-bit integer keys; subclasses keep values alongside. */
class IntTable {
  protected bits = 10;
  protected keys = new Int32Array(1 << this.bits);
  size = 0;

  protected slot(key: number): number {
    const mask = (1 << this.bits) - 1;
    let slot = hash(key, this.bits);
    while (this.keys[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask;
    return slot;
  }

  has(key: number): boolean {
    return this.keys[this.slot(key)] === key;
  }

  /** The key's slot, the key put there if it was not (growing the table when needed). */
  protected claim(key: number): number {
    let slot = this.slot(key);
    if (this.keys[slot] === key) return slot;
    if (this.size + 1 > maxLoad * this.keys.length) {
      this.grow();
      slot = this.slot(key);
    }
    this.keys[slot] = key;
    this.size += 1;
    return slot;
  }

  private grow(): void {
    const { keys } = this;
    this.bits += 1;
    this.keys = new Int32Array(1 << this.bits);
    this.resized();
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index]!;
      if (key === 0) continue;
      const slot = this.slot(key);
      this.keys[slot] = key;
      this.moved(index, slot);
    }
    this.grown();
  }

  /** Every key has moved. */
  protected grown(): void {}

  /** The table doubled (values of the old slots are still to move). */
  protected resized(): void {}

  /** A key moved from an old slot to a new one. */
  protected moved(_from: number, _to: number): void {}
}

/** A set of positive 32-bit integers. */
export class IntSet extends IntTable {
  add(id: number): void {
    this.claim(id);
  }
}

/** Positive 32-bit integer keys to numbers (any double). */
export class IntMap extends IntTable {
  private values = new Float64Array(1 << this.bits);

  get(key: number): number | undefined {
    const slot = this.slot(key);
    return this.keys[slot] === key ? this.values[slot] : undefined;
  }

  set(key: number, value: number): void {
    // Not `this.values[this.claim(key)]`: that reads this.values before claim() may replace it.
    const slot = this.claim(key);
    this.values[slot] = value;
  }

  private old = this.values;

  protected override resized(): void {
    this.old = this.values;
    this.values = new Float64Array(1 << this.bits);
  }

  protected override moved(from: number, to: number): void {
    this.values[to] = this.old[from]!;
  }

  protected override grown(): void {
    this.old = new Float64Array(0);
  }
}
