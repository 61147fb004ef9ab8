// Reports people expect: quick ranges on the overview's charts and in the sessions filter bar, the
// month view (this month against last month), and week/month groupings in the stats API and its CSV.
import { describe, expect, it } from 'vitest';
import { formatCost } from '@/lib/format/format-cost';
import { localDayKey } from '@/lib/format/format-time';
import { monthKeys } from '@/lib/view/month-comparison';
import { getJson } from './support/api';
import { HAS_CHROMIUM } from './support/chromium';
import { useFixtureDashboard } from './support/fixture-dashboard';
import { hasFixture } from './support/fixture-copy';

const FIXTURE = 'opencode-1.18.33';
type Stats = { total: { storedCost: number }; groups: { key: string; figure: { storedCost: number } }[] };

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))(`reports on ${FIXTURE}`, () => {
  const ctx = useFixtureDashboard(FIXTURE, { viewport: { width: 1440, height: 900 } });

  it('groups by ISO week and by month; the groups add up to the total, in the CSV too', async () => {
    const all = await getJson<Stats>(`${ctx.dashboard.url}/api/stats?groupBy=day`);
    for (const groupBy of ['week', 'month'] as const) {
      const stats = await getJson<Stats>(`${ctx.dashboard.url}/api/stats?groupBy=${groupBy}&timeZone=UTC`);
      expect(stats.groups.length).toBeGreaterThan(0);
      for (const g of stats.groups) expect(g.key).toMatch(groupBy === 'week' ? /^\d{4}-W\d{2}$/ : /^\d{4}-\d{2}$/);
      expect(stats.groups.reduce((n, g) => n + g.figure.storedCost, 0)).toBeCloseTo(all.total.storedCost, 10);
      const csv = await (await fetch(`${ctx.dashboard.url}/api/stats?groupBy=${groupBy}&format=csv`)).text();
      expect(csv.split('\n')[0]).toMatch(new RegExp(`^${groupBy},`));
    }
  });

  it('quick ranges set the overview charts; "All" groups by month and starts at the data', async () => {
    const { page } = ctx;
    await page.goto(`${ctx.dashboard.url}/`);
    const ranges = page.getByRole('group', { name: 'Chart range' });
    await ranges.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => page.locator('#usage-chart').getByRole('heading').first().innerText()).toContain('per month');
    const href = await page.locator('[data-testid="usage-download"] a[data-format="csv"]').getAttribute('href');
    const params = new URL(href ?? '', 'http://x').searchParams;
    expect(params.get('groupBy')).toBe('month');
    expect(params.get('from')).toBeNull();
    expect(await ranges.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    await ranges.getByRole('button', { name: '7 days' }).click();
    await expect.poll(() => page.locator('#breakdown').getByRole('heading').first().innerText()).toContain('7 days');
  });

  it('the month view compares this month with last month', async () => {
    const { page } = ctx;
    const keys = monthKeys(Date.now());
    const months = await getJson<Stats>(`${ctx.dashboard.url}/api/stats?groupBy=month&from=${keys.lastStart}`);
    const thisMonth = months.groups.find((g) => g.key === keys.thisMonth)?.figure.storedCost ?? 0;
    await page.goto(`${ctx.dashboard.url}/`);
    const cost = page.locator('[data-testid="mom-cost"] .cost-stored');
    await expect.poll(() => cost.innerText()).toBe(formatCost(thisMonth));
    expect(await page.getByTestId('mom-cost-change').innerText()).toMatch(/(new|—|[+−±]\d+%) vs /);
  });

  it('the sessions filter bar has the same quick ranges, kept in the URL', async () => {
    const { page } = ctx;
    await page.goto(`${ctx.dashboard.url}/sessions`);
    const ranges = page.getByRole('group', { name: 'Active in' });
    await ranges.getByRole('button', { name: '7 days' }).click();
    const weekAgo = new Date();
    weekAgo.setDate(weekAgo.getDate() - 6);
    await page.waitForURL(new RegExp(`from=${localDayKey(weekAgo.getTime())}`));
    expect(await page.getByLabel('Active from').inputValue()).toBe(localDayKey(weekAgo.getTime()));
    expect(await ranges.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');
    await ranges.getByRole('button', { name: 'All' }).click();
    await expect.poll(() => page.url()).not.toMatch(/from=/);
    expect(ctx.watch.errors).toEqual([]);
  });
});
