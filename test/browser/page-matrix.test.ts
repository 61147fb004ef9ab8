// Every page at 320, 390, 768, 900, 1024 and 1440 px, light and dark, on real agents' data
// (OpenCode 1.18.33, pi 0.73.1, Claude Code 2.1.328, two plan projects) plus a 320-turn session: nothing scrolls
// sideways, no table cell is cut unannounced, a session title has room, the tab is named after the
// page, a session's title, status and cost stay in view at its newest turn, its subagent tree fits
// its box, the 404 page is ours and does not scroll, no console error; at
// 390 and 1440 px also no serious or critical axe-core violation, and Tab reaches every control
// with a visible focus. One browser and one server; the pages of a size load side by side, once for
// both schemes.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { writeLongSession, type LongSession } from '../support/write-long-session';
import { allSessions } from './support/api';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';
import { fixturePath, hasFixture } from './support/fixture-copy';
import { narrowestTitleCell, offScreen, offScreenOnceSettled, treeNodesOutside } from './support/layout-checks';
import { axeViolations, clippedCells, COLOUR_RULES, horizontalOverflow, tabWalk } from './support/page-checks';
import { describePage, recordPage } from './support/page-diagnosis';
import { saveScreenshot } from './support/screenshots';

const OPENCODE = 'opencode-1.18.33';
// `full`: axe and the Tab walk too (slow; the layout between is what the other widths check).
const SIZES = [
  { name: 'small phone', width: 320, height: 640, full: false },
  { name: 'phone', width: 390, height: 844, full: true },
  { name: 'tablet', width: 768, height: 1024, full: false },
  { name: 'laptop beside an editor', width: 900, height: 800, full: false },
  { name: 'small laptop', width: 1024, height: 768, full: false },
  { name: 'desktop', width: 1440, height: 900, full: true },
] as const;
const SCHEMES = ['light', 'dark'] as const;
// `CI=true` (or 1): a run nobody looks at the pictures of.
const IN_CI = /^(1|true)$/i.test(process.env.CI ?? '');
type Scheme = (typeof SCHEMES)[number];

interface PageSpec {
  name: string;
  path: string;
  /** Shown once the page has its data. */
  ready: string;
  /** The tab's title, without a leading "(N) " count of sessions that need the user. */
  tab: string;
}

describe.skipIf(!HAS_CHROMIUM || !hasFixture(OPENCODE))('every page at six widths from 320 to 1440 px, light and dark', () => {
  let root: string;
  let dashboard: Dashboard;
  let browser: Browser;
  let long: LongSession;
  let pages: PageSpec[] = [];

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-browser-matrix-'));
    for (const [from, to] of [[OPENCODE, 'opencode'], ['pi-0.73.1/sessions', 'pi'], ['claude-2.1.328/projects', 'claude'], ['plans/v2-both', 'shop'], ['plans/v1-snake', 'auth']] as const) {
      cpSync(fixturePath(from), path.join(root, to), { recursive: true });
    }
    long = writeLongSession(path.join(root, 'opencode'));
    [dashboard, browser] = await Promise.all([
      startDashboard({ opencodeDir: path.join(root, 'opencode'), piDir: path.join(root, 'pi'), claudeDir: path.join(root, 'claude'), projects: [path.join(root, 'shop'), path.join(root, 'auth')] }),
      launchChromium(),
    ]);
    const api = await allSessions(dashboard.url);
    // The real session with the most going on: subagents, then messages.
    const real = api.sessions.filter((s) => s.source === 'opencode-sqlite').sort((a, b) => b.childCount - a.childCount || b.messageCount - a.messageCount)[0]!;
    const longTitle = api.sessions.find((s) => s.id === long.id)!.title;
    pages = [
      { name: 'overview', path: '/', ready: '[data-testid="recent-sessions"] tr', tab: 'Overview · Sessionscope' },
      { name: 'sessions', path: '/sessions', ready: 'tbody tr[data-session-id]', tab: 'Sessions · Sessionscope' },
      { name: 'session', path: `/sessions/${real.id}`, ready: '[data-testid="timeline"] .timeline-item', tab: `${real.title} · Sessionscope` },
      { name: 'long-session', path: `/sessions/${long.id}`, ready: '[data-testid="timeline"] .timeline-item', tab: `${longTitle} · Sessionscope` },
      { name: 'plans', path: '/plans', ready: '[data-testid="plan"]', tab: 'Plans · Sessionscope' },
      { name: 'search', path: '/search?q=scenario', ready: '[data-testid="search-hit"]', tab: '“scenario” · Search · Sessionscope' },
      { name: 'tools', path: '/tools?range=all', ready: '[data-testid="insights-table"] tbody tr', tab: 'Tools & models · Sessionscope' },
      { name: 'diagnostics', path: '/diagnostics', ready: 'text=OpenCode data folder', tab: 'Diagnostics · Sessionscope' },
      { name: 'not-found', path: '/no-such-page', ready: '[data-testid="not-found"]', tab: 'Page not found · Sessionscope' },
    ];
  });

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  function openSome(context: BrowserContext, specs: PageSpec[]): Promise<{ spec: PageSpec; page: Page; watch: PageWatch }[]> {
    return Promise.all(
      specs.map(async (spec) => {
        const page = await context.newPage();
        const watch = watchPage(page, dashboard.url);
        const record = recordPage(page);
        try {
          await page.goto(`${dashboard.url}${spec.path}`);
          await page.locator(spec.ready).first().waitFor();
          await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
        } catch (error) {
          // A page that never became ready says what it shows and waits for, and what the server printed.
          const report = await describePage(page, record, `stuck-${spec.name}-${page.viewportSize()?.width ?? 0}`);
          const server = dashboard.output().trimEnd().split('\n').slice(-20).join('\n');
          throw new Error(`${spec.name} did not become ready: ${(error as Error).message}\n${report}\nthe server's last lines:\n${server}`, { cause: error });
        }
        return { spec, page, watch };
      }),
    );
  }

  /**
   * What is wrong with how a loaded page is laid out, in the colour scheme it shows now. `settled`:
   * a session page was already seen to stop scrolling to its newest turn (in the other scheme).
   */
  async function layoutProblems(page: Page, spec: PageSpec, where: string, width: number, settled: boolean): Promise<string[]> {
    const problems: string[] = [];
    const overflow = await horizontalOverflow(page);
    if (overflow > 0) problems.push(`${where}: scrolls sideways by ${overflow} px`);
    for (const cell of await clippedCells(page)) problems.push(`${where}: ${cell}`);
    const tab = (await page.title()).replace(/^\(\d+\) /, '');
    if (tab !== spec.tab) problems.push(`${where}: the tab reads "${tab}", not "${spec.tab}"`);
    // A title column of 46 px read "[s:si…" while figures kept theirs.
    if (spec.name === 'sessions' && width > 720) {
      const narrowest = await narrowestTitleCell(page, '[data-testid="sessions-table"]');
      if (narrowest < 150) problems.push(`${where}: a title cell is ${Math.round(narrowest)} px wide`);
    }
    // Opened at the newest turn, the session is still named, with its status and cost.
    if (spec.name.endsWith('session')) {
      const header = ['[data-testid="session-title"]', '[data-testid="session-bar"] .badge', '[data-testid="session-bar-cost"]'];
      for (const hidden of await (settled ? offScreen(page, header) : offScreenOnceSettled(page, header))) problems.push(`${where}: ${hidden} is not on screen at the newest turn`);
    }
    // Its subagent tree within its box (a phone cut the first subagent at the right edge).
    for (const node of await treeNodesOutside(page)) problems.push(`${where}: the subagent tree cuts ${node}`);
    // Next's own 404 page was bare and scrolled.
    if (spec.name === 'not-found' && (await page.evaluate(() => document.scrollingElement!.scrollHeight > window.innerHeight))) problems.push(`${where}: scrolls`);
    return problems;
  }

  async function axeProblems(page: Page, where: string, rules?: string[]): Promise<string[]> {
    return (await axeViolations(page, rules)).map((v) => `${where}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(', ')}`);
  }

  // Each page is loaded once per width, in light, and checked; then switched to dark where it stands
  // (page.emulateMedia: the theme is CSS variables under prefers-color-scheme, no script reads it) and
  // checked again. The layout checks run in each scheme before anything scrolls (axe, screenshots and
  // the Tab walk do), so the session pages are checked as they open, at their newest turn. axe runs
  // every rule in light, and in dark those that depend on colours (all the switch changes).
  SIZES.forEach((size, i) => {
    // Screenshots of both schemes at the two full sizes, one between.
    const shot = (scheme: Scheme) => size.full || scheme === SCHEMES[i % 2];
    it(`${size.name} ${size.width}x${size.height}, light and dark: fits, nothing cut, tab named, session header in view, no console errors${size.full ? ', axe clean, Tab reaches everything' : ''}`, async () => {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, colorScheme: 'light' });
      // As long as a user would wait for a page. 120 s hid a stuck server (the plan watcher stat'ing
      // all of /tmp at every change in it held the dashboard's file reads): a page not ready by now is stuck.
      context.setDefaultTimeout(60_000);
      context.setDefaultNavigationTimeout(60_000);
      const problems: string[] = [];
      try {
        // Three pages side by side at most, closed before the next three: each holds a live
        // connection, and Chromium opens six per host (a seventh page would never load).
        for (let i = 0; i < pages.length; i += 3) {
          const opened = await openSome(context, pages.slice(i, i + 3));
          for (const { spec, page, watch } of opened) {
            const where = (scheme: Scheme) => `${spec.name} (${size.width}, ${scheme})`;
            const found: string[] = [];
            // Pictures for people to look at; a CI run, where nobody does, keeps those of failing pages.
            const shoot = async (scheme: Scheme) => {
              if (shot(scheme) && (!IN_CI || found.length > 0)) await saveScreenshot(page, `matrix-${spec.name}-${size.width}-${scheme}`, spec.name !== 'long-session');
            };
            found.push(...(await layoutProblems(page, spec, where('light'), size.width, false)));
            await page.emulateMedia({ colorScheme: 'dark' });
            found.push(...(await layoutProblems(page, spec, where('dark'), size.width, true)));
            if (size.full) found.push(...(await axeProblems(page, where('dark'), COLOUR_RULES)));
            await shoot('dark');
            await page.emulateMedia({ colorScheme: 'light' });
            if (size.full) found.push(...(await axeProblems(page, where('light'))));
            await shoot('light');
            if (size.full) {
              const walk = await tabWalk(page);
              if (!/skip-link/.test(walk.first)) found.push(`${where('light')}: the first Tab stop is ${walk.first}, not the skip link`);
              for (const el of walk.unreached) found.push(`${where('light')}: Tab never reaches ${el}`);
              for (const el of walk.invisibleFocus) found.push(`${where('light')}: no visible focus on ${el}`);
              if (walk.chartStops > 0) found.push(`${where('light')}: ${walk.chartStops} Tab stops inside charts`);
            }
            // The 404 page's own answer is logged as a failed resource.
            for (const error of watch.errors) if (!(spec.name === 'not-found' && /status of 404/.test(error))) found.push(`${spec.name} (${size.width}): console: ${error}`);
            problems.push(...found);
            await page.close();
          }
        }
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    }, 600_000);
  });

  for (const size of SIZES.filter((s) => s.full)) {
    it(`a ${320}-turn session opens at its newest turn, goes where a link points, jumps back to the latest and filters (${size.width} px)`, async () => {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      context.setDefaultTimeout(60_000);
      context.setDefaultNavigationTimeout(60_000);
      const page = await context.newPage();
      const watch = watchPage(page, dashboard.url);
      const inView = async (text: string) => {
        const box = await page.getByText(text, { exact: true }).first().boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= size.height;
      };
      try {
        await page.goto(`${dashboard.url}/sessions/${long.id}`);
        await expect.poll(() => inView(long.newestText)).toBe(true);
        // At the newest turn there is no "Latest" to jump to.
        await expect.poll(() => page.getByTestId('jump-latest').count()).toBe(0);
        // The page itself scrolls: no box with its own scrollbar around the timeline.
        expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBeGreaterThan(0);

        // A link to an early part (older than the first page of turns) loads what it needs and shows it.
        await page.goto(`${dashboard.url}/sessions/${long.id}?part=${long.earlyPartID}`);
        await page.locator(`[data-row="p:${long.earlyPartID}"]`).waitFor();
        await expect.poll(() => page.locator(`[data-row="p:${long.earlyPartID}"]`).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        })).toBe(true);
        // Where the toolbar sticks, "Latest" is in it, not floating over the steps' cost and status.
        if (size.width > 720) expect(await page.locator('[data-testid="timeline-toolbar"] [data-testid="jump-latest"]').count()).toBe(1);
        await page.getByTestId('jump-latest').click();
        await expect.poll(() => inView(long.newestText)).toBe(true);
        await expect.poll(() => page.getByTestId('jump-latest').count()).toBe(0);

        // Errors only: each failed call under its prompt, nothing else.
        await page.getByRole('button', { name: 'Errors', exact: true }).click();
        await page.evaluate(() => window.scrollTo(0, 0));
        const rows = page.locator('[data-testid="timeline"] .timeline-item');
        await page.locator('[data-testid="timeline"] .tool-call[data-status="error"]').first().waitFor();
        const kinds = await rows.evaluateAll((items) => items.map((el) => (el.querySelector('.user-prompt') ? 'prompt' : el.querySelector('.tool-call[data-status="error"]') ? 'error' : el.textContent)));
        expect(new Set(kinds)).toEqual(new Set(['prompt', 'error']));
        expect(await page.getByTestId('turn-select').count()).toBe(1);
        // A pasted 15-line prompt shows its first lines until expanded.
        await page.getByRole('button', { name: 'All', exact: true }).click();
        await page.getByTestId('turn-select').selectOption(String(307));
        const paste = page.locator('.user-prompt', { hasText: 'line 1 of a pasted log for turn 308' });
        await paste.waitFor();
        expect(await paste.innerText()).not.toContain('line 15 of a pasted log');
        await paste.getByRole('button', { name: /show all/ }).click();
        expect(await paste.innerText()).toContain('line 15 of a pasted log');
        expect(watch.errors).toEqual([]);
      } finally {
        await context.close();
      }
    }, 300_000);
  }

  it('projects in folders of the same name ("alpha" of each agent) read apart in the project filter and in cost by project', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${dashboard.url}/sessions`);
      await page.locator('tbody tr[data-session-id]').first().waitFor();
      const options = (await page.getByLabel('Project', { exact: true }).locator('option').allInnerTexts()).slice(1);
      expect(options.filter((o) => o.startsWith('alpha')).length).toBeGreaterThan(1);
      expect(new Set(options).size).toBe(options.length);
      await page.goto(`${dashboard.url}/?range=all`);
      await page.getByRole('tab', { name: 'Project' }).click();
      await page.locator('[data-testid="breakdown-project"] .bar-label').first().waitFor();
      const labels = await page.locator('[data-testid="breakdown-project"] .bar-label').allInnerTexts();
      expect(labels.filter((l) => l.startsWith('alpha')).length).toBeGreaterThan(1);
      expect(new Set(labels).size).toBe(labels.length);
    } finally {
      await context.close();
    }
    // Two page loads and a chart: 3-4 s alone, 20 s and more in a full CI run beside the unit files.
  }, 120_000);

  it('? opens the shortcuts overlay, focus stays in it, Esc closes it', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${dashboard.url}/sessions`);
      await page.locator('tbody tr[data-session-id]').first().waitFor();
      await page.locator('h1').click();
      await page.keyboard.press('?');
      const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Go to sessions');
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    } finally {
      await context.close();
    }
  });
});
