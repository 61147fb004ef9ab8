// Search over real-OpenCode, pi and Claude Code data: typing in the header box, opening a hit (the
// session page scrolls to the part and highlights it, unfolded), find-in-session, hostile text shown
// as text, and a line appended to a pi session found by search moments later.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SearchResponse } from '@/lib/search/search-types';
import type { Dashboard } from '../support/start-dashboard';
import { getJson } from './support/api';
import { openBrowserDashboard, type BrowserDashboard } from './support/browser-dashboard';
import { HAS_CHROMIUM, type PageWatch } from './support/chromium';
import { fixturePath, hasFixture } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';
import { groupSearchHits } from '@/lib/view/search-groups';

/** Hits the search page shows: grouped by session, a passage once per session. */
const shownHits = (response: SearchResponse) => groupSearchHits(response.hits).reduce((n, g) => n + g.hits.length, 0);

const OPENCODE = 'opencode-1.18.33';
const PI_FILE = path.join('--home-dev-webapp--', '2026-02-16T10-20-30-000Z_1f9d2a6b9c0d1234.jsonl');

describe.skipIf(!HAS_CHROMIUM || !hasFixture(OPENCODE))('search', () => {
  let root: string;
  let opened: BrowserDashboard | undefined;
  let dashboard: Dashboard;
  let page: Page;
  let watch: PageWatch;
  const search = (q: string, extra = '') => getJson<SearchResponse>(`${dashboard.url}/api/search?q=${encodeURIComponent(q)}${extra}`);

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-browser-search-'));
    for (const [from, to] of [[OPENCODE, 'opencode'], ['pi/sessions', 'pi'], ['claude/projects', 'claude']] as const) cpSync(fixturePath(from), path.join(root, to), { recursive: true });
    opened = await openBrowserDashboard({ opencodeDir: path.join(root, 'opencode'), piDir: path.join(root, 'pi'), claudeDir: path.join(root, 'claude') });
    ({ dashboard, page, watch } = opened);
    for (let i = 0; i < 300 && (await search('scenario')).progress.phase !== 'ready'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  afterAll(async () => {
    await opened?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  /** Types into the header box and opens the first hit of `source`; returns the hit the API gave. */
  async function openFromHeader(q: string, source: string, kind?: string) {
    const expected = (await search(q, '&limit=8')).hits.find((h) => h.source === source && (!kind || h.kind === kind));
    expect(expected, `${q} has a ${source} hit`).toBeDefined();
    await page.goto(`${dashboard.url}/`);
    // "/" works once the page is hydrated: press it until the header box has the focus.
    await expect
      .poll(async () => {
        await page.keyboard.press('/');
        return page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
      })
      .toBe('header-search');
    await page.keyboard.type(q);
    const hit = page.locator(`[data-testid="search-popover"] [data-testid="search-hit"][data-part-id="${expected?.partID}"]`).first();
    await hit.waitFor();
    // The popover may still show a prefix of the query typed ("unpriced s" marks "ssc" first): its answer to the whole query marks the first word.
    await expect.poll(() => hit.locator('mark').first().innerText()).toMatch(new RegExp(q.split(' ')[0] ?? q, 'i'));
    await hit.click();
    await page.waitForURL((url) => url.pathname === `/sessions/${encodeURIComponent(expected?.sessionID ?? '')}` && url.searchParams.get('part') === expected?.partID);
    const target = page.locator('[data-target="true"]');
    await target.waitFor();
    return { expected, target };
  }

  it('finds an OpenCode prompt from the header box and opens the session at it, highlighted', async () => {
    // The prompt, not the session's title (same words): which of the two ranks first turns on the average document's length.
    const { target } = await openFromHeader('unpriced scenario', 'opencode-sqlite', 'prompt');
    expect(await target.innerText()).toContain('Run the unpriced scenario');
    expect(await target.isVisible()).toBe(true);
    await saveScreenshot(page, 'search-opened-opencode');
  });

  it('opens folded Claude Code reasoning unfolded at the hit', async () => {
    const { target } = await openFromHeader('users route', 'claude', 'reasoning');
    expect(await target.innerText()).toContain('Need to look at the users route first.');
  });

  it('finds a pi prompt', async () => {
    const { target } = await openFromHeader('OAuth callback', 'pi');
    expect(await target.innerText()).toContain('redirects forever after the OAuth callback');
  });

  it('lists every hit on the search page with filters, and shows hostile text as text', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${dashboard.url}/search?q=onerror`);
    await page.locator('[data-testid="search-hit"]').first().waitFor();
    const api = await search('onerror', '&limit=30');
    expect(await page.locator('[data-testid="search-hit"]').count()).toBe(shownHits(api));
    expect(await page.locator('.search-snippet').first().innerText()).toContain('onerror');
    expect(await page.locator('.search-snippet img, .search-snippet script').count()).toBe(0);
    // A snippet is cut at a whole line: no sliver of a fourth line (its highlights) shows under the third.
    const cuts = await page.locator('[data-testid="search-hit"] .search-snippet').evaluateAll((els) =>
      els.map((el) => {
        const lines = el.clientHeight / parseFloat(getComputedStyle(el).lineHeight);
        return { lines, clipped: el.scrollHeight > el.clientHeight + 1 };
      }),
    );
    expect(cuts.some((cut) => cut.clipped), JSON.stringify(cuts)).toBe(true);
    for (const cut of cuts) expect(Math.abs(cut.lines - Math.round(cut.lines)), JSON.stringify(cuts)).toBeLessThan(0.05);
    await page.goto(`${dashboard.url}/search?q=scenario&kind=prompt&source=opencode`);
    await page.locator('[data-testid="search-hit"]').first().waitFor();
    const prompts = await search('scenario', '&kind=prompt&source=opencode&limit=30');
    expect(prompts.hits.every((h) => h.kind === 'prompt')).toBe(true);
    expect(await page.locator('[data-testid="search-hit"]').count()).toBe(shownHits(prompts));
    await saveScreenshot(page, 'search-page-1440-light');
    for (const [name, viewport, scheme] of [['search-page-390-dark', { width: 390, height: 844 }, 'dark'], ['search-page-1440-dark', { width: 1440, height: 900 }, 'dark'], ['search-page-390-light', { width: 390, height: 844 }, 'light']] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await saveScreenshot(page, name);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1400, height: 1000 });
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
  });

  it('finds other forms of a word, counts the matches, groups them by session with each passage once, and sorts newest first on request', async () => {
    // "lists" found nothing where "list" found 14: the fixtures say "route" and "routes".
    const [one, many] = await Promise.all([search('route ', '&limit=100'), search('routes ', '&limit=100')]);
    expect(one.hits.length).toBeGreaterThan(0);
    expect(many.total).toBe(one.total);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${dashboard.url}/search?q=routes`);
    await page.getByTestId('search-count').waitFor();
    const groups = groupSearchHits((await search('routes', '&limit=30')).hits);
    expect(await page.getByTestId('search-count').innerText()).toMatch(new RegExp(`^${many.total} matches.* in ${groups.length} sessions?$`));
    expect(await page.getByTestId('search-group').count()).toBe(groups.length);
    // A title that is its first prompt was shown twice (the title hit and the prompt hit).
    for (const group of await page.getByTestId('search-group').all()) {
      const passages = await group.locator('.search-snippet').allInnerTexts();
      expect(new Set(passages).size, passages.join(' | ')).toBe(passages.length);
    }
    await page.getByRole('button', { name: 'Newest', exact: true }).click();
    await page.waitForURL(/order=newest/);
    const newest = await search('routes', '&order=newest&limit=30');
    const times = newest.hits.map((h) => h.time);
    expect(times).toEqual(times.toSorted((a, b) => b - a));
    await expect.poll(() => page.getByTestId('search-group').first().getAttribute('data-session-id')).toBe(newest.hits[0]!.sessionID);
  });

  it('finds in the session: next and previous move between its matches in order', async () => {
    const claude = (await search('route', '&source=claude')).hits[0];
    await page.goto(`${dashboard.url}/sessions/${encodeURIComponent(claude?.sessionID ?? '')}`);
    const inSession = (await search('route', `&session=${encodeURIComponent(claude?.sessionID ?? '')}&order=time&limit=100`)).hits.filter((h) => h.messageID);
    await page.getByTestId('find-in-session').fill('route');
    await expect.poll(() => page.getByTestId('find-count').innerText()).toBe(`– of ${inSession.length}`);
    await page.getByTestId('find-in-session').press('Enter');
    await expect.poll(() => page.getByTestId('find-count').innerText()).toBe(`1 of ${inSession.length}`);
    await expect.poll(() => new URL(page.url()).searchParams.get('part')).toBe(inSession[0]?.partID ?? null);
    await page.locator('[data-target="true"]').waitFor();
    await page.getByRole('button', { name: 'Previous match' }).click();
    await expect.poll(() => page.getByTestId('find-count').innerText()).toBe(`${inSession.length} of ${inSession.length}`);
    await saveScreenshot(page, 'search-find-in-session');
  });

  it('finds a line appended to a live pi session within moments', async () => {
    const file = path.join(root, 'pi', PI_FILE);
    const last = readFileSync(file, 'utf8').trim().split('\n').filter((l) => l.startsWith('{')).at(-1) ?? '{}';
    const parentId = (JSON.parse(last) as { id?: string }).id;
    const written = Date.now();
    appendFileSync(file, `${JSON.stringify({ type: 'message', id: 'b0000099', parentId, timestamp: new Date().toISOString(), message: { role: 'user', content: [{ type: 'text', text: 'please check the quokka endpoint' }], timestamp: Date.now() } })}\n`);
    await expect.poll(async () => (await search('quokka')).hits.map((h) => h.source)).toEqual(['pi']);
    console.log(`[search] an appended pi line was searchable after ${Date.now() - written} ms`);
  });
});
