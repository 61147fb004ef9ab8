import type { Figure } from '@/lib/accounting/figure';
import type { StatsResult } from '@/lib/accounting/compute-stats';
import { toCsv, type CsvCell } from '@/lib/export/to-csv';

const FIGURE_HEADER = ['messages', 'stored_cost_usd', 'cost_unrecorded_messages', 'computed_cost_usd', 'unpriced_messages', 'unpriced_models', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'cache_hit_ratio'];
const figureCells = (f: Figure): CsvCell[] => [
  f.messages, f.storedCost, f.unrecordedMessages, f.computedCost, f.unpricedMessages, (f.unpricedModels ?? []).join('; '),
  f.tokens.input, f.tokens.output, f.tokens.reasoning, f.tokens.cacheRead, f.tokens.cacheWrite, f.cacheHitRatio ?? '',
];

/**
 * One row per group and a `total` row. With a split, one row per group and part (the parts of a
 * group add up to it), then the total.
 */
export function statsToCsv(result: StatsResult, groupBy: string, split?: string): string {
  if (!split) {
    const rows = result.groups.map((g) => [g.key, g.label, ...figureCells(g.figure)]);
    rows.push(['total', 'total', ...figureCells(result.total)]);
    return toCsv([groupBy, 'label', ...FIGURE_HEADER], rows);
  }
  const rows = result.groups.flatMap((g) => (g.split ?? []).map((p) => [g.key, g.label, p.key, p.label, ...figureCells(p.figure)]));
  rows.push(['total', 'total', '', '', ...figureCells(result.total)]);
  return toCsv([groupBy, 'label', split, `${split}_label`, ...FIGURE_HEADER], rows);
}
