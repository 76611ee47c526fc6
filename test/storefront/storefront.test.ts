// The demo storefront at GET / and the player's module at GET /embed/shoppable-media.js, over
// Fastify's inject: what the page embeds (the catalog's media, two stores one cart can hold), its
// Content-Security-Policy, the key it may show (a client key, never an admin key), STOREFRONT_DEMO,
// and how the module is served (public, CORS, ETag, gzip, within its size limit). In a browser:
// storefront.browser.test.ts.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxGzippedBytes } from '../../src/embed/bundle.js';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';

const clientKey = 'sk_storefront_client_0123456789';
const adminKey = 'sk_storefront_admin_0123456789';

let open: TestApp;
let keyed: TestApp;
beforeAll(async () => {
  [open, keyed] = await Promise.all([
    createTestApp(readDemoCatalog()),
    createTestApp(readDemoCatalog(), { API_KEYS: `${adminKey}:admin,${clientKey}:client`, GRAPHQL_SANDBOX: 'false' }),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.close(), keyed?.close()]);
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the demo storefront at /', () => {
  it('embeds the first placed image and a video selling from another store of the same currency', async () => {
    const page = await get(open, '/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // Image 1 sells from north-trail (USD); videos 10 and 11 do too; video 12 adds lumen-home (USD).
    expect(page.body).toContain('<shoppable-media kind="image" slug="autumn-ridge-layers"></shoppable-media>');
    expect(page.body).toContain('<shoppable-media kind="video" slug="winter-cabin-tour"></shoppable-media>');
    expect(page.body).toContain('<script type="module" src="/embed/shoppable-media.js"></script>');
    expect(page.body).toContain('href="/graphiql"');
    expect(page.body).toContain('href="/docs"');
    // The snippet names this gateway's origin, escaped.
    expect(page.body).toContain(
      '&#60;script type=&#34;module&#34; src=&#34;http://localhost:80/embed/shoppable-media.js&#34;&#62;&#60;/script&#62;',
    );
  });

  it('is served under a strict Content-Security-Policy, loading nothing from elsewhere', async () => {
    const page = await get(open, '/');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("frame-ancestors 'none'");
    // No script of the page's own, and no URL off this gateway (the snippet's own origin aside).
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body.replaceAll('http://localhost:80/', '')).not.toMatch(/(https?:)?\/\/[a-z]/i);
  });

  it('with API keys: public, showing a client key for the player and never an admin key', async () => {
    const page = await get(keyed, '/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`api-key="${clientKey}"`);
    expect(page.body).not.toContain(adminKey);
    // GraphiQL is off there: no link to it.
    expect(page.body).not.toContain('/graphiql');
    expect((await get(keyed, '/product/101')).statusCode).toBe(401);
  });

  it('says so when no media item has placements', async () => {
    const bare = await createTestApp();
    try {
      const page = await get(bare, '/');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('No media item has placements yet');
      expect(page.body).not.toContain('<shoppable-media kind');
    } finally {
      await bare.close();
    }
  });

  it('STOREFRONT_DEMO=false turns / back into the JSON 404', async () => {
    const off = await createTestApp(null, { STOREFRONT_DEMO: 'false' });
    try {
      const answer = await get(off, '/');
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      // The player's module is still served: shops embed it without the demo page.
      expect((await get(off, '/embed/shoppable-media.js')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('the player module at /embed/shoppable-media.js', () => {
  it('is public, readable from any origin, revalidated by its ETag, gzipped within its limit', async () => {
    const plain = await get(keyed, '/embed/shoppable-media.js', { origin: 'https://shop.example' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['access-control-allow-origin']).toBe('*');
    expect(plain.body).toContain('shoppable-media');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(String(plain.headers['cache-control'])).toContain('max-age=300');

    const again = await get(keyed, '/embed/shoppable-media.js', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const gzipped = await get(keyed, '/embed/shoppable-media.js', { 'accept-encoding': 'gzip, br' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThanOrEqual(maxGzippedBytes);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('gives the gzipped and the plain module ETags of their own, each revalidated by its own', async () => {
    const plain = await get(open, '/embed/shoppable-media.js', { 'accept-encoding': 'identity' });
    const gzipped = await get(open, '/embed/shoppable-media.js', { 'accept-encoding': 'gzip' });
    expect([plain.headers['content-encoding'], gzipped.headers['content-encoding']]).toStrictEqual([undefined, 'gzip']);
    for (const answer of [plain, gzipped]) expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
    const [plainTag, gzippedTag] = [String(plain.headers.etag), String(gzipped.headers.etag)];
    expect(gzippedTag).toMatch(/^"[\w-]{22}"$/);
    expect(gzippedTag).not.toBe(plainTag);
    // Each form's tag revalidates that form (304); the other form's tag gets the whole answer.
    const revalidate = async (encoding: string, tag: string) =>
      (await get(open, '/embed/shoppable-media.js', { 'accept-encoding': encoding, 'if-none-match': tag })).statusCode;
    expect(
      await Promise.all([
        revalidate('gzip', gzippedTag),
        revalidate('identity', plainTag),
        revalidate('gzip', plainTag),
        revalidate('identity', gzippedTag),
      ]),
    ).toStrictEqual([304, 304, 200, 200]);
    // gzip;q=0 refuses gzip.
    expect(
      (await get(open, '/embed/shoppable-media.js', { 'accept-encoding': 'gzip;q=0, identity' })).headers[
        'content-encoding'
      ],
    ).toBeUndefined();
  });
});
