import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const DIR = path.resolve(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots');

/** Saves a full-page screenshot as test-results/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `${name}.png`);
  // A scrolled page would put the sticky header mid-image.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
