// Tools & models, the overview's activity, the session waterfall and a session saved as HTML, in
// Chromium at 1440 and 390 px (screenshots light and dark at 390, 768, 1024 and 1440 px): a
// waterfall bar opens its part in the timeline, and the saved file opens offline, shows the
// session and runs nothing.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { writeSampleTree, type WrittenTree } from '../support/write-opencode-tree';
import { HAS_CHROMIUM, launchChromium, watchPage } from './support/chromium';
import { emptyDir, fixturePath } from './support/fixture-copy';
import { horizontalOverflow } from './support/page-checks';
import { saveScreenshot } from './support/screenshots';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const SHOTS = [390, 768, 1024, 1440] as const;

describe.skipIf(!HAS_CHROMIUM)('insights, waterfall and a saved session in the browser', () => {
  let data: { dir: string; remove(): void };
  let dashboard: Dashboard;
  let browser: Browser;
  let ids: WrittenTree;

  beforeAll(async () => {
    data = emptyDir('insights');
    ids = writeSampleTree(path.join(data.dir, 'opencode'));
    cpSync(fixturePath('claude-2.1.328/projects'), path.join(data.dir, 'claude'), { recursive: true });
    [dashboard, browser] = await Promise.all([startDashboard({ opencodeDir: path.join(data.dir, 'opencode'), claudeDir: path.join(data.dir, 'claude') }), launchChromium()]);
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    data?.remove();
  });

  for (const size of WIDTHS) {
    it(`${size.width} px: a waterfall bar opens its part in the timeline`, async () => {
      const page = await browser.newPage({ viewport: size });
      const watch = watchPage(page, dashboard.url);
      await page.goto(`${dashboard.url}/sessions/${ids.rootID}`);
      const waterfall = page.getByTestId('waterfall');
      await waterfall.waitFor();
      // A lane per subagent, and the tool calls' lane.
      expect(await waterfall.locator('[data-lane^="child-"]').count()).toBe(1);
      const bar = waterfall.locator('[data-lane="tools"] a.waterfall-bar[data-kind="tool"]').first();
      const partID = decodeURIComponent(((await bar.getAttribute('href')) ?? '').replace(/^#part-/, ''));
      expect(partID).not.toBe('');
      await bar.click();
      await page.waitForFunction((id) => window.location.hash === `#part-${encodeURIComponent(id)}`, partID);
      const target = page.locator('.timeline-item[data-target="true"]');
      await target.waitFor();
      expect(await target.locator('.tool-call').count()).toBeGreaterThan(0);
      expect(await target.isVisible()).toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(watch.errors).toEqual([]);
      await page.close();
    });
  }

  it('the saved HTML file opens offline, shows the session and its subagents, and runs no script', async () => {
    const response = await fetch(`${dashboard.url}/api/sessions/${ids.hostileID}/share`);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="sessionscope-.*\.html"/);
    const hostile = await response.text();
    const root = await (await fetch(`${dashboard.url}/api/sessions/${ids.rootID}/share`)).text();
    const context = await browser.newContext({ offline: true, viewport: { width: 1024, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    const dialogs: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    for (const [name, html] of [['hostile', hostile], ['root', root]] as const) {
      await page.setContent(html);
      expect(await page.locator('script').count(), name).toBe(0);
      expect(await page.locator('img, iframe, a[href], link, object, embed').count(), name).toBe(0);
      expect(await page.locator('.warning').innerText(), name).toContain("This file holds the session's text");
      await saveScreenshot(page, `share-${name}`);
    }
    // The hostile session's markup shows as text.
    await page.setContent(hostile);
    expect(await page.locator('main').innerText()).toContain('<script>alert(1)</script>');
    await page.setContent(root);
    expect(await page.locator('h2', { hasText: 'Write validation tests' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.subagent .subagent').count()).toBe(1);
    expect(dialogs).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('about:') && !u.startsWith('data:'))).toEqual([]);
    await context.close();
  });

  // Each page loads once per width and is looked at in light, then in dark switched in place
  // (page.emulateMedia: the theme is CSS variables under prefers-color-scheme).
  it('Tools & models and the activity show at every width, light and dark, nothing scrolls sideways', { timeout: 300_000 }, async () => {
    const SCHEMES = ['light', 'dark'] as const;
    for (const width of SHOTS) {
      const page = await browser.newPage({ viewport: { width, height: 900 }, colorScheme: 'light' });
      const watch = watchPage(page, dashboard.url);
      await page.goto(`${dashboard.url}/tools?range=all`);
      await page.locator('[data-testid="insights-table"] tbody tr').first().waitFor();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await page.locator('[data-testid="insights-table"] tr[data-key="bash"]').count(), `${width} ${scheme}`).toBe(1);
        expect(await horizontalOverflow(page), `tools ${width} ${scheme}`).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `tools-${width}-${scheme}`);
      }
      await page.locator('[data-by="model"]').click();
      await page.locator('[data-testid="insights-table"] td[data-col="steps"]').first().waitFor();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await horizontalOverflow(page), `models ${width} ${scheme}`).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `models-${width}-${scheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${dashboard.url}/?range=all`);
      await page.getByTestId('activity-heatmap').waitFor();
      expect(await page.locator('[data-testid="year-calendar"] [data-day]').count()).toBeGreaterThan(300);
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await horizontalOverflow(page), `overview ${width} ${scheme}`).toBeLessThanOrEqual(0);
        await page.locator('#activity').screenshot({ path: await saveScreenshot(page, `activity-${width}-${scheme}`, false) });
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.goto(`${dashboard.url}/sessions/${ids.rootID}`);
      await page.getByTestId('waterfall').waitFor();
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        expect(await horizontalOverflow(page), `session ${width} ${scheme}`).toBeLessThanOrEqual(0);
        await page.locator('#waterfall').screenshot({ path: await saveScreenshot(page, `waterfall-${width}-${scheme}`, false) });
      }
      expect(watch.errors, `${width}`).toEqual([]);
      await page.close();
    }
  });
});
