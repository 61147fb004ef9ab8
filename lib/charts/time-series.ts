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

export type TimeUnit = 'day' | 'hour';

/** Every day (or hour) key from `from` to `to`, in local time. */
export function timeKeys(unit: TimeUnit, from: number, to: number): string[] {
  const keys: string[] = [];
  const d = new Date(from);
  if (unit === 'day') d.setHours(0, 0, 0, 0);
  else d.setMinutes(0, 0, 0);
  // Cap: a bad range must not build a million rows.
  while (d.getTime() <= to && keys.length < 2000) {
    keys.push(unit === 'day' ? localDayKey(d.getTime()) : localHourKey(d.getTime()));
    if (unit === 'day') d.setDate(d.getDate() + 1);
    else d.setHours(d.getHours() + 1);
  }
  return keys;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-03-04" -> "Mar 4", "2025-03-04T14" -> "14:00". */
export function timeLabel(key: string): string {
  const hour = /T(\d{2})$/.exec(key);
  if (hour) return `${hour[1]}:00`;
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
