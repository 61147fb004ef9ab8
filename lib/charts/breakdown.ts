import { mergeModelLists } from '@/lib/accounting/model-key';
import type { StatsGroup } from '@/lib/view/api-types';
import { costRecordedIn } from '@/lib/view/cost-view';
import { figureTokens } from '@/lib/view/periods';

export interface BreakdownRow {
  key: string;
  label: string;
  cost: number;
  /** At API prices, priced messages only. */
  computedCost: number;
  unpricedModels: readonly string[];
  configPriced?: readonly string[];
  tokens: number;
  messages: number;
  unrecordedMessages: number;
  /** Absent when every agent recorded its cost (see cost-view.ts). */
  costRecorded?: 'some' | 'none';
  /** Share of the total cost, 0..1. */
  share: number;
}

/** The `top` largest groups by cost (then tokens), the rest folded into one "other" row. */
export function costBreakdown(groups: readonly StatsGroup[], top = 6): BreakdownRow[] {
  const rows: BreakdownRow[] = groups.map((g) => ({
    key: g.key,
    label: g.label || '(none)',
    cost: g.figure.storedCost,
    computedCost: g.figure.computedCost,
    unpricedModels: g.figure.unpricedModels ?? [],
    configPriced: g.figure.configPriced,
    tokens: figureTokens(g.figure),
    messages: g.figure.messages,
    unrecordedMessages: g.figure.unrecordedMessages ?? 0,
    share: 0,
  }));
  rows.sort((a, b) => b.cost - a.cost || b.tokens - a.tokens || a.label.localeCompare(b.label));
  const total = rows.reduce((sum, r) => sum + r.cost, 0);
  const kept = rows.slice(0, top);
  const rest = rows.slice(top);
  if (rest.length > 0) {
    kept.push({
      key: '__other__',
      label: `${rest.length} other${rest.length === 1 ? '' : 's'}`,
      cost: rest.reduce((s, r) => s + r.cost, 0),
      computedCost: rest.reduce((s, r) => s + r.computedCost, 0),
      unpricedModels: rest.reduce<readonly string[]>((list, r) => mergeModelLists(list, r.unpricedModels), []),
      configPriced: rest.reduce<readonly string[]>((list, r) => mergeModelLists(list, r.configPriced ?? []), []),
      tokens: rest.reduce((s, r) => s + r.tokens, 0),
      messages: rest.reduce((s, r) => s + r.messages, 0),
      unrecordedMessages: rest.reduce((s, r) => s + r.unrecordedMessages, 0),
      share: 0,
    });
  }
  for (const row of kept) {
    const recorded = costRecordedIn(row);
    if (recorded) row.costRecorded = recorded;
  }
  for (const row of kept) row.share = total > 0 ? row.cost / total : 0;
  return kept.filter((r) => r.cost > 0 || r.tokens > 0);
}
