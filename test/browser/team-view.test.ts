// The "This machine | Team" switch of a dashboard started with --team-db: the overview shows spend
// per person and machine, what runs now (published statuses), tool calls and the newest sessions of
// every machine, from a real PostgreSQL that another machine published into, at desktop and phone
// widths in both schemes; this machine publishes its text (--publish-text), which the team's search
// finds with its machine and person. A dashboard without --team-db offers no switch.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { openPostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { immutableUri } from '@/lib/server/readers/opencode/sqlite/open-database';
import { publish } from '@/lib/server/db/publish/publisher';
import { POSTGRES_UNAVAILABLE, startPostgres, type TestPostgres } from '../support/postgres';
import { startServer, type StartedServer } from '../support/start-server';
import { localHistory, message, session } from '../team/support/synthetic-history';
import { HAS_CHROMIUM, launchChromium, watchPage } from './support/chromium';
import { copyFixture } from './support/fixture-copy';
import { saveScreenshot } from './support/screenshots';

describe.skipIf(!HAS_CHROMIUM || POSTGRES_UNAVAILABLE !== undefined)('the team view', () => {
  let pg: TestPostgres;
  let dashboard: StartedServer;
  let browser: Browser;
  const fixture = copyFixture('opencode-1.18.33');
  // This machine's sessions (Ann's, the fixture's) ran on one day (recorded 2026-11-21). The team's
  // "now" is the day after, whatever day the test runs on: Bob's session is active then and every
  // page's clock says so, so that the charts' default 30 days hold both people's usage (the ranges
  // are the browser's).
  let now: number;
  /** A browser context at the team's "now". */
  const newContext = async (options: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    await context.clock.setFixedTime(now);
    return context;
  };

  beforeAll(async () => {
    pg = await startPostgres();
    pg.createDatabase('team');
    now = newestActivity(fixture.dir) + 24 * 3_600_000;
    // Bob's build box: 3 old sessions and one active a minute before the team's now.
    const bob = localHistory(3, 2, 'b', () => 1.25);
    bob.writer.apply(bob.sourceId, {
      ...emptyChangeSet(),
      sessions: [{ ...session(9, 'b'), title: 'Bob fixes the flaky test', time: { created: now - 300_000, updated: now - 60_000 } }],
      messages: [{ ...message(9, 0, 3, 'b'), time: { created: now - 60_000 } }],
      parts: [{ id: 'pb9', sessionID: 'b9', messageID: 'mb9-0', type: 'tool', tool: 'flaky_runner', status: 'error', created: now - 59_000, end: now - 58_000 }],
    });
    const team = openPostgresSessionDb(pg.url('team'));
    // As Bob's dashboard infers them: his newest session is working now.
    await publish({ local: bob.db, sourceIds: [bob.sourceId], team, machine: 'build-box', person: 'bob', statuses: new Map([['b9', 'busy'], ['b0', 'idle'], ['b1', 'idle'], ['b2', 'idle']]),
      plans: [
        {
          key: '/srv/ci/.omo/boulder.json#ci-speedup',
          projectDir: '/srv/ci',
          planName: 'ci-speedup',
          planPath: '/srv/ci/.omo/plans/ci-speedup.md',
          work: { workID: 'ci-speedup', planName: 'ci-speedup', planPath: '/srv/ci/.omo/plans/ci-speedup.md', status: 'active', startedAt: now - 3_600_000, sessionIDs: ['b9'], boulderPath: '/srv/ci/.omo/boulder.json', active: true, updatedAt: now - 60_000 },
          progress: { done: 3, total: 4, items: [] },
        },
      ],
    });
    await team.close();
    bob.db.close();
    [dashboard, browser] = await Promise.all([startServer({ opencodeDir: fixture.dir }, ['--team-db', pg.url('team'), '--machine', 'laptop', '--person', 'ann', '--publish-text']), launchChromium()]);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await dashboard?.stop();
    pg?.stop();
    fixture.remove();
  });

  it('switches the overview to the team: spend per person and machine, active now, every machine\'s newest sessions', { timeout: 180_000 }, async () => {
    // The dashboard publishes its own machine once its first read is in.
    await expect.poll(async () => ((await (await fetch(`${dashboard.url}/api/team`)).json()) as { publishing?: { state: string } }).publishing?.state, { timeout: 90_000 }).toBe('published');
    expect(dashboard.output()).toMatch(/publishing this machine's sessions to 127\.0\.0\.1:\d+\/team, with the text of prompts, replies, reasoning and tool calls \(--publish-text\)/);
    expect(await (await fetch(`${dashboard.url}/api/team`)).json()).toMatchObject({ publishText: true, textPublishedBy: ['laptop'] });
    // Once per width, looked at in light and then in dark switched in place (page.emulateMedia: the
    // theme is CSS variables under prefers-color-scheme).
    for (const [width, height] of [[1440, 1000], [390, 844]] as const) {
      const context = await newContext({ viewport: { width, height }, colorScheme: 'light' });
      const page = await context.newPage();
      const watch = watchPage(page, dashboard.url);
      await page.goto(`${dashboard.url}/`);
      await page.getByRole('button', { name: 'Team' }).click();
      await page.waitForURL(/[?&]scope=team/);
      const people = page.locator('[data-testid="team-by-person"] li');
      await expect.poll(() => people.count(), { timeout: 30_000 }).toBe(2);
      // In the 30 days the charts show, Bob's one recent session ($3); the fixture machine's stored costs are far less.
      expect(await people.first().getAttribute('data-key')).toBe('bob');
      expect(await people.first().locator('[data-col="cost"]').innerText()).toBe('$3.00');
      // Each panel loads on its own: waited for, not read once.
      await expect.poll(() => page.locator('[data-testid="team-by-machine"] li').evaluateAll((items) => items.map((li) => li.getAttribute('data-key')).sort()), { timeout: 30_000 }).toEqual(['build-box', 'laptop']);
      // Running now, from the statuses the machines published: Bob's busy session, none of the fixture's (days old).
      const active = page.locator('[data-testid="team-active"] li');
      await expect.poll(() => active.count(), { timeout: 30_000 }).toBe(1);
      expect(await active.first().innerText()).toMatch(/Bob fixes the flaky test[\s\S]*Busy/);
      expect(await active.first().getAttribute('data-machine')).toBe('build-box');
      // Tool calls of every machine: Bob's failed call among the fixture's.
      await expect.poll(() => page.locator('[data-testid="team-tools"] li[data-key="flaky_runner"]').innerText(), { timeout: 30_000 }).toMatch(/1 call[\s\S]*1 error · 1 person/);
      const recent = page.locator('[data-testid="team-recent"] li');
      await expect.poll(() => recent.evaluateAll((items) => [...new Set(items.map((li) => li.getAttribute('data-person')))].sort()), { timeout: 30_000 }).toEqual(['ann', 'bob']);
      expect(await page.getByTestId('team-about').innerText()).toMatch(/Text is published by 1 machine \(laptop, with --publish-text\)[\s\S]*the others' text stays on each machine\. This machine publishes its text\./);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        // Nothing wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} ${scheme}`).toBeLessThanOrEqual(width);
        await saveScreenshot(page, `team-overview-${width}-${scheme}`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      // All time: his old sessions too ($1.25 x 3 sessions x 2 replies + $3).
      await page.goto(`${dashboard.url}/?scope=team&range=all`);
      await expect.poll(() => page.locator('[data-testid="team-by-person"] li[data-key="bob"] [data-col="cost"]').innerText(), { timeout: 30_000 }).toBe('$10.50');
      await page.getByRole('button', { name: 'This machine' }).click();
      await page.waitForURL((url) => !url.search.includes('scope=team'));
      await page.locator('#live-now').waitFor();
      expect(watch.errors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
      await context.close();
    }
  });

  it('switches the Sessions page to the team: rows name person and machine, other machines\' sessions are not links, filters and grouping by person and machine', { timeout: 240_000 }, async () => {
    await expect.poll(async () => ((await (await fetch(`${dashboard.url}/api/team`)).json()) as { publishing?: { state: string } }).publishing?.state, { timeout: 90_000 }).toBe('published');
    for (const [width, height] of [[1440, 1000], [390, 844]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await newContext({ viewport: { width, height }, colorScheme: scheme });
        const page = await context.newPage();
        const watch = watchPage(page, dashboard.url);
        await page.goto(`${dashboard.url}/sessions`);
        await page.getByRole('button', { name: 'Team' }).click();
        await page.waitForURL(/[?&]scope=team/);
        const rows = page.locator('[data-testid="team-sessions-table"] tbody tr[data-session-id]');
        await expect.poll(() => rows.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-machine')))].sort()), { timeout: 30_000 }).toEqual(['build-box', 'laptop']);
        // Bob's newest session leads, says where its transcript is, and opens nothing.
        const bobs = page.locator('tr[data-machine="build-box"]');
        expect(await bobs.first().innerText()).toMatch(/bob\s+on build-box[\s\S]*Bob fixes the flaky test · transcript on build-box/);
        expect(await bobs.locator('a').count()).toBe(0);
        expect(await bobs.first().getAttribute('data-status')).toBe('busy');
        // This machine's own sessions open here.
        expect(await page.locator('tr[data-machine="laptop"] a[data-session-link]').count()).toBe(await page.locator('tr[data-machine="laptop"]').count());
        expect(await page.getByTestId('team-about').innerText()).toMatch(/Text is published by 1 machine \(laptop/);

        await page.locator('select[aria-label="Person"] option[value="bob"]').waitFor({ state: 'attached' });
        await page.getByRole('combobox', { name: 'Person' }).selectOption('bob');
        await page.waitForURL(/[?&]person=bob/);
        await expect.poll(() => rows.evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-person')))]), { timeout: 30_000 }).toEqual(['bob']);
        expect(await page.getByTestId('sessions-total').innerText()).toMatch(/^4 sessions across the team/);

        await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Machine' }).click();
        await page.waitForURL(/[?&]group=machine/);
        await expect.poll(() => page.locator('tr.team-group-row').evaluateAll((trs) => trs.map((tr) => tr.textContent)), { timeout: 30_000 }).toEqual(['Machine build-box · 4 sessions · $10.50']);
        await page.getByRole('button', { name: 'Clear filters' }).click();
        await expect.poll(() => page.locator('tr.team-group-row').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-group'))), { timeout: 30_000 }).toEqual(['build-box', 'laptop']);
        expect(page.url()).toMatch(/[?&]group=machine/);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, `team-sessions-${width}-${scheme}`);

        await page.getByRole('button', { name: 'This machine' }).click();
        await page.waitForURL((url) => !url.search.includes('scope=team'));
        await page.getByTestId('sessions-table').waitFor();
        expect(await page.locator('[data-testid="sessions-table"] tr[data-machine]').count()).toBe(0);
        expect(watch.errors).toEqual([]);
        expect(watch.foreignRequests).toEqual([]);
        await context.close();
      }
    }
  });

  it('switches Search to the team: sessions found by title, folder, model or agent, and the text this machine published, with its machine and person', { timeout: 180_000 }, async () => {
    for (const [width, height, scheme] of [[1440, 1000, 'light'], [390, 844, 'dark']] as const) {
      const context = await newContext({ viewport: { width, height }, colorScheme: scheme });
      const page = await context.newPage();
      const watch = watchPage(page, dashboard.url);
      await page.goto(`${dashboard.url}/search?q=flaky`);
      await page.getByRole('button', { name: 'Team' }).click();
      await page.waitForURL(/[?&]scope=team/);
      const rows = page.locator('[data-testid="team-search-results"] tbody tr');
      await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(1);
      expect(await rows.first().getAttribute('data-machine')).toBe('build-box');
      expect(await rows.first().innerText()).toMatch(/Bob fixes the flaky test · transcript on build-box · matches its title/);
      expect(await page.getByTestId('team-search-scope').innerText()).toMatch(/and passages of the text published\. Text is published by 1 machine \(laptop, with --publish-text\)[\s\S]*the others' text stays on each machine/);
      // What the fixture's Bash tool printed, published by this machine (Bob publishes no text).
      await page.getByTestId('search-page-input').fill('hello bash');
      const passage = page.locator('[data-testid="team-text-hit"][data-kind="tool-output"]');
      await expect.poll(() => passage.count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect([await passage.first().getAttribute('data-machine'), await passage.first().getAttribute('data-person')]).toEqual(['laptop', 'ann']);
      expect(await passage.first().innerText()).toMatch(/tool output[\s\S]*ann on laptop[\s\S]*hello from bash/);
      expect(await passage.first().locator('mark').allInnerTexts()).toEqual(['hello', 'bash']);
      // This machine's: it opens the transcript at the part.
      expect(await passage.first().getAttribute('href')).toMatch(/^\/sessions\/[^?]+\?part=/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `team-search-text-${width}-${scheme}`);
      // A model every published session of Bob's used: his four, found by what the team holds of them.
      await page.getByTestId('search-page-input').fill('sonnet');
      await page.locator('select[aria-label="Person"] option[value="bob"]').waitFor({ state: 'attached' });
      await page.getByRole('combobox', { name: 'Person' }).selectOption('bob');
      await expect.poll(() => page.getByTestId('search-count').innerText(), { timeout: 30_000 }).toBe('4 sessions');
      expect(await page.getByTestId('team-matched').first().innerText()).toMatch(/matches its model/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `team-search-${width}-${scheme}`);
      expect(watch.errors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
      await context.close();
    }
  });

  it('switches the Plans page to the team: every machine\'s plans with their progress, filtered by person', { timeout: 180_000 }, async () => {
    for (const [width, height, scheme] of [[1440, 1000, 'dark'], [390, 844, 'light']] as const) {
      const context = await newContext({ viewport: { width, height }, colorScheme: scheme });
      const page = await context.newPage();
      const watch = watchPage(page, dashboard.url);
      await page.goto(`${dashboard.url}/plans`);
      await page.getByRole('button', { name: 'Team' }).click();
      await page.waitForURL(/[?&]scope=team/);
      const bobs = page.locator('[data-testid="team-plans-table"] tr[data-plan="ci-speedup"]');
      await bobs.waitFor({ timeout: 30_000 });
      expect(await bobs.getAttribute('data-machine')).toBe('build-box');
      expect(await bobs.innerText()).toMatch(/Active[\s\S]*ci-speedup[\s\S]*bob\s+on build-box[\s\S]*3\/4/);
      await page.locator('select[aria-label="Person"] option[value="bob"]').waitFor({ state: 'attached' });
      await page.getByRole('combobox', { name: 'Person' }).selectOption('bob');
      await page.waitForURL(/[?&]person=bob/);
      await expect.poll(() => page.locator('[data-testid="team-plans-table"] tbody tr').evaluateAll((trs) => [...new Set(trs.map((tr) => tr.getAttribute('data-person')))]), { timeout: 30_000 }).toEqual(['bob']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await saveScreenshot(page, `team-plans-${width}-${scheme}`);
      await page.getByRole('button', { name: 'This machine' }).click();
      await page.waitForURL((url) => !url.search.includes('scope=team'));
      await expect.poll(() => page.locator('[data-testid="team-plans-table"]').count()).toBe(0);
      expect(watch.errors).toEqual([]);
      expect(watch.foreignRequests).toEqual([]);
      await context.close();
    }
  });

  it('with --team-only and a read-only role, reads nothing of its machine, publishes nothing and serves the team view alone', { timeout: 180_000 }, async () => {
    const admin = openPostgresSessionDb(pg.url('team'));
    await admin.pool.query('CREATE ROLE lead_reader LOGIN; GRANT USAGE ON SCHEMA public TO lead_reader; GRANT SELECT ON ALL TABLES IN SCHEMA public TO lead_reader');
    const lead = await startServer({ opencodeDir: fixture.dir }, ['--team-db', pg.url('team').replace('postgres@', 'lead_reader@'), '--team-only', '--machine', 'lead-desk']);
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.clock.setFixedTime(now);
    try {
      expect(await (await fetch(`${lead.url}/api/team`)).json()).toMatchObject({ configured: true, teamOnly: true, publishText: false, textPublishedBy: ['laptop'] });
      expect(((await (await fetch(`${lead.url}/api/sessions`)).json()) as { sessions: unknown[] }).sessions).toEqual([]);
      await page.goto(`${lead.url}/`);
      await expect.poll(() => page.locator('[data-testid="team-by-person"] li').count(), { timeout: 30_000 }).toBe(2);
      expect(await page.getByTestId('scope-switch').count()).toBe(0);
      expect(await page.locator('#live-now').count()).toBe(0);
      // Its Sessions page is the team's, with no switch to a machine it does not read.
      await page.goto(`${lead.url}/sessions`);
      await expect.poll(() => page.locator('[data-testid="team-sessions-table"] tbody tr[data-session-id]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
      expect(await page.getByTestId('scope-switch').count()).toBe(0);
      expect(await page.locator('[data-testid="team-sessions-table"] a').count()).toBe(0);
      expect((await admin.pool.query(`select count(*)::int as n from source where machine = 'lead-desk'`)).rows[0].n).toBe(0);
      expect(lead.output()).not.toMatch(/team database .* failed/);
    } finally {
      await page.close();
      await lead.stop();
      await admin.close();
    }
  });
});

describe.skipIf(!HAS_CHROMIUM)('a dashboard without --team-db', () => {
  it('offers no team switch and says the team API has nothing', { timeout: 180_000 }, async () => {
    const fixture = copyFixture('opencode-1.18.33');
    const [server, browser] = await Promise.all([startServer({ opencodeDir: fixture.dir }), launchChromium()]);
    try {
      expect(await (await fetch(`${server.url}/api/team`)).json()).toEqual({ configured: false });
      expect((await fetch(`${server.url}/api/stats?scope=team`)).status).toBe(404);
      const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
      await page.goto(`${server.url}/?scope=team`);
      await page.locator('#live-now').waitFor();
      expect(await page.getByTestId('scope-switch').count()).toBe(0);
    } finally {
      await browser.close();
      await server.stop();
      fixture.remove();
    }
  });
});

/** When the newest session of an OpenCode data dir was last active (read in place: nothing written beside its database). */
function newestActivity(dataDir: string): number {
  const db = new Database(immutableUri(path.join(dataDir, 'opencode.db')), { readonly: true });
  try {
    return (db.prepare('SELECT max(time_updated) AS newest FROM session').get() as { newest: number }).newest;
  } finally {
    db.close();
  }
}
