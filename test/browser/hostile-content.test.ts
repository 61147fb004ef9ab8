// Transcript content is data, never markup: the hostile session of the OpenCode 1.1.65 fixture
// (text and tool output with <script>, <img onerror> and javascript: links) must stay inert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { allSessions } from './support/api';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';
import { copyFixture, hasFixture } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';

const FIXTURE = 'opencode-1.1.65';

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))(`hostile content on ${FIXTURE}`, () => {
  let data: { dir: string; remove(): void };
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let hostileID: string;

  beforeAll(async () => {
    data = copyFixture(FIXTURE);
    [dashboard, browser] = await Promise.all([startDashboard({ opencodeDir: data.dir }), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    watch = watchPage(page, dashboard.url);
    const api = await allSessions(dashboard.url);
    const hostile = api.sessions.find((s) => s.title.startsWith('Hostile'));
    expect(hostile, 'fixture has the hostile session').toBeDefined();
    hostileID = hostile!.id;
  });

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    data?.remove();
  });

  const injected = (p: Page) =>
    p.evaluate(() => ({
      scripts: [...document.querySelectorAll('main script')].length,
      onerror: [...document.querySelectorAll('[onerror]')].length,
      imgs: [...document.querySelectorAll('main img')].map((i) => i.getAttribute('src')),
      jsLinks: [...document.querySelectorAll('a[href]')].filter((a) => /^\s*(javascript|data|vbscript):/i.test(a.getAttribute('href') ?? '')).length,
    }));

  it('shows the hostile title as text in the table', async () => {
    await page.goto(`${dashboard.url}/sessions`);
    const link = page.locator(`[data-session-link="${hostileID}"]`);
    await link.waitFor();
    expect(await link.innerText()).toContain('<img src=x onerror=alert(1)>');
    expect(await injected(page)).toEqual({ scripts: 0, onerror: 0, imgs: [], jsLinks: 0 });
  });

  it('renders prompt, markdown and tool output as text; links and images stay inert', async () => {
    await page.goto(`${dashboard.url}/sessions/${hostileID}`);
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    const tool = page.locator('.tool-call .collapsible-toggle').first();
    await tool.click();
    await page.locator('.tool-call .collapsible-body').first().waitFor();
    const text = await page.locator('[data-testid="timeline"]').innerText();
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(await injected(page)).toEqual({ scripts: 0, onerror: 0, imgs: [], jsLinks: 0 });

    const inert = page.locator('.markdown .inert-link', { hasText: 'click' }).first();
    await inert.waitFor();
    expect(await inert.evaluate((el) => el.tagName)).toBe('SPAN');
    await inert.click();
    await page.waitForTimeout(500);
    expect(page.url()).toBe(`${dashboard.url}/sessions/${hostileID}`);
    await saveScreenshot(page, 'session-hostile');
  });

  it('fired no dialog, logged no errors, called no other host', () => {
    expect(watch.dialogs).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
