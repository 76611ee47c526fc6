// What the studio's browser tests share: axe-core's serious and critical violations on a page,
// screenshots under test/.tmp/<folder>/, numbered in the order taken, and signing in with a key.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical violations on the page as it is now. */
export async function violations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the page's CSP rightly refuses an injected <script>.
  if (!(await page.evaluate("'axe' in window"))) await page.evaluate(`(() => { ${axeSource}\n})()`);
  const results = (await page.evaluate("axe.run(document, { resultTypes: ['violations'] })")) as {
    violations: { id: string; impact: string | null; help: string; nodes: { target: unknown }[] }[];
  };
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
}

/** Screenshots into test/.tmp/`folder`/ (emptied first), "01-name.png", "02-…". */
export function screenshots(folder: string) {
  const directory = join(import.meta.dirname, '..', '.tmp', folder);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  let step = 0;
  return async (page: Page, name: string, fullPage = false): Promise<string> => {
    step += 1;
    const path = join(directory, `${String(step).padStart(2, '0')}-${name}.png`);
    await page.screenshot({ path, fullPage });
    return path;
  };
}

export const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

/** Gives the admin key on the studio's first page and waits for the media list. */
export async function signIn(page: Page, key: string): Promise<void> {
  await page.getByLabel('Admin API key').fill(key);
  await page.getByLabel('Admin API key').press('Enter');
  await heading(page, 'Media').waitFor();
}
