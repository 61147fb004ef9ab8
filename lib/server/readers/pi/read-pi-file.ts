import 'server-only';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile } from '@/lib/server/fs/open-data-file';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import { parsePiFile } from './pi-file';
import { mapPiFile, type MappedSession, type PiSessionContext } from './pi-session';

export type PiFileRead =
  | { state: 'ok'; mapped: MappedSession; issues: ReadIssue[] }
  /** Exists but has no header yet (half-written or being created): keep what we had. */
  | { state: 'not-ready'; issues: ReadIssue[] }
  | { state: 'missing'; issues: ReadIssue[] };

/** Reads one session file, read-only; migrations happen in memory only. Never throws. */
export async function readPiFile(ctx: PiSessionContext, root: string): Promise<PiFileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: ctx.kind, path: ctx.path, kind, reason, at: Date.now() });
  const read = await readDataFile(ctx.path, { root, maxBytes: FILE_CAPS.transcript });
  if (!read.ok) return read.missing ? { state: 'missing', issues: [] } : { state: 'not-ready', issues: [issue('io', read.reason)] };
  const mtime = read.mtimeMs;
  const parsed = parsePiFile(read.bytes);
  const issues = (parsed.ok ? parsed.file.issues : parsed.issues).map((i) => issue(i.kind, i.line ? `line ${i.line}: ${i.reason}` : i.reason));
  if (!parsed.ok) return { state: 'not-ready', issues };
  return { state: 'ok', mapped: mapPiFile(parsed.file, { ...ctx, mtime }), issues };
}
