// Every part type of the session timeline, on a synthetic JSON tree that has each one (and a
// remote image that must not load), plus the empty state on a folder with no data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { writeSampleTree, type WrittenTree } from '../support/write-opencode-tree';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';
import { emptyDir } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';

describe.skipIf(!HAS_CHROMIUM)('timeline parts, subagent tree and empty state', () => {
  let data: { dir: string; remove(): void };
  let empty: { dir: string; remove(): void };
  let dashboard: Dashboard;
  let emptyDashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let ids: WrittenTree;

  beforeAll(async () => {
    data = emptyDir('synthetic');
    empty = emptyDir('empty');
    ids = writeSampleTree(data.dir);
    [dashboard, emptyDashboard, browser] = await Promise.all([startDashboard({ opencodeDir: data.dir }), startDashboard({ opencodeDir: empty.dir }), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    watch = watchPage(page, dashboard.url);
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all([dashboard?.stop(), emptyDashboard?.stop()]);
    data?.remove();
    empty?.remove();
  });

  it('shows retries, compactions, API errors, unknown parts, steps, todos and diffs as such', async () => {
    await page.goto(`${dashboard.url}/sessions/${ids.rootID}`);
    const timeline = page.locator('[data-testid="timeline"]');
    await timeline.locator('.timeline-item').first().waitFor();
    // The timeline is virtual and scrolls with the page: read it screen by screen.
    let all = '';
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
      all += await page.locator('main').innerText();
    }
    for (const expected of ['Retry #1', 'Overloaded (529)', 'Context compacted', 'unknown part: future-widget', 'Todos · 1/3 done', 'src/login.tsx', 'Reasoning ·']) {
      expect(all).toContain(expected);
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByText('Rate limited by provider').first().waitFor();
    expect(await page.locator('.notice-error', { hasText: 'API error' }).count()).toBeGreaterThan(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await page.locator('[data-testid="step-finish"]').count()).toBeGreaterThanOrEqual(1);
  });

  it('truncates long tool output until "show all"', async () => {
    const read = page.locator('.tool-call[data-tool="read"] .collapsible-toggle').first();
    await read.click();
    const output = page.locator('.tool-call[data-tool="read"] pre.output').nth(1);
    expect(await output.innerText()).not.toContain('80: line 80');
    await page.locator('.tool-call[data-tool="read"]').getByRole('button', { name: /show all/ }).click();
    expect(await output.innerText()).toContain('80: line 80');
  });

  it('draws the subagent tree three levels deep, each node a link', async () => {
    const tree = page.locator('[data-testid="subagent-tree"]');
    await tree.locator(`[data-tree-node="${ids.grandchildID}"]`).waitFor();
    expect(await tree.locator('[data-tree-node]').count()).toBe(3);
    await saveScreenshot(page, 'session-all-parts');
    await tree.locator(`[data-tree-node="${ids.grandchildID}"] a`).click();
    await page.waitForURL(`**/sessions/${ids.grandchildID}`);
    await page.getByTestId('parent-link').waitFor();
  });

  it('loads no remote image without a click', () => {
    expect(watch.foreignRequests).toEqual([]);
    expect(watch.errors).toEqual([]);
  });

  it('says where it looked for every agent and what it found there when there is no data (page and start-up log)', async () => {
    const emptyPage = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const emptyWatch = watchPage(emptyPage, emptyDashboard.url);
    await emptyPage.goto(`${emptyDashboard.url}/`);
    const state = emptyPage.getByTestId('empty-state');
    await state.waitFor();
    const text = await state.innerText();
    expect(text).toContain('No sessions found');
    for (const line of ['OpenCode: nothing at', 'oh-my-pi: nothing at', 'pi: nothing at', 'Claude Code: nothing at']) expect(text).toContain(line);
    expect(text).toContain(empty.dir);
    expect(text).toMatch(/npm start -- --opencode-dir <folder> .*--pi-dir <folder> --claude-dir <folder>/);
    await expect.poll(() => emptyDashboard.output()).toMatch(/sessionscope: Claude Code: nothing at .*\n/);
    expect(emptyDashboard.output()).toMatch(/sessionscope: pi: nothing at /);
    await saveScreenshot(emptyPage, 'overview-empty');
    expect(emptyWatch.errors).toEqual([]);
    await emptyPage.close();
  });
});
