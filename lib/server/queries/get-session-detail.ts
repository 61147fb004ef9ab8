import 'server-only';
import { buildTurns, type Turn } from '@/lib/sessions/build-turns';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import type { FileDiff, Todo } from '@/lib/model/todo';
import type { ReadIssue } from '../readers/read-result';
import type { Store } from '../store/store';

export interface SessionDetail {
  session: SessionSummary;
  parent?: SessionSummary;
  children: SessionSummary[];
  turns: Turn[];
  todos: Todo[];
  diffs: FileDiff[];
  issues: ReadIssue[];
  partCount: number;
}

/** A session with its turns, messages and parts (read now from its source), and its children. */
export async function getSessionDetail(store: Store, id: string): Promise<SessionDetail | undefined> {
  const summaries = store.summaryMap();
  const session = summaries.get(id);
  if (!session) return undefined;
  const content = await store.content(id);
  const messages = [...store.view.messages(id)];
  const parts = content?.parts ?? [];
  return {
    session,
    parent: session.parentID ? summaries.get(session.parentID) : undefined,
    children: store.view
      .childrenOf(id)
      .map((child) => summaries.get(child))
      .filter((s): s is SessionSummary => s !== undefined)
      .sort((a, b) => a.time.created - b.time.created),
    turns: buildTurns(messages, parts),
    todos: content?.todos ?? [],
    diffs: content?.diffs ?? [],
    issues: content?.issues ?? [],
    partCount: parts.length,
  };
}
