import { formatCost } from '@/lib/format/format-cost';
import { formatCompact } from '@/lib/format/format-tokens';
import type { ActivityCell } from './activity-grid';
import type { ActivityMetric } from './activity-hours';

export const METRIC_LABELS: Record<ActivityMetric, string> = { tokens: 'Tokens', cost: 'Recorded cost', apiCost: 'At API prices' };

/** A cell's figures in words (its tooltip and accessible name). */
export function describeCell(where: string, c: ActivityCell): string {
  if (c.messages === 0 && c.tokens === 0) return `${where}: no use`;
  return `${where}: ${formatCompact(c.tokens)} tokens, ${formatCost(c.cost)} recorded, ${formatCost(c.apiCost)} at API prices, ${c.messages} replies`;
}

export function metricValue(c: ActivityCell, metric: ActivityMetric): string {
  return metric === 'tokens' ? `${formatCompact(c.tokens)} tokens` : formatCost(c[metric]);
}
