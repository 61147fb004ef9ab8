// The overview's activity heatmap and year calendar on the real agents' fixtures: their totals are
// /api/stats's for the same range (tokens, recorded cost and cost at API prices).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { weekdayHourGrid } from '@/lib/activity/activity-grid';
import { activityQuerySchema } from '@/lib/activity/activity-query';
import { yearCalendar } from '@/lib/activity/year-calendar';
import { totalTokenCount } from '@/lib/model/tokens';
import { findDatabases } from '@/lib/server/config';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getActivity } from '@/lib/server/queries/get-activity';
import { getStats } from '@/lib/server/queries/get-stats';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const at = (...parts: string[]) => path.join(fixtures, ...parts);

const round = (n: number) => Number(n.toFixed(9));
const figures = (f: { tokens: number; cost: number; apiCost: number; messages: number }) => ({ tokens: f.tokens, cost: round(f.cost), apiCost: round(f.apiCost), messages: f.messages });

describe('activity', () => {
  it('the heatmap and the year calendar add up to /api/stats, over every source', async () => {
    const locations = { opencodeDir: at('opencode-1.18.33'), claudeDir: at('claude-2.1.328', 'projects'), piDir: at('pi-0.73.1', 'sessions'), codexDir: at('codex-0.171.0', 'sessions'), geminiDir: at('gemini-0.61.0') };
    const store = new Store(createReaders({ databases: findDatabases(locations.opencodeDir), ...locations }), { sessionDb: openSqliteSessionDb(null) });
    try {
      await store.start();
      const statsTotal = (query: Record<string, string>) => {
        const { total } = getStats(store, statsQuerySchema.parse({ groupBy: 'day', ...query }));
        return figures({ tokens: totalTokenCount(total.tokens), cost: total.storedCost, apiCost: total.computedCost, messages: total.messages });
      };
      const all = getActivity(store, activityQuerySchema.parse({}));
      expect(all.complete).toBe(true);
      // The fixtures were written on three days: the range below leaves the first out.
      expect(new Set(all.hours.map((h) => h.key.slice(0, 10))).size).toBeGreaterThanOrEqual(3);
      const grid = weekdayHourGrid(all.hours);
      expect(figures(grid.total)).toEqual(statsTotal({}));
      expect(grid.total.tokens).toBeGreaterThan(0);

      // The calendar: the year up to the newest day with use; from its first day, as the stats count it.
      const today = all.hours.at(-1)!.key.slice(0, 10);
      const calendar = yearCalendar(all.hours, today);
      const first = calendar.weeks[0]![0]!.day;
      expect(figures(calendar.total)).toEqual(statsTotal({ from: first }));
      // A range: the heatmap from a day on equals the stats from that day.
      const from = all.hours[1]!.key.slice(0, 10);
      const ranged = getActivity(store, activityQuerySchema.parse({ from }));
      expect(figures(weekdayHourGrid(ranged.hours).total)).toEqual(statsTotal({ from }));
      expect(figures(weekdayHourGrid(all.hours, from).total)).toEqual(statsTotal({ from }));
      expect(statsTotal({ from }).tokens).toBeLessThan(grid.total.tokens);
    } finally {
      store.stop();
    }
  });
});
