import 'server-only';
import { projectBlock, burnRate } from '@/lib/blocks/block-projection';
import { contextLimitOf } from '@/lib/pricing/context-limit';
import { startOfLocalDay } from '@/lib/reports/local-day';
import { createTimeKeyer } from '@/lib/accounting/time-keys';
import type { StatuslineFigures } from '@/lib/statusline/statusline-text';
import { blockEntries } from '../../../blocks/block-entries';
import { getActiveBlock } from '../../../blocks/get-blocks';
import { latestPromptQuery } from '../../../db/queries/latest-prompt';
import type { Store } from '../../../store/store';

function contextOf(store: Store, sessionID: string): StatuslineFigures['context'] {
  const db = store.sessionDb;
  if (!db?.usable) return undefined;
  const [row] = db.db.all<{ session_id: string; provider_id: string | null; model_id: string | null; input: number; cache_read: number; cache_write: number }>(latestPromptQuery('sqlite', db.sourceIds(), sessionID));
  if (!row) return undefined;
  return { used: Number(row.input) + Number(row.cache_read) + Number(row.cache_write), limit: contextLimitOf(store.prices, row.provider_id ?? undefined, row.model_id ?? undefined, row.session_id) };
}

/** Today's spend, the active block and the session's context, from the session database as it stands. */
export function statuslineFigures(store: Store, options: { sessionID?: string; timeZone: string; now: number; stale: boolean }): StatuslineFigures {
  const today = startOfLocalDay(createTimeKeyer(options.timeZone).day(options.now), options.timeZone);
  const entries = blockEntries(store, { from: today });
  const block = getActiveBlock(store, {}, options.now);
  const rate = block && burnRate(block);
  return {
    today: { cost: entries.reduce((sum, e) => sum + e.cost, 0), unpriced: entries.some((e) => e.unpriced), messages: entries.length },
    block: block && { cost: block.cost, msLeft: block.end - options.now, costPerHour: rate?.costPerHour, projectedCost: projectBlock(block, options.now)?.totalCost },
    context: options.sessionID ? contextOf(store, options.sessionID) : undefined,
    stale: options.stale,
  };
}
