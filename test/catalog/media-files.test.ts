// The media files at /media/files/ (catalog/media-files.plugin.ts): the demo catalog's, served with
// validators (304) and byte ranges (206, for seeking in a video), public with API keys set, and
// nothing outside their folder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoMediaDir } from '../../src/paths.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(null, { API_KEYS: 'sk_test_admin_0123456789abcdef:admin' });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('media files', () => {
  it('serves an image without an API key, with an ETag, then 304', async () => {
    const image = await get('/media/files/autumn-ridge-layers.jpg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(readFileSync(join(demoMediaDir, 'autumn-ridge-layers.jpg')))).toBe(true);
    expect(String(image.headers['cache-control'])).toContain('max-age=3600');
    const again = await get('/media/files/autumn-ridge-layers.jpg', { 'if-none-match': String(image.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('answers a byte range of the video (206), as a browser seeking asks', async () => {
    const whole = readFileSync(join(demoMediaDir, 'demo-clip.mp4'));
    const part = await get('/media/files/demo-clip.mp4', { range: 'bytes=1000-1999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${whole.length}`);
    expect(part.rawPayload.equals(whole.subarray(1000, 2000))).toBe(true);
  });

  it('serves nothing outside its folder and answers unknown files with 404', async () => {
    for (const url of ['/media/files/../../package.json', '/media/files/%2e%2e/%2e%2e/package.json', '/media/files/..%2f..%2fpackage.json', '/media/files/nope.jpg', '/media/files/.hidden']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(answer.body, url).not.toContain('"name": "');
    }
  });

  it('still asks for a key everywhere else', async () => {
    expect((await get('/product/1')).statusCode).toBe(401);
  });
});
