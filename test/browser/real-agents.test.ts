// Sessions written by the real Claude Code and pi, as a person sees them: forks linked both ways,
// client context folded into one line, retries and the failed reply as such, nothing "unknown".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { CLAUDE_VERSION, PI_VERSION } from '../tools/agent-bins';
import { OMP_VERSION } from '../tools/omp-bin';
import { allSessions } from './support/api';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

describe.skipIf(!HAS_CHROMIUM)('real Claude Code and pi sessions in the browser', () => {
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let sessions: SessionSummary[];

  beforeAll(async () => {
    [dashboard, browser] = await Promise.all([
      startDashboard({
        opencodeDir: path.join(fixtures, 'none'),
        claudeDir: path.join(fixtures, `claude-${CLAUDE_VERSION}`, 'projects'),
        piDir: path.join(fixtures, `pi-${PI_VERSION}`, 'sessions'),
        ompDir: path.join(fixtures, `omp-${OMP_VERSION}`, 'sessions'),
      }),
      launchChromium(),
    ]);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch = watchPage(page, dashboard.url);
    sessions = (await allSessions(dashboard.url)).sessions;
  });
  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
  });

  const open = async (id: string): Promise<string> => {
    await page.goto(`${dashboard.url}/sessions/${encodeURIComponent(id)}`);
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    return page.locator('main').innerText();
  };

  it('a fork links its original and the original its fork (Claude Code and pi)', async () => {
    for (const source of ['claude', 'pi']) {
      const fork = sessions.find((s) => s.source === source && s.forkedFrom)!;
      await open(fork.id);
      await page.locator('[data-testid="fork-origin"] a').click();
      await page.waitForURL(`**/sessions/${encodeURIComponent(fork.forkedFrom!)}`);
      await page.locator('[data-testid="forks"] a').first().waitFor();
      expect(await page.locator('[data-testid="forks"] a').getAttribute('href')).toContain(encodeURIComponent(fork.id));
    }
  });

  it("the client's context is one folded line per prompt; retries and the failed reply read as such; nothing is unknown", { timeout: 120_000 }, async () => {
    const failed = sessions.find((s) => s.source === 'claude' && s.title.includes('[ssc:c-fail]'))!;
    const text = await open(failed.id);
    expect(text).toMatch(/Context the client added · 10 records · \d+ KB/);
    expect(text).not.toContain('System prompt and tools sent to the model');
    expect(text).toContain('Retry #1');
    // once in the timeline, as the reply's error (the header's status line names it too)
    expect((await page.locator('[data-testid="timeline"]').innerText()).match(/529 Overloaded\. This is a server-side issue/g)).toHaveLength(1);
    expect(text).not.toContain('unknown part');
    await page.getByText('Context the client added').click();
    expect(await page.locator('main').innerText()).toContain('System prompt and tools sent to the model');
    // every part kind of these sessions is named (the API test checks every part of every session)
    const samples = [sessions.find((s) => s.source === 'pi' && !s.forkedFrom)!, sessions.find((s) => s.source === 'claude' && s.childCount > 0)!];
    for (const s of samples) expect(await open(s.id), s.id).not.toContain('unknown part');
    expect(watch.errors).toEqual([]);
  });

  it("oh-my-pi: side calls read as such, a big output's whole text is a click away, a finished subagent is no fork", async () => {
    const tools = sessions.find((s) => s.source === 'omp' && s.title.includes('[ssc:o-tools]'))!;
    const text = await open(tools.id);
    expect(text).not.toContain('unknown part');
    expect(await page.locator('[data-testid="timeline"] .assistant-head', { hasText: 'Side call' }).allInnerTexts()).toEqual([
      expect.stringContaining('auto-thinking'),
      expect.stringContaining('auto-thinking'),
    ]);
    const bash = page.locator('.tool-call[data-tool="bash"]');
    await bash.locator('.collapsible-toggle').first().click();
    const link = bash.getByTestId('full-output').getByRole('link');
    expect(await link.innerText()).toBe('Whole output (165 KB, 30001 lines)');
    const whole = await page.request.get(`${dashboard.url}${await link.getAttribute('href')}`);
    expect(whole.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect((await whole.text()).split('\n').filter(Boolean)).toHaveLength(30_000);
    const subagent = sessions.find((s) => s.source === 'omp' && s.parentID)!;
    expect(subagent).toMatchObject({ status: { status: 'idle', reason: 'Subagent finished' } });
    expect(subagent.forkedFrom).toBeUndefined();
    expect(watch.errors).toEqual([]);
  });
});
