import type { StatsGroup } from '@/lib/accounting/stats-grouping';
import { totalTokenCount } from '@/lib/model/tokens';

/** One local hour's use (`key` "2026-11-26T14", in the server's zone, as /api/stats keys hours). */
export interface ActivityHour {
  key: string;
  /** USD as the agents recorded it. */
  cost: number;
  /** USD at API prices (priced messages only). */
  apiCost: number;
  tokens: number;
  messages: number;
}

export type ActivityMetric = 'tokens' | 'cost' | 'apiCost';

/** /api/stats hour groups, compact: only hours with any use (a year is ~9,000 hours, most of them empty). */
export function activityHours(groups: readonly StatsGroup[]): ActivityHour[] {
  const out: ActivityHour[] = [];
  for (const g of groups) {
    const tokens = totalTokenCount(g.figure.tokens);
    if (tokens === 0 && g.figure.storedCost === 0 && g.figure.computedCost === 0 && g.figure.messages === 0) continue;
    out.push({ key: g.key, cost: g.figure.storedCost, apiCost: g.figure.computedCost, tokens, messages: g.figure.messages });
  }
  return out;
}
