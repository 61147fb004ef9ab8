import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import { parsePiFile } from './pi-file';
import { mapPiFile, type MappedSession, type PiSessionContext } from './pi-session';

export type PiFileRead =
  | { state: 'ok'; mapped: MappedSession; issues: ReadIssue[] }
  /** Exists but has no header yet (half-written or being created): keep what we had. */
  | { state: 'not-ready'; issues: ReadIssue[] }
  | { state: 'missing'; issues: ReadIssue[] };

/** Reads one session file, read-only; migrations happen in memory only. Never throws. */
export async function readPiFile(ctx: PiSessionContext): Promise<PiFileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: ctx.kind, path: ctx.path, kind, reason, at: Date.now() });
  let text: string;
  let mtime: number;
  try {
    [text, mtime] = await Promise.all([readFile(ctx.path, 'utf8'), stat(ctx.path).then((s) => s.mtimeMs)]);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing', issues: [] };
    return { state: 'not-ready', issues: [issue('io', `cannot read: ${code ?? String(err)}`)] };
  }
  const parsed = parsePiFile(text);
  const issues = (parsed.ok ? parsed.file.issues : parsed.issues).map((i) => issue(i.kind, i.line ? `line ${i.line}: ${i.reason}` : i.reason));
  if (!parsed.ok) return { state: 'not-ready', issues };
  return { state: 'ok', mapped: mapPiFile(parsed.file, { ...ctx, mtime }), issues };
}
