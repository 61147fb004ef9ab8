import 'server-only';
import { FILE_CAPS } from '@/lib/server/fs/file-caps';
import { readDataFile } from '@/lib/server/fs/open-data-file';
import type { FileRead } from '../pi/file-index';
import { parseJsonl } from '../pi/jsonl';
import type { ReadIssue } from '../read-result';
import { codexLineSchema, type CodexLine } from './codex-schema';
import { mapCodexLines } from './codex-session';

/** Reads one rollout, read-only. Never throws; bad lines are issues. */
export async function readCodexFile(file: string, root: string): Promise<FileRead> {
  const issue = (kind: ReadIssue['kind'], reason: string): ReadIssue => ({ source: 'codex', path: file, kind, reason, at: Date.now() });
  const read = await readDataFile(file, { root, maxBytes: FILE_CAPS.transcript });
  if (!read.ok) return read.missing ? { state: 'missing', issues: [] } : { state: 'not-ready', issues: [issue('io', read.reason)] };
  const { records, bad } = parseJsonl(read.bytes);
  const issues = bad.map((b) => issue('parse', `line ${b.line}: ${b.reason}`));
  const lines: CodexLine[] = [];
  const sizes: number[] = [];
  for (const rec of records) {
    const line = codexLineSchema.safeParse(rec.value);
    if (line.success) {
      lines.push(line.data);
      sizes.push(rec.size);
    } else issues.push(issue('schema', `line ${rec.line}: not a rollout record`));
  }
  const mapped = mapCodexLines(lines, sizes, { path: file, mtime: read.mtimeMs });
  if (!mapped && lines.length > 0 && !lines.some((l) => l.type === 'session_meta')) issues.push(issue('schema', 'no session_meta line: not a Codex rollout'));
  return mapped ? { state: 'ok', mapped, issues } : { state: 'not-ready', issues };
}
