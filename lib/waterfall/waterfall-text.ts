import { formatCost } from '@/lib/format/format-cost';
import { formatDuration } from '@/lib/format/format-duration';
import { formatCompact } from '@/lib/format/format-tokens';
import type { WaterfallBar } from './waterfall-layout';

/** A bar in words: its tooltip and accessible name. */
export function describeBar(bar: WaterfallBar): string {
  const took = formatDuration(bar.end - bar.start);
  switch (bar.kind) {
    case 'wait':
      return `Waiting ${took}: no step or tool ran`;
    case 'step':
      return `Step (${bar.label}) ${took}${bar.cost ? `, ${formatCost(bar.cost)}` : ''}${bar.tokens ? `, ${formatCompact(bar.tokens)} tokens` : ''}${bar.costliest ? ' (costliest step)' : ''}`;
    case 'tool':
      return `${bar.label} ${took}${bar.status && bar.status !== 'completed' ? ` (${bar.status})` : ''}${bar.parallel ? ', ran alongside other calls' : ''}`;
    case 'subagent':
      return `Subagent: ${bar.label} ${took}${bar.cost ? `, ${formatCost(bar.cost)}` : ''}`;
  }
}

/** Elapsed-time ticks along the axis: fractions with their labels ("0", "+2 min"...). */
export function axisTicks(span: number, count = 4): { at: number; label: string }[] {
  return Array.from({ length: count + 1 }, (_, i) => ({ at: i / count, label: i === 0 ? '0' : `+${formatDuration((span * i) / count)}` }));
}
