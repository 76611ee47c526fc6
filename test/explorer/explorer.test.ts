// The explorers in process: GraphiQL's page and assets load without an API key while operations
// still need one, nothing on the page points off this server, and GRAPHQL_SANDBOX switches both off.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

const clientKey = 'client-key-0123456789';
const query = { query: '{ product(id: "11") { id title } }' };

/** Every same-origin URL the page's `src` and `href` attributes name. */
function referencedPaths(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="(\/[^"]*)"/g)].map((match) => match[1] ?? '');
}

const absoluteUrls = (text: string) => [...text.matchAll(/https?:\/\/[^\s"'<>);]+/g)].map((match) => match[0]);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(undefined, { API_KEYS: `${clientKey}:client` });
});

afterAll(async () => {
  await t?.close();
});

describe('GraphiQL at /graphiql', () => {
  it('serves the page and every asset it references without an API key, with long caching for the assets', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/graphiql' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'; style-src 'self';/);
    const paths = referencedPaths(page.body);
    expect(paths).toHaveLength(6);
    for (const path of paths) {
      expect(path).toMatch(/^\/graphiql\/assets\/[\w-]+-[0-9a-f]{16}\.(js|css)$/);
      const asset = await t.app.inject({ method: 'GET', url: path });
      expect(asset.statusCode, path).toBe(200);
      expect(asset.headers['content-type']).toBe(
        path.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      );
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.body).not.toMatch(/sourceMappingURL/);
    }
  });

  it('answers 404 ROUTE_NOT_FOUND for an asset the page does not reference (an old digest, a made-up name)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/graphiql' });
    const script = referencedPaths(page.body).find((path) => path.endsWith('.js'))!;
    for (const url of [script.replace(/-[0-9a-f]{16}\./, '-0000000000000000.'), '/graphiql/assets/nothing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode, response.json().code]).toStrictEqual([url, 404, 'ROUTE_NOT_FOUND']);
    }
  });

  it('sends the assets gzipped to a browser that accepts it', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/graphiql' });
    const script = referencedPaths(page.body).find((path) => path.includes('/graphiql-') && path.endsWith('.js')) ?? '';
    const plain = await t.app.inject({ method: 'GET', url: script });
    const gzipped = await t.app.inject({
      method: 'GET',
      url: script,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzipped.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('still needs the key for operations, and for anything but GET of the page and its assets', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/graphql', payload: query })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/graphiql', payload: query })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/graphiql?query=x' })).statusCode).toBe(401);
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'x-api-key': clientKey },
      payload: query,
    });
    expect(keyed.json()).toStrictEqual({
      data: { product: { id: '11', title: 'Trail Jacket' } },
      extensions: { cost: { estimated: 3, limit: 50_000 } },
    });
  });

  it('names no http(s) URL in its HTML or CSS', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/graphiql' });
    expect(absoluteUrls(page.body)).toStrictEqual([]);
    for (const path of referencedPaths(page.body).filter((path) => path.endsWith('.css'))) {
      expect(absoluteUrls((await t.app.inject({ method: 'GET', url: path })).body), path).toStrictEqual([]);
    }
  });
});

describe('Apollo Sandbox at GET /graphql', () => {
  it('loads only the Sandbox from Apollo, and links to /graphiql for when it cannot', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(new Set(absoluteUrls(page.body).map((url) => new URL(url).origin))).toStrictEqual(
      new Set(['https://embeddable-sandbox.cdn.apollographql.com', 'https://sandbox.embed.apollographql.com']),
    );
    expect(page.body).toMatch(/<noscript>.*<a href="\/graphiql">/);
    expect(page.body).toMatch(/<p id="offline"[^>]*hidden>.*<a href="\/graphiql">/);
  });
});

describe('GRAPHQL_SANDBOX=false', () => {
  it('answers 404 ROUTE_NOT_FOUND on /graphiql and its assets, and serves no Sandbox', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/graphiql' });
    const asset = referencedPaths(page.body)[0] ?? '';
    const closed = await createTestApp(null, { GRAPHQL_SANDBOX: 'false' });
    try {
      for (const url of ['/graphiql', asset]) {
        const response = await closed.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toStrictEqual({
          statusCode: 404,
          code: 'ROUTE_NOT_FOUND',
          error: 'Not Found',
          message: `No route GET ${url}`,
        });
      }
      const sandbox = await closed.app.inject({ method: 'GET', url: '/graphql', headers: { accept: 'text/html' } });
      expect(sandbox.body).not.toMatch(/sandbox|graphiql/i);
    } finally {
      await closed.close();
    }
  });
});
