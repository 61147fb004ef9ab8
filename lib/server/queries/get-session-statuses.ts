import 'server-only';
import type { SessionStatus } from '@/lib/status/session-status';
import { summaryStatusesPlan } from '../db/queries/session-summaries';
import { runSync } from '../db/query-plan';
import type { Store } from '../store/store';

/** Each session's status as the dashboard infers it now, by session id (what a publish keeps current in the team database, what an export leaves out while it runs). */
export function getSessionStatuses(store: Pick<Store, 'summaryQuery'>): Map<string, SessionStatus> {
  return store.summaryQuery((db, sourceIds) => runSync(db, summaryStatusesPlan('sqlite', sourceIds))) ?? new Map();
}
