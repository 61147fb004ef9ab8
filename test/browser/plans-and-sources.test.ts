// The plans page, source badges and the source filter, on OpenCode + pi + Claude Code data with two
// oh-my-opencode projects: numbers match the fixtures and the API, and a plan edited on disk updates the
// open page without a reload.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatCost } from '@/lib/format/format-cost';
import { formatCount } from '@/lib/format/format-tokens';
import { sourceFamilyOf } from '@/lib/model/source';
import type { SearchResponse } from '@/lib/search/search-types';
import type { PlansResponse } from '@/lib/view/api-types';
import { planAnchor } from '@/lib/view/plan-display';
import type { Dashboard } from '../support/start-dashboard';
import { allSessions, getJson, type ApiSessions } from './support/api';
import { openBrowserDashboard, type BrowserDashboard } from './support/browser-dashboard';
import { HAS_CHROMIUM, type PageWatch } from './support/chromium';
import { fixturePath, hasFixture } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';

const OPENCODE = 'opencode-1.1.65';
const PI_SESSION = '1f9d2a6b9c0d1234';

describe.skipIf(!HAS_CHROMIUM || !hasFixture(OPENCODE))('plans page, source badges and source filter', () => {
  let root: string;
  let opened: BrowserDashboard | undefined;
  let dashboard: Dashboard;
  let page: Page;
  let watch: PageWatch;
  let api: ApiSessions;
  const card = (name: string) => page.locator('.plan-card', { has: page.getByRole('heading', { name: new RegExp(`^${name}\\b`) }) });

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-browser-plans-'));
    for (const [from, to] of [[OPENCODE, 'opencode'], ['pi/sessions', 'pi'], ['claude/projects', 'claude'], ['plans/v2-both', 'shop'], ['plans/v1-snake', 'auth']] as const) {
      cpSync(fixturePath(from), path.join(root, to), { recursive: true });
    }
    // The active work also names the pi session, so a plan links to a session the dashboard has.
    const boulderFile = path.join(root, 'shop', '.omo', 'boulder.json');
    const boulder = JSON.parse(readFileSync(boulderFile, 'utf8')) as { works: Record<string, { session_ids: string[]; task_sessions?: unknown }> };
    boulder.works.wk_perf!.session_ids.push(`pi:${PI_SESSION}`);
    // Its tasks' sessions as oh-my-opencode 4.19 records them: one here, one Codex ran.
    boulder.works.wk_perf!.task_sessions = {
      'todo:1': { task_key: 'todo:1', task_label: '1', task_title: 'Profile the list endpoint', session_id: `pi:${PI_SESSION}`, status: 'completed', started_at: '2026-06-10T08:05:00.000Z', ended_at: '2026-06-10T08:35:00.000Z', elapsed_ms: 1_800_000 },
      'todo:2': { task_key: 'todo:2', task_label: '2', task_title: 'Cache the project lookup', session_id: 'codex:019a7b2c-0000-7000-8000-00000000c0de', agent: 'Sisyphus-Junior', status: 'running', started_at: '2026-06-10T08:40:00.000Z' },
    };
    writeFileSync(boulderFile, JSON.stringify(boulder, null, 2));
    opened = await openBrowserDashboard({ opencodeDir: path.join(root, 'opencode'), piDir: path.join(root, 'pi'), claudeDir: path.join(root, 'claude'), projects: [path.join(root, 'shop'), path.join(root, 'auth')] });
    ({ dashboard, page, watch } = opened);
    api = await allSessions(dashboard.url);
  });

  afterAll(async () => {
    await opened?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('lists every work of both projects with the done/total of its plan file', async () => {
    await page.goto(`${dashboard.url}/plans`);
    await page.locator('[data-testid="plan"]').first().waitFor();
    const expected = { 'perf-pass': '1/4', 'old-migration': '1/2', 'docs-cleanup': '2/2', 'draft-idea': '0/1', 'auth-refactor': '2/4' };
    for (const [name, count] of Object.entries(expected)) expect(await card(name).getByTestId('plan-count').innerText(), name).toBe(count);
    // The boulder says active, but none of its sessions is live (the fixtures are old): idle, not "Active · so far".
    expect(await card('perf-pass').locator('[data-plan-state]').first().innerText()).toBe('Idle');
    expect(await card('perf-pass').getByTestId('plan-elapsed').innerText()).toMatch(/^last activity (.+ ago|\d{4}-\d\d-\d\d)$/);
    // Its sessions are in no data folder here: said so, not "idle since just now" from the copied plan file's mtime.
    expect(await card('auth-refactor').getByTestId('plan-elapsed').innerText()).toBe('no sessions found');
    // The counts follow the badges: both works the boulders call active are idle.
    expect(await page.getByTestId('plans-active').locator('.stat-value').innerText()).toBe('0');
    expect(await page.getByTestId('plans-active').locator('.stat-detail').innerText()).toMatch(/^2 idle · /);
    expect(await card('docs-cleanup').locator('[data-plan-state]').first().innerText()).toBe('Completed');
    expect(await card('deleted-plan').innerText()).toContain('plan file missing');
    expect(await card('perf-pass').getByTestId('plan-current').innerText()).toBe('Next: 2. Cache the project lookup · TODOs');
    expect(await page.getByTestId('plans-tasks').locator('.stat-value').innerText()).toBe('3/8'); // perf-pass 1/4 + auth-refactor 2/4

    const pi = api.sessions.find((s) => s.id === PI_SESSION)!;
    const row = card('perf-pass').locator(`li[data-session-id="${PI_SESSION}"]`);
    expect(await row.locator(`[data-session-link="${PI_SESSION}"]`).innerText()).toBe(pi.title);
    expect(await row.getByTestId('plan-session-cost').innerText()).toBe(formatCost(pi.total.cost));
    expect(await row.locator('[data-source]').innerText()).toBe('pi');
    expect(await card('perf-pass').locator('li[data-session-id="ses_2b0100000ffeCCCCCCCCCCCCCC"]').innerText()).toContain('not found');

    const tasks = card('perf-pass').getByTestId('plan-task');
    expect(await tasks.evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-task-key'), r.getAttribute('data-task-status')]))).toEqual([
      ['todo:1', 'completed'],
      ['todo:2', 'running'],
    ]);
    expect(await tasks.nth(0).innerText()).toContain('took 30 min');
    expect(await tasks.nth(0).locator(`[data-session-link="${PI_SESSION}"]`).innerText()).toBe(pi.title);
    expect(await tasks.nth(1).innerText()).toMatch(/2\. Cache the project lookup[\s\S]*running \d+ d[\s\S]*Sisyphus-Junior[\s\S]*Codex session 019a7b2c-0000-7000-8000-00000000c0de/);

    await card('perf-pass').locator('.plan-checklist summary').click();
    expect(await card('perf-pass').locator('.todo').allInnerTexts()).toEqual(['✓\n1. Profile the list endpoint', '◐\n2. Cache the project lookup', '○\n3. Batch the part reads', '○\nF1. Benchmarks before/after']);
    await saveScreenshot(page, 'plans');
  });

  it('a checkbox ticked in the plan file shows on the open page without a reload', async () => {
    await page.goto(`${dashboard.url}/plans`);
    await card('perf-pass').getByTestId('plan-count').waitFor();
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
    const planFile = path.join(root, 'shop', '.omo', 'plans', 'perf-pass.md');
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('- [ ] 2. Cache', '- [x] 2. Cache'));
    await expect.poll(() => card('perf-pass').getByTestId('plan-count').innerText(), { timeout: 15_000 }).toBe('2/4');
    expect(await card('perf-pass').getByTestId('plan-current').innerText()).toContain('3. Batch the part reads');
    expect(await page.getByTestId('plans-tasks').locator('.stat-value').innerText()).toBe('4/8');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);
  });

  it('a session of a plan work links to its plan; g p opens the plans page', async () => {
    await page.goto(`${dashboard.url}/sessions/${PI_SESSION}`);
    const line = page.getByTestId('session-plan');
    await expect.poll(() => line.innerText().catch(() => '')).toContain('perf-pass');
    expect(await line.innerText()).toContain('2/4');
    const plans = await getJson<PlansResponse>(`${dashboard.url}/api/plans`);
    const anchor = planAnchor(plans.plans.find((p) => p.planName === 'perf-pass')!);
    await line.getByRole('link', { name: 'perf-pass' }).click();
    await page.waitForURL(`**/plans#${anchor}`);
    await page.locator(`#${anchor}`).waitFor();
    await page.goto(`${dashboard.url}/sessions`);
    await page.locator('tbody tr[data-session-id]').first().waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('p');
    await page.waitForURL(`${dashboard.url}/plans`);
  });

  it('search finds a plan checklist item, and the hit opens the plan', async () => {
    const plans = await getJson<PlansResponse>(`${dashboard.url}/api/plans`);
    const anchor = planAnchor(plans.plans.find((p) => p.planName === 'perf-pass')!);
    await expect.poll(async () => (await getJson<SearchResponse>(`${dashboard.url}/api/search?q=project%20lookup`)).hits.map((h) => h.kind)).toContain('plan');
    await page.goto(`${dashboard.url}/search?q=${encodeURIComponent('project lookup')}`);
    const hit = page.locator('[data-testid="search-hit"]', { hasText: 'plan item' }).first();
    await hit.waitFor();
    expect(await hit.innerText()).toContain('perf-pass');
    expect(await hit.locator('mark').first().innerText()).toMatch(/project/i);
    await saveScreenshot(page, 'search-plan-item');
    await hit.click();
    await page.waitForURL(`**/plans#${anchor}`);
    await page.locator(`#${anchor}`).waitFor();
  });

  it('every session row shows its source, and the source filter narrows the rows', async () => {
    const families = new Set(api.sessions.map((s) => sourceFamilyOf(s.source)));
    expect(families).toEqual(new Set(['opencode', 'pi', 'claude']));
    await page.goto(`${dashboard.url}/sessions`);
    const rows = page.locator('[data-testid="sessions-table"] tbody tr[data-session-id]');
    await expect.poll(() => rows.count()).toBe(api.total);
    for (const s of api.sessions) expect(await page.locator(`tr[data-session-id="${s.id}"] [data-source]`).getAttribute('data-source'), s.id).toBe(sourceFamilyOf(s.source));

    await page.getByLabel('Source').selectOption('pi');
    await page.waitForURL(/source=pi/);
    const pi = api.sessions.filter((s) => s.source === 'pi');
    await expect.poll(() => rows.count()).toBe(pi.length);
    // One source in view: the badge would say the same on every row.
    expect(await page.locator('tbody tr[data-session-id] [data-source]').count()).toBe(0);
    expect(await page.getByTestId('sessions-total').innerText()).toContain(`${formatCount(pi.length)} session`);
    await saveScreenshot(page, 'sessions-source-pi');

    await page.reload();
    await expect.poll(() => rows.count()).toBe(pi.length);
    expect(await page.getByLabel('Source').inputValue()).toBe('pi');
    await page.getByLabel('Source').selectOption('');
    await expect.poll(() => rows.count()).toBe(api.total);
  });

  it('the overview totals each source with its sessions', async () => {
    await page.goto(`${dashboard.url}/`);
    const list = page.getByTestId('totals-by-source');
    await list.locator('li').first().waitFor();
    expect(await list.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-source')))).toEqual(['opencode', 'pi', 'claude']);
    for (const family of ['opencode', 'pi', 'claude'] as const) {
      const count = api.sessions.filter((s) => sourceFamilyOf(s.source) === family).length;
      await expect.poll(() => list.locator(`li[data-source="${family}"] [data-col="sessions"]`).innerText()).toBe(`${count} session${count === 1 ? '' : 's'}`);
    }
  });

  it('logged no console errors and opened no dialogs', () => {
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
  });
});

describe.skipIf(!HAS_CHROMIUM || !hasFixture(OPENCODE))('plans page without any boulder', () => {
  let root: string;
  let opened: BrowserDashboard | undefined;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-browser-noplans-'));
    cpSync(fixturePath(OPENCODE), root, { recursive: true });
    opened = await openBrowserDashboard({ opencodeDir: root });
  });

  afterAll(async () => {
    await opened?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('says where it looked and how to add a project folder', async () => {
    const { dashboard, page, watch } = opened!;
    const { searched } = await getJson<PlansResponse>(`${dashboard.url}/api/plans`);
    expect(searched.length).toBeGreaterThan(0); // the folders the fixture's sessions ran in
    await page.goto(`${dashboard.url}/plans`);
    const empty = page.getByTestId('plans-empty');
    await empty.waitFor();
    const text = await empty.innerText();
    expect(text).toContain('No oh-my-opencode plans found');
    for (const dir of searched) expect(text).toContain(dir);
    expect(text).toContain('--project DIR');
    expect(watch.errors).toEqual([]);
  });
});
