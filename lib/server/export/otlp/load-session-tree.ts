import 'server-only';
import { appendAll } from '@/lib/arrays/append-all';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { SessionStatus } from '@/lib/status/session-status';
import type { OtelSession, SessionTree } from '@/lib/otel/session-tree';
import type { Store } from '../../store/store';
import { getSessionStatuses } from '../../queries/get-session-statuses';

/**
 * Statuses of a turn not finished yet. A stale session (busy with nothing written for long) is
 * exported as it stands: waiting for it could mean never.
 */
const RUNNING: ReadonlySet<SessionStatus> = new Set(['busy', 'retrying', 'waiting-for-subagents', 'needs-approval']);

/** Sessions no loaded session is the parent of: each of their turns is a trace. Oldest first. */
export function rootSessionIds(store: Store): string[] {
  const roots = [...store.view.allSessions()].filter((s) => !s.parentID || !store.view.session(s.parentID));
  return roots.sort((a, b) => a.time.created - b.time.created || (a.id < b.id ? -1 : 1)).map((s) => s.id);
}

/** A root session and its descendants with their part bodies, as a session page shows them. */
export async function loadSessionTree(store: Store, rootID: string, statuses: ReadonlyMap<string, SessionStatus> = getSessionStatuses(store)): Promise<SessionTree> {
  const sessions = new Map<string, OtelSession>();
  const queue = [rootID];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    const info = store.view.session(id);
    if (!info || sessions.has(id)) continue;
    const messages = [...store.view.messages(id)];
    const parts = (await partsOf(store, id, messages)).map((part) => withIndexTimes(part, store, id));
    const status = statuses.get(id);
    sessions.set(id, { info, messages, parts, running: status !== undefined && RUNNING.has(status) });
    appendAll(queue, store.view.childrenOf(id));
  }
  return {
    session: (id) => sessions.get(id),
    children: (id) => (sessions.has(id) ? store.view.childrenOf(id).filter((child) => sessions.has(child)) : []),
  };
}

/**
 * The session's part bodies straight from its reader, not through the store's part cache: an export
 * reads every session once, and the cache would keep the last 30,000 parts (700 MB at the peak of a
 * 1,000-session export, 217 MB without the export) after they were sent.
 */
async function partsOf(store: Store, id: string, messages: readonly MessageInfo[]): Promise<Part[]> {
  const owner = store.view.ownerOf(id);
  if (!owner || messages.length === 0) return [];
  const wanted = new Set(messages.map((m) => m.id));
  const content = await owner.reader.loadContent(id, { messageIDs: [...wanted], extras: false });
  return (content?.parts ?? []).filter((part) => wanted.has(part.messageID));
}

/** A body without times takes the index's (OpenCode's database rows carry them beside the part). */
function withIndexTimes(part: Part, store: Store, sessionID: string): Part {
  if (part.time?.start !== undefined) return part;
  const meta = store.view.partsOf(sessionID, part.messageID).find((p) => p.id === part.id);
  if (meta?.created === undefined) return part;
  return { ...part, time: { start: meta.created, ...(meta.end !== undefined ? { end: meta.end } : part.time?.end !== undefined ? { end: part.time.end } : {}) } };
}
