import type { Figure } from '@/lib/accounting/figure';
import type { StatsResult } from '@/lib/accounting/compute-stats';
import { toCsv } from '@/lib/export/to-csv';

const FIGURE_HEADER = ['messages', 'stored_cost_usd', 'computed_cost_usd', 'unpriced_messages', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'cache_hit_ratio'];
const figureCells = (f: Figure) => [f.messages, f.storedCost, f.computedCost, f.unpricedMessages, f.tokens.input, f.tokens.output, f.tokens.reasoning, f.tokens.cacheRead, f.tokens.cacheWrite, f.cacheHitRatio ?? ''];

export function statsToCsv(result: StatsResult, groupBy: string): string {
  const rows = result.groups.map((g) => [g.key, g.label, ...figureCells(g.figure)]);
  rows.push(['total', 'total', ...figureCells(result.total)]);
  return toCsv([groupBy, 'label', ...FIGURE_HEADER], rows);
}
