// Overview, sessions table and session detail on a real OpenCode 1.18.33 (SQLite) data dir:
// what each page shows must match the API's numbers; navigation, keys and URLs must work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatCost } from '@/lib/format/format-cost';
import { formatCount } from '@/lib/format/format-tokens';
import { isLive } from '@/lib/status/session-status';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { allSessions, getJson, type ApiSessions } from './support/api';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';
import { copyFixture, hasFixture } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';

const FIXTURE = 'opencode-1.18.33';

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))(`dashboard pages on ${FIXTURE}`, () => {
  let data: { dir: string; remove(): void };
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let api: ApiSessions;

  beforeAll(async () => {
    data = copyFixture(FIXTURE);
    [dashboard, browser] = await Promise.all([startDashboard({ opencodeDir: data.dir }), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    watch = watchPage(page, dashboard.url);
    api = await allSessions(dashboard.url);
  });

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    data?.remove();
  });

  it('overview lists recent sessions with the API cost, live sessions and the waiting count', async () => {
    await page.goto(`${dashboard.url}/`);
    await page.locator('[data-testid="recent-sessions"] tr').first().waitFor();
    const roots = api.sessions.filter((s) => !s.parentID).sort((a, b) => b.lastActivity - a.lastActivity).slice(0, 12);
    const rows = page.locator('[data-testid="recent-sessions"] tr');
    expect(await rows.count()).toBe(roots.length);
    for (const [i, s] of roots.entries()) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-session-id')).toBe(s.id);
      expect(await row.locator('[data-testid="recent-cost"] .cost-stored').innerText()).toBe(formatCost(s.total.cost));
    }
    const live = api.sessions.filter((s) => isLive(s.status.status));
    if (live.length > 0) expect(await page.locator('[data-testid="live-list"] li').count()).toBe(live.length);
    const waiting = api.sessions.filter((s) => s.status.status === 'waiting-for-user').length;
    await expect.poll(() => page.title()).toBe(waiting > 0 ? `(${waiting}) Overview · Sessionscope` : 'Overview · Sessionscope');
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    await page.waitForTimeout(500);
    await saveScreenshot(page, 'overview');
  });

  it("overview's today figures match /api/stats (or say the stats API is missing)", async () => {
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const response = await fetch(`${dashboard.url}/api/stats?groupBy=day&from=${today.getTime()}`);
    const cost = page.locator('[data-testid="today-cost"] .stat-value .cost-stored');
    if (!response.ok) {
      await page.getByText('Could not load spend totals').waitFor();
      return;
    }
    const stats = (await response.json()) as { groups: { key: string; figure: { storedCost: number } }[] };
    const expected = stats.groups.reduce((sum, g) => sum + g.figure.storedCost, 0);
    await expect.poll(() => cost.innerText()).toBe(formatCost(expected));
  });

  it('sessions table shows every session with its numbers', async () => {
    await page.goto(`${dashboard.url}/sessions`);
    await page.locator('[data-testid="sessions-table"] tbody tr[data-session-id]').first().waitFor();
    expect(await page.getByTestId('sessions-total').innerText()).toContain(`${formatCount(api.total)} session`);
    const rows = page.locator('[data-testid="sessions-table"] tbody tr[data-session-id]');
    expect(await rows.count()).toBe(api.total);
    for (const s of api.sessions) {
      const row = page.locator(`tr[data-session-id="${s.id}"]`);
      expect(await row.locator('[data-col="cost"] .cost-stored').innerText()).toBe(formatCost(s.cost));
      expect(await row.locator('[data-col="total-cost"] .cost-stored').innerText()).toBe(formatCost(s.total.cost));
      expect(await row.locator('[data-col="messages"]').innerText()).toBe(formatCount(s.messageCount));
    }
    await saveScreenshot(page, 'sessions');
  });

  it('sorts and filters through the URL, so views are bookmarkable', async () => {
    await page.goto(`${dashboard.url}/sessions`);
    await page.getByRole('button', { name: /^Cost/ }).click();
    await page.waitForURL(/sort=cost/);
    const top = [...api.sessions].sort((a, b) => b.cost - a.cost || (a.id < b.id ? 1 : -1))[0]!;
    await expect.poll(() => page.locator('tbody tr[data-session-id]').first().getAttribute('data-session-id')).toBe(top.id);

    await page.getByLabel('Roots only').check();
    await page.waitForURL(/roots=1/);
    const roots = api.sessions.filter((s) => !s.parentID).length;
    await expect.poll(() => page.locator('tbody tr[data-session-id]').count()).toBe(roots);

    // "/" is the header's search of everything; the table's title filter is its own field.
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('header-search');
    await page.keyboard.press('Escape');
    await page.getByLabel('Search session titles').fill('task');
    await page.waitForURL(/q=task/);
    const matching = api.sessions.filter((s) => !s.parentID && s.title.toLowerCase().includes('task')).length;
    await expect.poll(() => page.locator('tbody tr[data-session-id]').count()).toBe(matching);

    const bookmarked = page.url();
    await page.goto(bookmarked);
    await expect.poll(() => page.locator('tbody tr[data-session-id]').count()).toBe(matching);
    expect(await page.getByLabel('Search session titles').inputValue()).toBe('task');
    expect(await page.getByLabel('Roots only').isChecked()).toBe(true);

    // A bookmarked project that holds no session now: the select says which, not "All projects".
    await page.goto(`${dashboard.url}/sessions?project=prj_gone`);
    await page.getByText('No sessions match these filters.').waitFor();
    expect(await page.getByLabel('Project').locator('option:checked').innerText()).toBe('prj_gone (no sessions)');
  });

  it('goes overview -> session -> subagent session -> parent, with the numbers in the header', async () => {
    const parent = api.sessions.find((s) => s.childCount > 0);
    expect(parent, 'fixture has a session with a subagent').toBeDefined();
    const child = api.sessions.find((s) => s.parentID === parent!.id)!;
    await page.goto(`${dashboard.url}/`);
    await page.locator(`[data-testid="recent-sessions"] [data-session-link="${parent!.id}"]`).click();
    await page.waitForURL(`**/sessions/${parent!.id}`);
    expect(await page.getByTestId('session-title').innerText()).toBe(parent!.title);
    expect(await page.locator('[data-testid="session-cost"] .stat-value .cost-stored').innerText()).toBe(formatCost(parent!.cost));
    expect(await page.locator('[data-testid="session-cost"] .stat-detail').innerText()).toContain(formatCost(parent!.total.cost));
    await page.locator(`[data-testid="subagent-tree"] [data-tree-node="${child.id}"]`).waitFor();
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    await page.waitForTimeout(300);
    await saveScreenshot(page, 'session');

    await page.locator(`[data-testid="children-list"] [data-session-link="${child.id}"]`).click();
    await page.waitForURL(`**/sessions/${child.id}`);
    expect(await page.getByTestId('session-title').innerText()).toBe(child.title);
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    // The child's page draws the whole tree from the root, with the child marked as the current node.
    await page.locator(`[data-testid="subagent-tree"] [data-tree-node="${parent!.id}"]`).waitFor();
    expect(await page.locator(`[data-testid="subagent-tree"] [data-tree-node="${child.id}"]`).getAttribute('class')).toContain('current');
    await saveScreenshot(page, 'session-child');
    await page.getByTestId('parent-link').click();
    await page.waitForURL(`**/sessions/${parent!.id}`);
  });

  it('timeline text matches the API detail', async () => {
    const target = api.sessions.find((s) => s.title.includes('tools')) ?? api.sessions[0]!;
    const detail = await getJson<{ turns: { user?: { parts: { type: string; text?: string }[] } }[] }>(`${dashboard.url}/api/sessions/${target.id}`);
    const outline = await getJson<{ partCount: number }>(`${dashboard.url}/api/sessions/${target.id}/steps`);
    await page.goto(`${dashboard.url}/sessions/${target.id}`);
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    // The part count comes with the step charts' own query.
    await page.locator('#timeline-title', { hasText: `${formatCount(outline.partCount)} parts` }).waitFor();
    const prompt = detail.turns[0]?.user?.parts.find((p) => p.type === 'text')?.text;
    if (prompt) expect(await page.locator('.prompt-text').first().innerText()).toBe(prompt.trim());
    await page.locator('.tool-call .collapsible-toggle').first().click();
    await page.locator('.tool-call .collapsible-body').first().waitFor();
  });

  it('moves with j/k and opens with Enter; g o and g s switch pages', async () => {
    await page.goto(`${dashboard.url}/sessions`);
    await page.locator('tbody tr[data-session-id]').first().waitFor();
    await page.locator('h1').click();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    const first = page.locator('tbody tr[data-session-id]').first();
    expect(await first.getAttribute('aria-selected')).toBe('true');
    const id = await first.getAttribute('data-session-id');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/sessions/${id}`);
    await page.getByTestId('session-title').waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await page.waitForURL(`${dashboard.url}/`);
    await page.keyboard.press('g');
    await page.keyboard.press('s');
    await page.waitForURL(`${dashboard.url}/sessions`);
  });

  it('diagnostics lists the sources', async () => {
    await page.goto(`${dashboard.url}/diagnostics`);
    await page.getByText('OpenCode data folder').waitFor();
    expect(await page.locator('main').innerText()).toContain(data.dir);
    // The session database: ours, in the cache folder, and whole once the first read is done.
    expect(await page.locator('#session-database').innerText()).toMatch(/\.cache\/sessionscope\/sessions\.db · \d/);
    await expect.poll(() => page.getByTestId('session-db-state').innerText()).toContain('Holds every source whole');
    await saveScreenshot(page, 'diagnostics');
  });

  it('the chart range stays in the URL; on a phone its date labels never overlap, cost is drawn in steps, a range without usage says so', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const phoneWatch = watchPage(phone, dashboard.url);
    // The fixture's sessions ran on one day: the phone's clock is the day after, so "7 days" holds
    // their usage and "today" none, whatever day the test runs on (the ranges are the browser's).
    const newest = (await getJson<{ sessions: { lastActivity: number }[] }>(`${dashboard.url}/api/sessions?limit=1`)).sessions[0]!.lastActivity;
    const now = newest + 24 * 3_600_000;
    await phone.clock.setFixedTime(now);
    try {
      await phone.goto(`${dashboard.url}/`);
      // The buttons work once the page is hydrated (a click before that does nothing, as on a slow
      // phone): clicked until the range is in the URL.
      await expect
        .poll(async () => {
          await phone.locator('[data-testid="quick-ranges"] [data-range="7d"]').click();
          return new URL(phone.url()).search;
        }, { timeout: 30_000 })
        .toBe('?range=7d');
      await phone.reload();
      await phone.locator('#usage-chart .recharts-xAxis-tick-labels text').first().waitFor();
      expect(await phone.locator('[data-testid="quick-ranges"] [data-range="7d"]').getAttribute('aria-pressed')).toBe('true');
      const labels = await phone.locator('#usage-chart .recharts-xAxis-tick-labels text').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })).sort((a, b) => a.left - b.left));
      expect(labels.length).toBeGreaterThan(1);
      for (let i = 1; i < labels.length; i++) expect(labels[i]!.left, `date label ${i + 1} of ${labels.length}`).toBeGreaterThanOrEqual(labels[i - 1]!.right);
      // A smoothed curve (cubic segments) invented values between days.
      for (const d of await phone.locator('#usage-chart path.recharts-line-curve').evaluateAll((els) => els.map((el) => el.getAttribute('d') ?? ''))) expect(d).not.toContain('C');

      const dayStart = new Date(now);
      dayStart.setHours(0, 0, 0, 0);
      const today = await getJson<{ total: { messages: number } }>(`${dashboard.url}/api/stats?from=${dayStart.getTime()}`);
      await phone.locator('[data-testid="quick-ranges"] [data-range="today"]').click();
      await phone.waitForURL(/\/\?range=today$/);
      if (today.total.messages === 0) {
        await phone.getByTestId('usage-none').waitFor();
        expect(await phone.locator('#usage-chart .recharts-surface').count()).toBe(0);
      } else {
        await phone.locator('#usage-chart .recharts-surface').first().waitFor();
      }
      expect(phoneWatch.errors).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('logged no console errors and opened no dialogs', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
  });
});
