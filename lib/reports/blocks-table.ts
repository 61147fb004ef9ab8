import { burnRate, projectBlock } from '@/lib/blocks/block-projection';
import type { SessionBlock } from '@/lib/blocks/session-blocks';
import type { TimeZoneSpec } from '@/lib/accounting/time-keys';
import { formatCost } from '@/lib/format/format-cost';
import { formatCount } from '@/lib/format/format-tokens';
import { formatLocalTime, formatSpan } from './local-time';
import { renderTextTable, type TextColumn, type TextRow } from './text-table';

const columns = (limit: boolean): TextColumn[] => [
  { header: 'Block start', align: 'left', drop: 0 },
  { header: 'Status', align: 'left', drop: 2 },
  { header: 'Models', align: 'left', drop: 3, shrinks: true },
  { header: 'Tokens', align: 'right', drop: 0 },
  ...(limit ? [{ header: '% of limit', align: 'right', drop: 1 } as const] : []),
  { header: 'Cost', align: 'right', drop: 0 },
];

const costCell = (b: SessionBlock) => (b.entries > 0 && b.unpricedEntries === b.entries && b.cost === 0 ? 'unpriced' : `${formatCost(b.cost)}${b.unpricedEntries > 0 ? '*' : ''}`);
const percent = (tokens: number, limit: number) => `${((tokens / limit) * 100).toFixed(1)}%`;

function statusCell(b: SessionBlock, now: number): string {
  if (b.gap) return `gap ${formatSpan(b.end - b.start)}`;
  if (b.active) return `ACTIVE ${formatSpan(b.end - now)} left`;
  return formatSpan((b.actualEnd ?? b.start) - b.start);
}

/** What the active block comes to: its rates, and where it ends at them (against the limit, when set). */
function activeLines(b: SessionBlock, now: number, zone: TimeZoneSpec, limit?: number): string[] {
  const rate = burnRate(b);
  const projection = projectBlock(b, now);
  const lines = [`Active block: ${formatCost(b.cost)}, ${formatCount(b.totalTokens)} tokens so far; ends ${formatLocalTime(b.end, zone)} (${formatSpan(b.end - now)} left).`];
  if (rate) lines.push(`Burn rate: ${formatCost(rate.costPerHour)}/h, ${formatCount(rate.tokensPerMinute)} tokens/min (${formatCount(rate.tokensPerMinuteForIndicator)} input and output).`);
  if (projection) lines.push(`Projected by its end: ${formatCount(projection.totalTokens)} tokens, ${formatCost(projection.totalCost)}${limit ? ` (${percent(projection.totalTokens, limit)} of the ${formatCount(limit)} token limit${projection.totalTokens > limit ? ': over it' : ''})` : ''}.`);
  return lines;
}

/** Blocks as a table no wider than `width`, the active block's rates and projection under it. */
export function blocksTable(blocks: readonly SessionBlock[], now: number, width: number, zone: TimeZoneSpec, limit?: number): string {
  if (blocks.length === 0) return 'No usage in this range.';
  const rows: TextRow[] = blocks.map((b) => [
    formatLocalTime(b.start, zone),
    statusCell(b, now),
    b.gap ? '' : b.models.join(', '),
    b.gap ? '-' : formatCount(b.totalTokens),
    ...(limit ? [b.gap ? '-' : percent(b.totalTokens, limit)] : []),
    b.gap ? '-' : costCell(b),
  ]);
  const active = blocks.find((b) => b.active);
  const notes = blocks.some((b) => b.unpricedEntries > 0) ? ['* some messages of these blocks have models with no known price: left out of the cost.'] : [];
  return [renderTextTable(columns(limit !== undefined), rows, width), ...(active ? ['', ...activeLines(active, now, zone, limit)] : []), ...notes].join('\n');
}
