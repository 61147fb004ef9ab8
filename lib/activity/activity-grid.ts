import type { ActivityHour, ActivityMetric } from './activity-hours';

/** Monday first, as ISO weeks (and the stats' weeks) count. */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export interface ActivityCell {
  cost: number;
  apiCost: number;
  tokens: number;
  messages: number;
}

/** 7 × 24 cells (weekday, local hour) and the largest value of each metric (for the colour scale). */
export interface WeekdayHourGrid {
  cells: ActivityCell[][];
  max: Record<ActivityMetric, number>;
  total: ActivityCell;
}

const empty = (): ActivityCell => ({ cost: 0, apiCost: 0, tokens: 0, messages: 0 });

function addInto(cell: ActivityCell, hour: ActivityCell): void {
  cell.cost += hour.cost;
  cell.apiCost += hour.apiCost;
  cell.tokens += hour.tokens;
  cell.messages += hour.messages;
}

/** Weekday (0 = Monday) of a local day key "2026-11-26": the key is already local, so UTC arithmetic on it is exact. */
export function weekdayOf(dayKey: string): number {
  const [y, m, d] = dayKey.split('-').map(Number);
  return (new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay() + 6) % 7;
}

/** Hours folded into weekday × hour of day, from `fromDay` on (inclusive; all when absent). */
export function weekdayHourGrid(hours: readonly ActivityHour[], fromDay?: string): WeekdayHourGrid {
  const cells = WEEKDAYS.map(() => Array.from({ length: 24 }, empty));
  const total = empty();
  for (const h of hours) {
    const day = h.key.slice(0, 10);
    if (fromDay !== undefined && day < fromDay) continue;
    const cell = cells[weekdayOf(day)]?.[Number(h.key.slice(11, 13))];
    if (!cell) continue;
    addInto(cell, h);
    addInto(total, h);
  }
  const max = { cost: 0, apiCost: 0, tokens: 0 };
  for (const row of cells) for (const c of row) for (const k of ['cost', 'apiCost', 'tokens'] as const) max[k] = Math.max(max[k], c[k]);
  return { cells, max, total };
}

/** 0-4, as a calendar's shades: 0 only for nothing at all, 4 for the largest. */
export function shadeOf(value: number, max: number): 0 | 1 | 2 | 3 | 4 {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((value / max) * 4))) as 1 | 2 | 3 | 4;
}
