import 'server-only';
import { createHash } from 'node:crypto';
import type { MessageInfo } from '@/lib/model/message';
import type { SourceIndex } from '../store/source-index';

/** Sources the build worker reads straight from disk (the others are read through their readers), whose every part the index fingerprints from the source itself (index-build.ts combinedFingerprint). */
export const BULK_KINDS: ReadonlySet<string> = new Set(['opencode-sqlite', 'opencode-json']);

/**
 * What the store knows of a session that changes when its text can have changed: the session
 * record, every message's id and times, and (for sources read a file at a time: a tool's result
 * can complete a part and nothing else) the ids and states of the newest messages' parts. A
 * restart re-reads only sessions whose fingerprint differs from the one the index stored.
 * OpenCode's carry no parts: which of them the store holds in memory depends on how it started (a
 * cold start once held the newest messages', a restart none), so with them every first restart
 * after a cold start read the whole history again (at 20,000 sessions 110 s of CPU), and what the source tells of every part (count, newest update,
 * bytes) is stored beside it. `messages`: the session's, when the caller has read them already.
 */
export function sessionFingerprint(owner: SourceIndex, id: string, messages: readonly MessageInfo[] = [...owner.messagesOf(id)]): string | undefined {
  const session = owner.sessions.get(id);
  if (!session) return undefined;
  const hash = createHash('sha1');
  hash.update(`${owner.reader.kind}\0${session.origin}\0${session.title}\0${session.projectID}\0${session.time.updated}\0`);
  const withParts = !BULK_KINDS.has(owner.reader.kind);
  const sorted = messages.toSorted((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const m of sorted) {
    hash.update(`${m.id}:${m.role}:${m.time.created}:${m.time.completed ?? ''}:${m.agent ?? ''}:${m.modelID ?? ''}:${m.error ? 'e' : ''}\n`);
    if (withParts) for (const part of owner.partsByMessage.get(m.id)?.values() ?? []) hash.update(`${part.id}:${part.end ?? ''}:${part.status ?? ''}\n`);
  }
  return hash.digest('base64url');
}
