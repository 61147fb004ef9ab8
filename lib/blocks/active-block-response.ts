import { burnRate, projectBlock, type BlockProjection, type BurnRate } from './block-projection';
import type { SessionBlock } from './session-blocks';

/** The running block as the overview's card reads it: its figures, burn rate and projection to its end. */
export type ActiveBlock = SessionBlock & { burnRate: BurnRate | null; projection: BlockProjection | null };

/** `GET /api/blocks`: the five-hour block running now, if any. */
export interface ActiveBlockResponse {
  now: number;
  block: ActiveBlock | null;
  /** False while the first read runs: the block may be missing messages. */
  complete: boolean;
}

export function activeBlockResponse(block: SessionBlock | undefined, now: number, complete: boolean): ActiveBlockResponse {
  if (!block?.active) return { now, block: null, complete };
  return { now, complete, block: { ...block, burnRate: burnRate(block) ?? null, projection: projectBlock(block, now) ?? null } };
}
