// Codex CLI and Gemini CLI sessions written by the real binaries, as a person sees them: a badge
// and a filter for each source, both on the overview, their sessions' tool calls, reasoning and
// subagents, prices at API rates ("unpriced" for a model without one), and search.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sourceFamilyOf } from '@/lib/model/source';
import type { SearchResponse } from '@/lib/search/search-types';
import type { Dashboard } from '../support/start-dashboard';
import { CODEX_VERSION, GEMINI_VERSION } from '../tools/agent-bins';
import { allSessions, getJson, type ApiSessions } from './support/api';
import { openBrowserDashboard, type BrowserDashboard } from './support/browser-dashboard';
import { HAS_CHROMIUM, type PageWatch } from './support/chromium';
import { saveScreenshot } from './support/screenshots';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

describe.skipIf(!HAS_CHROMIUM)('real Codex CLI and Gemini CLI sessions in the browser', () => {
  let opened: BrowserDashboard | undefined;
  let dashboard: Dashboard;
  let page: Page;
  let watch: PageWatch;
  let api: ApiSessions;

  beforeAll(async () => {
    opened = await openBrowserDashboard({ opencodeDir: path.join(fixtures, 'none'), codexDir: path.join(fixtures, `codex-${CODEX_VERSION}`, 'sessions'), geminiDir: path.join(fixtures, `gemini-${GEMINI_VERSION}`) });
    ({ dashboard, page, watch } = opened);
    api = await allSessions(dashboard.url);
  });
  afterAll(async () => {
    await opened?.close();
  });

  const open = async (id: string): Promise<string> => {
    await page.goto(`${dashboard.url}/sessions/${encodeURIComponent(id)}`);
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    return page.locator('main').innerText();
  };

  it('every row shows its source; the filter offers Codex CLI and Gemini CLI and narrows the rows to one', async () => {
    expect(new Set(api.sessions.map((s) => sourceFamilyOf(s.source)))).toEqual(new Set(['codex', 'gemini']));
    await page.goto(`${dashboard.url}/sessions`);
    const rows = page.locator('[data-testid="sessions-table"] tbody tr[data-session-id]');
    await expect.poll(() => rows.count()).toBe(api.total);
    for (const s of api.sessions) expect(await page.locator(`tr[data-session-id="${s.id}"] [data-source]`).getAttribute('data-source'), s.id).toBe(s.source);
    expect(await page.locator('tbody [data-source="codex"]').first().innerText()).toBe('Codex CLI');
    expect(await page.locator('tbody [data-source="gemini"]').first().innerText()).toBe('Gemini CLI');
    const options = await page.getByLabel('Source').locator('option').allInnerTexts();
    expect(options).toEqual(expect.arrayContaining(['Codex CLI', 'Gemini CLI']));
    for (const source of ['codex', 'gemini'] as const) {
      await page.getByLabel('Source').selectOption(source);
      await page.waitForURL(new RegExp(`source=${source}`));
      await expect.poll(() => rows.count()).toBe(api.sessions.filter((s) => s.source === source).length);
      await saveScreenshot(page, `sessions-source-${source}`);
    }
  });

  it('the overview totals both sources with their sessions', async () => {
    await page.goto(`${dashboard.url}/`);
    const list = page.getByTestId('totals-by-source');
    await list.locator('li').first().waitFor();
    expect(await list.locator('li').evaluateAll((items) => items.map((li) => li.getAttribute('data-source')))).toEqual(['codex', 'gemini']);
    for (const family of ['codex', 'gemini'] as const) {
      const count = api.sessions.filter((s) => s.source === family).length;
      await expect.poll(() => list.locator(`li[data-source="${family}"] [data-col="sessions"]`).innerText()).toBe(`${count} sessions`);
    }
  });

  it("a Codex session's tool calls, the failed one and reasoning; the subagent's page names its parent; nothing is unknown", { timeout: 120_000 }, async () => {
    const tools = api.sessions.find((s) => s.source === 'codex' && s.title.includes('[ssc:x-tools]'))!;
    const text = await open(tools.id);
    expect(text).toContain('exec_command');
    expect(text).toContain('No such file or directory');
    expect(text).not.toContain('unknown part');
    const child = api.sessions.find((s) => s.source === 'codex' && s.parentID)!;
    await open(child.id);
    expect(await page.locator(`main a[href*="${encodeURIComponent(child.parentID!)}"]`).count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'session-codex-subagent');
    for (const s of api.sessions) expect(await open(s.id), s.id).not.toContain('unknown part');
    await open(tools.id);
    await saveScreenshot(page, 'session-codex-tools');
    await open(api.sessions.find((s) => s.source === 'gemini' && s.title.includes('[ssc:g-tools]'))!.id);
    await saveScreenshot(page, 'session-gemini-tools');
    expect(watch.errors).toEqual([]);
  });

  it('priced at API rates: a listed model has an API figure, gpt-5-mock says unpriced', async () => {
    await page.goto(`${dashboard.url}/sessions?source=codex`);
    const mock = api.sessions.find((s) => s.source === 'codex' && s.models.some((m) => m.endsWith('gpt-5-mock')) && !s.parentID)!;
    const priced = api.sessions.find((s) => s.source === 'codex' && s.title.includes('[ssc:x-tools]'))!;
    await page.locator(`tr[data-session-id="${mock.id}"]`).waitFor();
    // The session's own cost first, then with its subagents.
    expect(await page.locator(`tr[data-session-id="${mock.id}"] .cost-alt`).first().innerText()).toBe('API: unpriced');
    expect(await page.locator(`tr[data-session-id="${priced.id}"] .cost-alt`).first().innerText()).toMatch(/^API \$\d/);
    // Codex records tokens, never a price: its recorded cost says so, never "$0.00" (which reads as free).
    expect(await page.locator(`tr[data-session-id="${priced.id}"] .cost-stored`).first().innerText()).toBe('not recorded');
    expect(await page.locator(`tr[data-session-id="${priced.id}"] [title*="At API prices"]`).first().getAttribute('title')).toContain('the agent records no cost (Codex CLI');
    await page.goto(`${dashboard.url}/`);
    await expect.poll(() => page.locator('[data-testid="totals-by-source"] li[data-source="codex"] [data-col="cost"]').innerText()).toBe('not recorded');
  });

  it('diagnostics lists both sources with their folders and sessions; the plans page opens', async () => {
    await page.goto(`${dashboard.url}/diagnostics`);
    const rows = page.locator('#sources tbody tr');
    await rows.first().waitFor();
    const texts = await rows.allInnerTexts();
    for (const source of ['codex', 'gemini'] as const) {
      const row = texts.find((t) => t.startsWith(source));
      expect(row, texts.join(' | ')).toBeDefined();
      expect(row!.replace(/\s+/g, ' ')).toContain(`yes ${api.sessions.filter((s) => s.source === source).length} `);
    }
    await page.goto(`${dashboard.url}/plans`);
    await page.locator('h1').first().waitFor();
    expect(watch.errors).toEqual([]);
  });

  it('search finds a Codex prompt and a Gemini prompt, each under its source', async () => {
    for (const [q, source] of [['x-resume', 'codex'], ['g-resume', 'gemini']] as const) {
      await expect.poll(async () => (await getJson<SearchResponse>(`${dashboard.url}/api/search?q=${q}&source=${source}`)).hits.length, { timeout: 30_000 }).toBeGreaterThan(0);
      await page.goto(`${dashboard.url}/search?q=${q}&source=${source}`);
      await page.locator('[data-testid="search-hit"]').first().waitFor();
      expect(await page.locator('[data-testid="search-hit"]').first().innerText()).toContain(q);
    }
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
  });
});
