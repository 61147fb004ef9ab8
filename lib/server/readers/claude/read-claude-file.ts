import 'server-only';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ReadIssue } from '@/lib/server/readers/read-result';
import type { FileSession } from '../pi/file-index';
import { parseJsonl } from '../pi/jsonl';
import type { ClaudeFileRef } from './claude-files';
import { claudeLineSchema, type ClaudeLine } from './claude-schema';
import { mapClaudeLines } from './claude-session';

export type ClaudeFileRead =
  | { state: 'ok'; mapped: FileSession; issues: ReadIssue[] }
  | { state: 'not-ready'; issues: ReadIssue[] }
  | { state: 'missing'; issues: ReadIssue[] };

/**
 * Session id of a transcript: the file name for a session, `<parent>:agent-<id>` for a subagent.
 * Legacy sidechain files (`<project>/agent-*.jsonl`) name their parent in `sessionId`.
 */
function idsOf(ref: ClaudeFileRef, lines: readonly ClaudeLine[]): { sessionID: string; parentID?: string } {
  const name = path.basename(ref.path, '.jsonl');
  const parentID = ref.parentID ?? (name.startsWith('agent-') ? lines.find((l) => l.sessionId)?.sessionId : undefined);
  return parentID ? { sessionID: `${parentID}:${name}`, parentID } : { sessionID: name };
}

/** Reads one transcript, read-only. Never throws; bad lines are issues. */
export async function readClaudeFile(ref: ClaudeFileRef): Promise<ClaudeFileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: 'claude', path: ref.path, kind, reason, at: Date.now() });
  let text: string;
  let mtime: number;
  try {
    [text, mtime] = await Promise.all([readFile(ref.path, 'utf8'), stat(ref.path).then((s) => s.mtimeMs)]);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'missing', issues: [] };
    return { state: 'not-ready', issues: [issue('io', `cannot read: ${code ?? String(err)}`)] };
  }
  const { records, bad } = parseJsonl(text);
  const issues = bad.map((b) => issue('parse', `line ${b.line}: ${b.reason}`));
  const lines: ClaudeLine[] = [];
  for (const rec of records) {
    const line = claudeLineSchema.safeParse(rec.value);
    if (line.success) lines.push(line.data);
    else issues.push(issue('schema', `line ${rec.line}: not a transcript record`));
  }
  const mapped = mapClaudeLines(lines, { path: ref.path, projectFolder: ref.projectFolder, mtime, ...idsOf(ref, lines) });
  return mapped ? { state: 'ok', mapped, issues } : { state: 'not-ready', issues };
}
