// The studio's figures in a real browser (Debian's Chromium, offline), on figures made through the
// real API: player events (POST /player/events) of a few sessions, one of them sent twice and one
// dated 23 hours ago, and carts attributed to the media items from a hotspot, some ordered. A
// merchant opens "Performance" from the media list and from the editor, and reads the funnel as
// counted by hand (3 impressions, 2 hotspot opens, 1 cart, 1 order: 66.7 %, 33.3 %, 33.3 %; plays
// and revenue in yen on a video), the chart's caption, summary and table adding up to the totals,
// the row per hotspot; changes the dates (today only: by the hour; a range with no figures: said in
// words, no chart; a range backwards: refused in words); is told when the gateway cannot be
// reached; then ranks the media list by each figure, in the gateway's order. axe-core finds no
// serious or critical violation on the view and the ranking. Screenshots at 1280 and 375 px wide:
// test/.tmp/studio-performance/.
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';
import { haveChromium as chromiumInstalled, launchChromium, offlinePage, type OfflinePage } from '../browser.js';
import { settled } from '../player-events/events-helpers.js';
import { californian } from '../cart/cart-helpers.js';
import { heading, screenshots, signIn, violations } from './studio-page.js';

const haveChromium = chromiumInstalled('test/studio/performance.browser.test.ts');

const adminKey = 'sk_figures_admin_0123456789';
const admin = { 'x-api-key': adminKey };
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const shot = screenshots('studio-performance');

let t: TestApp;
let origin: string;
let browser: Browser;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/**
 * The file's figures are read by UTC day ("today", the 30 days to today): a run that crossed
 * midnight would count its events on two days. Close to midnight it waits for the new day.
 */
const startMs = await (async () => {
  const leftMs = dayMs - (Date.now() % dayMs);
  if (haveChromium && leftMs < 3 * 60_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 1_000));
  return Date.now();
})();
/** When the earlier events happened: 23 hours ago (yesterday, but from 23:00 UTC on). */
const earlier = new Date(startMs - 23 * hourMs);
const today = day(startMs);
const earlierToday = day(earlier.getTime()) === today;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...admin, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let sent = 0;
async function record(events: Record<string, unknown>[]) {
  expect(await api('POST', '/player/events', { events })).toStrictEqual({ accepted: events.length });
  sent += events.length;
}

/** A cart of one line added from `placement` of media `media`, ordered when `order`. */
async function cart(variant: string, quantity: number, media: number, placement: string, order: boolean) {
  const item = { variant_id: variant, quantity, media_id: media, placement_id: placement };
  const made = await api<{ id: string }>('POST', '/cart', { items: { storefront_cart_items_input: [item] } });
  if (!order) return;
  await api('POST', '/cart/customerInfo', { id: made.id, buyer_identity: californian });
  await api('POST', '/cart/submit', { id: made.id });
}

const seen = (media: number, session: string, at?: Date) => ({
  type: 'impression',
  media_id: media,
  session_id: session,
  ...(at ? { occurred_at: at.toISOString() } : {}),
});
const opened = (media: number, placement: string, session: string, at?: Date) => ({
  ...seen(media, session, at),
  type: 'hotspot_open',
  placement_id: placement,
});

/**
 * autumn-ridge-layers (image 1): session A seen twice, B seen and the Ridgeline Rain Shell (1:0)
 * opened, C 23 hours ago seen and the Daypack (1:3) opened; a cart of 2 shells from 1:0, ordered.
 * kiln-opening-day (video 15): D seen and played, E seen and the Sake Set (15:1) opened; two carts of
 * it from 15:1, one ordered (¥8,640). cozy-reading-corner (image 3): F seen; F, G, H open 3:0.
 */
async function seed() {
  await record([seen(1, 'session-a-0001')]);
  await record([seen(1, 'session-a-0001'), seen(1, 'session-b-0002'), opened(1, '1:0', 'session-b-0002')]);
  await record([seen(1, 'session-c-0003', earlier), opened(1, '1:3', 'session-c-0003', earlier)]);
  await cart('10001', 2, 1, '1:0', true);
  await record([seen(15, 'session-d-0004'), { ...seen(15, 'session-d-0004'), type: 'play' }]);
  await record([seen(15, 'session-e-0005'), opened(15, '15:1', 'session-e-0005')]);
  await cart('10138', 1, 15, '15:1', true);
  await cart('10138', 1, 15, '15:1', false);
  await record([
    seen(3, 'session-f-0006'),
    ...['f-0006', 'g-0007', 'h-0008'].map((s) => opened(3, '3:0', `session-${s}`)),
  ]);
  await settled(t, sent, admin);
}

beforeAll(async () => {
  if (!haveChromium) return;
  const demo = readDemoCatalog();
  t = await createTestApp(demo, { API_KEYS: `${adminKey}:admin`, RATE_LIMIT_MAX: '0', PLAYER_EVENTS_FLUSH_MS: '20' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await seed();
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The contrast ratio of two CSS colours "rgb(r, g, b)" (WCAG 2). */
function contrast(one: string, other: string): number {
  const luminance = (colour: string) => {
    const linear = (part: string) =>
      Number(part) / 255 <= 0.04045 ? Number(part) / 255 / 12.92 : ((Number(part) / 255 + 0.055) / 1.055) ** 2.4;
    const [r, g, b] = colour
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(linear);
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The text a locator shows, white space made single. */
const text = async (locator: Locator) => ((await locator.innerText()) ?? '').replace(/\s+/g, ' ').trim();
const texts = async (locator: Locator) => Promise.all((await locator.all()).map(text));

/** The funnel's steps as shown: "Hotspot opens 2 66.7% of impressions (engagement rate)". */
const funnel = (page: Page) => texts(page.getByRole('list', { name: 'Funnel' }).getByRole('listitem'));

/** A table's body rows as cell texts (the row's header first), and its footer's. */
async function rows(table: Locator) {
  const body = await Promise.all((await table.locator('tbody tr').all()).map((row) => texts(row.locator('th, td'))));
  return { body, foot: await texts(table.locator('tfoot th, tfoot td')) };
}

/** Each column's sum over the rows (cells after the row's header, read as counts). */
const sums = (body: string[][]) =>
  body[0]!.slice(1).map((_, column) => body.reduce((sum, row) => sum + Number(row[column + 1]!.replace(/,/g, '')), 0));

type RankedFigures = Record<'impressions' | 'hotspot_opens' | 'carts' | 'orders', number> & { slug: string };

/** The ranked list as shown: each media item's slug and its four counts, in order. */
async function ranking(list: Locator): Promise<[string, ...number[]][]> {
  return Promise.all(
    (await list.getByRole('listitem').all()).map(async (item) => {
      const figures = await texts(item.getByRole('definition'));
      return [await text(item.getByRole('button')), ...figures.slice(0, 4).map(Number)] as [string, ...number[]];
    }),
  );
}

async function showRange(page: Page, from: string, to: string) {
  await page.getByLabel('From', { exact: true }).fill(from);
  await page.getByLabel('To', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
}

describe.skipIf(!haveChromium)('the studio shows what each media item brought, in Chromium', () => {
  let merchant: OfflinePage;

  beforeAll(async () => {
    merchant = await offlinePage(browser, { viewport: { width: 1280, height: 900 } });
    merchant.page.setDefaultTimeout(10_000);
    await merchant.page.goto(`${origin}/studio`);
    await signIn(merchant.page, adminKey);
  });

  afterAll(async () => {
    expect(merchant.errors.filter((error) => !/^Failed to load resource/.test(error))).toStrictEqual([]);
    expect(merchant.aborted).toStrictEqual([]);
    await merchant?.context.close();
  });

  it('shows the funnel, the chart and its table, and each hotspot, as counted by hand', async () => {
    const { page } = merchant;
    await page.getByRole('button', { name: 'Performance of autumn-ridge-layers' }).waitFor();
    // The first rows' thumbnails drawn (the others load as they are scrolled to).
    // (Polled from here: the page's CSP refuses the eval a waitForFunction would poll with.)
    const drawn =
      "[...document.querySelectorAll('.media-card img')].slice(0, 12).every((image) => image.naturalWidth > 0)";
    await expect.poll(() => page.evaluate(drawn)).toBe(true);
    await shot(page, 'list-1280');
    await page.getByRole('button', { name: 'Performance of autumn-ridge-layers' }).click();
    await heading(page, 'Performance of autumn-ridge-layers').waitFor();
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(today);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(day(startMs - 29 * dayMs));
    await expect.poll(() => funnel(page)).toHaveLength(4);
    expect(await funnel(page)).toStrictEqual([
      'Impressions 3',
      'Hotspot opens 2 66.7% of impressions (engagement rate)',
      'Carts 1 33.3% of impressions (add-to-cart rate)',
      'Orders 1 33.3% of impressions (conversion rate)',
    ]);
    expect(await text(page.locator('.totals'))).toBe('Units sold 2 Revenue $378.00');

    const figure = page.getByRole('figure');
    const caption = await text(figure.locator('figcaption'));
    expect(caption).toMatch(
      /^Impressions, hotspot opens, carts and orders per day, \d+ \w+ \d{4} to \d+ \w+ \d{4} \(UTC\)$/,
    );
    const chart = figure.getByRole('img');
    expect(await chart.getAttribute('aria-label')).toContain(
      '3 impressions, 2 hotspot opens, 1 cart and 1 order in all.',
    );
    expect(await texts(figure.getByRole('list', { name: 'Legend' }).getByRole('listitem'))).toStrictEqual([
      'Impressions',
      'Hotspot opens',
      'Carts',
      'Orders',
    ]);
    // Each line in a colour of 4.5:1 or more on the figure's white, and a dash pattern of its own.
    const lines = (await page.evaluate(
      "[...document.querySelectorAll('figure svg path')]" +
        ".map((path) => [getComputedStyle(path).stroke, path.getAttribute('stroke-dasharray')])",
    )) as [string, string][];
    expect(lines).toHaveLength(4);
    const background = (await page.evaluate(
      "getComputedStyle(document.querySelector('figure')).backgroundColor",
    )) as string;
    for (const [stroke] of lines) expect(contrast(stroke, background), stroke).toBeGreaterThanOrEqual(4.5);
    expect(new Set(lines.map(([, dash]) => dash)).size).toBe(4);
    const disclosure = figure.getByRole('button', { name: 'Show the numbers as a table' });
    expect(await disclosure.getAttribute('aria-expanded')).toBe('false');
    await disclosure.click();
    const numbers = figure.getByRole('table', { name: /^The chart's numbers per day/ });
    const { body, foot } = await rows(numbers);
    expect(body).toHaveLength(30);
    expect(sums(body)).toStrictEqual([3, 2, 1, 1]);
    expect(foot).toStrictEqual(['Total', '3', '2', '1', '1']);
    expect(await numbers.getByRole('columnheader').allTextContents()).toStrictEqual([
      'Day (UTC)',
      'Impressions',
      'Hotspot opens',
      'Carts',
      'Orders',
    ]);

    const hotspots = await rows(page.getByRole('table', { name: /^Each hotspot's figures/ }));
    expect(hotspots.body).toStrictEqual([
      ['1. Ridgeline Rain Shell', '1', '1', '2', '1', '2', '$378.00'],
      ['2. Grid Fleece Half-Zip', '0', '0', '0', '0', '0', '–'],
      ['3. Trail Runner 3', '0', '0', '0', '0', '0', '–'],
      ['4. Daypack 22L', '1', '0', '0', '0', '0', '–'],
    ]);
    expect(await violations(page)).toStrictEqual([]);
    await shot(page, 'performance-1280', true);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(async () => Number(await chart.getAttribute('width'))).toBeLessThan(375);
    await shot(page, 'performance-375', true);
    expect(await violations(page)).toStrictEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('shows the dates chosen: one day by the hour, dates without figures in words, a backwards range refused', async () => {
    const { page } = merchant;
    await showRange(page, today, today);
    const figure = page.getByRole('figure');
    await figure
      .locator('figcaption')
      .getByText(/per hour/)
      .waitFor();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Figures for .* shown\.$/);
    // Today only: C's impression and opening of 23 hours ago are yesterday's (unless it is 23:00 UTC or later).
    const expected = earlierToday ? [3, 2, 1, 1] : [2, 1, 1, 1];
    expect(
      (await funnel(page)).map((step) => Number(step.split(' ').find((word) => /^\d+$/.test(word)))),
    ).toStrictEqual(expected);
    const { body, foot } = await rows(figure.getByRole('table', { name: /^The chart's numbers per hour/ }));
    expect(body).toHaveLength(24);
    expect(body[0]![0]).toMatch(/, 00:00$/);
    expect(sums(body)).toStrictEqual(expected);
    expect(foot.slice(1).map(Number)).toStrictEqual(expected);
    await shot(page, 'performance-hourly', true);

    // Backwards: refused in words, the From marked and focused, the figures as they were.
    await showRange(page, today, day(startMs - 3 * dayMs));
    const from = page.getByLabel('From', { exact: true });
    await page
      .getByRole('alert')
      .getByText(/^From \(.+\) is after To \(.+\): choose a first day on or before the last one\.$/)
      .waitFor();
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(await from.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    expect(sums((await rows(figure.getByRole('table'))).body)).toStrictEqual(expected);

    // Dates without any figure: said in words, no chart, no table of zeros.
    await showRange(page, day(startMs - 60 * dayMs), day(startMs - 40 * dayMs));
    const empty = page.getByText(/No figures for/);
    await empty.waitFor();
    expect(await text(empty)).toMatch(/^No figures for .* yet: no impression, play, hotspot opening, cart or order/);
    expect(await page.getByRole('figure').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.getByRole('alert').count()).toBe(0);
    await shot(page, 'performance-empty');
  }, 60_000);

  it('says so in words when the gateway cannot be reached, and shows the figures again once it can', async () => {
    const { page } = merchant;
    await merchant.context.setOffline(true);
    await showRange(page, day(startMs - 29 * dayMs), today);
    await page
      .getByRole('alert')
      .getByText(/^Could not reach the gateway\./)
      .waitFor();
    await merchant.context.setOffline(false);
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await expect.poll(() => funnel(page)).toHaveLength(4);
    expect(await page.getByRole('alert').count()).toBe(0);
  }, 60_000);

  it("opens a video's performance from its editor: plays, two carts, revenue in yen", async () => {
    const { page } = merchant;
    await page.getByRole('button', { name: 'Edit placements' }).click();
    await heading(page, 'autumn-ridge-layers').waitFor();
    await page.getByRole('button', { name: 'Back to media list' }).click();
    await page.getByRole('button', { name: 'kiln-opening-day', exact: true }).click();
    await page.getByRole('button', { name: 'Performance', exact: true }).click();
    await heading(page, 'Performance of kiln-opening-day').waitFor();
    await expect.poll(() => funnel(page)).toHaveLength(4);
    expect(await funnel(page)).toStrictEqual([
      'Impressions 2',
      'Hotspot opens 1 50% of impressions (engagement rate)',
      'Carts 2 100% of impressions (add-to-cart rate)',
      'Orders 1 50% of impressions (conversion rate)',
    ]);
    expect(await text(page.locator('.totals'))).toBe('Plays 1 Units sold 1 Revenue ¥8,640');
    const hotspots = await rows(page.getByRole('table', { name: /^Each hotspot's figures/ }));
    expect(hotspots.body[1]).toStrictEqual(['2. Sake Set', '1', '2', '2', '1', '1', '¥8,640']);
  }, 60_000);

  it('ranks the media list by each figure in the order the gateway ranks them', async () => {
    const { page } = merchant;
    await page.getByRole('button', { name: 'Back to media list' }).click();
    const rankBy = page.getByRole('combobox', { name: 'Rank by' });
    const window = `from=${day(startMs - 29 * dayMs)}T00:00:00.000Z&to=${today}T23:59:59.999Z`;
    for (const [sort, label] of [
      ['hotspot_opens', 'Hotspot opens'],
      ['carts', 'Carts'],
      ['orders', 'Orders'],
      ['impressions', 'Impressions'],
    ] as const) {
      await rankBy.selectOption({ label });
      const list = page.getByRole('list', { name: new RegExp(`^Media ranked by ${label.toLowerCase()}`) });
      await list.waitFor();
      const ranked = await api<{ media: RankedFigures[] }>('GET', `/analytics/media?${window}&sort=${sort}&first=24`);
      expect(await ranking(list)).toStrictEqual(
        ranked.media.map((media) => [media.slug, media.impressions, media.hotspot_opens, media.carts, media.orders]),
      );
      // The figure ranked by is marked (in bold, with a rule beside it), in every item.
      expect(await texts(list.locator('.ranked dt'))).toStrictEqual(ranked.media.map(() => label));
    }
    const list = page.getByRole('list', { name: /^Media ranked by impressions/ });
    expect((await ranking(list)).slice(0, 3)).toStrictEqual([
      ['autumn-ridge-layers', 3, 2, 1, 1],
      ['kiln-opening-day', 2, 1, 2, 1],
      ['cozy-reading-corner', 1, 3, 0, 0],
    ]);
    expect(await texts(list.getByRole('listitem').first().getByRole('definition'))).toStrictEqual([
      '3',
      '2',
      '1',
      '1',
      '$378.00',
    ]);
    expect(await violations(page)).toStrictEqual([]);
    await shot(page, 'ranking-1280');

    // A media item's performance from the ranking, and back to the ranking as it was.
    await list.getByRole('button', { name: 'cozy-reading-corner', exact: true }).click();
    await heading(page, 'Performance of cozy-reading-corner').waitFor();
    await expect.poll(() => funnel(page)).toHaveLength(4);
    expect((await funnel(page))[1]).toBe('Hotspot opens 3 300% of impressions (engagement rate)');
    await page.getByRole('button', { name: 'Back to media list' }).click();
    await list.waitFor();
    expect(await rankBy.inputValue()).toBe('impressions');
    // Dates without figures: nothing to rank, said in words.
    await showRange(page, day(startMs - 60 * dayMs), day(startMs - 40 * dayMs));
    const nothingToRank = page.getByText(/No media item has figures/);
    await nothingToRank.waitFor();
    expect(await text(nothingToRank)).toMatch(/^No media item has figures for .* yet: .* nothing to rank\.$/);
    expect(await list.count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await showRange(page, day(startMs - 29 * dayMs), today);
    await list.waitFor();
    await shot(page, 'ranking-375', true);
    expect(await violations(page)).toStrictEqual([]);
  }, 60_000);
});
