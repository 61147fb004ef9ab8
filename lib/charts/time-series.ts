import { isoWeekOfDay, mondayOfIsoWeek } from '@/lib/accounting/time-keys';
import { localDayKey, localHourKey } from '@/lib/format/format-time';
import type { TokenCounts } from '@/lib/model/tokens';
import type { StatsGroup } from '@/lib/view/api-types';

export interface TimeRow extends TokenCounts {
  key: string;
  label: string;
  /** Stored cost (what the agent recorded). */
  cost: number;
  /** Cost at API list prices (priced messages only). */
  apiCost: number;
}

export type TimeUnit = 'day' | 'hour' | 'week' | 'month';

/** Every hour, day, ISO week or month key from `from` to `to`, in local time (as the stats API keys them). */
export function timeKeys(unit: TimeUnit, from: number, to: number): string[] {
  const keys: string[] = [];
  const d = new Date(from);
  if (unit === 'hour') d.setMinutes(0, 0, 0);
  else d.setHours(0, 0, 0, 0);
  // Caps: a bad range must not build a million rows.
  for (let steps = 0; d.getTime() <= to && keys.length < 2000 && steps < 40_000; steps++) {
    const day = localDayKey(d.getTime());
    const key = unit === 'hour' ? localHourKey(d.getTime()) : unit === 'day' ? day : unit === 'week' ? isoWeekOfDay(day) : day.slice(0, 7);
    if (keys.at(-1) !== key) keys.push(key);
    if (unit === 'hour') d.setHours(d.getHours() + 1);
    else d.setDate(d.getDate() + 1);
  }
  return keys;
}

/** Local midnight (ms) that starts a time key: a day, an ISO week ("2026-W47": its Monday) or a month ("2026-11"). */
export function keyStart(key: string): number {
  const day = /^\d{4}-W\d{2}$/.test(key) ? mondayOfIsoWeek(key) : /^\d{4}-\d{2}$/.test(key) ? `${key}-01` : key.slice(0, 10);
  return new Date(`${day}T00:00:00`).getTime();
}

/**
 * Where a chart of a chosen range should start: at the first group with any usage when that is
 * later than the range's start (a 30-day chart with one day of data is not one spike at the edge),
 * else at the range's start. `from` undefined ("all"): the first data. `fitted` says it moved.
 */
export function fitRangeToData(groups: readonly StatsGroup[], from: number | undefined, to: number): { from: number; fitted: boolean } {
  const first = groups.find((g) => g.figure.messages > 0 || g.figure.storedCost > 0);
  if (!first) return { from: from ?? to, fitted: false };
  const start = keyStart(first.key);
  if (from !== undefined && start <= from) return { from, fitted: false };
  return { from: start, fitted: true };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-03-04" -> "Mar 4", "2025-03-04T14" -> "14:00", "2026-W47" -> "Nov 16" (its Monday), "2026-11" -> "Nov 2026". */
export function timeLabel(key: string): string {
  const hour = /T(\d{2})$/.exec(key);
  if (hour) return `${hour[1]}:00`;
  if (/^\d{4}-W\d{2}$/.test(key)) return timeLabel(mondayOfIsoWeek(key));
  const month = /^(\d{4})-(\d{2})$/.exec(key);
  if (month) return `${MONTHS[Number(month[2]) - 1] ?? month[2]} ${month[1]}`;
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(key);
  return m ? `${MONTHS[Number(m[1]) - 1] ?? m[1]} ${Number(m[2])}` : key;
}

/** Stats day/hour groups as chart rows, one per key in the range, zero where nothing happened. */
export function buildTimeSeries(groups: readonly StatsGroup[], unit: TimeUnit, from: number, to: number): TimeRow[] {
  const byKey = new Map(groups.map((g) => [g.key, g]));
  return timeKeys(unit, from, to).map((key) => {
    const f = byKey.get(key)?.figure;
    return {
      key,
      label: timeLabel(key),
      input: f?.tokens.input ?? 0,
      output: f?.tokens.output ?? 0,
      reasoning: f?.tokens.reasoning ?? 0,
      cacheRead: f?.tokens.cacheRead ?? 0,
      cacheWrite: f?.tokens.cacheWrite ?? 0,
      cost: f?.storedCost ?? 0,
      apiCost: f?.computedCost ?? 0,
    };
  });
}

/** Whether any row has tokens or cost: a range without is said in words, not drawn as empty 0-4 axes. */
export function hasUsage(rows: readonly TimeRow[]): boolean {
  return rows.some((r) => r.input + r.output + r.reasoning + r.cacheRead + r.cacheWrite > 0 || r.cost > 0 || r.apiCost > 0);
}
