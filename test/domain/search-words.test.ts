import { describe, expect, it } from 'vitest';
import { oneEditAway, toleratesTypo, withinOneEdit, words } from '../../src/domain/search-words.js';

describe('words', () => {
  it('drops diacritics, lowers case and splits on anything not a letter or digit', () => {
    expect(words('Crème Brûlée — 2-pack, ÉTÉ!')).toEqual(['creme', 'brulee', '2', 'pack', 'ete']);
  });

  it('reads compatibility forms (NFKD) and keeps letters of other scripts', () => {
    expect(words('ﬁne Ｗｏｏｌ 東京 straße')).toEqual(['fine', 'wool', '東京', 'strasse']);
  });

  it('spells the letters NFKD leaves whole as a keyboard without them would, in either case', () => {
    expect(words('Weißwald WEIẞWALD Ærø Œuvre Øresund Đorđe Þór Łódź Kılıç Ħal Ŧ')).toEqual([
      'weisswald',
      'weisswald',
      'aero',
      'oeuvre',
      'oresund',
      'dorde',
      'thor',
      'lodz',
      'kilic',
      'hal',
      't',
    ]);
    expect(words('Ð')).toEqual(['d']);
  });

  it('answers no word for a text of separators only', () => {
    expect(words('  -- / ')).toEqual([]);
    expect(words('')).toEqual([]);
  });
});

describe('oneEditAway', () => {
  it('is every text one deletion, swap, replacement or insertion away, each once, the word left out', () => {
    const edits = oneEditAway('ab', ['a', 'b']);
    expect(new Set(edits)).toEqual(new Set(['b', 'a', 'ba', 'bb', 'aa', 'aab', 'bab', 'abb', 'aba']));
    expect(edits).toHaveLength(new Set(edits).size);
    expect(edits).not.toContain('ab');
  });

  it('reaches every word one edit away that withinOneEdit accepts', () => {
    const alphabet = [...'jacketrsw'];
    const edits = new Set(oneEditAway('jacket', alphabet));
    for (const near of ['jakcet', 'jackte', 'jacke', 'jackets', 'jscket', 'ajcket']) {
      expect(withinOneEdit('jacket', near)).toBe(true);
      expect(edits.has(near)).toBe(true);
    }
    expect(edits.has('jcaekt')).toBe(false);
  });
});

describe('toleratesTypo', () => {
  it('holds for words of five letters or more, digits not counted', () => {
    expect(toleratesTypo('boots')).toBe(true);
    expect(toleratesTypo('crème'.normalize('NFKD').replace(/\p{M}/gu, ''))).toBe(true);
    expect(toleratesTypo('boot')).toBe(false);
    expect(toleratesTypo('123456')).toBe(false);
    expect(toleratesTypo('boot2')).toBe(false);
  });
});

describe('withinOneEdit', () => {
  it.each([
    ['jacket', 'jacket', true],
    ['jakcet', 'jacket', true],
    ['jackte', 'jacket', true],
    ['jaket', 'jacket', true],
    ['jackets', 'jacket', true],
    ['jacxet', 'jacket', true],
    ['jkacet', 'jacket', false],
    ['jcaekt', 'jacket', false],
    ['jack', 'jacket', false],
    ['jaxxet', 'jacket', false],
  ])('%s ~ %s: %s', (a, b, within) => {
    expect(withinOneEdit(a, b)).toBe(within);
    expect(withinOneEdit(b, a)).toBe(within);
  });
});
