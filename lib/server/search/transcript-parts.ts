import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import { classifyClaudePath } from '../readers/claude/claude-files';
import { readClaudeFile } from '../readers/claude/read-claude-file';
import { isRolloutPath } from '../readers/codex/codex-files';
import { readCodexFile } from '../readers/codex/read-codex-file';
import { classifyChatPath } from '../readers/gemini/gemini-files';
import { takeFullOutputs } from '../readers/gemini/gemini-full-outputs';
import { readGeminiFile } from '../readers/gemini/read-gemini-file';
import type { FileRead } from '../readers/pi/file-index';
import { readPiFile } from '../readers/pi/read-pi-file';
import { readTranscriptSync } from '../readers/read-pool/read-transcript-sync';

/** Sources of one session per file, whose changed sessions the search build reads from their files. */
export const TRANSCRIPT_KINDS = ['claude', 'codex', 'gemini', 'pi', 'omp'] as const;
export type TranscriptKind = (typeof TRANSCRIPT_KINDS)[number];
export const isTranscriptKind = (kind: string): kind is TranscriptKind => (TRANSCRIPT_KINDS as readonly string[]).includes(kind);

/** A session of a transcript source, as the build is told of it. */
export interface TranscriptSession {
  id: string;
  /** Its file (the reader's `sessionFile`). */
  file?: string;
  /** pi and oh-my-pi: a subagent's parent session (its file's read takes it). */
  parentID?: string;
}

/** The file read as the source's reader reads a session opened (`loadContent`): undefined for a file not of this source. */
async function readWhole(kind: TranscriptKind, root: string, session: TranscriptSession & { file: string }): Promise<FileRead | undefined> {
  switch (kind) {
    case 'claude': {
      const ref = classifyClaudePath(root, session.file);
      // Synchronously: the build's reader has nothing else to do meanwhile (read-transcript-sync.ts).
      return ref && readClaudeFile(ref, root, { read: readTranscriptSync });
    }
    case 'codex':
      return isRolloutPath(root, session.file) ? readCodexFile(session.file, root) : undefined;
    case 'gemini': {
      const tmp = path.join(root, 'tmp');
      const ref = classifyChatPath(tmp, session.file);
      const read = ref && (await readGeminiFile(ref, root, tmp));
      if (ref && read?.state === 'ok') await takeFullOutputs(read.mapped.parts, { root, tmp, project: ref.project, sessionID: session.id });
      return read;
    }
    case 'pi':
    case 'omp':
      return session.file.endsWith('.jsonl') ? readPiFile({ kind, path: session.file, ...(session.parentID ? { parentID: session.parentID } : {}) }, root) : undefined;
  }
}

/**
 * One session's parts for the search build, from its file under `root` (on the build's reader
 * worker). False when it was not read whole: gone, not this session's file, or read with issues
 * (its documents are written as far as they go, and it is read again at the next start).
 */
export async function readTranscriptParts(kind: TranscriptKind, root: string, session: TranscriptSession, onPart: (part: Part) => void): Promise<boolean> {
  const read = session.file === undefined ? undefined : await readWhole(kind, root, { ...session, file: session.file });
  if (read?.state !== 'ok' || read.mapped.session.id !== session.id) return false;
  for (const part of read.mapped.parts) onPart(part);
  return read.issues.length === 0;
}
