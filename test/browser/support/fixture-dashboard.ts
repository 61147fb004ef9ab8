import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../../support/start-dashboard';
import { allSessions, type ApiSessions } from './api';
import { launchChromium, watchPage, type PageWatch } from './chromium';
import { copyFixture } from './fixture-copy';

export interface FixtureDashboard {
  dashboard: Dashboard;
  browser: Browser;
  page: Page;
  watch: PageWatch;
  /** Every session, as `GET /api/sessions` gave it once the index was ready. */
  api: ApiSessions;
}

/**
 * Registers hooks that serve a private copy of a fixture, open one watched page on it and read its
 * sessions; the returned object is filled in before the first test runs.
 */
export function useFixtureDashboard(fixture: string, pageOptions: BrowserContextOptions = {}): FixtureDashboard {
  const ctx = {} as FixtureDashboard;
  let data: { remove(): void } | undefined;
  beforeAll(async () => {
    const copy = copyFixture(fixture);
    data = copy;
    [ctx.dashboard, ctx.browser] = await Promise.all([startDashboard({ opencodeDir: copy.dir }), launchChromium()]);
    ctx.page = await ctx.browser.newPage({ viewport: { width: 1400, height: 1000 }, ...pageOptions });
    ctx.watch = watchPage(ctx.page, ctx.dashboard.url);
    ctx.api = await allSessions(ctx.dashboard.url);
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.dashboard?.stop();
    data?.remove();
  });
  return ctx;
}
