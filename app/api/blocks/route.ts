import { z } from 'zod';
import { activeBlockResponse } from '@/lib/blocks/active-block-response';
import { SOURCE_FILTERS } from '@/lib/model/source';
import { getActiveBlock } from '@/lib/server/blocks/get-blocks';
import { json, parseQuery } from '@/lib/server/http/responses';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const blocksQuerySchema = z.object({ source: z.enum(SOURCE_FILTERS).optional(), project: z.string().max(500).optional() });

/** The five-hour block running now (ccusage's blocks), with its burn rate and projection. */
export function GET(request: Request): Response {
  const query = parseQuery(request, blocksQuerySchema);
  if (!query.ok) return query.response;
  const store = getStore();
  const now = Date.now();
  const complete = (store.progress.figuresComplete || store.sessionDb?.current === true) && store.failedSources().length === 0;
  return json(activeBlockResponse(getActiveBlock(store, query.value, now), now, complete));
}
