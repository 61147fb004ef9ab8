import type { TokenCounts } from '@/lib/model/tokens';
import { burnRate, projectBlock, type BlockProjection, type BurnRate } from './block-projection';
import type { SessionBlock } from './session-blocks';

/** `GET /api/blocks`: the five-hour block running now, if any. */
export interface ActiveBlockResponse {
  now: number;
  block: {
    start: number;
    end: number;
    lastEntry: number;
    entries: number;
    tokens: TokenCounts;
    totalTokens: number;
    cost: number;
    apiCost: number;
    unpricedEntries: number;
    models: string[];
    burnRate: BurnRate | null;
    projection: BlockProjection | null;
  } | null;
  /** False while the first read runs: the block may be missing messages. */
  complete: boolean;
}

export function activeBlockResponse(block: SessionBlock | undefined, now: number, complete: boolean): ActiveBlockResponse {
  if (!block?.active) return { now, block: null, complete };
  return {
    now,
    complete,
    block: {
      start: block.start,
      end: block.end,
      lastEntry: block.actualEnd ?? block.start,
      entries: block.entries,
      tokens: block.tokens,
      totalTokens: block.totalTokens,
      cost: block.cost,
      apiCost: block.apiCost,
      unpricedEntries: block.unpricedEntries,
      models: block.models,
      burnRate: burnRate(block) ?? null,
      projection: projectBlock(block, now) ?? null,
    },
  };
}
