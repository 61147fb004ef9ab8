import 'server-only';
import { insightTable } from '@/lib/insights/insight-table';
import type { InsightsResponse } from '@/lib/insights/insight-rows';
import type { InsightsQuery } from '@/lib/insights/insights-query';
import { SOURCE_KINDS, matchesSource } from '@/lib/model/source';
import type { Store } from '../store/store';
import { insightsPlan } from '../db/queries/insights';
import { runSync } from '../db/query-plan';

/**
 * Tool and model insights, from the session database (the store keeps the newest messages' parts
 * only): without one, `available: false` and no rows, never counts of what happens to be in memory.
 */
export function getInsights(store: Store, query: InsightsQuery): InsightsResponse {
  const db = store.sessionDb;
  // Tool calls come in the first read's last stages (after the figures): complete once it is over.
  const complete = (store.progress.phase === 'ready' || db?.current === true) && store.failedSources().length === 0;
  if (!db?.usable) return { by: query.by, complete, available: false, rows: [] };
  const kinds = query.source === undefined ? undefined : SOURCE_KINDS.filter((kind) => matchesSource(kind, query.source!));
  const groups = runSync(db.db, insightsPlan('sqlite', query.by, db.sourceIds(), { from: query.from, to: query.to, project: query.project, kinds }));
  return { by: query.by, complete, available: true, rows: insightTable(groups) };
}
