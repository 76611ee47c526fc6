// The studio at GET /studio and its script at GET /studio/studio.js, over Fastify's inject: the
// page under a strict Content-Security-Policy (no inline script, scripts of this gateway only,
// nothing from elsewhere), public when the gateway has API keys and never holding one, told whether
// keys are needed; the script served as the player is (public, ETag, gzip within its limit); and
// STUDIO=off turning both into the JSON 404 of any unknown path. In a browser: studio.browser.test.ts.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studioBundle } from '../../src/studio/bundle.js';
import { createTestApp, type TestApp } from '../helpers.js';

const clientKey = 'sk_studio_client_0123456789';
const adminKey = 'sk_studio_admin_0123456789';

let open: TestApp;
let keyed: TestApp;
beforeAll(async () => {
  [open, keyed] = await Promise.all([
    createTestApp(),
    createTestApp(undefined, { API_KEYS: `${adminKey}:admin,${clientKey}:client`, MEDIA_UPLOAD_MAX_BYTES: '2048' }),
  ]);
});
afterAll(async () => {
  await Promise.all([open?.close(), keyed?.close()]);
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the studio at /studio', () => {
  it('is a page whose one script is the studio module, under a strict Content-Security-Policy', async () => {
    const page = await get(open, '/studio');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const policy = String(page.headers['content-security-policy']);
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ])
      expect(policy).toContain(directive);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    // Its one inline style is allowed by its digest.
    expect(policy).toMatch(/style-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // One script, the studio's module from this gateway; no inline script, no URL elsewhere.
    expect(page.body.match(/<script/g)).toStrictEqual(['<script']);
    expect(page.body).toContain('<script type="module" src="/studio/studio.js"></script>');
    expect(page.body).not.toMatch(/(https?:)?\/\/[a-z]/i);
    expect(page.body).toContain('<shoppable-studio keys="off" player="/embed/shoppable-media.js"');
  });

  it('with API keys: public, asking for an admin key and holding none', async () => {
    const page = await get(keyed, '/studio');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('keys="required"');
    expect(page.body).toContain('upload-max-bytes="2048"');
    expect(page.body).not.toContain(adminKey);
    expect(page.body).not.toContain(clientKey);
    const script = await get(keyed, '/studio/studio.js');
    expect(script.statusCode).toBe(200);
    // The admin API it calls needs the key.
    expect((await get(keyed, '/media')).statusCode).toBe(401);
  });

  it('serves its script as the player is: public, revalidated by its ETag, gzipped within its limit', async () => {
    const plain = await get(keyed, '/studio/studio.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.body).toContain('shoppable-studio');
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect((await get(keyed, '/studio/studio.js', { 'if-none-match': etag })).statusCode).toBe(304);
    const gzipped = await get(keyed, '/studio/studio.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThanOrEqual(studioBundle.maxGzippedBytes);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('STUDIO=off turns /studio and its script into the JSON 404 of any unknown path', async () => {
    const off = await createTestApp(null, { STUDIO: 'off', API_KEYS: `${adminKey}:admin` });
    try {
      for (const path of ['/studio', '/studio/studio.js']) {
        const answer = await get(off, path);
        expect([answer.statusCode, answer.json<{ code: string }>().code]).toStrictEqual([404, 'ROUTE_NOT_FOUND']);
      }
      // The player is still served: shops embed it whether or not the studio runs.
      expect((await get(off, '/embed/shoppable-media.js')).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});
