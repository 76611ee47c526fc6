// The demo storefront and its player in a real browser, offline: Debian's Chromium driven by
// playwright-core by accessible roles and names, every request off the loopback aborted. A shopper
// adds a product from one store through an image hotspot and one from another store through a
// video card, changes a quantity, picks a shipping method from the keyboard, fills the form and
// sees the final total before placing the order: two orders, named by their stores and numbers,
// costing the total shown, whose status changes (an admin's REST call) appear live; a reload keeps
// the confirmation. From a shop's page on another origin (a second listener, in CORS_ORIGINS), a
// price that changes between the total shown and "Place order" stops the submit until the buyer
// confirms the new total. An expired or unknown cart starts afresh without an error; a refused,
// missing or wrong key, a gateway out of reach and a page CORS refuses are each told in words.
// axe-core finds no violation, whatever its impact. The products' pictures are the gateway's own
// files here (one missing, one product without any). Screenshots of each step:
// test/.tmp/storefront/. Without /usr/bin/chromium the file is skipped with a message, and fails on CI.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Locator, Page, Response as PageResponse } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readDemoCatalog, type TestApp } from '../helpers.js';
import { haveChromium as chromiumInstalled, launchChromium, offlinePage, type OfflinePage } from '../browser.js';

const haveChromium = chromiumInstalled('test/storefront/storefront.browser.test.ts');

const screenshots = join(import.meta.dirname, '..', '.tmp', 'storefront');
const clientKey = 'sk_browser_client_0123456789';
const adminKey = 'sk_browser_admin_0123456789';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let t: TestApp;
let origin: string;
let browser: Browser;
/** A shop's own server, on another origin than the gateway's (in its CORS_ORIGINS), and another's (not). */
let shops: Server[] = [];
let shopOrigin: string;
let refusedOrigin: string;

/** The demo catalog (its products' pictures the gateway's files), one product without a picture and one whose picture fails to load. */
function demoCatalog(): unknown {
  const demo = readDemoCatalog() as {
    products: { title: string; images: string[] }[];
  };
  demo.products.find((product) => product.title === 'Arc Floor Lamp')!.images = [];
  demo.products.find((product) => product.title === 'Grid Fleece Half-Zip')!.images = ['/media/files/gone.jpg'];
  return demo;
}

/** A shop's page embedding the player from the gateway. */
const shopPage = (players: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>A shop</title>` +
  `<script type="module" src="${origin}/embed/shoppable-media.js"></script></head>` +
  `<body><main><h1>A shop</h1>${players}</main></body></html>`;

beforeAll(async () => {
  if (!haveChromium) return;
  rmSync(screenshots, { recursive: true, force: true });
  mkdirSync(screenshots, { recursive: true });
  // Real listeners: a page the browser's router serves has no address, and Chromium then refuses
  // its requests to the loopback (local network access).
  shops = [0, 1].map(() =>
    createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        shopPage(
          `<shoppable-media kind="image" slug="autumn-ridge-layers" endpoint="${origin}" api-key="${clientKey}">` +
            `</shoppable-media>`,
        ),
      );
    }),
  );
  const [allowed, refused] = await Promise.all(
    shops.map(
      (server) =>
        new Promise<string>((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
        ),
    ),
  );
  shopOrigin = allowed!;
  refusedOrigin = refused!;
  t = await createTestApp(demoCatalog(), {
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
  await Promise.all(shops.map((server) => new Promise((resolve) => server.close(resolve))));
});

let step = 0;
async function shot(page: Page, name: string): Promise<void> {
  step += 1;
  await page.screenshot({ path: join(screenshots, `${String(step).padStart(2, '0')}-${name}.png`) });
}

/** axe-core's violations on the page as it is now (shadow roots included): `serious` and `critical` only, or all. */
async function violations(page: Page, impacts: 'serious' | 'all' = 'serious'): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP rightly refuses an injected <script>.
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(`(() => { ${axeSource}\n})()`);
  // Evaluated in the page (this file has no DOM types).
  const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as {
    violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
  };
  return results.violations
    .filter((violation) => impacts === 'all' || violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}

const image = (page: Page) => page.locator('shoppable-media[kind="image"]');
const video = (page: Page) => page.locator('shoppable-media[kind="video"]');

/** Seeks a `<video>` to 8 s, once its metadata is in (run in the page: this file has no DOM types). */
async function seekTo8s(player: Locator): Promise<void> {
  await player.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const media = element as unknown as {
          readyState: number;
          currentTime: number;
          addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
        };
        const seek = () => {
          media.addEventListener('seeked', resolve, { once: true });
          media.currentTime = 8;
        };
        if (media.readyState >= 1) seek();
        else media.addEventListener('loadedmetadata', seek, { once: true });
      }),
  );
}

/** The open product panel: picks each option's value by label, then Add to cart. */
async function addFromPanel(
  page: Page,
  title: string,
  options: Record<string, string>,
  within: Locator,
): Promise<void> {
  const panel = within.getByRole('dialog', { name: title });
  await panel.waitFor({ state: 'visible' });
  for (const [option, value] of Object.entries(options)) await choose(panel, option, value);
  await panel.getByRole('button', { name: 'Add to cart' }).click();
}

/** A variant option's value: a select or a radio group named by the option. */
async function choose(panel: Locator, option: string, value: string): Promise<void> {
  const select = panel.getByRole('combobox', { name: option });
  if ((await select.count()) > 0) return void (await select.selectOption({ label: value }));
  await panel.getByRole('radiogroup', { name: option }).getByRole('radio', { name: value }).check();
}

async function ordersOf(cartId: string) {
  return t.database.db.order.findMany({
    where: { cartId },
    select: { id: true, storeId: true, storeName: true, orderNumber: true, status: true, totalMinor: true },
    orderBy: { storeId: 'asc' },
  });
}

/** An amount as the player shows it ("$470.40") in minor units. */
function minorUnits(shown: string): number {
  const match = /^\$([\d,]+)\.(\d\d)$/.exec(shown.trim());
  if (!match) throw new Error(`not an amount in dollars: ${shown}`);
  return Number(match[1]!.replace(/,/g, '')) * 100 + Number(match[2]);
}

/** The sum of orders' totals, in minor units. */
const sumOf = (orders: { totalMinor: bigint }[]) => orders.reduce((sum, order) => sum + Number(order.totalMinor), 0);

/** The drawer's total once final: no estimate said anywhere, the total and "Place order · <total>". */
async function finalTotal(drawer: Locator): Promise<string> {
  const totals = drawer.getByRole('region', { name: 'Order total' });
  await totals
    .locator('dt.total')
    .filter({ hasText: /^Total$/ })
    .waitFor();
  expect(await drawer.getByText(/estimate/i).count()).toBe(0);
  const total = (await totals.locator('dd.total').textContent())!.trim();
  await drawer.getByRole('button', { name: `Place order · ${total}`, exact: true }).waitFor();
  return total;
}

/** Fills the delivery form as a shopper types it. */
async function fillForm(drawer: Locator): Promise<void> {
  const fields: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Lovelace',
    Address: '1 Market St',
    City: 'San Francisco',
    Province: 'CA',
    'Postal code': '94105',
    Country: 'US',
    Email: 'ada@example.com',
    Phone: '+14155550100',
  };
  for (const [label, value] of Object.entries(fields)) await drawer.getByLabel(label, { exact: true }).fill(value);
}

/** Whether the element is the focused one of its (shadow) root. */
const hasFocus = (locator: Locator) =>
  locator.evaluate(
    (element) => (element.getRootNode() as unknown as { activeElement: unknown }).activeElement === element,
  );

describe.skipIf(!haveChromium)('the demo storefront in Chromium, offline', () => {
  let shopper: OfflinePage;

  afterAll(async () => {
    await shopper?.context.close();
  });

  it("takes a shopper from an image and a video to two stores' orders, updated live", async () => {
    shopper = await offlinePage(browser, { viewport: { width: 1280, height: 900 } });
    const { page, aborted, errors } = shopper;
    page.setDefaultTimeout(10_000);
    const response = await page.goto(`${origin}/`);
    expect(response?.status()).toBe(200);
    await image(page).getByRole('button', { name: 'Ridgeline Rain Shell' }).waitFor({ state: 'visible' });
    await shot(page, 'storefront');
    expect(await violations(page, 'all')).toStrictEqual([]);

    // Store 1 (north-trail) through the image's hotspot.
    await image(page).getByRole('button', { name: 'Ridgeline Rain Shell' }).click();
    // The price as the API formats it (Product.priceMoney.displayValue).
    await image(page).getByRole('dialog', { name: 'Ridgeline Rain Shell' }).getByText('$189.00').waitFor();
    await shot(page, 'product-panel');
    await addFromPanel(page, 'Ridgeline Rain Shell', { Size: 'M', Color: 'Moss' }, image(page));
    await image(page).getByRole('button', { name: 'Cart (1)' }).waitFor({ state: 'visible' });

    // A size whose SKU is out of stock cannot be chosen (the parka's L).
    await video(page)
      .getByRole('region', { name: 'Products in this video' })
      .getByRole('button', { name: 'Summit Down Parka' })
      .click();
    const parka = video(page).getByRole('dialog', { name: 'Summit Down Parka' });
    await parka.waitFor({ state: 'visible' });
    const sizeL = parka
      .getByRole('combobox', { name: 'Size' })
      .locator('option', { hasText: 'L' })
      .filter({ hasNotText: 'XL' });
    expect(await sizeL.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await parka.waitFor({ state: 'hidden' });

    // Store 2 (lumen-home) through the card the video shows at 8 s.
    await seekTo8s(video(page).locator('video'));
    await shot(page, 'video-at-8s');
    const cards = video(page).getByRole('region', { name: 'Products in this moment' });
    await cards.getByRole('button', { name: 'Arc Floor Lamp' }).click();
    await addFromPanel(page, 'Arc Floor Lamp', { Finish: 'Brass' }, video(page));
    // Both players show the one cart.
    await video(page).getByRole('button', { name: 'Cart (2)' }).waitFor({ state: 'visible' });
    await image(page).getByRole('button', { name: 'Cart (2)' }).waitFor({ state: 'visible' });

    const cartId = (await page.evaluate(
      `localStorage.getItem(${JSON.stringify(`shoppable-media:cart:${origin}`)})`,
    )) as string | null;
    expect(cartId).toMatch(/\S/);
    const lines = await t.database.db.cartLine.findMany({
      where: { cartId: cartId! },
      select: { mediaId: true, placementId: true, quantity: true },
    });
    expect(lines.map((line) => line.mediaId).sort()).toStrictEqual([1, 12]);

    // The drawer: a quantity, a shipping method, the form, the order.
    await video(page).getByRole('button', { name: 'Cart (2)' }).click();
    const drawer = video(page).getByRole('dialog', { name: 'Cart' });
    await drawer.waitFor({ state: 'visible' });
    // Each line is a group named by its product, holding its picture, its stepper and "Remove";
    // a product without a picture has an empty frame.
    const shell = drawer.getByRole('group', { name: 'Ridgeline Rain Shell' });
    await shell.getByRole('button', { name: 'Remove', exact: true }).waitFor();
    await expect
      .poll(() =>
        shell.locator('.thumb img').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await shell.locator('.thumb img').getAttribute('alt')).toBe('');
    const lamp = drawer.getByRole('group', { name: 'Arc Floor Lamp' });
    expect([await lamp.locator('.thumb').count(), await lamp.locator('.thumb img').count()]).toStrictEqual([1, 0]);
    await shot(page, 'cart');
    await drawer.getByRole('button', { name: 'Increase quantity of Arc Floor Lamp' }).click();
    await video(page).getByRole('button', { name: 'Cart (3)' }).waitFor({ state: 'visible' });

    // Stores by the names shoppers know. Shipping from the keyboard: ArrowDown checks the next
    // method and the focus stays on it while the drawer shows the new costs.
    const northTrail = drawer.getByRole('region', { name: 'North Trail' });
    const shipping = drawer.getByRole('group', { name: 'Shipping for North Trail' });
    await shipping.getByRole('radio', { name: /Standard/ }).focus();
    await page.keyboard.press('ArrowDown');
    const express = shipping.getByRole('radio', { name: 'Express (2 days): $14.99', exact: true });
    await expect
      .poll(
        async () =>
          (
            await t.database.db.cartStore.findFirst({
              where: { cartId: cartId!, storeId: 7 },
              select: { selectedShippingMethodId: true },
            })
          )?.selectedShippingMethodId,
        { timeout: 5_000 },
      )
      .toBe('express');
    // One rule for shipping: the price before tax on the radio and on the store's Shipping line.
    await northTrail
      .locator('dl.costs')
      .filter({ hasText: /Shipping\s*\$14\.99/ })
      .waitFor();
    expect(await express.isChecked()).toBe(true);
    expect(await hasFocus(express)).toBe(true);
    await expect(
      drawer
        .getByText(/estimated/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true);

    // A discount code: applied to its store's lines; an unknown one kept with a notice saying why, then removed.
    const created = await t.app.inject({
      method: 'POST',
      url: '/discounts',
      headers: { authorization: `Bearer ${adminKey}` },
      payload: { code: 'TRAIL10', store: 'north-trail.example', kind: 'PERCENTAGE', value: 10 },
    });
    expect(created.statusCode).toBe(201);
    await drawer.getByLabel('Discount code').fill('trail10');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await drawer.getByRole('button', { name: 'Remove code trail10' }).waitFor();
    await drawer.getByRole('region', { name: 'Order total' }).getByText('Discount', { exact: true }).waitFor();
    await drawer.getByLabel('Discount code').fill('NOPE');
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await drawer
      .getByRole('region', { name: 'Notices' })
      .getByText('The code NOPE is not a discount code of any store')
      .waitFor();
    await shot(page, 'discount-codes');
    expect(await violations(page)).toStrictEqual([]);
    await drawer.getByRole('button', { name: 'Remove code NOPE' }).click();
    await drawer.getByRole('region', { name: 'Notices' }).waitFor({ state: 'detached' });

    // "Place order" too early: the alert names what is missing, and goes once it is filled in.
    await drawer.getByRole('button', { name: /^Place order/ }).click();
    const missing = drawer.getByRole('alert').filter({ hasText: 'Please fill in: First name, Last name' });
    await missing.waitFor();
    expect(await ordersOf(cartId!)).toStrictEqual([]);
    // The form is sent as it is typed: once the address is in, the total is final.
    await fillForm(drawer);
    await missing.waitFor({ state: 'detached' });
    const total = await finalTotal(drawer);
    await shot(page, 'final-total');
    expect(await violations(page, 'all')).toStrictEqual([]);
    await drawer.getByRole('button', { name: `Place order · ${total}` }).click();

    // Two orders, one per store, named by their store and number, costing together the total shown.
    const status = video(page).getByRole('status');
    await expect.poll(async () => (await ordersOf(cartId!)).length, { timeout: 10_000 }).toBe(2);
    const orders = await ordersOf(cartId!);
    expect(sumOf(orders)).toBe(minorUnits(total));
    expect(orders.map((order) => [order.storeName, order.orderNumber])).toStrictEqual([
      ['North Trail', 1001],
      ['Lumen Home', 1001],
    ]);
    const orderName = (order: (typeof orders)[number]) => `${order.storeName} — order #${order.orderNumber}`;
    for (const order of orders)
      await video(page)
        .getByRole('article', { name: orderName(order) })
        .waitFor({ state: 'visible' });
    // Each order with its lines (pictures, quantities) and its total.
    const lampOrder = video(page).getByRole('article', { name: 'Lumen Home — order #1001' });
    await lampOrder.getByText('Arc Floor Lamp').waitFor();
    await lampOrder.getByText('Brass · Quantity 2').waitFor();
    await lampOrder
      .locator('.order-total')
      .filter({ hasText: (Number(orders[1]!.totalMinor) / 100).toFixed(2) })
      .waitFor();
    const shellOrder = video(page).getByRole('article', { name: 'North Trail — order #1001' });
    await shellOrder.getByText('M / Moss · Quantity 1').waitFor();
    expect(await shellOrder.locator('.thumb img').getAttribute('alt')).toBe('');
    // The code's store's order keeps its discount; the other store's has none.
    const discounts = await t.database.db.order.findMany({
      where: { cartId: cartId! },
      select: { storeId: true, discountMinor: true },
    });
    expect(discounts.map((order) => [order.storeId, Number(order.discountMinor) > 0]).sort()).toStrictEqual(
      [
        [7, true],
        [discounts.find((order) => order.storeId !== 7)!.storeId, false],
      ].sort(),
    );
    await status
      .filter({ hasText: /submitted/i })
      .first()
      .waitFor({ state: 'visible' });
    // The other player's "Added … to the cart" is gone with the cart it was about.
    await image(page).getByText('Added Ridgeline Rain Shell to the cart.').waitFor({ state: 'hidden' });
    await shot(page, 'confirmation');
    expect(await violations(page, 'all')).toStrictEqual([]);

    // A store moves one order along: the page shows it within 2 s, live.
    const moved = orders[0]!;
    const started = Date.now();
    const changed = await fetch(`${origin}/orders/${moved.id}/status`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': adminKey },
      body: JSON.stringify({ status: 'PLACED' }),
    });
    expect(changed.status).toBe(200);
    await video(page)
      .getByRole('article', { name: orderName(moved) })
      .getByRole('status')
      .filter({ hasText: /placed/i })
      .first()
      .waitFor({ state: 'visible', timeout: 2_000 });
    console.info(`status change shown after ${Date.now() - started} ms`);
    await shot(page, 'status-live');
    expect(await violations(page)).toStrictEqual([]);

    // A reload keeps the submitted state.
    // (One player of the page shows them: the first, now that none placed them.)
    await page.reload();
    for (const order of orders)
      await page.getByRole('article', { name: orderName(order) }).waitFor({ state: 'visible' });
    await page
      .getByRole('status')
      .filter({ hasText: /placed/i })
      .first()
      .waitFor({ state: 'visible' });
    await shot(page, 'after-reload');

    expect(aborted).toStrictEqual([]);
    expect(errors).toStrictEqual([]);
  }, 120_000);

  it('binds the order to the total shown, from a shop on another origin: a price changed meanwhile is confirmed first', async () => {
    const { page, context, aborted, errors } = await offlinePage(browser, { viewport: { width: 375, height: 800 } });
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(`${shopOrigin}/`);
      const player = page.locator('shoppable-media');
      await player.getByRole('button', { name: 'Grid Fleece Half-Zip' }).click();
      const panel = player.getByRole('dialog', { name: 'Grid Fleece Half-Zip' });
      await panel.waitFor({ state: 'visible' });
      for (const select of await panel.getByRole('combobox').all()) {
        const value = await select.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
        await select.selectOption(value!);
      }
      await panel.getByRole('button', { name: 'Add to cart' }).click();
      await player.getByRole('button', { name: 'Cart (1)' }).click();
      const drawer = player.getByRole('dialog', { name: 'Cart' });
      await drawer.waitFor({ state: 'visible' });
      // A picture that fails to load leaves its empty frame.
      const fleece = drawer.getByRole('group', { name: 'Grid Fleece Half-Zip' });
      await expect
        .poll(() => fleece.locator('.thumb img').evaluate((image) => (image as unknown as { hidden: boolean }).hidden))
        .toBe(true);
      await shot(page, 'other-origin-cart');
      await fillForm(drawer);
      const shown = await finalTotal(drawer);
      await shot(page, 'other-origin-final-total');

      // The store raises the price between the total shown and "Place order": nothing is ordered,
      // the new total is shown and said, and the order waits for the buyer to confirm it.
      const cartId = (await page.evaluate(
        `localStorage.getItem(${JSON.stringify(`shoppable-media:cart:${origin}`)})`,
      )) as string;
      // The whole form is stored (the last field is sent once typing pauses): what the buyer reviews.
      await expect
        .poll(async () => (await t.database.db.buyerIdentity.findUnique({ where: { cartId } }))?.phone)
        .toBe('+14155550100');
      const line = await t.database.db.cartLine.findFirstOrThrow({ where: { cartId }, select: { skuId: true } });
      const sku = await t.database.db.sku.findUniqueOrThrow({ where: { id: line.skuId } });
      const price = sku.salePriceMinor ?? sku.retailPriceMinor!;
      await t.database.db.sku.update({ where: { id: line.skuId }, data: { salePriceMinor: price + 500 } });
      const submit = () =>
        page.waitForResponse((response) => /"query":"mutation Submit/.test(response.request().postData() ?? ''));
      const keyOf = async (response: Promise<PageResponse>) =>
        (JSON.parse((await response).request().postData()!) as { variables: { key: string } }).variables.key;
      const submitted = submit();
      await drawer.getByRole('button', { name: `Place order · ${shown}` }).click();
      // The gateway refused it: the total sent is the one shown.
      const refusal = (await (await submitted).json()) as { errors: { extensions: { code: string } }[] };
      expect(refusal.errors[0]!.extensions.code).toBe('CART_TOTAL_CHANGED');
      const sent = JSON.parse((await submitted).request().postData()!) as { variables: { total: unknown } };
      expect(sent.variables.total).toStrictEqual({ value: minorUnits(shown) / 100, currency: 'USD' });
      const alert = drawer.getByRole('alert').filter({ hasText: /^The total changed to \$[\d.,]+: / });
      await alert.waitFor();
      const now = /to (\$[\d.,]+):/.exec((await alert.textContent())!)![1]!;
      expect(minorUnits(now)).toBeGreaterThan(minorUnits(shown));
      expect(await alert.textContent()).toContain(
        `changed from $${(price / 100).toFixed(2)} to $${(price / 100 + 5).toFixed(2)}`,
      );
      expect(await alert.textContent()).toMatch(
        /Nothing was ordered yet: check it, then place the order again to confirm\.$/,
      );
      expect(await finalTotal(drawer)).toBe(now);
      expect(await ordersOf(cartId)).toStrictEqual([]);
      await alert.scrollIntoViewIfNeeded();
      await shot(page, 'total-changed');

      // Confirmed: a new attempt, with a new idempotency key (the refusal was an answer).
      const confirmed = submit();
      await drawer.getByRole('button', { name: `Place order · ${now}` }).click();
      expect(await keyOf(confirmed)).not.toBe(await keyOf(submitted));
      await expect.poll(async () => (await ordersOf(cartId)).length, { timeout: 10_000 }).toBe(1);
      const [order] = await ordersOf(cartId);
      expect(sumOf([order!])).toBe(minorUnits(now));
      await drawer.getByRole('article', { name: `North Trail — order #${order!.orderNumber}` }).waitFor();
      await shot(page, 'other-origin-confirmation');
      expect(aborted).toStrictEqual([]);
      expect(errors.filter((error) => !/status of 404/.test(error))).toStrictEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('starts a new cart, without an error, when the stored one expired or is unknown', async () => {
    for (const kind of ['expired', 'unknown'] as const) {
      const { page, context, aborted, errors } = await offlinePage(browser);
      try {
        let staleId = 'cart_00000000000000000000000000';
        if (kind === 'expired') {
          const made = await fetch(`${origin}/cart`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': clientKey },
            body: JSON.stringify({ items: { storefront_cart_items_input: [{ variant_id: 10068, quantity: 1 }] } }),
          });
          expect(made.status).toBeLessThan(300);
          staleId = ((await made.json()) as { id: string }).id;
          await t.database.db.cart.update({
            where: { id: staleId },
            data: { updatedAt: new Date(Date.now() - 400 * 86_400_000) },
          });
        }
        await page.goto(`${origin}/healthz`);
        await page.evaluate(
          `localStorage.setItem(${JSON.stringify(`shoppable-media:cart:${origin}`)}, ${JSON.stringify(staleId)})`,
        );
        await page.goto(`${origin}/`);
        await image(page).getByRole('button', { name: 'Cart (0)' }).waitFor({ state: 'visible' });
        await image(page).getByRole('button', { name: 'Daypack 22L' }).click();
        const panel = image(page).getByRole('dialog', { name: 'Daypack 22L' });
        await panel.waitFor({ state: 'visible' });
        for (const select of await panel.getByRole('combobox').all()) {
          const value = await select.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
          await select.selectOption(value!);
        }
        await panel.getByRole('button', { name: 'Add to cart' }).click();
        await image(page).getByRole('button', { name: 'Cart (1)' }).waitFor({ state: 'visible' });
        expect(await page.getByRole('alert').count()).toBe(0);
        const newId = await page.evaluate(`localStorage.getItem(${JSON.stringify(`shoppable-media:cart:${origin}`)})`);
        expect(newId).not.toBe(staleId);
        await shot(page, `recovered-${kind}-cart`);
        expect(aborted).toStrictEqual([]);
        expect(errors.filter((error) => !/status of 4\d\d/.test(error))).toStrictEqual([]);
      } finally {
        await context.close();
      }
    }
  });
  it('says what went wrong in words, and works from the keyboard', async () => {
    const { page, context, aborted } = await offlinePage(browser);
    try {
      page.setDefaultTimeout(10_000);
      // Players a shop could get wrong: an unknown media item, no key where one is needed, a wrong
      // key, a gateway out of reach (a closed port). A shop's page on the gateway's origin (served by
      // the browser's router: the gateway has no such page).
      const errorsPage = `${origin}/a-shop-page.html`;
      await page.route(errorsPage, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: shopPage(`
        <shoppable-media id="unknown" kind="image" slug="no-such-image" api-key="${clientKey}"></shoppable-media>
        <shoppable-media id="keyless" kind="image" slug="autumn-ridge-layers"></shoppable-media>
        <shoppable-media id="wrong-key" kind="image" slug="autumn-ridge-layers" api-key="sk_not_a_key_0123456789"></shoppable-media>
        <shoppable-media id="unreachable" kind="image" slug="autumn-ridge-layers" endpoint="http://127.0.0.1:9" api-key="${clientKey}"></shoppable-media>`),
        }),
      );
      await page.goto(errorsPage);
      const said = (player: string, words: string) =>
        page.locator(player).getByRole('alert').filter({ hasText: words }).first().waitFor();
      await said('#unknown', 'This image could not be found.');
      await said('#keyless', 'This player has no API key, and the shop requires one: set its api-key attribute.');
      await said('#wrong-key', 'The shop did not accept this player’s API key: check its api-key attribute.');
      await said('#unreachable', 'Could not reach the shop. Check your connection and try again.');
      await shot(page, 'errors-in-words');

      // A shop's page on an origin the gateway's CORS_ORIGINS does not list: the gateway answers, but
      // not to this page (told apart from "out of reach" by a no-cors request to /healthz).
      await page.goto(`${refusedOrigin}/`);
      await said(
        'shoppable-media',
        `The shop does not accept requests from this page: ${refusedOrigin} is not among the origins it allows (CORS).`,
      );
      await shot(page, 'cors-refused');

      // The keyboard: Enter on a hotspot opens its panel with the focus in it; Escape closes it and gives the focus back.
      await page.goto(`${origin}/`);
      const hotspot = image(page).getByRole('button', { name: 'Trail Runner 3' });
      await hotspot.focus();
      await page.keyboard.press('Enter');
      const panel = image(page).getByRole('dialog', { name: 'Trail Runner 3' });
      await panel.waitFor({ state: 'visible' });
      const focusedIn = (locator: Locator) =>
        locator.evaluate((element) => {
          const root = element.getRootNode() as unknown as { activeElement: unknown };
          const node = element as unknown as { contains(other: unknown): boolean };
          return node.contains(root.activeElement);
        });
      expect(await focusedIn(panel)).toBe(true);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      expect(await focusedIn(hotspot)).toBe(true);
      expect(aborted).toStrictEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows what it sells: numbered hotspots with their legend, cards over the video in view, alt texts, captions, another currency said at once', async () => {
    // A cart holding a USD line (the Arc Floor Lamp), as this browser's stored cart.
    const made = await fetch(`${origin}/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': clientKey },
      body: JSON.stringify({ items: { storefront_cart_items_input: [{ variant_id: 10068, quantity: 1 }] } }),
    });
    expect(made.status).toBeLessThan(300);
    const cartId = ((await made.json()) as { id: string }).id;
    const mediaOf = async (path: string) => {
      const answer = await t.app.inject({ method: 'GET', url: path, headers: { 'x-api-key': clientKey } });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ media: { alt: string | null; captions_url: string | null } }>().media;
    };
    const [imageMedia, videoMedia] = await Promise.all([
      mediaOf('/image/slug/autumn-ridge-layers/placements'),
      mediaOf('/video/slug/winter-cabin-tour/placements'),
    ]);
    expect(imageMedia.alt).toMatch(/\S/);
    expect(videoMedia.alt).toMatch(/\S/);
    expect(videoMedia.captions_url).toMatch(/\.vtt$/);

    const { page, context, aborted, errors } = await offlinePage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      page.setDefaultTimeout(10_000);
      await page.goto(`${origin}/healthz`);
      await page.evaluate(
        `localStorage.setItem(${JSON.stringify(`shoppable-media:cart:${origin}`)}, ${JSON.stringify(cartId)})`,
      );
      await page.goto(`${origin}/`);
      await image(page).getByRole('button', { name: 'Cart (1)' }).waitFor({ state: 'visible' });

      // The media's alt texts are the API's.
      expect(await image(page).locator('.frame img').getAttribute('alt')).toBe(imageMedia.alt);
      const player = video(page).locator('video');
      expect(await player.getAttribute('aria-label')).toBe(videoMedia.alt);
      // The captions: a track of kind captions from the API's URL, whose cues load.
      const track = player.locator('track');
      expect([await track.getAttribute('kind'), await track.getAttribute('src')]).toStrictEqual([
        'captions',
        `${origin}${videoMedia.captions_url}`,
      ]);
      await expect
        .poll(
          () =>
            player.evaluate((element) => {
              const tracks = (element as unknown as { textTracks: { mode: string; cues: { length: number } | null }[] })
                .textTracks;
              return [tracks[0]?.mode, tracks[0]?.cues?.length ?? 0];
            }),
          { timeout: 10_000 },
        )
        .toStrictEqual(['showing', 3]);

      // Each hotspot: at least 44 × 44 px, numbered, its number and title in the legend, all visible.
      const hotspots = image(page).locator('.hotspot');
      const legend = image(page).getByRole('list', { name: 'In this picture' });
      const titles = ['Ridgeline Rain Shell', 'Grid Fleece Half-Zip', 'Trail Runner 3', 'Daypack 22L'];
      expect(await hotspots.count()).toBe(titles.length);
      for (const [index, title] of titles.entries()) {
        // Named by its number and title (the number it shows is in its name: axe's label-content-name-mismatch).
        const hotspot = image(page).getByRole('button', { name: `${index + 1}. ${title}`, exact: true });
        const box = await hotspot.boundingBox();
        expect([title, box!.width >= 44, box!.height >= 44]).toStrictEqual([title, true, true]);
        expect(await hotspot.locator('.number').innerText()).toBe(String(index + 1));
        const entry = legend.getByRole('listitem').nth(index);
        expect(await entry.isVisible()).toBe(true);
        expect(await entry.innerText()).toContain(`${index + 1}\n${title}`);
      }

      // The video at 8 s: its cards, inside the window as it is (1280 × 900, not scrolled), then at 375 × 800.
      await seekTo8s(player);
      const cards = video(page).getByRole('region', { name: 'Products in this moment' });
      await cards.getByRole('button', { name: 'Chunky Cardigan' }).waitFor({ state: 'visible' });
      const inView = async (width: number, height: number) => {
        const outside: string[] = [];
        for (const card of await cards.getByRole('listitem').all()) {
          const box = (await card.boundingBox())!;
          const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
          if (!inside) outside.push(`${await card.innerText()} at ${JSON.stringify(box)}`);
        }
        return outside;
      };
      expect(await cards.getByRole('listitem').count()).toBe(3);
      expect(await page.evaluate('window.scrollY')).toBe(0);
      expect(await inView(1280, 900)).toStrictEqual([]);
      await shot(page, 'sells-1280');
      expect(await violations(page)).toStrictEqual([]);

      await page.setViewportSize({ width: 375, height: 800 });
      await legend.scrollIntoViewIfNeeded();
      await shot(page, 'sells-375-image');
      for (const [index, title] of titles.entries()) {
        const box = (await image(page)
          .getByRole('button', { name: `${index + 1}. ${title}`, exact: true })
          .boundingBox())!;
        expect([title, box.width >= 44, box.height >= 44]).toStrictEqual([title, true, true]);
      }
      await player.scrollIntoViewIfNeeded();
      expect(await inView(375, 800)).toStrictEqual([]);
      await shot(page, 'sells-375-video');
      expect(await violations(page)).toStrictEqual([]);

      // A product in another currency (EUR, the cart is in USD) says so as its panel opens, its choices disabled.
      await cards.getByRole('button', { name: 'Chunky Cardigan' }).click();
      const panel = video(page).getByRole('dialog', { name: 'Chunky Cardigan' });
      await panel.waitFor({ state: 'visible' });
      const note = panel.getByText(
        'This product is priced in EUR; your cart is in USD: it cannot be added to this cart. ' +
          'Place the order for your cart first, then add it.',
      );
      await note.waitFor({ state: 'visible' });
      expect(await panel.getByRole('combobox', { name: 'Size' }).isDisabled()).toBe(true);
      expect(await panel.getByRole('button', { name: 'Add to cart' }).isDisabled()).toBe(true);
      // Its picture, from the gateway.
      const picture = panel.locator('img.panel-picture');
      expect(await picture.getAttribute('src')).toBe(`${origin}/media/files/products/chunky-cardigan.jpg`);
      await expect
        .poll(() => picture.evaluate((element) => (element as unknown as { naturalWidth: number }).naturalWidth))
        .toBe(300);
      await shot(page, 'sells-375-other-currency');
      expect(await violations(page)).toStrictEqual([]);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      // One of the cart's currency has no such note, and its choices are open.
      await cards.getByRole('button', { name: 'Summit Down Parka' }).click();
      const parka = video(page).getByRole('dialog', { name: 'Summit Down Parka' });
      await parka.getByRole('combobox', { name: 'Size' }).waitFor({ state: 'visible' });
      expect(await parka.getByText(/cannot be added to this cart/).count()).toBe(0);
      expect(await parka.getByRole('combobox', { name: 'Size' }).isDisabled()).toBe(false);
      await page.keyboard.press('Escape');
      await parka.waitFor({ state: 'hidden' });

      // A click on a legend entry opens its product, as its hotspot does (which has the focus after).
      await legend.getByText('Daypack 22L').click();
      const daypack = image(page).getByRole('dialog', { name: 'Daypack 22L' });
      await daypack.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await daypack.waitFor({ state: 'hidden' });
      // The focus comes back a frame after the dialog hides: waited for, not read at once.
      const daypackHotspot = image(page).getByRole('button', { name: '4. Daypack 22L', exact: true });
      await expect
        .poll(
          () =>
            daypackHotspot.evaluate(
              (element) => (element.getRootNode() as unknown as { activeElement: unknown }).activeElement === element,
            ),
          { timeout: 5_000 },
        )
        .toBe(true);

      expect(aborted).toStrictEqual([]);
      expect(errors).toStrictEqual([]);
    } finally {
      await context.close();
    }

    /** axe-core's violations of any impact (shadow roots included), video-caption among its rules. */
    async function violations(page: Page): Promise<string[]> {
      if (!(await page.evaluate("'axe' in window"))) await page.evaluate(`(() => { ${axeSource}\n})()`);
      const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as {
        violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[];
      };
      return results.violations.map(
        (violation) =>
          `${violation.id} (${violation.impact}) at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
      );
    }
  }, 60_000);

  it("loads a video's captions from the gateway on a shop's page of another origin (the video in CORS mode)", async () => {
    const { page, context, aborted, errors } = await offlinePage(browser);
    let shopServer: Server | undefined;
    try {
      page.setDefaultTimeout(10_000);
      // A shop's page on another origin, served from the loopback (as a page on a public origin, or one the
      // browser's router answered, may not call the loopback: Private Network Access).
      const html = `<!DOCTYPE html><html lang="en"><head><title>A shop</title><script type="module" src="${origin}/embed/shoppable-media.js"></script></head><body><main>
        <shoppable-media kind="video" slug="winter-cabin-tour" api-key="${clientKey}"></shoppable-media>
      </main></body></html>`;
      shopServer = createServer((_request, response) =>
        response.writeHead(200, { 'content-type': 'text/html' }).end(html),
      );
      await new Promise<void>((resolve) => shopServer!.listen(0, '127.0.0.1', resolve));
      const shop = `http://127.0.0.1:${(shopServer.address() as AddressInfo).port}`;
      // The gateway as if its CORS_ORIGINS named the shop (this file's has none): GraphQL allows the shop's origin.
      await page.route(`${origin}/graphql`, async (route) => {
        const cors = {
          'access-control-allow-origin': shop,
          'access-control-allow-headers': 'content-type, x-api-key',
          'access-control-allow-methods': 'POST',
        };
        if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
        const response = await route.fetch();
        return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
      });
      await page.goto(`${shop}/`);
      const player = page.locator('shoppable-media video');
      await player.waitFor({ state: 'visible' });
      // The captions are on another origin than the page's: the video asks in CORS mode, the media files allow it.
      expect(await player.getAttribute('crossorigin')).toBe('anonymous');
      await expect
        .poll(
          () =>
            player.evaluate((element) => {
              const media = element as unknown as {
                readyState: number;
                textTracks: { cues: { length: number } | null }[];
              };
              return [media.readyState >= 1, media.textTracks[0]?.cues?.length ?? 0];
            }),
          { timeout: 10_000 },
        )
        .toStrictEqual([true, 3]);
      expect(aborted).toStrictEqual([]);
      expect(errors).toStrictEqual([]);
    } finally {
      await context.close();
      shopServer?.close();
    }
  });
});
