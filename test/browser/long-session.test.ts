// A session too long for one page: the newest turns come first, older ones on request, and a huge
// tool output comes cut, whole on request. Charts still cover every step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Dashboard } from '../support/start-dashboard';
import { treeWriter } from '../support/write-opencode-tree';
import { openBrowserDashboard, type BrowserDashboard } from './support/browser-dashboard';
import { HAS_CHROMIUM, type PageWatch } from './support/chromium';
import { emptyDir } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';

const TURNS = 40;
const TOOLS_PER_TURN = 40;
const HUGE_TAIL = 'END-OF-THE-HUGE-OUTPUT';

interface Page0 {
  turns: { id: string; assistant: { parts: { id: string; type: string; cut?: Record<string, number>; output?: string }[] }[] }[];
  olderCursor?: string;
  turnCount: number;
}

describe.skipIf(!HAS_CHROMIUM)('a session of thousands of parts', () => {
  let data: { dir: string; remove(): void };
  let open: BrowserDashboard;
  let dashboard: Dashboard;
  let page: Page;
  let watch: PageWatch;
  let sessionID = '';
  let hugeToolID = '';

  beforeAll(async () => {
    data = emptyDir('long-session');
    const w = treeWriter(data.dir);
    const projectID = 'p-long';
    w.project(projectID, '/home/dev/long');
    const t0 = Date.now() - 6 * 3_600_000;
    sessionID = w.session({ projectID, directory: '/home/dev/long', title: 'A very long refactor', created: t0 });
    for (let t = 0; t < TURNS; t++) {
      const at = t0 + t * 60_000;
      const user = w.user(sessionID, at, `Turn ${t + 1}: keep going`);
      const reply = w.assistant({ sessionID, parentID: user, at: at + 1_000, done: at + 50_000, cost: 0.01, usage: { input: 1000, output: 100 }, finish: 'stop' });
      for (let i = 0; i < TOOLS_PER_TURN; i++) {
        const output = t === 0 && i === 0 ? `${'x'.repeat(60_000)}\n${HUGE_TAIL}` : `output ${t}.${i}`;
        const id = w.part(sessionID, reply, { type: 'tool', callID: `c${t}_${i}`, tool: 'read', state: { status: 'completed', input: { filePath: `/f${i}.ts` }, output, time: { start: at + 2_000 + i, end: at + 2_001 + i } } });
        if (t === 0 && i === 0) hugeToolID = id;
      }
      w.part(sessionID, reply, { type: 'step-finish', reason: 'stop', cost: 0.01, tokens: { input: 1000, output: 100, reasoning: 0, cache: { read: 0, write: 0 } } });
    }
    open = await openBrowserDashboard({ opencodeDir: data.dir });
    ({ dashboard, page, watch } = open);
  });

  afterAll(async () => {
    await open?.close();
    data?.remove();
  });

  it('the API pages turns newest first, covering every turn once, with every step for the charts', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let first: Page0 | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${dashboard.url}/api/sessions/${sessionID}${cursor ? `?before=${cursor}` : ''}`);
      const body = (await res.json()) as Page0;
      first ??= body;
      seen.unshift(...body.turns.map((t) => t.id));
      cursor = body.olderCursor;
      if (!cursor) break;
    }
    expect(first!.turns.length).toBeLessThan(TURNS);
    expect(first!.turnCount).toBe(TURNS);
    expect(new Set(seen).size).toBe(TURNS);
    // The charts' own query covers the whole session, however few turns a page holds.
    const outline = (await fetch(`${dashboard.url}/api/sessions/${sessionID}/steps`).then((r) => r.json())) as { steps: { input: number }[]; partCount: number };
    expect(outline.partCount).toBe(TURNS * (TOOLS_PER_TURN + 2));
    expect(outline.steps).toHaveLength(TURNS);
    expect(outline.steps.every((s) => s.input === 1000)).toBe(true);
    // The whole part, found with its message's id or without it.
    for (const query of [`?message=${first!.turns.at(-1)!.id}`, '']) {
      const huge = await fetch(`${dashboard.url}/api/sessions/${sessionID}/parts/${hugeToolID}${query}`).then((r) => r.json() as Promise<{ output: string }>);
      expect(huge.output.endsWith(HUGE_TAIL)).toBe(true);
    }
  });

  it('shows the latest turns, loads the earlier ones, and the whole of a cut output on request', async () => {
    await page.goto(`${dashboard.url}/sessions/${sessionID}`);
    const more = page.getByTestId('load-older-turns');
    await more.waitFor();
    expect(await page.locator('#timeline').innerText()).toContain(`of ${TURNS}`);
    for (let i = 0; i < 10 && (await more.count()) > 0; i++) {
      const before = await more.locator('xpath=..').innerText();
      await more.click();
      // Wait for the page to land: "Showing the latest N" grows with the button ready again, or
      // the last page removes the button. A click on a button about to go would wait for nothing.
      await page.waitForFunction((shown) => {
        const button = document.querySelector<HTMLButtonElement>('[data-testid="load-older-turns"]');
        return !button || (!button.disabled && button.parentElement?.innerText !== shown);
      }, before);
    }
    expect(await more.count()).toBe(0);
    const timeline = page.locator('[data-testid="timeline"]');
    // The page scrolls as one: the oldest turn is at the top of the timeline.
    await timeline.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 200));
    await timeline.getByText('Turn 1: keep going').waitFor();
    const huge = page.locator('.tool-call[data-tool="read"]').first();
    await huge.locator('.collapsible-toggle').click();
    await page.getByTestId('load-whole-part').first().click();
    await huge.getByRole('button', { name: /show all/ }).click();
    await huge.getByText(HUGE_TAIL).waitFor();
    expect(await page.locator('#step-chart').innerText()).toContain(`${TURNS} steps`);
    await saveScreenshot(page, 'session-long');
    expect(watch.errors).toEqual([]);
  });
});
