import { burnRate, limitStatus, projectBlock, type BlockProjection, type BurnRate } from '@/lib/blocks/block-projection';
import type { SessionBlock } from '@/lib/blocks/session-blocks';

/** A block as `report blocks --json` prints it: ccusage's field names, and the API price beside. */
export interface BlockJson {
  id: string;
  startTime: string;
  endTime: string;
  actualEndTime: string | null;
  isActive: boolean;
  isGap: boolean;
  entries: number;
  tokenCounts: { inputTokens: number; outputTokens: number; reasoningTokens: number; cacheCreationInputTokens: number; cacheReadInputTokens: number };
  totalTokens: number;
  /** As recorded, at API prices where the agent records none (ccusage's "auto" cost). */
  costUSD: number;
  apiCostUSD: number;
  unpricedEntries: number;
  models: string[];
  burnRate: BurnRate | null;
  projection: BlockProjection | null;
  tokenLimitStatus?: { limit: number; projectedUsage: number; percentUsed: number; status: 'ok' | 'warning' | 'exceeds' };
}

const iso = (ms: number) => new Date(ms).toISOString();

export function blockJson(block: SessionBlock, now: number, tokenLimit?: number): BlockJson {
  const projection = projectBlock(block, now) ?? null;
  const out: BlockJson = {
    id: block.id,
    startTime: iso(block.start),
    endTime: iso(block.end),
    actualEndTime: block.actualEnd === undefined ? null : iso(block.actualEnd),
    isActive: block.active,
    isGap: block.gap,
    entries: block.entries,
    tokenCounts: { inputTokens: block.tokens.input, outputTokens: block.tokens.output, reasoningTokens: block.tokens.reasoning, cacheCreationInputTokens: block.tokens.cacheWrite, cacheReadInputTokens: block.tokens.cacheRead },
    totalTokens: block.totalTokens,
    costUSD: block.cost,
    apiCostUSD: block.apiCost,
    unpricedEntries: block.unpricedEntries,
    models: block.models,
    burnRate: block.active ? (burnRate(block) ?? null) : null,
    projection,
  };
  if (projection && tokenLimit) out.tokenLimitStatus = { limit: tokenLimit, projectedUsage: projection.totalTokens, ...limitStatus(projection.totalTokens, tokenLimit) };
  return out;
}
