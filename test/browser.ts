// Browser tests offline: Debian's Chromium (never a downloaded one) driven by playwright-core,
// every request off the loopback aborted and recorded, console errors and uncaught exceptions
// collected (a Content-Security-Policy refusal is one). Without /usr/bin/chromium a browser test
// file is skipped with a message, and fails on CI.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const chromiumPath = '/usr/bin/chromium';

/** Whether the browser tests can run; on CI a missing browser is an error. */
export function haveChromium(testFile: string): boolean {
  if (existsSync(chromiumPath)) return true;
  const message = `${chromiumPath} does not exist`;
  if (process.env.CI) throw new Error(`${message}: CI must run the browser tests (apt-get install chromium)`);
  console.warn(`\n*** SKIPPED ${testFile}: ${message}; install Debian's chromium to run it. ***\n`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface OfflinePage {
  page: Page;
  context: BrowserContext;
  /** Every request the browser tried off the loopback. */
  aborted: string[];
  /** Console errors and uncaught exceptions. */
  errors: string[];
}

export interface OfflineOptions {
  viewport?: { width: number; height: number };
  /** May answer a request off the loopback (with JavaScript) instead of aborting it. */
  offLoopback?: (url: string) => string | undefined;
  /** A script run in every page before its own. */
  initScript?: string;
}

/** A page whose network ends at the loopback. */
export async function offlinePage(browser: Browser, options: OfflineOptions = {}): Promise<OfflinePage> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const aborted: string[] = [];
  const errors: string[] = [];
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (new URL(url).hostname === '127.0.0.1') return route.continue();
    const body = options.offLoopback?.(url);
    if (body !== undefined) return route.fulfill({ contentType: 'text/javascript', body });
    aborted.push(url);
    return route.abort();
  });
  if (options.initScript) await context.addInitScript({ content: options.initScript });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, aborted, errors };
}
