// The player reports what shoppers see and do, by itself, in a real browser (Debian's Chromium,
// offline): on the demo storefront its image's impression leaves with the player's periodic batch,
// then a hotspot opened just before the shopper leaves the page leaves with the page (pagehide,
// fetch with keepalive: the page is gone before the player's own batch is due), and both show in
// the media item's performance within seconds. From a
// shop's page on another origin (CORS, the key in a header: a preflight) a video's impression
// arrives too, while an image of the same page with analytics="off" reports nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';
import { haveChromium as chromiumInstalled, launchChromium, offlinePage } from '../browser.js';

const haveChromium = chromiumInstalled('test/storefront/player-events.browser.test.ts');

const clientKey = 'sk_events_client_0123456789';
const adminKey = 'sk_events_admin_0123456789';

let t: TestApp;
let origin: string;
let browser: Browser;
let shop: Server | undefined;
let shopOrigin: string;

interface Performance {
  impressions: number;
  plays: number;
  hotspot_opens: number;
  by_placement: { placement_id: string; hotspot_opens: number }[];
}

async function performanceOf(mediaId: number): Promise<Performance> {
  const response = await fetch(`${origin}/media/${mediaId}/performance`, { headers: { 'x-api-key': adminKey } });
  return (await response.json()) as Performance;
}

/** Waits until the media item's performance satisfies `check`; answers it and how long that took. */
async function performanceWhen(
  mediaId: number,
  check: (performance: Performance) => boolean,
): Promise<{ performance: Performance; waitedMs: number }> {
  const started = Date.now();
  for (;;) {
    const performance = await performanceOf(mediaId);
    if (check(performance)) return { performance, waitedMs: Date.now() - started };
    if (Date.now() - started > 15_000)
      throw new Error(`performance of ${mediaId} never came: ${JSON.stringify(performance)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The events of the POST /player/events requests the page sent, each with when it was sent. */
function eventRequests(page: Page): { at: number; types: string[] }[] {
  const sent: { at: number; types: string[] }[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/player/events') || request.method() !== 'POST') return;
    const body = JSON.parse(request.postData() ?? '{}') as { events?: { type: string }[] };
    sent.push({ at: Date.now(), types: (body.events ?? []).map((event) => event.type) });
  });
  return sent;
}

/** The id of the media item a storefront section shows (its heading's id is `media-<id>`). */
async function mediaIdOf(page: Page, heading: string): Promise<number> {
  const id = await page.getByRole('heading', { name: heading }).getAttribute('id');
  return Number(id?.replace('media-', ''));
}

beforeAll(async () => {
  if (!haveChromium) return;
  shop = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const player = (attributes: string) =>
      `<shoppable-media ${attributes} endpoint="${origin}" api-key="${clientKey}"></shoppable-media>`;
    response.end(
      `<!DOCTYPE html><html lang="en"><head><title>A shop</title>` +
        `<script type="module" src="${origin}/embed/shoppable-media.js"></script></head><body><main><h1>A shop</h1>` +
        player('kind="image" slug="autumn-ridge-layers" analytics="off"') +
        player('kind="video" slug="rain-shell-field-test"') +
        `</main></body></html>`,
    );
  });
  shopOrigin = await new Promise<string>((resolve) =>
    shop!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(shop!.address() as AddressInfo).port}`)),
  );
  const demo: unknown = readDemoCatalog();
  t = await createTestApp(demo, {
    API_KEYS: `${adminKey}:admin,${clientKey}:client`,
    RATE_LIMIT_MAX: '0',
    CORS_ORIGINS: shopOrigin,
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (shop) await new Promise((resolve) => shop!.close(resolve));
});

describe.skipIf(!haveChromium)('the player reports its events, in Chromium', () => {
  it('sends its impression in a batch, and a hotspot opened just before leaving with the page', async () => {
    const { page, context, aborted, errors } = await offlinePage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      const sent = eventRequests(page);
      await page.goto(`${origin}/`);
      const mediaId = await mediaIdOf(page, 'Shop the look');
      const hotspot = page.locator('shoppable-media[kind="image"]').getByRole('button', { name: /^1\. / });
      await hotspot.scrollIntoViewIfNeeded();
      // In view for a second, then the player's batch a few seconds later.
      await page.waitForRequest(
        (request) => request.url().endsWith('/player/events') && (request.postData() ?? '').includes('"impression"'),
        { timeout: 15_000 },
      );
      const placementId = await hotspot.getAttribute('data-placement-id');
      const clicked = Date.now();
      // The opening is reported as the click opens the panel; the page is left at once.
      await hotspot.click();
      await page.goto('about:blank');
      // Left before the player's own batch was due (5 s after the opening): only pagehide can send it.
      expect(Date.now() - clicked).toBeLessThan(5_000);
      const { performance, waitedMs } = await performanceWhen(mediaId, (figures) => figures.hotspot_opens === 1);
      expect([performance.impressions, performance.hotspot_opens]).toStrictEqual([1, 1]);
      expect(performance.by_placement.find((entry) => entry.placement_id === placementId)?.hotspot_opens).toBe(1);
      // Seen within seconds of leaving (the gateway writes every PLAYER_EVENTS_FLUSH_MS, 1 s).
      expect(waitedMs).toBeLessThan(5_000);
      expect(sent.filter((request) => request.types.includes('impression'))).toHaveLength(1);
      expect([aborted, errors]).toStrictEqual([[], []]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('reports from a shop on another origin, except a player with analytics="off"', async () => {
    const { page, context } = await offlinePage(browser, { viewport: { width: 1280, height: 2400 } });
    try {
      const before = { image: (await performanceOf(1)).impressions, video: (await performanceOf(10)).impressions };
      const sent = eventRequests(page);
      await page.goto(shopOrigin);
      await page.locator('shoppable-media[kind="image"]').getByRole('button', { name: /^1\. / }).waitFor();
      await page.locator('shoppable-media[kind="video"] video').waitFor();
      await page.waitForRequest(
        (request) => request.url().endsWith('/player/events') && (request.postData() ?? '').includes('"impression"'),
        { timeout: 15_000 },
      );
      await page.goto('about:blank');
      await performanceWhen(10, (figures) => figures.impressions === before.video + 1);
      expect((await performanceOf(1)).impressions).toBe(before.image);
      expect(sent.flatMap((request) => request.types)).toStrictEqual(['impression']);
    } finally {
      await context.close();
    }
  }, 60_000);
});
