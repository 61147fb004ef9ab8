// Honest figures. The first seconds: while the store is still reading messages, the overview must never state a
// partial sum as if it were the answer ("$0.00", "0 tokens", "No spend in the last 30 days").
// A test hook holds the first read after the session list until the test releases it. And when
// the server goes away, a banner says what is on screen may be stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatCost } from '@/lib/format/format-cost';
import { startServer, type StartedServer } from '../support/start-server';
import { getJson } from './support/api';
import { HAS_CHROMIUM, launchChromium, watchPage, type PageWatch } from './support/chromium';
import { copyFixture, hasFixture } from './support/fixture-copy';

const FIXTURE = 'opencode-1.18.33';
const ZERO_FIGURES = [/\$0\.00/, /\b0 tokens\b/, /No (recorded )?spend in (the last|this range)/, /No priced usage/];

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))('the overview while indexing', () => {
  let data: { dir: string; remove(): void };
  let server: StartedServer;
  let browser: Browser;
  let page: Page;
  let watch: PageWatch;
  let gate: string;

  beforeAll(async () => {
    data = copyFixture(FIXTURE);
    gate = path.join(data.dir, 'release-index');
    [server, browser] = await Promise.all([startServer({ opencodeDir: data.dir }, [], { SESSIONSCOPE_TEST_INDEX_GATE: gate }), launchChromium()]);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    watch = watchPage(page, server.url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data?.remove();
  });

  it('shows "counting…" and no zero figure, then the right totals once the index is complete', async () => {
    const health = await getJson<{ index: { phase: string }; counts: { sessions: number } }>(`${server.url}/api/health`);
    expect(health.index.phase).toBe('indexing');
    const partial = await getJson<{ complete: boolean }>(`${server.url}/api/stats?groupBy=source`);
    expect(partial.complete).toBe(false);

    await page.goto(`${server.url}/`);
    await page.getByTestId('indexing').waitFor();
    await page.locator('[data-testid="recent-sessions"] tr').first().waitFor();
    await expect.poll(() => page.getByTestId('counting').count()).toBeGreaterThan(3);
    const text = await page.locator('main').innerText();
    for (const zero of ZERO_FIGURES) expect(text, `${zero} while indexing`).not.toMatch(zero);

    // The sessions table (a table at 1440 px, cards on a phone) and a session's page, in a second tab
    // (the overview stays open to see it update): no zero figure either.
    const other = await browser.newPage();
    const otherWatch = watchPage(other, server.url);
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      await other.setViewportSize(viewport);
      await other.goto(`${server.url}/sessions`);
      const rows = other.locator('[data-testid="sessions-table"] tbody tr');
      await rows.first().waitFor();
      const costs = other.locator('[data-testid="sessions-table"] tbody [data-col="cost"]');
      expect(await costs.allInnerTexts(), `${viewport.width} px`).toEqual(Array<string>(await rows.count()).fill('counting…'));
      const shown = await other.locator('main').innerText();
      for (const zero of [...ZERO_FIGURES, /(^|\t)0(\t|$)/m]) expect(shown, `${zero} on /sessions at ${viewport.width} px`).not.toMatch(zero);
    }
    await other.setViewportSize({ width: 1440, height: 900 });
    const first = await other.locator('[data-testid="sessions-table"] tbody tr').first().getAttribute('data-session-id');
    await other.goto(`${server.url}/sessions/${first}`);
    await other.getByTestId('session-cost').waitFor();
    expect(await other.getByTestId('session-cost').innerText()).toContain('counting…');
    expect(await other.getByTestId('session-tokens').innerText()).toContain('counting…');
    // Its messages are not read yet: not "No messages yet".
    expect(await other.getByTestId('status-reason').innerText()).toContain('Reading its messages');
    const detail = await other.locator('main').innerText();
    for (const zero of ZERO_FIGURES) expect(detail, `${zero} on a session's page`).not.toMatch(zero);
    await other.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();

    writeFileSync(gate, '');
    const stats = await (async () => {
      for (;;) {
        const s = await getJson<{ complete: boolean; total: { storedCost: number } }>(`${server.url}/api/stats?groupBy=source`);
        if (s.complete) return s;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    expect(stats.total.storedCost).toBeGreaterThan(0);
    await page.getByTestId('indexing').waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => page.getByTestId('counting').count(), { timeout: 15_000 }).toBe(0);
    const shown = page.locator('[data-testid="totals-by-source"] [data-col="cost"]');
    await expect.poll(() => shown.allInnerTexts(), { timeout: 15_000 }).toEqual([formatCost(stats.total.storedCost)]);
    // The open session page refetches once the read is complete: its figures, no "counting…".
    await expect.poll(() => other.getByTestId('counting').count(), { timeout: 15_000 }).toBe(0);
    expect(await other.getByTestId('session-cost').innerText()).toMatch(/\$\d/);
    await other.goto(`${server.url}/sessions`);
    await other.locator('[data-testid="sessions-table"] tbody tr').first().waitFor();
    expect(await other.getByTestId('counting').count()).toBe(0);
    expect((await other.locator('[data-testid="sessions-table"] tbody [data-col="cost"]').allInnerTexts()).some((t) => t.startsWith('$'))).toBe(true);
    await other.close();
    expect(watch.errors).toEqual([]);
    expect(otherWatch.errors).toEqual([]);
  });

  it('says the data may be stale once the server is gone', async () => {
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    expect(await page.getByTestId('stale-banner').count()).toBe(0);
    await server.stop();
    await page.getByTestId('stale-banner').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('stale-banner').innerText()).toContain('may be stale');
  });
});
