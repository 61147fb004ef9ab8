import { localDayKey } from '@/lib/format/format-time';

/** The ranges people reach for (ccusage and tokscale offer the same). */
export const QUICK_RANGES = ['today', '7d', '30d', 'month', 'year', 'all'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

export const QUICK_RANGE_LABELS: Record<QuickRange, string> = { today: 'Today', '7d': '7 days', '30d': '30 days', month: 'This month', year: 'This year', all: 'All' };

/** A range as local calendar days, both inclusive (`to` absent: up to now; `from` absent: since the start). */
export interface DayRange {
  from?: string;
  to?: string;
}

/** The local days a quick range covers at `now`. */
export function quickRangeDays(range: QuickRange, now: number): DayRange {
  const d = new Date(now);
  const back = (days: number) => localDayKey(new Date(d.getFullYear(), d.getMonth(), d.getDate() - days).getTime());
  switch (range) {
    case 'today': return { from: back(0) };
    case '7d': return { from: back(6) };
    case '30d': return { from: back(29) };
    case 'month': return { from: localDayKey(new Date(d.getFullYear(), d.getMonth(), 1).getTime()) };
    case 'year': return { from: localDayKey(new Date(d.getFullYear(), 0, 1).getTime()) };
    case 'all': return {};
  }
}

/** Which quick range a day range is, if any (to light up its button). */
export function matchingQuickRange(range: DayRange, now: number): QuickRange | undefined {
  if (range.to !== undefined && range.to !== localDayKey(now)) return undefined;
  return QUICK_RANGES.find((r) => quickRangeDays(r, now).from === range.from);
}

/** Local midnight (ms) that starts a day key ("2026-11-22"). */
export function dayStart(day: string): number {
  return new Date(`${day}T00:00:00`).getTime();
}

/** The chart grouping that keeps a range readable: days up to ~3 months, then weeks, then months. */
export function timeUnitFor(fromMs: number | undefined, now: number): 'day' | 'week' | 'month' {
  if (fromMs === undefined) return 'month';
  const days = (now - fromMs) / 86_400_000;
  return days <= 93 ? 'day' : days <= 400 ? 'week' : 'month';
}
