import { formatCost } from '@/lib/format/format-cost';
import { formatCompact, formatPercent } from '@/lib/format/format-tokens';

export interface StatuslineFigures {
  /** Today's spend: recorded, at API prices where the agent records none; `unpriced` where a model has no price. */
  today: { cost: number; unpriced: boolean; messages: number };
  block?: { cost: number; msLeft: number; costPerHour?: number; projectedCost?: number };
  context?: { used: number; limit?: number };
  /** The figures are the session database's as it stood: a refresh is under way. */
  stale: boolean;
}

const span = (ms: number) => {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m` : `${minutes}m`;
};

/** One line: "today $4.20 | block $1.10 (2h15m left, $0.80/h, $2.90 at end) | ctx 45% 90k/200k". */
export function statuslineText(f: StatuslineFigures): string {
  const mark = f.stale ? '~' : '';
  const today = f.today.messages === 0 ? '$0.00' : f.today.unpriced && f.today.cost === 0 ? 'unpriced' : `${formatCost(f.today.cost)}${f.today.unpriced ? '*' : ''}`;
  const parts = [`today ${mark}${today}`];
  if (f.block) {
    const rate = f.block.costPerHour === undefined ? '' : `, ${formatCost(f.block.costPerHour)}/h`;
    const projected = f.block.projectedCost === undefined ? '' : `, ${formatCost(f.block.projectedCost)} at end`;
    parts.push(`block ${mark}${formatCost(f.block.cost)} (${span(f.block.msLeft)} left${rate}${projected})`);
  } else parts.push('no active block');
  if (f.context) parts.push(f.context.limit ? `ctx ${formatPercent(f.context.used / f.context.limit)} ${formatCompact(f.context.used)}/${formatCompact(f.context.limit)}` : `ctx ${formatCompact(f.context.used)}`);
  return parts.join(' | ');
}
