import { mergeModelLists } from '@/lib/accounting/model-key';
import { localDayKey } from '@/lib/format/format-time';
import type { StatsFigure, StatsGroup } from './api-types';
import { costRecordedIn } from './cost-view';

export interface Periods {
  /** Local midnight today. */
  todayStart: number;
  /** Local midnight of this week's Monday. */
  weekStart: number;
  /** Local midnight 29 days ago: 30 days including today. */
  monthStart: number;
  /** Now minus 24 h, rounded down to the hour. */
  dayAgo: number;
}

export function periodsAt(now: number): Periods {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const week = new Date(today);
  week.setDate(week.getDate() - ((week.getDay() + 6) % 7));
  const month = new Date(today);
  month.setDate(month.getDate() - 29);
  const hour = new Date(now);
  hour.setMinutes(0, 0, 0);
  return { todayStart: today.getTime(), weekStart: week.getTime(), monthStart: month.getTime(), dayAgo: hour.getTime() - 23 * 3_600_000 };
}

export interface PeriodFigure {
  cost: number;
  /** Absent when every agent recorded its cost (see cost-view.ts). */
  costRecorded?: 'some' | 'none';
  computedCost: number;
  unpricedModels: readonly string[];
  configPriced?: readonly string[];
  tokens: number;
  messages: number;
  /** cacheRead / (input + cacheRead) over the period; absent without input. */
  cacheHitRatio?: number;
}

/** Sums day groups from the local day of `since` on. */
export function sumDaysSince(groups: readonly StatsGroup[], since: number): PeriodFigure {
  const first = localDayKey(since);
  const out: PeriodFigure = { cost: 0, computedCost: 0, unpricedModels: [], tokens: 0, messages: 0 };
  let input = 0;
  let cacheRead = 0;
  let unrecordedMessages = 0;
  for (const g of groups) {
    if (g.key < first) continue;
    out.cost += g.figure.storedCost;
    unrecordedMessages += g.figure.unrecordedMessages ?? 0;
    out.computedCost += g.figure.computedCost;
    if (g.figure.unpricedModels) out.unpricedModels = mergeModelLists(out.unpricedModels, g.figure.unpricedModels);
    if (g.figure.configPriced) out.configPriced = mergeModelLists(out.configPriced, g.figure.configPriced);
    out.tokens += figureTokens(g.figure);
    out.messages += g.figure.messages;
    input += g.figure.tokens.input;
    cacheRead += g.figure.tokens.cacheRead;
  }
  if (input + cacheRead > 0) out.cacheHitRatio = cacheRead / (input + cacheRead);
  const recorded = costRecordedIn({ messages: out.messages, unrecordedMessages });
  if (recorded) out.costRecorded = recorded;
  return out;
}

export function figureTokens(f: Pick<StatsFigure, 'tokens'>): number {
  const t = f.tokens;
  return t.input + t.output + t.reasoning + t.cacheRead + t.cacheWrite;
}
