import type { StatsGroup } from './api-types';
import { costRecordedIn } from './cost-view';
import { figureTokens, type PeriodFigure } from './periods';

/** A calendar month's figures: a period figure without the cache ratio, keyed by month. */
export interface MonthFigures extends Omit<PeriodFigure, 'cacheHitRatio'> {
  /** "2026-11". */
  key: string;
}

export interface MonthOverMonth {
  thisMonth: MonthFigures;
  lastMonth: MonthFigures;
  /** Change from last month to this one, as a fraction (+0.25 = 25% more); undefined when last month was 0. */
  change: { cost?: number; tokens?: number; sessions?: number };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** This month's and last month's keys ("2026-11", "2026-10") in local time. */
export function monthKeys(now: number): { thisMonth: string; lastMonth: string; thisStart: number; lastStart: number } {
  const d = new Date(now);
  const thisStart = new Date(d.getFullYear(), d.getMonth(), 1).getTime();
  const last = new Date(d.getFullYear(), d.getMonth() - 1, 1);
  return { thisMonth: `${d.getFullYear()}-${pad(d.getMonth() + 1)}`, lastMonth: `${last.getFullYear()}-${pad(last.getMonth() + 1)}`, thisStart, lastStart: last.getTime() };
}

function monthOf(groups: readonly StatsGroup[], key: string): MonthFigures {
  const g = groups.find((x) => x.key === key);
  const recorded = g ? costRecordedIn(g.figure) : undefined;
  return { key, cost: g?.figure.storedCost ?? 0, ...(recorded ? { costRecorded: recorded } : {}), computedCost: g?.figure.computedCost ?? 0, unpricedModels: g?.figure.unpricedModels ?? [], configPriced: g?.figure.configPriced, tokens: g ? figureTokens(g.figure) : 0, messages: g?.figure.messages ?? 0 };
}

/** (now - before) / before; undefined when there is nothing to compare with. */
export function relativeChange(now: number, before: number): number | undefined {
  return before > 0 ? (now - before) / before : undefined;
}

/** This month against last month from `groupBy=month` stats (and session counts when known). */
export function monthOverMonth(groups: readonly StatsGroup[], now: number, sessions?: { thisMonth: number; lastMonth: number }): MonthOverMonth {
  const keys = monthKeys(now);
  const thisMonth = monthOf(groups, keys.thisMonth);
  const lastMonth = monthOf(groups, keys.lastMonth);
  return {
    thisMonth,
    lastMonth,
    change: {
      cost: relativeChange(thisMonth.cost, lastMonth.cost),
      tokens: relativeChange(thisMonth.tokens, lastMonth.tokens),
      sessions: sessions ? relativeChange(sessions.thisMonth, sessions.lastMonth) : undefined,
    },
  };
}

/** "+25%", "−40%", "new" (nothing last month), "±0%". */
export function formatChange(change: number | undefined, current: number): string {
  if (change === undefined) return current > 0 ? 'new' : '—';
  const pct = Math.round(change * 100);
  if (pct === 0) return '±0%';
  return pct > 0 ? `+${pct}%` : `−${Math.abs(pct)}%`;
}
