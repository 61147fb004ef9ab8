import { formatCost } from '@/lib/format/format-cost';
import { formatCompact } from '@/lib/format/format-tokens';
import type { ActiveBlock } from './active-block-response';

/** What a person allows a five-hour block: dollars or tokens (kept in their browser). */
export interface BlockLimit {
  unit: 'usd' | 'tokens';
  value: number;
}

export const BLOCK_LIMIT_STORAGE_KEY = 'sessionscope.blockLimit';

/** A stored limit, or undefined for anything that is not one (an old format, a hand edit). */
export function parseBlockLimit(text: string | null): BlockLimit | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<BlockLimit>;
    return (v.unit === 'usd' || v.unit === 'tokens') && typeof v.value === 'number' && Number.isFinite(v.value) && v.value > 0 ? { unit: v.unit, value: v.value } : undefined;
  } catch {
    return undefined;
  }
}

export interface BlockLimitView {
  /** Shares of the limit, 0 up (past 1: over it). */
  used: number;
  projected?: number;
  level: 'ok' | 'warning' | 'exceeds';
  text: string;
}

const amount = (unit: BlockLimit['unit'], v: number) => (unit === 'usd' ? formatCost(v) : `${formatCompact(v)} tokens`);

/** The block so far and at its end (at its burn rate) against the limit; warning from 80 %, as ccusage. */
export function blockLimitView(block: Pick<ActiveBlock, 'cost' | 'totalTokens' | 'projection'>, limit: BlockLimit): BlockLimitView {
  const usedAmount = limit.unit === 'usd' ? block.cost : block.totalTokens;
  const projectedAmount = block.projection ? (limit.unit === 'usd' ? block.projection.totalCost : block.projection.totalTokens) : undefined;
  const used = usedAmount / limit.value;
  const projected = projectedAmount === undefined ? undefined : projectedAmount / limit.value;
  const worst = Math.max(used, projected ?? 0);
  const level = worst > 1 ? 'exceeds' : worst > 0.8 ? 'warning' : 'ok';
  const at = projectedAmount === undefined ? '' : `; ${amount(limit.unit, projectedAmount)} (${Math.round((projected ?? 0) * 100)}%) by its end at this rate`;
  return { used, projected, level, text: `${amount(limit.unit, usedAmount)} of ${amount(limit.unit, limit.value)} (${Math.round(used * 100)}%)${at}` };
}
