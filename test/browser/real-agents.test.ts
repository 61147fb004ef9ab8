// Sessions written by the real Claude Code and pi, as a person sees them: forks told apart, their
// inherited turns folded, linked both ways,
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
import { copyFixture } from './support/fixture-copy';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

describe.skipIf(!HAS_CHROMIUM)('real Claude Code and pi sessions in the browser', () => {
  let dashboard: Dashboard;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let sessions: SessionSummary[];
  let opencode: { dir: string; remove(): void } | undefined;

  beforeAll(async () => {
    opencode = copyFixture('opencode-1.1.65');
    [dashboard, browser] = await Promise.all([
      startDashboard({
        opencodeDir: opencode.dir,
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
    opencode?.remove();
  });

  const open = async (id: string): Promise<string> => {
    await page.goto(`${dashboard.url}/sessions/${encodeURIComponent(id)}`);
    await page.locator('[data-testid="timeline"] .timeline-item').first().waitFor();
    return page.locator('main').innerText();
  };

  it("a fork is told apart (its own first prompt, marked), shows the original's turns folded, and links both ways (Claude Code and pi)", async () => {
    await page.goto(`${dashboard.url}/sessions`);
    await page.locator('tbody tr[data-session-id]').first().waitFor();
    for (const source of ['claude', 'pi']) {
      const fork = sessions.find((s) => s.source === source && s.forkedFrom)!;
      const original = sessions.find((s) => s.id === fork.forkedFrom)!;
      expect(fork.title, source).not.toBe(original.title);
      expect(await page.locator(`tr[data-session-id="${fork.id}"] [data-testid="fork-mark"]`).count(), source).toBe(1);
    }
    for (const source of ['claude', 'pi']) {
      const fork = sessions.find((s) => s.source === source && s.forkedFrom)!;
      await open(fork.id);
      expect(await page.getByTestId('session-title').innerText()).toBe(fork.title);
      await page.locator('[data-testid="session-bar"] [data-testid="fork-mark"]').waitFor();
      const inherited = page.getByTestId('inherited-turns');
      expect(await inherited.locator('summary').innerText()).toMatch(/^\d+ turns? before the fork, from .+: counted there, not here$/);
      expect(await inherited.locator('li').first().isVisible()).toBe(false);
      await inherited.locator('summary').click();
      expect(await inherited.locator('li a').first().innerText()).toContain('First question.');
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
    // The timeline's first item is up once `open` returns; its later turns may still be rendering.
    await expect.poll(() => page.locator('[data-testid="timeline"] .assistant-head', { hasText: 'Side call' }).allInnerTexts(), { timeout: 15_000 }).toEqual([
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

  it('an edit and a write read as the lines they changed, not JSON; a changed file opens its diff (Claude Code, pi, OpenCode 1.1.65)', async () => {
    for (const source of ['claude', 'pi']) {
      const tools = sessions.find((s) => s.source === source && /\[ssc:[cp]-tools\]/.test(s.title))!;
      await open(tools.id);
      const edit = page.locator('[data-testid="timeline"] .tool-call[data-tool="edit" i]').first();
      await edit.locator('.collapsible-toggle').click();
      const diff = edit.getByTestId('diff-view');
      expect(await diff.locator('.diff-del').first().innerText(), source).toContain('A tiny project');
      expect(await diff.locator('.diff-add').first().innerText(), source).toContain('A small project');
      expect(await edit.innerText(), source).not.toMatch(/old_?[sS]tring|oldText|\\n/);
      const write = page.locator('[data-testid="timeline"] .tool-call[data-tool="write" i]').first();
      await write.locator('.collapsible-toggle').click();
      expect(await write.getByTestId('diff-view').locator('.diff-add').first().innerText(), source).toContain('notes written by the scripted model');
    }
    const tools = sessions.find((s) => s.source === 'opencode-json' && s.title.includes('tools'))!;
    await open(tools.id);
    const changed = page.locator('#diffs');
    expect(await changed.locator('h2').innerText()).toMatch(/^Changed files · \+1 −0$/);
    await changed.locator('.collapsible-toggle').first().click();
    expect(await changed.getByTestId('diff-view').locator('.diff-add').first().innerText()).toContain('notes written by the scripted model');
  });

  it("a failed tool call's error is printed once, not again as its output (Claude Code and pi)", async () => {
    for (const source of ['claude', 'pi']) {
      const tools = sessions.find((s) => s.source === source && /\[ssc:[cp]-tools\]/.test(s.title))!;
      await open(tools.id);
      const failed = page.locator('[data-testid="timeline"] .tool-call[data-status="error"]').first();
      await failed.locator('.collapsible-toggle').click();
      const error = (await failed.locator('.output-error').innerText()).trim();
      expect(error.length, source).toBeGreaterThan(0);
      expect((await failed.innerText()).split(error).length - 1, source).toBe(1);
    }
  });
});
