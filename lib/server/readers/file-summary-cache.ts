import 'server-only';
import { shareMessageStrings } from '@/lib/model/shared-strings';
import { fileStampSync, writtenTooRecently } from '@/lib/server/fs/file-version';
import { looksLikeMessage } from './opencode/summary-cache';
import type { FileRead, FileSummary } from './pi/file-index';
import { summaryOf } from './pi/file-index';
import type { ReadIssue } from './read-result';

/**
 * What the summary index keeps of one session file (pi, Claude Code): what its read gave the store,
 * or no summary (a file with no conversation yet), and the issues the read had (the diagnostics
 * page lists them after a restart as after a cold read).
 */
export interface CachedFileRead {
  summary?: FileSummary;
  issues: ReadIssue[];
}

/**
 * Bump when what a session file maps to changes in a way the build digest below does not see.
 * Builds carry a digest of the readers' and model's code (next.config.mjs): a new build whose
 * readers changed reads every file once again, never trusting a summary an older mapping made.
 */
const REVISION = 3;
/** What a read of a file gives under this build's mapping: part of each summary's version and of a root's fingerprint. */
export const SUMMARY_FORMAT = `${REVISION}.${process.env.SESSIONSCOPE_READERS_DIGEST ?? 'source'}`;

/**
 * The version a file's summary is valid for: the format, then the identity, size and time of the
 * file and of each file its read also takes from (`-` for one not there). Taken before the read: a
 * write during it changes the file's version, so the summary is never trusted past that write.
 * Undefined (nothing to keep, nothing to trust) when the file is not a regular file, or when it or
 * one it takes from was written in the last two seconds.
 */
export function summaryVersion(file: string, alsoReads: readonly string[], now = Date.now()): string | undefined {
  const own = fileStampSync(file);
  if (own === undefined || writtenTooRecently(own.mtimeMs, now)) return undefined;
  const parts = [SUMMARY_FORMAT, own.version];
  for (const other of alsoReads) {
    const stamp = fileStampSync(other);
    if (stamp && writtenTooRecently(stamp.mtimeMs, now)) return undefined;
    parts.push(stamp?.version ?? '-');
  }
  return parts.join('|');
}

/**
 * What the store and the summary index take of one file's read (on this thread or a worker's):
 * `keep` is false for a missing file and one that could not be read (an I/O issue), which are not
 * kept in the index.
 */
export interface SummarizedRead {
  missing: boolean;
  keep: boolean;
  read: CachedFileRead;
}

export function summarizeRead(read: FileRead): SummarizedRead {
  const missing = read.state === 'missing';
  const keep = !missing && !read.issues.some((issue) => issue.kind === 'io');
  return { missing, keep, read: read.state === 'ok' ? { summary: summaryOf(read.mapped), issues: read.issues } : { issues: read.issues } };
}

const isString = (value: unknown): value is string => typeof value === 'string';

function looksLikeSummary(value: unknown): value is FileSummary {
  const s = value as Partial<FileSummary> | null;
  return (
    typeof s === 'object' && s !== null &&
    isString(s.session?.id) && typeof s.session.time?.created === 'number' && isString(s.project?.id) &&
    Array.isArray(s.messages) && s.messages.every(looksLikeMessage) &&
    Array.isArray(s.parts) && s.parts.every((p) => typeof p === 'object' && p !== null && isString(p.id) && isString(p.messageID) && isString(p.sessionID) && isString(p.type))
  );
}

/**
 * A file's read as the index stored it, checked cheaply (our own output, in our own 0700 folder; no
 * zod): undefined sends the file back to be read.
 */
export function decodeCachedRead(value: string): CachedFileRead | undefined {
  try {
    const read = JSON.parse(value) as Partial<CachedFileRead> | null;
    if (typeof read !== 'object' || read === null || !Array.isArray(read.issues)) return undefined;
    if (!read.issues.every((i) => typeof i === 'object' && i !== null && isString(i.path) && isString(i.reason) && isString(i.kind) && typeof i.at === 'number')) return undefined;
    if (read.summary === undefined) return { issues: read.issues };
    if (!looksLikeSummary(read.summary)) return undefined;
    for (const message of read.summary.messages) shareMessageStrings(message);
    return { summary: read.summary, issues: read.issues };
  } catch {
    return undefined;
  }
}
