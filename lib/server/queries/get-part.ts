import 'server-only';
import type { Part } from '@/lib/model/part';
import type { Store } from '../store/store';

/** One part of a session, whole (the session page gets long fields cut). */
export async function getPart(store: Store, sessionID: string, partID: string): Promise<Part | undefined> {
  const content = await store.content(sessionID);
  return content?.parts.find((p) => p.id === partID);
}
