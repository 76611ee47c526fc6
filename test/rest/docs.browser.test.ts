// The REST API reference (/docs, Swagger UI from npm-installed assets) in a real browser, offline:
// Debian's Chromium (never a downloaded one) driven by playwright-core, with every request off the
// loopback aborted. The page must render the operations of /openapi.json under its own
// Content-Security-Policy, and an expanded operation must show its responses' examples.
// Without /usr/bin/chromium the file is skipped with a message, and fails on CI.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { haveChromium as chromiumInstalled, launchChromium, offlinePage } from '../browser.js';

const haveChromium = chromiumInstalled('test/rest/docs.browser.test.ts');

const screenshotPath = join(import.meta.dirname, '..', '.tmp', 'docs.png');
const docsPath = '/docs';
// Chromium also logs a violation on the console in its own words; the event records each one with
// the directive it broke, so a refusal fails the test whatever the wording.
const reportViolations = `document.addEventListener('securitypolicyviolation', (event) =>
  console.error('CSP violation: ' + event.violatedDirective + ' refused ' + (event.blockedURI || 'inline')));`;

let t: TestApp;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  if (!haveChromium) return;
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe.skipIf(!haveChromium)('Swagger UI at /docs in Chromium, offline', () => {
  it("renders every tag and operation from this server alone, with the responses' examples", async () => {
    const { page, context, aborted, errors } = await offlinePage(browser, {
      viewport: { width: 1280, height: 1000 },
      initScript: reportViolations,
    });
    // Swagger UI lays out some hundred operations: on a loaded machine that took over 10 s. Shorter
    // than the test's own timeout, so that a wait that fails names what it waited for.
    context.setDefaultTimeout(40_000);
    try {
      const response = await page.goto(`${origin}${docsPath}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).toMatch(/default-src 'self'/);

      // Swagger UI has fetched the document and rendered its tags and operations.
      const operation = (method: string, path: string) =>
        page.locator(`.opblock-${method}:has(.opblock-summary-path[data-path="${path}"])`);
      await operation('post', '/cart/submit').waitFor({ state: 'visible' });
      await operation('get', '/product/{id}').waitFor({ state: 'visible' });
      const tags = await Promise.all(
        (await page.locator('h3.opblock-tag').all()).map((tag) => tag.getAttribute('data-tag')),
      );
      expect(tags).toStrictEqual([
        'Images',
        'Videos',
        'Products',
        'Carts',
        'Orders',
        'Webhooks',
        'Discounts',
        'Media admin',
        'Media performance',
        'Player events',
        'Operations',
      ]);
      expect(await page.locator('.opblock').count()).toBeGreaterThanOrEqual(30);

      // Expanded, GET /product/{id} shows the Product schema and the 404 example.
      const product = operation('get', '/product/{id}');
      await product.locator('.opblock-summary-control').click();
      const responses = product.locator('.responses-table tr.response');
      await responses.first().waitFor({ state: 'visible' });
      await expect(product.locator('tr.response[data-code="404"]').innerText()).resolves.toContain('PRODUCT_NOT_FOUND');
      await product.locator('tr.response[data-code="200"] button', { hasText: 'Schema' }).click();
      const schemaTitle = product.locator(
        'tr.response[data-code="200"] .model-box [data-json-schema-level="0"] > .json-schema-2020-12-head .json-schema-2020-12__title',
      );
      await expect(schemaTitle.innerText()).resolves.toBe('Product');

      // The screenshot starts at the expanded operation's summary.
      await product.evaluate((element) => (element as unknown as { scrollIntoView(): void }).scrollIntoView());
      mkdirSync(join(screenshotPath, '..'), { recursive: true });
      await page.screenshot({ path: screenshotPath });
      console.info(`Swagger UI screenshot: ${screenshotPath}`);
      expect(aborted, `requests off the loopback:\n${aborted.join('\n')}`).toStrictEqual([]);
      expect(errors, `console errors:\n${errors.join('\n')}`).toStrictEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
