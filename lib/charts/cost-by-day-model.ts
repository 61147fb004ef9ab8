import type { StatsGroup } from '@/lib/view/api-types';
import { timeKeys, timeLabel, type TimeUnit } from './time-series';

export interface StackedSeries {
  /** Data key in the rows: `s0`, `s1`... (model ids hold dots, which chart libraries read as paths). */
  key: string;
  /** What the legend and tooltip say. */
  name: string;
}

export interface StackedDays {
  /** Largest first; `Other` last when models were folded. */
  series: StackedSeries[];
  /** One row per day: `key`, `label`, then one number per series key. */
  rows: Record<string, string | number>[];
}

/** Which of the two costs to stack: as recorded, or at API prices. */
export type CostBasis = 'stored' | 'computed';

/**
 * Cost per local day stacked by model, from `/api/stats?groupBy=day&split=model`: exact, each day's
 * models add up to that day. The `top` models by cost over the range keep their own series, the
 * rest go under `Other`; days without spend are rows of zeros.
 */
export function stackCostByDay(days: readonly StatsGroup[], basis: CostBasis, from: number, to: number, top = 5, unit: TimeUnit = 'day'): StackedDays {
  const costOf = (g: StatsGroup) => (basis === 'stored' ? g.figure.storedCost : g.figure.computedCost);
  const keys = timeKeys(unit, from, to);
  const inRange = new Set(keys);
  const totals = new Map<string, { name: string; cost: number }>();
  for (const day of days) {
    if (!inRange.has(day.key)) continue;
    for (const model of day.split ?? []) {
      const entry = totals.get(model.key) ?? { name: model.label, cost: 0 };
      entry.cost += costOf(model);
      totals.set(model.key, entry);
    }
  }
  const ranked = [...totals.entries()].filter(([, t]) => t.cost > 0).sort((a, b) => b[1].cost - a[1].cost || (a[0] < b[0] ? -1 : 1));
  const series = new Map<string, StackedSeries>(ranked.slice(0, top).map(([model, t], i) => [model, { key: `s${i}`, name: t.name }]));
  const other: StackedSeries | undefined = ranked.length > top ? { key: 'other', name: 'Other' } : undefined;
  const byDay = new Map(days.map((d) => [d.key, d]));
  const rows = keys.map((key) => {
    const row: Record<string, string | number> = { key, label: timeLabel(key) };
    for (const s of series.values()) row[s.key] = 0;
    if (other) row[other.key] = 0;
    for (const model of byDay.get(key)?.split ?? []) {
      const target = series.get(model.key) ?? other;
      if (target) row[target.key] = (row[target.key] as number) + costOf(model);
    }
    return row;
  });
  return { series: other ? [...series.values(), other] : [...series.values()], rows };
}
