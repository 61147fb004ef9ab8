import { localDayKey } from '@/lib/format/format-time';
import { modelName } from '@/lib/format/format-path';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { timeKeys, timeLabel } from './time-series';

export interface StackedDays {
  /** Series names, largest first; `Other` last when models were folded. */
  series: string[];
  /** One row per day: `key`, `label`, then one number per series name. */
  rows: Record<string, string | number>[];
}

/**
 * How a session's span [first, last] splits over local days: day key -> share (0..1) by time
 * overlap; an instant session is all on its day.
 */
export function spreadOverDays(first: number, last: number): Map<string, number> {
  const out = new Map<string, number>();
  const span = last - first;
  if (span <= 0) return out.set(localDayKey(last), 1);
  const d = new Date(first);
  d.setHours(0, 0, 0, 0);
  while (d.getTime() <= last) {
    const start = d.getTime();
    const key = localDayKey(start);
    d.setDate(d.getDate() + 1);
    const overlap = Math.min(last, d.getTime()) - Math.max(first, start);
    if (overlap > 0) out.set(key, (out.get(key) ?? 0) + overlap / span);
  }
  return out;
}

/**
 * Cost per local day stacked by model, from session summaries: each session's own cost is spread
 * over the days it was active (by time) and split evenly across its models. An approximation for
 * the chart (the stats API has no day-by-model grouping); exact totals come from the stats API.
 */
export function costByDayAndModel(sessions: readonly SessionSummary[], from: number, to: number, top = 5): StackedDays {
  const keys = timeKeys('day', from, to);
  const first = keys[0];
  const last = keys.at(-1);
  const perModel = new Map<string, Map<string, number>>();
  const totals = new Map<string, number>();
  for (const s of sessions) {
    if (s.cost <= 0 || first === undefined || last === undefined) continue;
    const models = s.models.length > 0 ? s.models.map(modelName) : ['(unknown model)'];
    for (const [day, part] of spreadOverDays(s.firstActivity || s.lastActivity, s.lastActivity)) {
      if (day < first || day > last) continue;
      const share = (s.cost * part) / models.length;
      for (const model of models) {
        let days = perModel.get(model);
        if (!days) perModel.set(model, (days = new Map()));
        days.set(day, (days.get(day) ?? 0) + share);
        totals.set(model, (totals.get(model) ?? 0) + share);
      }
    }
  }
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([m]) => m);
  const kept = ranked.slice(0, top);
  const folded = ranked.slice(top);
  const series = folded.length > 0 ? [...kept, 'Other'] : kept;
  const rows = keys.map((key) => {
    const row: Record<string, string | number> = { key, label: timeLabel(key) };
    for (const model of kept) row[model] = perModel.get(model)?.get(key) ?? 0;
    if (folded.length > 0) row.Other = folded.reduce((sum, m) => sum + (perModel.get(m)?.get(key) ?? 0), 0);
    return row;
  });
  return { series, rows };
}
