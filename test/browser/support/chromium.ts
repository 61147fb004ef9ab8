import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const HAS_CHROMIUM = existsSync(CHROMIUM_PATH);

if (!HAS_CHROMIUM) {
  console.warn(`\n${'!'.repeat(72)}\n!!! BROWSER TESTS SKIPPED: ${CHROMIUM_PATH} not found (apt-get install -y chromium)\n${'!'.repeat(72)}\n`);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export interface PageWatch {
  /** Console errors and uncaught page errors. */
  errors: string[];
  /** Messages of dialogs (alert/confirm/prompt) that opened: any is a failure. */
  dialogs: string[];
  /** URLs of requests that left the dashboard's origin. */
  foreignRequests: string[];
}

/** Records what a page does that a test must fail on. */
export function watchPage(page: Page, origin: string): PageWatch {
  const watch: PageWatch = { errors: [], dialogs: [], foreignRequests: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') watch.errors.push(`${message.text()} @ ${message.location().url}`);
  });
  page.on('pageerror', (error) => watch.errors.push(`pageerror: ${error.message}`));
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) watch.foreignRequests.push(url);
  });
  return watch;
}
