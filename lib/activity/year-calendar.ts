import type { ActivityHour, ActivityMetric } from './activity-hours';
import { weekdayOf, type ActivityCell } from './activity-grid';

export interface CalendarDay extends ActivityCell {
  day: string;
}

/** Columns of weeks (Monday to Sunday) ending with the week of `today`; days after today are absent. */
export interface YearCalendar {
  weeks: (CalendarDay | undefined)[][];
  /** Week column where each month starts, with its short name. */
  months: { week: number; label: string }[];
  max: Record<ActivityMetric, number>;
  total: ActivityCell;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A local day key `n` days after `day` (calendar arithmetic on the key itself: no zone, no DST). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

/** The last `weeks` weeks up to `today` (a local day key), each day's use summed from the hours. */
export function yearCalendar(hours: readonly ActivityHour[], today: string, weeks = 53): YearCalendar {
  const byDay = new Map<string, CalendarDay>();
  for (const h of hours) {
    const day = h.key.slice(0, 10);
    const d = byDay.get(day) ?? { day, cost: 0, apiCost: 0, tokens: 0, messages: 0 };
    d.cost += h.cost;
    d.apiCost += h.apiCost;
    d.tokens += h.tokens;
    d.messages += h.messages;
    byDay.set(day, d);
  }
  const start = addDays(today, -weekdayOf(today) - (weeks - 1) * 7);
  const columns: (CalendarDay | undefined)[][] = [];
  const months: YearCalendar['months'] = [];
  const max = { cost: 0, apiCost: 0, tokens: 0 };
  const total: ActivityCell = { cost: 0, apiCost: 0, tokens: 0, messages: 0 };
  for (let w = 0; w < weeks; w++) {
    const column: (CalendarDay | undefined)[] = [];
    for (let i = 0; i < 7; i++) {
      const day = addDays(start, w * 7 + i);
      if (day > today) {
        column.push(undefined);
        continue;
      }
      if (day.endsWith('-01') || (w === 0 && i === 0)) months.push({ week: w, label: MONTHS[Number(day.slice(5, 7)) - 1] ?? '' });
      const d = byDay.get(day) ?? { day, cost: 0, apiCost: 0, tokens: 0, messages: 0 };
      for (const k of ['cost', 'apiCost', 'tokens'] as const) max[k] = Math.max(max[k], d[k]);
      total.cost += d.cost;
      total.apiCost += d.apiCost;
      total.tokens += d.tokens;
      total.messages += d.messages;
      column.push(d);
    }
    columns.push(column);
  }
  return { weeks: columns, months: months.filter((m, i, all) => i === all.length - 1 || all[i + 1]!.week - m.week >= 2), max, total };
}
