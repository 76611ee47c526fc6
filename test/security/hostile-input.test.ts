// Input that the database or the code behind the edge cannot take: NUL characters (PostgreSQL
// refuses them in text: error 22021, formerly a 500) and absurd JSON nesting (formerly a stack
// overflow in the Idempotency-Key hash). Refused at the edge with 400 on both engines alike,
// changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJsonText, maxJsonDepth } from '../../src/security/input.js';
import { requestHash } from '../../src/idempotency/idempotency.js';
import { createTestApp, dumpDatabase, readFixture, type TestApp } from '../helpers.js';
import { post } from '../cart/cart-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(readFixture('cart-catalog.json'));
});
afterAll(() => t.close());

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('checkJsonText and requestHash', () => {
  it('refuses nesting past the limit and \\u0000 in strings and keys, nothing else', () => {
    expect(() => checkJsonText(nested(maxJsonDepth))).not.toThrow();
    expect(() => checkJsonText(nested(maxJsonDepth + 1))).toThrow(/nested/);
    expect(() => checkJsonText('{"a":"x\\u0000"}')).toThrow(/NUL/);
    expect(() => checkJsonText('{"\\u0000":1}')).toThrow(/NUL/);
    // an escaped backslash followed by "u0000" is six ordinary characters
    expect(() => checkJsonText('{"a":"\\\\u0000"}')).not.toThrow();
    // brackets inside strings are text
    expect(() => checkJsonText(`{"a":"${'['.repeat(1000)}"}`)).not.toThrow();
  });

  it('hashes canonically (key order does not matter) and without recursion', () => {
    expect(requestHash({ a: 1, b: [1, { c: 'x', d: null }] })).toBe(requestHash({ b: [1, { d: null, c: 'x' }], a: 1 }));
    expect(requestHash({ a: [1, 2] })).not.toBe(requestHash({ a: [2, 1] }));
    expect(requestHash(['a,b'])).not.toBe(requestHash(['a', 'b']));
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(requestHash(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('over HTTP', () => {
  it('a NUL in a buyer identity field is 400 VALIDATION_FAILED, changing nothing', async () => {
    const cart = await post(t, '/cart', { items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] } });
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart/customerInfo', { id: cart.body.id, buyer_identity: { first_name: 'Ada\u0000', city: 'Oakland' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/NUL/) });
    expect(await dumpDatabase(t.database)).toBe(before);
  });

  it('a NUL in a path or query string is 400 before routing', async () => {
    for (const url of ['/image/slug/a%00b', '/product/1%00', '/cart/items?cart_id=x%00&variant_id=1']) {
      const answer = await t.app.inject({ method: url.startsWith('/cart') ? 'DELETE' : 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('a NUL in GraphQL variables is 400, by POST and by GET', async () => {
    const query = 'query ($slug: String!) { image(slug: $slug) { id } }';
    const byPost = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables: { slug: 'a\u0000' } } });
    expect(byPost.statusCode).toBe(400);
    const byGet = await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"slug":"a\\u0000"}')}` });
    expect(byGet.statusCode).toBe(400);
    expect(JSON.stringify(byGet.json())).toMatch(/VALIDATION_FAILED/);
  });

  it('a Host header that is no host name is 400 on GraphQL (Apollo builds a URL from it), and a badly encoded path is 400', async () => {
    for (const host of ['a b', 'a<b', '[zz']) {
      const answer = await t.app.inject({ method: 'POST', url: '/graphql', headers: { host }, payload: { query: '{ __typename }' } });
      expect(answer.statusCode, host).toBe(400);
      expect(answer.json(), host).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const badPath = await t.app.inject({ method: 'GET', url: '/product/%E0%A4%A' });
    expect(badPath.statusCode).toBe(400);
    expect(badPath.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', error: 'Bad Request' });
  });

  it('a 10,000-level JSON body with an Idempotency-Key is 400, quickly, and keeps nothing', async () => {
    const before = await dumpDatabase(t.database);
    const started = performance.now();
    const answer = await t.app.inject({ method: 'POST', url: '/cart', headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' }, payload: `{"items":${nested(10_000)}}` });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { max_depth: maxJsonDepth } });
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});
