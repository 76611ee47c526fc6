// The studio in a real browser, offline: Debian's Chromium driven by playwright-core by accessible
// roles and names only, every request off the loopback aborted. A merchant gives a wrong key, a
// client key, then the admin key (kept in sessionStorage, never in the page); lists, searches and
// pages the media; uploads a PNG drawn here, makes a media item of it and places two products where
// they click (checked through the REST API within 0.02 of the click), drags one and moves the other
// with the arrow keys, removes one; uploads the demo MP4 and sets placements' time ranges by typing
// and from the video's current time; makes an item from a media URL; is told in words of a slug
// taken, a file refused (text, SVG, too large), an invalid slug and a time range the API refuses;
// is asked before leaving unsaved changes (confirm() and beforeunload); sees the real player in
// Preview and pastes the Embed code (a client key, never the admin key) into a shop's page on
// another origin, where it works. axe-core finds no serious or critical violation on the list, the
// form, the editor with its dialog open, and the preview. Screenshots: test/.tmp/studio/. Without
// /usr/bin/chromium the file is skipped with a message, and fails on CI.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMediaDir } from '../../src/paths.js';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';
import { haveChromium as chromiumInstalled, launchChromium, offlinePage, type OfflinePage } from '../browser.js';
import { heading, screenshots, signIn as signInWith, violations } from './studio-page.js';

const haveChromium = chromiumInstalled('test/studio/studio.browser.test.ts');

const shot = screenshots('studio');
const adminKey = 'sk_studio_admin_0123456789';
const clientKey = 'sk_studio_client_0123456789';
/** Another admin's key: no admin key goes into embed code. */
const otherAdminKey = 'sk_studio_other_admin_0123';
const uploadMax = 128 * 1024;

let t: TestApp;
let origin: string;
let browser: Browser;
let mediaDir: string;
/** A shop's page on another origin (in CORS_ORIGINS), serving the embed code it is given. */
let shop: Server;
let shopOrigin: string;
let shopHtml = '';

/** A PNG of four coloured quarters, `width` × `height` (made here: nothing to download). */
function png(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height);
  const colours = [
    [0x2b, 0x59, 0x7a],
    [0xd9, 0xa4, 0x41],
    [0x6b, 0x8f, 0x5e],
    [0xe8, 0xe1, 0xd3],
  ];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]!;
      pixels.set(colour, y * row + 1 + x * 3);
    }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The admin API, as a test reads it. */
async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { 'x-api-key': adminKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface AdminMedia {
  id: number;
  slug: string;
  type: string;
  url: string;
  width: number;
  height: number;
  duration_ms: number | null;
  alt: string | null;
}
interface SavedPlacement {
  product_id: number;
  x: number | null;
  y: number | null;
  start_ms: number | null;
  end_ms: number | null;
}

const mediaBySlug = async (slug: string) =>
  (await api<{ media: AdminMedia[] }>('GET', `/media?q=${encodeURIComponent(slug)}`)).media.find(
    (media) => media.slug === slug,
  );
const placementsOf = async (media: AdminMedia) =>
  (await api<{ placements: SavedPlacement[] }>('GET', `/${media.type}/${media.id}/placements`)).placements;
const productId = (title: string) =>
  (
    readDemoCatalog() as {
      products: { id: number; title: string }[];
    }
  ).products.find((product) => product.title === title)!.id;

beforeAll(async () => {
  if (!haveChromium) return;
  // Uploads go to a scratch copy of the demo's media, never into the project.
  mediaDir = mkdtempSync(join(tmpdir(), 'studio-media-'));
  cpSync(demoMediaDir, mediaDir, { recursive: true });
  shop = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(shopHtml);
  });
  shopOrigin = await new Promise<string>((resolve) =>
    shop.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(shop.address() as AddressInfo).port}`)),
  );
  const demo = readDemoCatalog();
  t = await createTestApp(demo, {
    API_KEYS: `${adminKey}:admin,${clientKey}:client,${otherAdminKey}:admin`,
    RATE_LIMIT_MAX: '0',
    CORS_ORIGINS: shopOrigin,
    MEDIA_FILES_DIR: mediaDir,
    MEDIA_UPLOAD_MAX_BYTES: String(uploadMax),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Enough media for two pages of the list (24 a page): the demo's 15 and 12 more.
  for (let index = 1; index <= 12; index++)
    await api('POST', '/media', {
      type: 'image',
      slug: `extra-look-${index}`,
      url: '/media/files/autumn-ridge-layers.jpg',
      width: 800,
      height: 1000,
    });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await new Promise((resolve) => shop?.close(resolve));
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

/** The browser's questions (confirm, beforeunload), answered as `answer` says; what they asked is kept. */
function questions(page: Page) {
  const asked: { type: string; message: string }[] = [];
  let answer: 'accept' | 'dismiss' = 'accept';
  page.on('dialog', (dialog: Dialog) => {
    asked.push({ type: dialog.type(), message: dialog.message() });
    void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
  });
  return {
    asked,
    answer: (next: 'accept' | 'dismiss') => {
      answer = next;
    },
  };
}

const status = (page: Page) => page.getByRole('status');
const signIn = (page: Page) => signInWith(page, adminKey);

/** From the list, the editor of the media item `slug` (searched for, then opened). */
async function openEditor(page: Page, slug: string): Promise<void> {
  await page.goto(`${origin}/studio`);
  await page.getByRole('searchbox', { name: 'Search media' }).fill(slug);
  // The search's answer, not the list before it (whose items it redraws).
  await expect.poll(() => page.getByRole('list', { name: 'Media' }).getAttribute('aria-busy')).toBe('false');
  await page.getByRole('button', { name: slug, exact: true }).click();
  await heading(page, slug).waitFor();
  await page.getByRole('button', { name: 'Save placements' }).waitFor();
}

/** The point at fractions (x, y) of a locator's box, in the page's pixels. */
async function pointOf(locator: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width * x, y: box.y + box.height * y };
}

/** Clicks the media at fractions (x, y) of its box and places `title` there through the dialog. */
async function place(page: Page, media: Locator, x: number, y: number, search: string, title: string) {
  const box = (await media.boundingBox())!;
  await media.click({ position: { x: box.width * x, y: box.height * y } });
  const dialog = page.getByRole('dialog', { name: 'Place a product' });
  await dialog.waitFor();
  const searchbox = dialog.getByRole('searchbox', { name: 'Search products' });
  await expect.poll(() => searchbox.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
  await searchbox.fill(search);
  await dialog.getByRole('button', { name: title, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: title, exact: true }).waitFor();
}

/** "Save placements", once the gateway answered it, and "Saved" said. */
async function save(page: Page): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/placements'),
  );
  await page.getByRole('button', { name: 'Save placements' }).click();
  expect((await answered).status()).toBe(200);
  await expect.poll(() => status(page).textContent()).toBe('Saved');
}

const expectNear = (actual: number | null, expected: number, within = 0.02) => {
  expect(actual).not.toBeNull();
  expect(Math.abs(actual! - expected), `${actual} within ${within} of ${expected}`).toBeLessThanOrEqual(within);
};

/** Errors in the console but the refusals the studio asked for and said in words (its own requests' 4xx). */
const unexpected = (errors: string[]) =>
  errors.filter((error) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(error));

describe.skipIf(!haveChromium)('the studio in Chromium, offline', () => {
  let merchant: OfflinePage;
  let asked: ReturnType<typeof questions>;

  beforeAll(async () => {
    merchant = await offlinePage(browser, { viewport: { width: 1280, height: 900 } });
    merchant.page.setDefaultTimeout(10_000);
    asked = questions(merchant.page);
  });

  afterAll(async () => {
    expect(unexpected(merchant.errors)).toStrictEqual([]);
    expect(merchant.aborted).toStrictEqual([]);
    await merchant?.context.close();
  });

  it('refuses a wrong key and a client key in words, then keeps the admin key in sessionStorage only', async () => {
    const { page } = merchant;
    const response = await page.goto(`${origin}/studio`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const key = page.getByLabel('Admin API key');
    expect(await key.getAttribute('type')).toBe('password');
    await key.fill('sk_nobody_knows_this_0123');
    await key.press('Enter');
    await page
      .getByRole('alert')
      .getByText(/^This key was refused/)
      .waitFor();
    await key.fill(clientKey);
    await key.press('Enter');
    await page
      .getByRole('alert')
      .getByText('This is a client key: the studio needs an admin key', { exact: false })
      .waitFor();
    await shot(page, 'client-key-refused');
    await signIn(page);
    expect(await page.evaluate("sessionStorage.getItem('shoppable-studio:admin-key')")).toBe(adminKey);
    // Never in the page, an attribute or the address.
    expect(await page.content()).not.toContain(adminKey);
    expect(page.url()).not.toContain(adminKey);
    // A reload keeps the tab signed in.
    await page.reload();
    await heading(page, 'Media').waitFor();
  });

  it('lists the media newest first, each named by its slug with its thumbnail, searched and paged', async () => {
    const { page } = merchant;
    const list = page.getByRole('list', { name: 'Media' });
    await list.getByRole('button', { name: 'extra-look-12', exact: true }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(24);
    const first = list.getByRole('button').first();
    expect(await first.textContent()).toContain('extra-look-12');
    expect(await first.locator('img').getAttribute('alt')).toBe('');
    expect(await first.locator('img').getAttribute('src')).toBe('/media/files/autumn-ridge-layers.jpg');
    // A video's thumbnail is its poster.
    const cabin = list.getByRole('button', { name: 'winter-cabin-tour', exact: true });
    expect(await cabin.locator('img').getAttribute('src')).toBe('/media/files/winter-cabin-tour-poster.jpg');
    // The next page, its first item focused: the oldest three.
    await page.getByRole('button', { name: 'More' }).click();
    const third = list.getByRole('button', { name: 'cozy-reading-corner', exact: true });
    await expect.poll(() => third.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await list.getByRole('button', { name: 'autumn-ridge-layers', exact: true }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(27);
    expect(await page.getByRole('button', { name: 'More' }).count()).toBe(0);
    await shot(page, 'list');
    expect(await violations(page)).toStrictEqual([]);
    // Searched: the list is busy from the first key, and each item keeps its own button as the list
    // is redrawn (a click landing then opens the item it was aimed at, not another drawn in its place).
    const aimedAt = await list.getByRole('button', { name: 'autumn-ridge-layers', exact: true }).elementHandle();
    await page.getByRole('searchbox', { name: 'Search media' }).fill('autumn');
    expect(await list.getAttribute('aria-busy')).toBe('true');
    // The media items' own buttons (each has "Performance" beside it too).
    const names = async () =>
      (await list.getByRole('button').allTextContents())
        .map((name) => name.trim())
        .filter((name) => !name.startsWith('Performance'));
    await expect.poll(names).toStrictEqual(['autumn-ridge-layers']);
    expect(await list.getAttribute('aria-busy')).toBe('false');
    expect(await aimedAt!.evaluate((button) => button.isConnected && button.textContent!.trim())).toBe(
      'autumn-ridge-layers',
    );
  });

  it('uploads a PNG, makes a media item of it and places two products where they are clicked', async () => {
    const { page } = merchant;
    await page.goto(`${origin}/studio`);
    await page.getByRole('button', { name: 'New media' }).click();
    await heading(page, 'New media').waitFor();
    expect(await violations(page)).toStrictEqual([]);
    await page
      .getByLabel('File')
      .setInputFiles({ name: 'Studio Look.png', mimeType: 'image/png', buffer: png(640, 400) });
    await page.getByLabel('Slug').fill('studio-look');
    await page.getByLabel('Alt text').fill('Four coloured squares');
    const reads: string[] = [];
    const read = (request: { method(): string; url(): string }) => {
      if (request.method() === 'GET' && /\/(image|video)\/\d+/.test(request.url())) reads.push(request.url());
    };
    page.on('request', read);
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, 'studio-look').waitFor();
    await page.getByText('No product placed yet: click the picture.').waitFor();
    // Just made, it has no placement to read (another process may not know it yet).
    page.off('request', read);
    expect(reads).toStrictEqual([]);
    const created = (await mediaBySlug('studio-look'))!;
    expect(created).toMatchObject({ type: 'image', width: 640, height: 400, alt: 'Four coloured squares' });
    expect(created.url).toMatch(/^\/media\/files\/Studio-Look(-\d+)?\.png$/);

    const picture = page.getByRole('img', { name: 'Four coloured squares' });
    await place(page, picture, 0.25, 0.6, 'rain shell', 'Ridgeline Rain Shell');
    // The new hotspot has the focus.
    const shell = page.getByRole('button', { name: 'Ridgeline Rain Shell', exact: true });
    expect(await shell.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    // The dialog a second time, open for axe; then the second product.
    const box = (await picture.boundingBox())!;
    await picture.click({ position: { x: box.width * 0.8, y: box.height * 0.3 } });
    const dialog = page.getByRole('dialog', { name: 'Place a product' });
    await dialog.getByRole('searchbox', { name: 'Search products' }).fill('mug');
    const mug = dialog.getByRole('button', { name: 'Stoneware Mug Set', exact: true });
    await mug.waitFor();
    await shot(page, 'dialog');
    expect(await violations(page)).toStrictEqual([]);
    await mug.click();
    await save(page);
    await shot(page, 'saved');
    const saved = await placementsOf(created);
    expect(saved.map((placement) => placement.product_id)).toStrictEqual([
      productId('Ridgeline Rain Shell'),
      productId('Stoneware Mug Set'),
    ]);
    expectNear(saved[0]!.x, 0.25);
    expectNear(saved[0]!.y, 0.6);
    expectNear(saved[1]!.x, 0.8);
    expectNear(saved[1]!.y, 0.3);
    expect(await violations(page)).toStrictEqual([]);
  });

  it('moves a hotspot by dragging and another with the arrow keys, removes one, each saved where it was left', async () => {
    const { page } = merchant;
    await openEditor(page, 'studio-look');
    const picture = page.getByRole('img', { name: 'Four coloured squares' });
    const shell = page.getByRole('button', { name: 'Ridgeline Rain Shell', exact: true });
    const from = await pointOf(shell, 0.5, 0.5);
    const to = await pointOf(picture, 0.6, 0.75);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    // Moved, not placed again: no dialog.
    expect(await page.getByRole('dialog', { name: 'Place a product' }).isVisible()).toBe(false);
    // The mug from the keyboard: three steps right, one large step down.
    const mug = page.getByRole('button', { name: 'Stoneware Mug Set', exact: true });
    await mug.focus();
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown']) await mug.press(key);
    await expect.poll(() => status(page).textContent()).toBe('Stoneware Mug Set at 83 % across, 40 % down.');
    await save(page);
    const created = (await mediaBySlug('studio-look'))!;
    const [movedShell, movedMug] = await placementsOf(created);
    expectNear(movedShell!.x, 0.6);
    expectNear(movedShell!.y, 0.75);
    expectNear(movedMug!.x, 0.83, 0.005);
    expectNear(movedMug!.y, 0.4, 0.005);

    // "Remove" in the mug's row of the list.
    const rows = page.getByRole('list', { name: /^Placements/ }).getByRole('listitem');
    await rows.filter({ hasText: 'Stoneware Mug Set' }).getByRole('button', { name: 'Remove' }).click();
    await mug.waitFor({ state: 'detached' });
    await save(page);
    expect((await placementsOf(created)).map((placement) => placement.product_id)).toStrictEqual([
      productId('Ridgeline Rain Shell'),
    ]);
  });

  it('places against the picture itself when it does not fill its box (a width and height of another aspect)', async () => {
    const { page } = merchant;
    // The demo's 800 × 1000 picture, said to be 1000 × 500: drawn in the middle of a 2:1 box.
    await api('POST', '/media', {
      type: 'image',
      slug: 'letterboxed',
      url: '/media/files/autumn-ridge-layers.jpg',
      width: 1000,
      height: 500,
      alt: 'A hiker, letterboxed',
    });
    await openEditor(page, 'letterboxed');
    const picture = page.getByRole('img', { name: 'A hiker, letterboxed' });
    await expect
      .poll(() => picture.evaluate((image) => (image as unknown as { complete: boolean }).complete))
      .toBe(true);
    const box = (await picture.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(2, 1);
    const drawn = { width: box.height * 0.8, height: box.height };
    const left = (box.width - drawn.width) / 2;
    // A click on the band beside the picture places nothing.
    await picture.click({ position: { x: left / 2, y: box.height / 2 } });
    expect(await page.getByRole('dialog', { name: 'Place a product' }).isVisible()).toBe(false);
    // A quarter across and three quarters down the picture (0.4 and 0.75 of the box).
    await page.mouse.click(box.x + left + drawn.width * 0.25, box.y + drawn.height * 0.75);
    const dialog = page.getByRole('dialog', { name: 'Place a product' });
    await dialog.getByRole('searchbox', { name: 'Search products' }).fill('daypack');
    await dialog.getByRole('button', { name: 'Daypack 22L', exact: true }).click();
    await save(page);
    const [placed] = await placementsOf((await mediaBySlug('letterboxed'))!);
    expectNear(placed!.x, 0.25);
    expectNear(placed!.y, 0.75);
    // The hotspot is drawn where the click was.
    const spot = (await page.getByRole('button', { name: 'Daypack 22L', exact: true }).boundingBox())!;
    expect(Math.abs(spot.x + spot.width / 2 - (box.x + left + drawn.width * 0.25))).toBeLessThan(2);
  });

  it('asks before leaving unsaved changes: confirm() going back to the list, the browser when the page goes', async () => {
    const { page } = merchant;
    await openEditor(page, 'studio-look');
    // The dialog from the keyboard: its searchbox has the focus, Escape closes it, the focus comes back.
    const centre = page.getByRole('button', { name: 'Place a product in the centre' });
    await centre.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Place a product' });
    await dialog.waitFor();
    const focused = (locator: Locator) =>
      locator.evaluate((element) => element === element.ownerDocument.activeElement);
    await expect.poll(() => focused(dialog.getByRole('searchbox', { name: 'Search products' }))).toBe(true);
    // Escape closes it, even when the searchbox holds words (which Escape alone would clear).
    await page.keyboard.type('jacket');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(centre)).toBe(true);

    await page.getByRole('button', { name: 'Ridgeline Rain Shell', exact: true }).press('ArrowLeft');
    asked.answer('dismiss');
    await page.getByRole('button', { name: 'Back to media list' }).click();
    expect(asked.asked.at(-1)).toStrictEqual({
      type: 'confirm',
      message: 'The placements have unsaved changes. Leave without saving them?',
    });
    // Still there, the change kept.
    await page.getByRole('button', { name: 'Save placements' }).waitFor();
    await page.getByText('Unsaved changes.').waitFor();
    asked.answer('accept');
    await page.getByRole('button', { name: 'Back to media list' }).click();
    await heading(page, 'Media').waitFor();
    expect(asked.asked.length).toBe(2);

    // A page of its own, closed with a change unsaved: the browser asks (beforeunload).
    const other = await merchant.context.newPage();
    other.setDefaultTimeout(10_000);
    const unload = questions(other);
    // Another tab: its own sessionStorage, so the key is asked again.
    await other.goto(`${origin}/studio`);
    await signIn(other);
    await openEditor(other, 'studio-look');
    await other.getByRole('button', { name: 'Ridgeline Rain Shell', exact: true }).press('ArrowUp');
    unload.answer('dismiss');
    await other.close({ runBeforeUnload: true });
    await expect.poll(() => unload.asked.map((question) => question.type)).toStrictEqual(['beforeunload']);
    expect(other.isClosed()).toBe(false);
    // Saved, it goes without a question.
    await save(other);
    await other.close({ runBeforeUnload: true });
    await expect.poll(() => other.isClosed()).toBe(true);
    expect(unload.asked.length).toBe(1);
    // The first tab is the one in front again (a tab behind is neither painted nor hit by clicks).
    await page.bringToFront();
  });

  it("uploads a video, reads its size and length in the browser, and sets placements' time ranges", async () => {
    const { page } = merchant;
    await page.goto(`${origin}/studio`);
    await page.getByRole('button', { name: 'New media' }).click();
    const clip = readFileSync(join(demoMediaDir, 'demo-clip.mp4'));
    await page.getByLabel('File').setInputFiles({ name: 'Kiln clip.mp4', mimeType: 'video/mp4', buffer: clip });
    await page.getByLabel('Slug').fill('studio-clip');
    await page.getByLabel('Alt text').fill('A potter opens the kiln');
    await page.getByRole('button', { name: 'Create' }).click();
    await heading(page, 'studio-clip').waitFor();
    // The gateway reads no video's size: the browser did, from the file's metadata.
    const created = (await mediaBySlug('studio-clip'))!;
    expect(created).toMatchObject({ type: 'video', width: 360, height: 640, duration_ms: 12000 });

    const video = page.getByLabel('A potter opens the kiln');
    await place(page, video, 0.5, 0.4, 'tea bowl', 'Hand-Thrown Tea Bowl');
    const row = page
      .getByRole('list', { name: /^Placements/ })
      .getByRole('listitem')
      .filter({ hasText: 'Hand-Thrown Tea Bowl' });
    await row.getByRole('spinbutton', { name: 'Start (s)' }).fill('2');
    await row.getByRole('spinbutton', { name: 'End (s)' }).fill('5.5');
    await save(page);
    await shot(page, 'video');
    expect(await violations(page)).toStrictEqual([]);
    const [typed] = await placementsOf(created);
    expect([typed!.start_ms, typed!.end_ms]).toStrictEqual([2000, 5500]);
    expectNear(typed!.x, 0.5);
    expectNear(typed!.y, 0.4);

    // From the video's own timeline: its position, then the buttons that take it.
    const position = page.getByRole('slider', { name: 'Position' });
    await position.fill('3');
    await expect.poll(() => position.getAttribute('aria-valuetext')).toBe('3.0 seconds of 12.0');
    await row.getByRole('button', { name: 'Use current time for start' }).click();
    // "Saved" no longer holds once the list changed.
    await expect.poll(() => status(page).textContent()).toBe('');
    await position.fill('7');
    await expect.poll(() => position.getAttribute('aria-valuetext')).toBe('7.0 seconds of 12.0');
    await row.getByRole('button', { name: 'Use current time for end' }).click();
    expect(await row.getByRole('spinbutton', { name: 'Start (s)' }).inputValue()).toBe('3');
    await save(page);
    const [taken] = await placementsOf(created);
    expect([taken!.start_ms, taken!.end_ms]).toStrictEqual([3000, 7000]);

    // A range the API refuses: said with its placement and field, nothing changed.
    await row.getByRole('spinbutton', { name: 'Start (s)' }).fill('6');
    await row.getByRole('spinbutton', { name: 'End (s)' }).fill('4');
    await page.getByRole('button', { name: 'Save placements' }).click();
    await page
      .getByRole('alert')
      .getByText('Placement 1 (Hand-Thrown Tea Bowl), End (s): must be after the start (6 s), got 4 s', { exact: true })
      .waitFor();
    const end = row.getByRole('spinbutton', { name: 'End (s)' });
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    expect(await end.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    const [unchanged] = await placementsOf(created);
    expect([unchanged!.start_ms, unchanged!.end_ms]).toStrictEqual([3000, 7000]);
    // Put back as saved, so that nothing is left unsaved.
    await row.getByRole('spinbutton', { name: 'Start (s)' }).fill('3');
    await end.fill('7');
    await page.getByText('Unsaved changes.').waitFor({ state: 'detached' });
  }, 60_000);

  it('says in words why a file, a slug or a media URL is refused, and makes nothing of them', async () => {
    const { page } = merchant;
    const before = (await api<{ media: AdminMedia[] }>('GET', '/media?first=100')).media.length;
    await page.goto(`${origin}/studio`);
    await page.getByRole('button', { name: 'New media' }).click();
    const file = page.getByLabel('File');
    const fileError = page.getByRole('alert').filter({ hasText: /^The file/ });
    const create = async (slug: string) => {
      await page.getByLabel('Slug').fill(slug);
      await page.getByRole('button', { name: 'Create' }).click();
    };

    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture\n') });
    await create('notes');
    await fileError
      .getByText(
        'The file “notes.txt” was refused: it is not a JPEG, PNG or WebP image, nor an MP4 or WebM video. ' +
          'The studio takes JPEG, PNG and WebP pictures and MP4 and WebM videos.',
      )
      .waitFor();
    expect(await file.getAttribute('aria-invalid')).toBe('true');
    await shot(page, 'file-refused');

    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    await file.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await create('logo');
    await fileError
      .getByText('The file “logo.svg” was refused: SVG pictures are never taken, as they may hold scripts.', {
        exact: false,
      })
      .waitFor();

    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(200 * 1024, 1) });
    await create('huge');
    await fileError
      .getByText(
        'The file “huge.png” is too large (200 KiB): the gateway takes files of at most 128 KiB (MEDIA_UPLOAD_MAX_BYTES).',
      )
      .waitFor();

    await file.setInputFiles({ name: 'look.png', mimeType: 'image/png', buffer: png(320, 200) });
    await create('autumn-ridge-layers');
    await page
      .getByRole('alert')
      .getByText('The slug “autumn-ridge-layers” is taken by image 1: choose another slug.')
      .waitFor();
    expect(await page.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
    await create('my look');
    await page
      .getByRole('alert')
      .getByText('Slug: must not contain "/" or white space (it is part of a URL path)')
      .waitFor();

    await page.getByLabel('Media URL').fill('/media/files/no-such-picture.jpg');
    await create('from-nowhere');
    await page
      .getByRole('alert')
      .getByText(/^This address could not be loaded as a picture or a video/)
      .waitFor();
    expect(await file.inputValue()).toBe('');

    expect((await api<{ media: AdminMedia[] }>('GET', '/media?first=100')).media.length).toBe(before);
    // The refused files were not kept.
    const stored = readdirSync(mediaDir);
    for (const name of ['notes', 'logo', 'huge'])
      expect(stored.filter((file) => file.startsWith(name))).toStrictEqual([]);

    // A media URL that loads: its size read by the browser.
    await page.getByLabel('Media URL').fill('/media/files/autumn-ridge-layers.jpg');
    await create('from-a-url');
    await heading(page, 'from-a-url').waitFor();
    expect(await mediaBySlug('from-a-url')).toMatchObject({
      type: 'image',
      url: '/media/files/autumn-ridge-layers.jpg',
      width: 800,
      height: 1000,
    });
  }, 60_000);

  it('previews the real player and gives embed code that works on a shop of another origin, never with the admin key', async () => {
    const { page } = merchant;
    await openEditor(page, 'studio-look');
    const created = (await mediaBySlug('studio-look'))!;
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: '1. Ridgeline Rain Shell' }).waitFor();
    await shot(page, 'preview');
    expect(await violations(page)).toStrictEqual([]);

    await page.getByRole('button', { name: 'Embed code' }).click();
    const code = page.getByRole('code').filter({ hasText: '<shoppable-media' });
    const placeholder =
      `<script type="module" src="${origin}/embed/shoppable-media.js"></script>\n` +
      `<shoppable-media kind="image" media-id="${created.id}" api-key="YOUR_CLIENT_KEY"></shoppable-media>`;
    expect(await code.textContent()).toBe(placeholder);
    const clientKeyField = page.getByLabel('Client API key');
    await clientKeyField.fill(adminKey);
    await page.getByText('This is the admin key you signed in with: never put it in a page.').waitFor();
    expect(await code.textContent()).toBe(placeholder);
    await clientKeyField.fill(otherAdminKey);
    await page
      .getByText('This is an admin key: never put it in a page, where anyone can read it.', { exact: false })
      .waitFor();
    expect(await code.textContent()).toBe(placeholder);
    await clientKeyField.fill(clientKey);
    await page.getByText('A client key of this gateway: the code below uses it.').waitFor();
    const snippet = (await code.textContent())!;
    expect(snippet).toBe(placeholder.replace('YOUR_CLIENT_KEY', clientKey));
    await shot(page, 'embed-code');
    await clientKeyField.fill('');
    expect(await page.content()).not.toContain(adminKey);

    // Pasted into a shop's page on another origin (in CORS_ORIGINS): the player shows the placements.
    shopHtml = `<!DOCTYPE html><html lang="en"><head><title>A shop</title></head><body><main><h1>A shop</h1>${snippet}</main></body></html>`;
    const shopper = await offlinePage(browser, { viewport: { width: 1024, height: 800 } });
    try {
      await shopper.page.goto(shopOrigin);
      await shopper.page.getByRole('button', { name: '1. Ridgeline Rain Shell' }).waitFor({ timeout: 10_000 });
      expect(shopper.errors).toStrictEqual([]);
      expect(shopper.aborted).toStrictEqual([]);
    } finally {
      await shopper.context.close();
    }
  }, 60_000);
});

describe.skipIf(!haveChromium)('the studio of a gateway without API keys', () => {
  it('opens on the media list at once and gives embed code without a key', async () => {
    const open = await createTestApp();
    const visitor = await offlinePage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await open.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(open.app.server.address() as AddressInfo).port}`;
      const { page } = visitor;
      page.setDefaultTimeout(10_000);
      await page.goto(`${base}/studio`);
      await heading(page, 'Media').waitFor();
      expect(await page.getByLabel('Admin API key').count()).toBe(0);
      // This catalog's media were imported without a URL or a size: said so, never "null".
      const list = page.getByRole('list', { name: 'Media' });
      await list.getByRole('button', { name: 'look-one', exact: true }).waitFor();
      expect(await list.locator('.media-meta').allTextContents()).toStrictEqual(['Image', 'Video', 'Image']);
      await page.getByRole('button', { name: 'look-one', exact: true }).click();
      await page.getByText(/This media item has no URL, so there is nothing to show/).waitFor();
      expect(await page.locator('body').textContent()).not.toMatch(/null|NaN|undefined/);
      // Nothing offers to place a product on a picture that is not there.
      expect(await page.getByRole('button', { name: 'Place a product in the centre' }).count()).toBe(0);
      expect(await page.getByText(/Click the picture/).count()).toBe(0);
      await shot(page, 'no-url');
      expect(await violations(page)).toStrictEqual([]);
      await page.getByRole('button', { name: 'Embed code' }).click();
      await page.getByText('This gateway has no API keys: the player needs none.').waitFor();
      expect(await page.getByRole('code').filter({ hasText: '<shoppable-media' }).textContent()).toBe(
        `<script type="module" src="${base}/embed/shoppable-media.js"></script>\n` +
          '<shoppable-media kind="image" media-id="1"></shoppable-media>',
      );
      expect(unexpected(visitor.errors)).toStrictEqual([]);
    } finally {
      await visitor.context.close();
      await open.close();
    }
  }, 60_000);
});
