import { QUICK_RANGE_LABELS, dayStart, quickRangeDays, timeUnitFor, type QuickRange } from './quick-ranges';

/** The range the overview's charts show: where it starts (undefined: all), how to group it, what to call it. */
export interface OverviewRange {
  quick: QuickRange;
  /** Local midnight of the first day; undefined for "all". */
  from?: number;
  unit: 'day' | 'week' | 'month';
  label: string;
}

export function overviewRange(quick: QuickRange, now: number): OverviewRange {
  const days = quickRangeDays(quick, now);
  const from = days.from === undefined ? undefined : dayStart(days.from);
  return { quick, from, unit: timeUnitFor(from, now), label: QUICK_RANGE_LABELS[quick] };
}

/** `from=<ms>` for the stats API, or nothing for "all". */
export function fromParam(range: Pick<OverviewRange, 'from'>): string {
  return range.from === undefined ? '' : `&from=${range.from}`;
}
