import 'server-only';
import type { Store } from '../store/store';

/** Each session's status as the dashboard infers it now, by session id: what a publish keeps current in the team database. */
export function sessionStatuses(store: Pick<Store, 'summaryMap'>): Map<string, string> {
  return new Map([...store.summaryMap()].map(([id, summary]) => [id, summary.status.status]));
}
