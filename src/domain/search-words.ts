// The words of a text as the search index holds them and a query is read: decomposed (NFKD), the
// combining marks dropped ("Crème" → "creme"), lower case, the letters NFKD leaves whole spelled
// as a keyboard without them would ("Weißwald" → "weisswald", "Ærø" → "aero"), split on anything
// not a letter or a digit. Pure: the index and the queries must read words the same way on both engines.

const marks = /\p{M}+/gu;
const separators = /[^\p{L}\p{N}]+/u;

/**
 * Letters that NFKD does not decompose, as they are spelled without them (after lower-casing, so
 * "ẞ", "Æ", "Ø", "Đ", "Ð", "Ł", "Þ" are read as these too).
 */
export const spelledLetters: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
};
const spelled = new RegExp(`[${Object.keys(spelledLetters).join('')}]`, 'gu');

/**
 * The words of an ASCII text (most texts are: NFKD and the marks change nothing there, its letters and
 * digits are A-Z, a-z, 0-9), read in one pass; null: the text is not ASCII.
 */
function asciiWords(text: string): string[] | null {
  const lower = text.toLowerCase();
  const found: string[] = [];
  let start = -1;
  for (let at = 0; at < lower.length; at += 1) {
    const code = lower.charCodeAt(at);
    if (code > 0x7f) return null;
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39)) {
      if (start < 0) start = at;
    } else if (start >= 0) {
      found.push(lower.slice(start, at));
      start = -1;
    }
  }
  if (start >= 0) found.push(lower.slice(start));
  return found;
}

/** The words of a text, in order, repeats kept. */
export function words(text: string): string[] {
  const ascii = asciiWords(text);
  if (ascii !== null) return ascii;
  return text
    .normalize('NFKD')
    .replace(marks, '')
    .toLowerCase()
    .replace(spelled, (letter) => spelledLetters[letter]!)
    .split(separators)
    .filter((word) => word.length > 0);
}

const letter = /\p{L}/gu;

/**
 * Whether a word (as words() reads it: "weiß" is "weiss") tolerates one typo: it has five letters
 * or more (digits do not count: a typo in 123456 is another number).
 */
export function toleratesTypo(word: string): boolean {
  return (word.match(letter)?.length ?? 0) >= 5;
}

/**
 * Every text one edit away from `word` (optimal string alignment: a letter dropped, two neighbours
 * swapped, a letter replaced by or one added from `alphabet`), each once, the word itself left out.
 */
export function oneEditAway(word: string, alphabet: readonly string[]): string[] {
  const letters = [...word];
  // The word's heads and tails at each letter boundary (code points, not UTF-16 units).
  const heads = [''];
  for (const letter of letters) heads.push(heads[heads.length - 1]! + letter);
  const tails = [''];
  for (let index = letters.length - 1; index >= 0; index -= 1) tails.unshift(letters[index]! + tails[0]!);
  const edits = new Set<string>();
  for (let index = 0; index <= letters.length; index += 1) {
    const head = heads[index]!;
    if (index < letters.length) edits.add(head + tails[index + 1]!);
    if (index + 1 < letters.length) edits.add(head + letters[index + 1]! + letters[index]! + tails[index + 2]!);
    for (const letter of alphabet) {
      if (index < letters.length) edits.add(head + letter + tails[index + 1]!);
      edits.add(head + letter + tails[index]!);
    }
  }
  edits.delete(word);
  return [...edits];
}

/**
 * Whether two words are at most one edit apart (Damerau–Levenshtein, optimal string alignment):
 * one letter wrong, missing or extra, or two neighbours swapped.
 */
export function withinOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1) return false;
  let start = 0;
  while (start < x.length && start < y.length && x[start] === y[start]) start += 1;
  if (x.length === y.length) {
    if (start === x.length) return true;
    const rest = (from: number) => x.slice(from).join('') === y.slice(from).join('');
    if (rest(start + 1)) return true;
    return x[start] === y[start + 1] && x[start + 1] === y[start] && rest(start + 2);
  }
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.slice(start).join('') === long.slice(start + 1).join('');
}
