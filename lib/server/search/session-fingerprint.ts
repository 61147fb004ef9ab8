import 'server-only';
import { createHash } from 'node:crypto';
import type { SourceIndex } from '../store/source-index';

/**
 * What the store knows of a session that changes when its text can have changed: the session
 * record, every message's id and times, and the ids and states of the newest messages' parts.
 * A restart re-reads only sessions whose fingerprint differs from the one the index stored.
 */
export function sessionFingerprint(owner: SourceIndex, id: string): string | undefined {
  const session = owner.sessions.get(id);
  if (!session) return undefined;
  const hash = createHash('sha1');
  hash.update(`${owner.reader.kind}\0${session.origin}\0${session.title}\0${session.projectID}\0${session.time.updated}\0`);
  const messages = [...owner.messagesOf(id)].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const m of messages) {
    hash.update(`${m.id}:${m.role}:${m.time.created}:${m.time.completed ?? ''}:${m.agent ?? ''}:${m.modelID ?? ''}:${m.error ? 'e' : ''}\n`);
    for (const part of owner.partsByMessage.get(m.id)?.values() ?? []) hash.update(`${part.id}:${part.end ?? ''}:${part.status ?? ''}\n`);
  }
  return hash.digest('base64url');
}
