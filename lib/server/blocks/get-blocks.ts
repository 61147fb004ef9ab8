import 'server-only';
import { BLOCK_MS, sessionBlocks, type SessionBlock } from '@/lib/blocks/session-blocks';
import type { Store } from '../store/store';
import { blockEntries, type BlockFilters } from './block-entries';

/** Every block (and gap) of the messages the filters keep, oldest first. */
export function getBlocks(store: Store, filters: BlockFilters, now: number): SessionBlock[] {
  return sessionBlocks(blockEntries(store, filters), now);
}

const FIRST_LOOK_MS = 24 * 3_600_000;
const WHOLE_HISTORY_AFTER_MS = 64 * 24 * 3_600_000;

/**
 * The block still running at `now`, if any, from the recent messages alone. Where does it start?
 * Where a message follows more than five hours of silence: a window that begins more than five
 * hours before its first message holds that start. Until one does, the window doubles (a week of
 * use without a five-hour pause reads a week); past two months it reads the whole history.
 */
export function getActiveBlock(store: Store, filters: Omit<BlockFilters, 'from'>, now: number): SessionBlock | undefined {
  for (let look = FIRST_LOOK_MS; ; look *= 2) {
    const from = look > WHOLE_HISTORY_AFTER_MS ? undefined : now - look;
    const entries = blockEntries(store, { ...filters, from });
    // Nothing in the last day: no block is running (a running block has a message in its last five hours).
    if (entries.length === 0) return undefined;
    if (from === undefined || (entries[0] !== undefined && entries[0].time - from > BLOCK_MS)) {
      const last = sessionBlocks(entries, now).at(-1);
      return last?.active ? last : undefined;
    }
  }
}
