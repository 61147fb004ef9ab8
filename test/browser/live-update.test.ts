// A session OpenCode writes while the page is open shows up without a reload (JSON tree fixture).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { writeLateSession } from '../support/write-opencode-tree';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';
import { copyFixture, hasFixture } from './support/fixture-copy';

const FIXTURE = 'opencode-1.1.65';

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))('live updates', () => {
  let data: { dir: string; remove(): void };
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    data = copyFixture(FIXTURE);
    [dashboard, browser] = await Promise.all([startDashboard({ opencodeDir: data.dir }), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    watch = watchPage(page, dashboard.url);
  });

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    data?.remove();
  });

  it('adds a new session to the open sessions table and overview without reloading', async () => {
    await page.goto(`${dashboard.url}/sessions`);
    await page.locator('tbody tr[data-session-id]').first().waitFor();
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    const before = await page.locator('tbody tr[data-session-id]').count();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));

    const id = writeLateSession(data.dir, 'Written while the page was open');
    await page.locator(`tr[data-session-id="${id}"]`).waitFor({ timeout: 20_000 });
    expect(await page.locator('tbody tr[data-session-id]').count()).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.locator(`[data-testid="recent-sessions"] tr[data-session-id="${id}"]`).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  it('logged no console errors', () => {
    expect(watch.errors).toEqual([]);
  });
});
