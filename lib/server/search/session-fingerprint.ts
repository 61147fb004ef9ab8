import 'server-only';
import { createHash } from 'node:crypto';
import type { MessageInfo } from '@/lib/model/message';
import type { SourceIndex } from '../store/source-index';

/**
 * What the store knows of a session that changes when its text can have changed: the session
 * record, every message's id and times, and the ids and states of the newest messages' parts.
 * A restart re-reads only sessions whose fingerprint differs from the one the index stored.
 * `messages`: the session's, when the caller has read them already.
 */
export function sessionFingerprint(owner: SourceIndex, id: string, messages: readonly MessageInfo[] = [...owner.messagesOf(id)]): string | undefined {
  const session = owner.sessions.get(id);
  if (!session) return undefined;
  const hash = createHash('sha1');
  hash.update(`${owner.reader.kind}\0${session.origin}\0${session.title}\0${session.projectID}\0${session.time.updated}\0`);
  const sorted = messages.toSorted((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const m of sorted) {
    hash.update(`${m.id}:${m.role}:${m.time.created}:${m.time.completed ?? ''}:${m.agent ?? ''}:${m.modelID ?? ''}:${m.error ? 'e' : ''}\n`);
    for (const part of owner.partsByMessage.get(m.id)?.values() ?? []) hash.update(`${part.id}:${part.end ?? ''}:${part.status ?? ''}\n`);
  }
  return hash.digest('base64url');
}
