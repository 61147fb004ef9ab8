// A session OpenCode never titled keeps its placeholder ("New session - <date>"): pages show its
// first prompt's words instead, in italics, marked "first prompt; no title".
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDashboard, type Dashboard } from '../support/start-dashboard';
import { getJson, type ApiSessions } from './support/api';
import { HAS_CHROMIUM, launchChromium, watchPage } from './support/chromium';
import { copyFixture, hasFixture } from './support/fixture-copy';

const FIXTURE = 'opencode-1.18.33';
const PLACEHOLDER = 'New session - 2026-11-21T18:14:15.831Z';
const PROMPT = '"[ssc:plain] Run the plain scenario."';

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))('untitled sessions', () => {
  let data: { dir: string; remove(): void };
  let dashboard: Dashboard;
  let browser: Browser;
  let id: string;

  beforeAll(async () => {
    data = copyFixture(FIXTURE);
    // The test's own copy: the plain scenario's session loses its title, as if title generation failed.
    const db = new Database(path.join(data.dir, 'opencode.db'));
    id = (db.prepare("SELECT id FROM session WHERE title = 'plain scenario'").get() as { id: string }).id;
    db.prepare('UPDATE session SET title = ? WHERE id = ?').run(PLACEHOLDER, id);
    db.close();
    [dashboard, browser] = await Promise.all([startDashboard({ opencodeDir: data.dir }), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    data?.remove();
  });

  it("shows the first prompt's words, marked, wherever the session is named", async () => {
    await expect
      .poll(async () => (await getJson<ApiSessions>(`${dashboard.url}/api/sessions?limit=1000`)).sessions.find((s) => s.id === id)?.firstPrompt, { timeout: 15_000 })
      .toBe(PROMPT);
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const watch = watchPage(page, dashboard.url);
    for (const where of ['/', '/sessions', `/sessions/${id}`]) {
      await page.goto(`${dashboard.url}${where}`);
      const shown = page.locator(where.startsWith('/sessions/') ? '[data-testid="session-title"] em' : `[data-session-link="${id}"] em`).first();
      await shown.waitFor();
      expect(await shown.innerText()).toBe(PROMPT);
      expect(await shown.getAttribute('title')).toBe('first prompt; no title');
      expect(await page.locator('main').innerText(), where).not.toContain(PLACEHOLDER);
    }
    // Search by those words finds it.
    const found = await getJson<ApiSessions>(`${dashboard.url}/api/sessions?q=${encodeURIComponent('run the plain')}`);
    expect(found.sessions.map((s) => s.id)).toContain(id);
    expect(watch.errors).toEqual([]);
  });
});
