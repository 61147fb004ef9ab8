import 'server-only';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import type { Store } from '../store/store';
import { appendAll } from '@/lib/arrays/append-all';

/** More nodes than anyone can read in one drawing; the tree says when it was cut. */
export const MAX_TREE_SESSIONS = 2_000;

export interface SessionTree {
  rootID: string;
  sessions: SessionSummary[];
  truncated: boolean;
}

/** The whole tree a session belongs to: its topmost ancestor and every descendant, breadth first. */
export async function getSessionTree(store: Store, id: string): Promise<SessionTree | undefined> {
  await store.whenListed();
  const summaries = store.summaries();
  if (!summaries.get(id)) return undefined;
  const rootID = store.view.withAncestors(id).filter((a) => summaries.get(a)).at(-1) ?? id;
  const sessions: SessionSummary[] = [];
  const seen = new Set<string>();
  const queue = [rootID];
  for (let i = 0; i < queue.length && sessions.length < MAX_TREE_SESSIONS; i++) {
    const current = queue[i] as string;
    const summary = summaries.get(current);
    if (!summary || seen.has(current)) continue;
    seen.add(current);
    sessions.push(summary);
    appendAll(queue, store.view.childrenOf(current));
  }
  return { rootID, sessions, truncated: sessions.length >= MAX_TREE_SESSIONS && queue.length > sessions.length };
}
