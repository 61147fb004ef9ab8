import 'server-only';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile } from '@/lib/server/fs/open-data-file';
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
export async function readClaudeFile(ref: ClaudeFileRef, root: string): Promise<ClaudeFileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: 'claude', path: ref.path, kind, reason, at: Date.now() });
  const read = await readDataFile(ref.path, { root, maxBytes: FILE_CAPS.transcript });
  if (!read.ok) return read.missing ? { state: 'missing', issues: [] } : { state: 'not-ready', issues: [issue('io', read.reason)] };
  const text = read.bytes.toString('utf8');
  const mtime = read.mtimeMs;
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
