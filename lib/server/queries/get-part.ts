import 'server-only';
import type { Part } from '@/lib/model/part';
import type { Store } from '../store/store';

/** One part of a session, whole (the session page gets long fields cut); `messageID` saves reading the others. */
export async function getPart(store: Store, sessionID: string, partID: string, messageID?: string): Promise<Part | undefined> {
  const known = messageID ? [messageID] : [];
  for (const messageIDs of [known, [...store.view.messages(sessionID)].map((m) => m.id)]) {
    if (messageIDs.length === 0) continue;
    const held = await store.messageParts(sessionID, messageIDs);
    for (const { parts } of held.values()) {
      const part = parts.find((p) => p.id === partID);
      if (part) return part;
    }
  }
  return undefined;
}
