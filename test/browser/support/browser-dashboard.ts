import type { Browser, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../../support/start-dashboard';
import type { ServerDirs } from '../../support/start-server';
import { launchChromium, watchPage, type PageWatch } from './chromium';

export interface BrowserDashboard {
  dashboard: Dashboard;
  browser: Browser;
  /** A 1400x1000 page, watched for console errors, dialogs and foreign requests. */
  page: Page;
  watch: PageWatch;
  close(): Promise<void>;
}

/** Starts the dashboard on `dirs` and Chromium side by side, with one watched page. */
export async function openBrowserDashboard(dirs: ServerDirs): Promise<BrowserDashboard> {
  const [dashboard, browser] = await Promise.all([startDashboard(dirs), launchChromium()]);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  return {
    dashboard,
    browser,
    page,
    watch: watchPage(page, dashboard.url),
    async close() {
      await browser.close();
      await dashboard.stop();
    },
  };
}
