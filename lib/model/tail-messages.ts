import type { MessageInfo } from './message';

/** How many of a session's newest messages keep their part metadata in memory (status, activity). */
export const TAIL_MESSAGES_PER_SESSION = 2;

/** Ids of the newest messages of each session, by creation time (never by id). */
export function tailMessageIds(messages: Iterable<MessageInfo>, perSession = TAIL_MESSAGES_PER_SESSION): Set<string> {
  const bySession = new Map<string, MessageInfo[]>();
  for (const message of messages) {
    const list = bySession.get(message.sessionID);
    if (list) list.push(message);
    else bySession.set(message.sessionID, [message]);
  }
  const ids = new Set<string>();
  for (const list of bySession.values()) {
    list.sort((a, b) => b.time.created - a.time.created);
    for (const message of list.slice(0, perSession)) ids.add(message.id);
  }
  return ids;
}
