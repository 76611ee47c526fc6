// The limits' verdicts kept (src/graphql/kept-verdicts.ts): by document and operation, and by the
// values of the variables the estimate read, so that a new id reuses a verdict and a new page
// size does not.
import { describe, expect, it } from 'vitest';
import { KeptVerdicts } from '../../src/graphql/kept-verdicts.js';

const query = 'query Page($id: ID!, $n: Int) { product(id: $id) { id } products(first: $n) { nodes { id } } }';

describe('kept verdicts', () => {
  it('answer the same document with other values of the variables its estimate did not read', () => {
    const kept = new KeptVerdicts<string>(100, 1 << 20);
    expect(kept.get({ query, variables: { id: '1', n: 5 } })).toBeUndefined();
    kept.set({ query, variables: { id: '1', n: 5 } }, ['n'], 'five');
    expect(kept.get({ query, variables: { id: '2', n: 5 } })).toBe('five');
    expect(kept.get({ query, operationName: 'Page', variables: { id: '2', n: 5 } })).toBeUndefined();
  });

  it('tell apart the values of the variables it read: another size, null and absent are new operations', () => {
    const kept = new KeptVerdicts<string>(100, 1 << 20);
    kept.set({ query, variables: { id: '1', n: 5 } }, ['n'], 'five');
    expect(kept.get({ query, variables: { id: '1', n: 100 } })).toBeUndefined();
    expect(kept.get({ query, variables: { id: '1', n: null } })).toBeUndefined();
    expect(kept.get({ query, variables: { id: '1' } })).toBeUndefined();
    expect(kept.get({ query })).toBeUndefined();
    kept.set({ query, variables: { id: '1' } }, ['n'], 'absent');
    expect(kept.get({ query, variables: { id: '3' } })).toBe('absent');
    expect(kept.get({ query, variables: { id: '3', n: 5 } })).toBe('five');
  });

  it('hold for the variables read with their names: another set of names read is another operation', () => {
    // Which sizes an estimate reads may depend on values (a size from `first`, else from `limit`):
    // the same values under other names must not find a verdict.
    const kept = new KeptVerdicts<string>(100, 1 << 20);
    kept.set({ query, variables: { a: null, b: 1, c: 1 } }, ['a', 'b', 'c'], 'small');
    kept.set({ query, variables: { a: 1, c: null, d: 1 } }, ['a', 'c', 'd'], 'other');
    expect(kept.get({ query, variables: { a: null, b: 100, c: 1, d: 1 } })).toBeUndefined();
    expect(kept.get({ query, variables: { a: 1, b: 100, c: null, d: 1 } })).toBe('other');
  });

  it('are forgotten when cleared, and bounded in entries', () => {
    const kept = new KeptVerdicts<string>(2, 1 << 20);
    for (const n of [1, 2, 3]) kept.set({ query, variables: { n } }, ['n'], String(n));
    expect(kept.get({ query, variables: { n: 1 } })).toBeUndefined();
    expect(kept.get({ query, variables: { n: 3 } })).toBe('3');
    kept.clear();
    expect(kept.get({ query, variables: { n: 3 } })).toBeUndefined();
  });
});
