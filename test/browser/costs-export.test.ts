// Costs you can trust, as a user sees them on the real OpenCode 1.18.33 fixture: both costs with
// their explanation on hover, "unpriced" and "unknown" instead of $0 and 0%, and downloads that
// hold exactly the rows the page shows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { formatCost } from '@/lib/format/format-cost';
import { formatPercent } from '@/lib/format/format-tokens';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import type { StatsResponse } from '@/lib/view/api-types';
import { describeCost } from '@/lib/view/cost-view';
import { parseCsv } from '../support/parse-csv';
import { getJson, type ApiSessions } from './support/api';
import { HAS_CHROMIUM } from './support/chromium';
import { hasFixture } from './support/fixture-copy';
import { useFixtureDashboard } from './support/fixture-dashboard';
import { saveScreenshot } from './support/screenshots';

const csvFigure = (n: number) => Number(n.toPrecision(12));

const FIXTURE = 'opencode-1.18.33';

/** A query parameter of the stats a chart's download link asks for (the chart's own range). */
async function statsParam(page: Page, testId: string, name: string): Promise<string> {
  const href = await page.locator(`[data-testid="${testId}"] a[data-format="csv"]`).getAttribute('href');
  const value = new URL(href ?? '', 'http://x').searchParams.get(name);
  expect(value).not.toBeNull();
  return value!;
}

/** Clicks a download link and returns the saved file's text and suggested name. */
async function download(link: Locator): Promise<{ text: string; name: string }> {
  const [file] = await Promise.all([link.page().waitForEvent('download'), link.click()]);
  const path = await file.path();
  return { text: readFileSync(path, 'utf8'), name: file.suggestedFilename() };
}

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))(`costs and exports on ${FIXTURE}`, () => {
  const ctx = useFixtureDashboard(FIXTURE, { acceptDownloads: true });
  const named = (title: string): SessionSummary => ctx.api.sessions.find((s) => s.title === title)!;

  it('sessions table: a $0 subscription-style session shows its API cost, an unknown model says unpriced, both explained on hover', async () => {
    await ctx.page.goto(`${ctx.dashboard.url}/sessions`);
    await ctx.page.locator('[data-testid="sessions-table"] tbody tr[data-session-id]').first().waitFor();
    const priced = named('priced scenario');
    const pricedCost = ctx.page.locator(`tr[data-session-id="${priced.id}"] [data-col="cost"] .cost-figure`);
    expect(await pricedCost.locator('.cost-stored').innerText()).toBe('$0.00');
    expect(await pricedCost.locator('.cost-alt').innerText()).toBe(`API ${formatCost(priced.computedCost)}`);
    const pricedHover = await pricedCost.getAttribute('title');
    expect(pricedHover).toContain('Recorded: $0.00');
    expect(pricedHover).toContain(`At API prices: ${formatCost(priced.computedCost)}`);

    const unpriced = named('unpriced scenario');
    const unpricedCost = ctx.page.locator(`tr[data-session-id="${unpriced.id}"] [data-col="cost"] .cost-figure`);
    expect(await unpricedCost.locator('.cost-alt').innerText()).toBe('API: unpriced');
    expect(await unpricedCost.getAttribute('title')).toContain('No price for: scripted/mystery-model-x');
    expect(await ctx.page.locator(`tr[data-session-id="${unpriced.id}"] [data-col="context"]`).innerText()).toBe('unknown');
    const pricedContext = ctx.page.locator(`tr[data-session-id="${priced.id}"] [data-col="context"]`);
    expect(await pricedContext.innerText()).toBe(`${Math.round(priced.contextUse!.ratio! * 100)}%`);
    expect(await pricedContext.locator('.context-meter').getAttribute('title')).toContain('claude-sonnet-4-5 context window');
  });

  it('sessions page: the CSV download holds every session of the filtered view, in table order, with both costs', async () => {
    await ctx.page.goto(`${ctx.dashboard.url}/sessions?sort=cost&order=asc`);
    await ctx.page.locator('[data-testid="sessions-table"] tbody tr[data-session-id]').first().waitFor();
    const shown = await ctx.page.locator('tbody tr[data-session-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-session-id')));
    const all = await download(ctx.page.locator('[data-testid="sessions-download"] a[data-format="csv"]'));
    expect(all.name).toBe('sessionscope-sessions.csv');
    const rows = parseCsv(all.text);
    expect(rows.map((r) => r.id)).toEqual(shown);
    expect(rows).toHaveLength(ctx.api.total);
    for (const row of rows) {
      const s = ctx.api.sessions.find((x) => x.id === row.id)!;
      expect(Number(row.stored_cost_usd)).toBeCloseTo(s.cost, 12);
      expect(Number(row.computed_cost_usd)).toBeCloseTo(s.computedCost, 12);
      expect(row.unpriced_models).toBe(s.unpricedModels.join('; '));
    }
    expect(rows.find((r) => r.title === 'unpriced scenario')).toMatchObject({ unpriced_models: 'scripted/mystery-model-x', context_limit_tokens: '', context_use_ratio: '' });

    await ctx.page.getByLabel('Roots only').check();
    await ctx.page.waitForURL(/roots=1/);
    const roots = ctx.api.sessions.filter((s) => !s.parentID);
    await expect.poll(() => ctx.page.locator('tbody tr[data-session-id]').count()).toBe(roots.length);
    const filtered = parseCsv((await download(ctx.page.locator('[data-testid="sessions-download"] a[data-format="csv"]'))).text);
    expect(filtered.map((r) => r.id).sort()).toEqual(roots.map((s) => s.id).sort());

    const json = JSON.parse((await download(ctx.page.locator('[data-testid="sessions-download"] a[data-format="json"]'))).text) as ApiSessions;
    expect(json.total).toBe(roots.length);
    expect(json.sessions.map((s) => s.id)).toEqual(filtered.map((r) => r.id));
  });

  it('the export ignores paging: every matching session, however small the page', async () => {
    const rows = parseCsv(await (await fetch(`${ctx.dashboard.url}/api/sessions?limit=2&format=csv`)).text());
    expect(rows).toHaveLength(ctx.api.total);
  });

  it('session page: both costs, context window and cache hits in the header', async () => {
    const priced = named('priced scenario');
    await ctx.page.goto(`${ctx.dashboard.url}/sessions/${priced.id}`);
    await ctx.page.getByTestId('session-title').waitFor();
    const cost = ctx.page.locator('[data-testid="session-cost"] .stat-value .cost-figure');
    expect(await cost.locator('.cost-stored').innerText()).toBe('$0.00');
    expect(await cost.locator('.cost-alt').innerText()).toBe(`API ${formatCost(priced.computedCost)}`);
    expect(await cost.getAttribute('title')).toMatch(/subscriptions such as GitHub Copilot record \$0/);
    expect(await ctx.page.locator('[data-testid="session-context"] .stat-value').innerText()).toBe(`${Math.round(priced.contextUse!.ratio! * 100)}%`);
    expect(await ctx.page.locator('[data-testid="session-cache"] .stat-value').innerText()).toBe(`${Math.round(priced.cacheHitRatio! * 100)}%`);

    await ctx.page.goto(`${ctx.dashboard.url}/sessions/${named('unpriced scenario').id}`);
    await ctx.page.getByTestId('session-title').waitFor();
    expect(await ctx.page.locator('[data-testid="session-context"] .stat-value').innerText()).toBe('unknown');
    expect(await ctx.page.locator('[data-testid="session-cost"] .cost-alt').innerText()).toBe('API: unpriced');
  });

  it('overview: the 30-day cost shows both costs, says partly unpriced and names the models on hover; cache hits are shown', async () => {
    await ctx.page.goto(`${ctx.dashboard.url}/`);
    const month = ctx.page.locator('[data-testid="month-cost"] .cost-figure');
    await month.waitFor();
    // The page's own 30-day range, so the check holds however old the fixture is.
    const from = await statsParam(ctx.page, 'usage-download', 'from');
    const stats = await getJson<StatsResponse>(`${ctx.dashboard.url}/api/stats?groupBy=day&from=${from}`);
    const t = stats.total;
    const want = describeCost({ cost: t.storedCost, computedCost: t.computedCost, unpricedModels: t.unpricedModels ?? [] });
    expect(await month.locator('.cost-stored').innerText()).toBe(want.stored);
    expect(await month.getAttribute('title')).toBe(want.title);
    if (want.alt) expect(await month.locator('.cost-alt').innerText()).toBe(want.alt);
    else expect(await month.locator('.cost-alt').count()).toBe(0);
    expect(await ctx.page.getByTestId('month-cache').innerText()).toBe(`${formatPercent(t.cacheHitRatio)} cache hits`);
    if (t.messages > 0) {
      // The fixture has models without a price (scripted-large, mystery-model-x) and one with (claude-sonnet-4-5).
      expect(want.alt).toBe(`API ≥${formatCost(t.computedCost)} · partly unpriced`);
      expect(want.title).toContain('scripted/mystery-model-x');
    }
  });

  it('overview: each chart downloads the stats it shows', async () => {
    await ctx.page.goto(`${ctx.dashboard.url}/`);
    await ctx.page.locator('#model-days-title').waitFor();
    const from = await statsParam(ctx.page, 'model-days-download', 'from');
    const perDay = await download(ctx.page.locator('[data-testid="model-days-download"] a[data-format="csv"]'));
    expect(perDay.name).toBe('sessionscope-stats-by-day-and-model.csv');
    const stats = await getJson<StatsResponse>(`${ctx.dashboard.url}/api/stats?groupBy=day&split=model&from=${from}`);
    const rows = parseCsv(perDay.text);
    // The CSV keeps 12 significant digits (no float noise: lib/export/to-csv.ts).
    const expected = stats.groups.flatMap((d) => (d.split ?? []).map((m) => [d.key, m.key, csvFigure(m.figure.storedCost)]));
    expect(rows.slice(0, -1).map((r) => [r.day, r.model, Number(r.stored_cost_usd)])).toEqual(expected);
    expect(rows.at(-1)).toMatchObject({ day: 'total' });
    expect(Number(rows.at(-1)!.stored_cost_usd)).toBeCloseTo(stats.total.storedCost, 12);

    const byModel = parseCsv((await download(ctx.page.locator('[data-testid="breakdown-download"] a[data-format="csv"]'))).text);
    const models = await getJson<StatsResponse>(`${ctx.dashboard.url}/api/stats?groupBy=model&from=${from}`);
    expect(byModel.slice(0, -1).map((r) => [r.model, Number(r.computed_cost_usd), r.unpriced_models])).toEqual(
      models.groups.map((g) => [g.key, csvFigure(g.figure.computedCost), (g.figure.unpricedModels ?? []).join('; ')]),
    );

    const usage = await download(ctx.page.locator('[data-testid="usage-download"] a[data-format="json"]'));
    expect(usage.name).toBe('sessionscope-stats-by-day.json');
    expect((JSON.parse(usage.text) as StatsResponse).total.storedCost).toBeCloseTo(stats.total.storedCost, 12);

    // Exact: the activity view's "At API prices" is another button.
    await ctx.page.getByRole('button', { name: 'API prices', exact: true }).click();
    await ctx.page.waitForTimeout(300);
    await saveScreenshot(ctx.page, 'overview-api-prices');
  });

  it('logged no console errors and opened no dialogs', () => {
    expect(ctx.watch.errors).toEqual([]);
    expect(ctx.watch.dialogs).toEqual([]);
  });
});
