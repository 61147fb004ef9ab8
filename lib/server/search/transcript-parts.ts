import 'server-only';
import type { Part } from '@/lib/model/part';
import { classifyClaudePath } from '../readers/claude/claude-files';
import { readClaudeFile } from '../readers/claude/read-claude-file';
import { readTranscriptSync } from '../readers/read-pool/read-transcript-sync';

/**
 * One Claude Code session's parts for the search build, read from its transcript under `root` as
 * the reader reads a session opened (`loadContent`: the whole file, on the build's reader worker,
 * synchronously). False when it was not read whole: gone, not a transcript of this session, or
 * read with issues (its documents are written as far as they go, and it is read again later).
 */
export async function readTranscriptParts(root: string, session: { id: string; file?: string }, onPart: (part: Part) => void): Promise<boolean> {
  const ref = session.file === undefined ? undefined : classifyClaudePath(root, session.file);
  if (!ref) return false;
  const read = await readClaudeFile(ref, root, { read: readTranscriptSync });
  if (read.state !== 'ok' || read.mapped.session.id !== session.id) return false;
  for (const part of read.mapped.parts) onPart(part);
  return read.issues.length === 0;
}
