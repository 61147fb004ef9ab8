import 'server-only';
import type { SessionFilters, SessionPage } from '@/lib/sessions/session-filters';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { matchingSessionsPlan, sessionPagePlan } from '../db/queries/session-summaries';
import { runSync } from '../db/query-plan';
import type { Store } from '../store/store';

/** `GET /api/sessions`: a page of the session table, a query on the summaries' rows. */
export function getSessionPage(store: Store, f: SessionFilters): SessionPage {
  const now = Date.now();
  return store.summaryQuery((db, sourceIds) => runSync(db, sessionPagePlan('sqlite', sourceIds, f, now))) ?? { sessions: [], total: 0 };
}

/** Every session the filters match, in table order (a download). */
export function getMatchingSessions(store: Store, f: SessionFilters): SessionSummary[] {
  const now = Date.now();
  return store.summaryQuery((db, sourceIds) => runSync(db, matchingSessionsPlan('sqlite', sourceIds, f, now))) ?? [];
}
