// Texts in code point order: SQLite's BINARY collation and PostgreSQL's "C" compare UTF-8 bytes,
// which is code point order; JavaScript compares UTF-16 units, which differs where a character past
// U+FFFF meets one from U+E000 to U+FFFF. Pure.

/**
 * Code point order (SQLite's BINARY, PostgreSQL's "C"), not JavaScript's UTF-16 order: they differ
 * only where a surrogate (a character past U+FFFF) meets a character from U+E000 to U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    return codePointOrder(x) - codePointOrder(y);
  }
  return a.length - b.length;
}

/** A UTF-16 unit moved so that surrogates sort after U+E000–U+FFFF, as their code points do. */
export function codePointOrder(codeUnit: number): number {
  if (codeUnit >= 0xd800 && codeUnit <= 0xdfff) return codeUnit + 0x2000;
  if (codeUnit >= 0xe000) return codeUnit - 0x800;
  return codeUnit;
}

/** The index of the first element of `sorted` not below `value` (code point order). */
export function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compareCodePoints(sorted[middle]!, value) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
