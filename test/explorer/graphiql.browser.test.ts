// The explorers in a real browser, offline: Debian's Chromium (never a downloaded one) driven by
// playwright-core, with every request off the loopback aborted. GraphiQL must load, take an API key
// in its headers pane and run a query; Apollo Sandbox, whose CDN is unreachable, must link to it.
// Without /usr/bin/chromium the file is skipped with a message, and fails on CI.
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  haveChromium as chromiumInstalled,
  launchChromium,
  offlinePage as offline,
  type OfflinePage,
} from '../browser.js';

const haveChromium = chromiumInstalled('test/explorer/graphiql.browser.test.ts');

const screenshotPath = join(import.meta.dirname, '..', '.tmp', 'graphiql.png');
const clientKey = 'browser-key-0123456789';
const sandboxScript = /^https:\/\/embeddable-sandbox\.cdn\.apollographql\.com\//;

let t: TestApp;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  if (!haveChromium) return;
  t = await createTestApp(undefined, { API_KEYS: `${clientKey}:client` });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** A page whose network ends at the loopback; `offLoopback` may answer instead of aborting. */
function offlinePage(offLoopback?: (url: string) => string | undefined): Promise<OfflinePage> {
  return offline(browser, offLoopback ? { offLoopback } : {});
}

/** The text of a CodeMirror 5 editor (GraphiQL 3 uses them) inside `selector`. */
async function editorText(page: Page, selector: string): Promise<string> {
  return page
    .locator(`${selector} .CodeMirror`)
    .evaluate((element) => (element as unknown as { CodeMirror: { getValue(): string } }).CodeMirror.getValue());
}

describe.skipIf(!haveChromium)('GraphiQL in Chromium, offline', () => {
  it('loads from this server alone, takes the API key in its headers pane, and runs a query', async () => {
    const { page, context, aborted, errors } = await offlinePage();
    try {
      const response = await page.goto(`${origin}/graphiql`);
      expect(response?.status()).toBe(200);
      const queryEditor = page.locator('.graphiql-query-editor .CodeMirror');
      await queryEditor.waitFor({ state: 'visible' });

      // The headers pane is open, holding an empty API key header to fill in.
      const headersEditor = '.graphiql-editor-tool .graphiql-editor:not(.hidden)';
      await page.locator(`${headersEditor} .CodeMirror`).waitFor({ state: 'visible' });
      expect(JSON.parse(await editorText(page, headersEditor))).toStrictEqual({ 'x-api-key': '' });
      await page.locator(`${headersEditor} .CodeMirror`).click();
      await page.keyboard.press('Control+A');
      // insertText: CodeMirror would otherwise close the brackets and quotes a second time.
      await page.keyboard.insertText(JSON.stringify({ 'x-api-key': clientKey }));

      const query = '{ product(id: "11") { id title } }';
      await queryEditor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
      // Typed key by key; CodeMirror closes brackets and quotes, then types over them.
      await page.keyboard.type(query);
      expect(await editorText(page, '.graphiql-query-editor')).toBe(query);
      await page.locator('.graphiql-execute-button').click();

      await page.locator('.graphiql-response', { hasText: 'Trail Jacket' }).waitFor({ state: 'visible' });
      expect(JSON.parse(await editorText(page, '.graphiql-response'))).toStrictEqual({
        data: { product: { id: '11', title: 'Trail Jacket' } },
        extensions: { cost: { estimated: 3, limit: 50_000 } },
      });

      mkdirSync(join(screenshotPath, '..'), { recursive: true });
      await page.screenshot({ path: screenshotPath });
      console.info(`GraphiQL screenshot: ${screenshotPath}`);
      expect(aborted).toStrictEqual([]);
      // GraphiQL asks for the schema on load, before the key is typed: that 401 is expected.
      expect(errors.filter((error) => !/status of 401/.test(error))).toStrictEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe.skipIf(!haveChromium)('Apollo Sandbox in Chromium, offline', () => {
  const fallback = (page: Page) => page.locator('#offline a[href="/graphiql"]');

  it("links to /graphiql when its script cannot load from Apollo's CDN", async () => {
    const { page, context, aborted } = await offlinePage();
    try {
      const response = await page.goto(`${origin}/graphql`);
      expect(response?.status()).toBe(200);
      await fallback(page).waitFor({ state: 'visible' });
      expect(aborted).toHaveLength(1);
      expect(aborted[0]).toMatch(sandboxScript);
      await fallback(page).click();
      await page.locator('.graphiql-query-editor').waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).toBe('/graphiql');
    } finally {
      await context.close();
    }
  });

  it('links to /graphiql when the Sandbox has not started within a few seconds', async () => {
    // The script loads but its iframe never answers, as when only Apollo's other host is blocked.
    const { page, context } = await offlinePage((url) =>
      sandboxScript.test(url) ? 'window.EmbeddedSandbox = function () {};' : undefined,
    );
    try {
      await page.goto(`${origin}/graphql`);
      await expect(fallback(page).isVisible()).resolves.toBe(false);
      await fallback(page).waitFor({ state: 'visible', timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
