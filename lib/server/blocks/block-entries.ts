import 'server-only';
import { ratesFor, costAtRates } from '@/lib/accounting/compute-cost';
import { recordsCost } from '@/lib/accounting/cost-recording';
import type { BlockEntry } from '@/lib/blocks/session-blocks';
import { matchesSource, SOURCE_KINDS, type SourceFilter, type SourceKind } from '@/lib/model/source';
import type { TokenCounts } from '@/lib/model/tokens';
import { blockEntriesQuery, type BlockEntryRow } from '../db/queries/block-entries';
import type { Store } from '../store/store';

export interface BlockFilters {
  /** Messages from this time on (ms). */
  from?: number;
  source?: SourceFilter;
  project?: string;
}

interface EntrySource {
  time: number;
  sessionID: string;
  kind: SourceKind;
  providerID?: string;
  modelID?: string;
  cost: number;
  tokens: TokenCounts;
}

/** A message priced as the dashboard prices it; its cost as recorded, or at API prices where its agent records none. */
function entryOf(m: EntrySource, prices: Store['prices']): BlockEntry {
  const match = prices(m.providerID, m.modelID, m.sessionID);
  const apiCost = match ? costAtRates(m.tokens, ratesFor(m.tokens, match.price)) : 0;
  return {
    time: m.time,
    tokens: m.tokens,
    cost: recordsCost(m.kind) ? m.cost : apiCost,
    apiCost,
    unpriced: !match,
    model: m.modelID === undefined ? undefined : m.providerID ? `${m.providerID}/${m.modelID}` : m.modelID,
  };
}

const fromRow = (r: BlockEntryRow): EntrySource => ({
  time: Number(r.created),
  sessionID: r.session_id,
  kind: r.kind as SourceKind,
  providerID: r.provider_id ?? undefined,
  modelID: r.model_id ?? undefined,
  cost: Number(r.cost),
  tokens: { input: Number(r.input), output: Number(r.output), reasoning: Number(r.reasoning), cacheRead: Number(r.cache_read), cacheWrite: Number(r.cache_write) },
});

/** Assistant messages as block entries, from the session database. */
export function blockEntries(store: Store, f: BlockFilters): BlockEntry[] {
  const kinds = f.source === undefined ? undefined : SOURCE_KINDS.filter((k) => matchesSource(k, f.source!));
  const db = store.sessionDb;
  if (!db.usable) return [];
  return db.db.all<BlockEntryRow>(blockEntriesQuery('sqlite', db.sourceIds(), { from: f.from, kinds, project: f.project })).map((r) => entryOf(fromRow(r), store.prices));
}
