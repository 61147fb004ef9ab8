import 'server-only';
import { appendAll } from '@/lib/arrays/append-all';
import { fileStampSync } from '@/lib/server/fs/file-version';
import { SUMMARY_FORMAT } from '../file-summary-cache';
import { decodeFileHead } from '../file-head';
import { addProject } from '../pi/file-index';
import { emptyChangeSet, type ChangeSet, type HeldFile } from '../read-result';
import type { ClaudeFileRef } from './claude-files';
import type { UsageRead } from './usage-read';

export interface UsagePassInput {
  /** Every transcript listed now. */
  refs: readonly ClaudeFileRef[];
  /** Each file's entry in the session database (none at a cold start). */
  held: readonly HeldFile[];
  /** Whether the session database holds messages of a session. */
  holds: (sessionID: string) => boolean;
  /** What a file's entry must say to be taken as it is (`summaryVersion`). */
  versionOf: (ref: ClaudeFileRef) => string | undefined;
  /**
   * Reads files with `usageOnly`, in order; a file whose entry says where its next read may start
   * (`resumes`) is read from there (as the full read will: its older responses are not read again,
   * and stay as the database holds them). Undefined for one whose records may have gone: a read
   * from a cut that lists responses gone, or one `fromCut` that was read whole.
   */
  read: (refs: readonly ClaudeFileRef[], resumes: readonly { resume?: string; fromCut: boolean }[]) => Promise<(UsageRead | undefined)[]>;
}

/**
 * Whether a file whose entry is `version` has only grown since (the same file, not smaller, read
 * under this build's mapping): Claude Code appends. Its responses are then all read again in full,
 * and none the entry held can be gone.
 */
function onlyGrew(version: string, file: string): boolean {
  // An entry written as its file was being written (NOT_HELD): only its resume state counts, which its read checks.
  if (!version.includes('|')) return true;
  const [format, own] = version.split('|');
  const [ino, size] = own?.split(':') ?? [];
  const now = fileStampSync(file)?.version.split(':');
  return format === SUMMARY_FORMAT && now !== undefined && now[0] === ino && Number(now[1]) >= Number(size);
}

/**
 * A first pass over the transcripts a full read is about to read (every one at a cold start, those
 * that changed at a restart): their sessions and assistant responses as the full read maps them,
 * and the sessions of files now gone. Applied over what the session database holds, its usage is
 * the source's whole usage, before any tool result or attachment is parsed; the full read follows.
 * Undefined when nothing changed, or when a file's records may have gone in ways only a full read
 * can list (a file rewritten or no longer a conversation, a fork's copied turns, one session in two
 * files, a session held without the file's entry): the full read alone then gives the totals, as
 * without a first pass.
 */
export async function usagePass({ refs, held, holds, versionOf, read }: UsagePassInput): Promise<ChangeSet | undefined> {
  const entries = new Map(held.map((entry) => [entry.path, entry]));
  const unchangedSessions = new Set<string>();
  const toRead: { ref: ClaudeFileRef; entry?: HeldFile }[] = [];
  for (const ref of refs) {
    const entry = entries.get(ref.path);
    entries.delete(ref.path);
    if (entry && entry.version === versionOf(ref)) {
      if (entry.sessionID) unchangedSessions.add(entry.sessionID);
      continue;
    }
    if (entry && !onlyGrew(entry.version, ref.path)) return undefined;
    toRead.push(entry ? { ref, entry } : { ref });
  }
  if (toRead.length === 0 && entries.size === 0) return undefined;
  const cs = emptyChangeSet();
  for (const gone of entries.values()) if (gone.sessionID) cs.removed.sessions.push(gone.sessionID);
  const reads = await read(
    toRead.map((file) => file.ref),
    toRead.map(({ entry }) => {
      const resume = entry ? decodeFileHead(entry.head)?.resume : undefined;
      // An entry written as its file was being written says nothing of its file but where to read on.
      return { ...(resume === undefined ? {} : { resume }), fromCut: entry !== undefined && !entry.version.includes('|') };
    }),
  );
  const sessions = new Set<string>(cs.removed.sessions);
  for (const [i, { entry }] of toRead.entries()) {
    const file = reads[i];
    if (file?.state !== 'ok') {
      if (entry?.sessionID || !file) return undefined;
      continue;
    }
    const id = file.session.id;
    if (sessions.has(id) || unchangedSessions.has(id)) return undefined;
    // Its messages held without an entry (a file written as the last read began) may have lost some.
    if (entry?.sessionID ? entry.sessionID !== id || file.session.forkedFrom : held.length > 0 && holds(id)) return undefined;
    sessions.add(id);
    addProject(cs, file.project);
    cs.sessions.push(file.session);
    appendAll(cs.messages, file.messages);
  }
  cs.messagesComplete = true;
  return cs;
}
