// Input that the database or the code behind the edge cannot take: NUL characters (PostgreSQL
// refuses them in text: error 22021, formerly a 500), lone surrogates (formerly answered as sent
// but stored as U+FFFD by SQLite) and absurd JSON nesting (formerly a stack overflow in the
// Idempotency-Key hash). Refused at the edge with 400 on both engines alike, changing nothing.
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

  it('refuses lone surrogates, escaped or raw, naming where; pairs and escaped backslashes are text', () => {
    const refusal = (text: string, name?: string) => {
      try {
        checkJsonText(text, name);
      } catch (error) {
        return error;
      }
      return undefined;
    };
    expect(refusal('{"a":{"b":["x","y\\ud800"]}}')).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'a.b[1]' },
      message: expect.stringMatching(/^a\.b\[1\] holds a lone surrogate/),
    });
    expect(refusal('{"a":"\\udc00x"}')).toMatchObject({ details: { field: 'a' } });
    expect(refusal('{"a":"\\ud800\\u0041"}')).toMatchObject({ details: { field: 'a' } });
    expect(refusal('{"a\\ud800":1}')).toMatchObject({ details: { field: 'a\ufffd' } });
    expect(refusal('{"slug":"\ud800"}', 'variables')).toMatchObject({ details: { field: 'variables.slug' } });
    expect(refusal('"\\udfff"')).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^The text holds/),
    });
    for (const text of [
      '{"a":"\\ud83d\\ude00"}',
      '{"a":"\ud83d\ude00"}',
      '{"a":"\\\\ud800"}',
      '{"a":"\\uD7FF\\uE000"}',
    ])
      expect(refusal(text), text).toBeUndefined();
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
    const cart = await post(t, '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
    });
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart/customerInfo', {
      id: cart.body.id,
      buyer_identity: { first_name: 'Ada\u0000', city: 'Oakland' },
    });
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
    const byPost = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query, variables: { slug: 'a\u0000' } },
    });
    expect(byPost.statusCode).toBe(400);
    const byGet = await t.app.inject({
      method: 'GET',
      url: `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"slug":"a\\u0000"}')}`,
    });
    expect(byGet.statusCode).toBe(400);
    expect(JSON.stringify(byGet.json())).toMatch(/VALIDATION_FAILED/);
  });

  it('a lone surrogate in a REST body is 400 VALIDATION_FAILED naming the field, changing nothing; a pair (an emoji) is stored as sent', async () => {
    const cart = await post(t, '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
    });
    const before = await dumpDatabase(t.database);
    const answer = await post(t, '/cart/customerInfo', {
      id: cart.body.id,
      buyer_identity: { first_name: 'A\ud800B', city: 'Oakland' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'buyer_identity.first_name' } });
    expect(await dumpDatabase(t.database)).toBe(before);
    const emoji = await post(t, '/cart/customerInfo', {
      id: cart.body.id,
      buyer_identity: { first_name: 'Ada \ud83d\ude00' },
    });
    expect(emoji.status).toBe(200);
    expect((await t.database.db.buyerIdentity.findUniqueOrThrow({ where: { cartId: cart.body.id } })).firstName).toBe(
      'Ada 😀',
    );
  });

  it('a lone surrogate in GraphQL variables (POST and GET, /graphql and /graphql/stream) or string literals is 400 VALIDATION_FAILED, changing nothing', async () => {
    const cart = await post(t, '/cart', {
      items: { storefront_cart_items_input: [{ variant_id: '2021', quantity: 1 }] },
    });
    const before = await dumpDatabase(t.database);
    const update =
      'mutation ($id: ID!, $name: String) { updateBuyerIdentity(cartId: $id, buyerIdentity: {firstName: $name}) { id } }';
    const byPost = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query: update, variables: { id: cart.body.id, name: 'A\ud800B' } },
    });
    expect(byPost.statusCode).toBe(400);
    expect(byPost.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'variables.name' } });
    const image = 'query ($slug: String!) { image(slug: $slug) { id } }';
    for (const url of ['/graphql', '/graphql/stream']) {
      const byGet = await t.app.inject({
        method: 'GET',
        url: `${url}?query=${encodeURIComponent(image)}&variables=${encodeURIComponent('{"slug":"a\\udc00"}')}`,
        headers: { accept: url.endsWith('stream') ? 'text/event-stream' : 'application/json' },
      });
      expect(byGet.statusCode, url).toBe(400);
      expect(byGet.json(), url).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'variables.slug' } });
    }
    // A raw one in the document is one of the body's strings; escapes are GraphQL's own.
    const raw = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `mutation { updateBuyerIdentity(cartId: "${cart.body.id}", buyerIdentity: {firstName: "A\ud800"}) { id } }`,
      },
    });
    expect(raw.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { field: 'query' } });
    for (const escape of ['\\uD800', '\\uDC00', '\\u{D800}', '\\uD800\\u0041']) {
      const line = `  updateBuyerIdentity(cartId: "${cart.body.id}", buyerIdentity: {firstName: "A${escape}"}) { id } }`;
      const literal = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        payload: { query: `mutation {\n${line}` },
      });
      expect(literal.statusCode, escape).toBe(400);
      expect(literal.json().errors, escape).toMatchObject([
        { extensions: { code: 'VALIDATION_FAILED' }, locations: [{ line: 2, column: line.indexOf('\\') + 1 }] },
      ]);
    }
    expect(await dumpDatabase(t.database)).toBe(before);
    const pair = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      payload: {
        query: `mutation { updateBuyerIdentity(cartId: "${cart.body.id}", buyerIdentity: {firstName: "A\\uD83D\\uDE00"}) { id } }`,
      },
    });
    expect(pair.json().errors).toBeUndefined();
    expect((await t.database.db.buyerIdentity.findUniqueOrThrow({ where: { cartId: cart.body.id } })).firstName).toBe(
      'A😀',
    );
  });

  it('a percent-encoded lone surrogate is not UTF-8: refused in a path, left as its percent text in a query string', async () => {
    const path = await t.app.inject({ method: 'GET', url: '/product/%ED%A0%80' });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const query = await t.app.inject({ method: 'DELETE', url: '/cart/items?cart_id=%ED%A0%80&variant_id=1' });
    expect(query.statusCode).toBe(404);
    expect(query.json()).toMatchObject({ code: 'CART_NOT_FOUND', details: { cart_id: '%ED%A0%80' } });
  });

  it('a Host header that is no host name is 400 on GraphQL (Apollo builds a URL from it), and a badly encoded path is 400', async () => {
    for (const host of ['a b', 'a<b', '[zz']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { host },
        payload: { query: '{ __typename }' },
      });
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
    const answer = await t.app.inject({
      method: 'POST',
      url: '/cart',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: `{"items":${nested(10_000)}}`,
    });
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: { max_depth: maxJsonDepth } });
    expect(await dumpDatabase(t.database)).toBe(before);
  });
});
