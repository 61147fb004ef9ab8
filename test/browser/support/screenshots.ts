import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

/** Saves a screenshot (of the whole page unless `fullPage` is false) as test-results/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${name}.png`);
  // A scrolled page would put the sticky header mid-image.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage });
  return file;
}
