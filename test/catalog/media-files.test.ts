// The media files at /media/files/ (catalog/media-files.plugin.ts): the demo catalog's, served with
// validators (304, 412) and byte ranges (206, for seeking in a video; 416), public with API keys
// set and to pages of any origin (CORS: a captions track from another origin), and nothing outside
// their folder.
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

  it('answers a range past the end 416 with the size, and reads ranges strictly (an invalid bytes range is 416, another unit is ignored)', async () => {
    const whole = readFileSync(join(demoMediaDir, 'demo-clip.mp4'));
    for (const range of [
      `bytes=${whole.length}-`,
      'bytes=99999999-99999999',
      'bytes=-0',
      'bytes=1e3-2e3',
      'bytes=0x10-0x20',
      'bytes= 1-2',
      'bytes=5-2',
      'bytes=abc',
      'bytes=',
      'bytes=,',
      'bytes=+1-2',
    ]) {
      const answer = await get('/media/files/demo-clip.mp4', { range });
      expect(
        [
          answer.statusCode,
          answer.headers['content-range'],
          answer.statusCode === 416 ? answer.json<{ code: string }>().code : range,
        ],
        range,
      ).toStrictEqual([416, `bytes */${whole.length}`, 'RANGE_NOT_SATISFIABLE']);
    }
    for (const range of ['items=0-1', 'BYTES=0-', 'bytes=0-1, 5-6']) {
      const answer = await get('/media/files/demo-clip.mp4', { range });
      expect([answer.statusCode, answer.rawPayload.length], range).toStrictEqual([
        range === 'BYTES=0-' ? 206 : 200,
        whole.length,
      ]);
    }
    const suffix = await get('/media/files/demo-clip.mp4', { range: 'bytes=-10' });
    expect([suffix.statusCode, suffix.headers['content-range']]).toStrictEqual([
      206,
      `bytes ${whole.length - 10}-${whole.length - 1}/${whole.length}`,
    ]);
    // An empty element of the list is skipped, as RFC 9110's list rule has it.
    const listed = await get('/media/files/demo-clip.mp4', { range: 'bytes=1-2,' });
    expect([
      listed.statusCode,
      listed.headers['content-range'],
      listed.rawPayload.equals(whole.subarray(1, 3)),
    ]).toStrictEqual([206, `bytes 1-2/${whole.length}`, true]);
  });

  it('answers a failed If-Match or If-Unmodified-Since 412', async () => {
    const image = await get('/media/files/autumn-ridge-layers.jpg');
    const failing: Record<string, string>[] = [
      { 'if-match': '"not-this-one"' },
      { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
    ];
    for (const headers of failing) {
      const answer = await get('/media/files/autumn-ridge-layers.jpg', headers);
      expect([answer.statusCode, answer.json<{ code: string }>().code], JSON.stringify(headers)).toStrictEqual([
        412,
        'PRECONDITION_FAILED',
      ]);
    }
    const later = new Date(Date.parse(String(image.headers['last-modified'])) + 60_000).toUTCString();
    expect((await get('/media/files/autumn-ridge-layers.jpg', { 'if-unmodified-since': later })).statusCode).toBe(200);
  });

  it('lets a page of any origin load them in CORS mode (a video with captions from another origin)', async () => {
    const origin = { origin: 'https://shop.example' };
    const captions = await get('/media/files/demo-clip.vtt', origin);
    expect([
      captions.statusCode,
      captions.headers['content-type'],
      captions.headers['access-control-allow-origin'],
    ]).toStrictEqual([200, 'text/vtt; charset=utf-8', '*']);
    expect(captions.body).toMatch(/^WEBVTT/);
    const part = await get('/media/files/demo-clip.mp4', { ...origin, range: 'bytes=0-99' });
    expect([part.statusCode, part.headers['access-control-allow-origin']]).toStrictEqual([206, '*']);
    const again = await get('/media/files/demo-clip.vtt', {
      ...origin,
      'if-none-match': String(captions.headers.etag),
    });
    expect([again.statusCode, again.headers['access-control-allow-origin']]).toStrictEqual([304, '*']);
  });

  it('serves nothing outside its folder and answers unknown files with 404', async () => {
    for (const url of [
      '/media/files/../../package.json',
      '/media/files/%2e%2e/%2e%2e/package.json',
      '/media/files/..%2f..%2fpackage.json',
      '/media/files/nope.jpg',
      '/media/files/.hidden',
    ]) {
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
