import 'server-only';
import { homedir } from 'node:os';
import path from 'node:path';
import { FileSessionReader } from '../file-session-reader';
import type { FileRead } from '../pi/file-index';
import { classifyClaudePath, listClaudeFiles, type ClaudeFileRef } from './claude-files';
import { isAgentFile, metaFileOf, parentFileOf, readClaudeFile } from './read-claude-file';
import { summaryReadPool } from '../read-pool/summary-read-pool';

export function defaultClaudeRoot(): string {
  return path.join(homedir(), '.claude', 'projects');
}

/** Claude Code transcripts (`~/.claude/projects`), read-only. */
export class ClaudeCodeReader extends FileSessionReader<ClaudeFileRef> {
  readonly kind = 'claude' as const;
  /** `<root>/<project>/<session>/subagents/agent-*.jsonl`. */
  protected readonly folderDepth = 4;

  /** Transcripts are parsed on worker threads when many are read at once (a first read). */
  protected override readonly readInPool;

  /** `readWorkers`: false reads every transcript on this thread (the tests compare both). */
  constructor(root: string = defaultClaudeRoot(), { readWorkers = true }: { readWorkers?: boolean } = {}) {
    super(root);
    this.readInPool = readWorkers ? (refs: readonly ClaudeFileRef[]) => summaryReadPool().read(this.path, refs) : undefined;
  }

  protected listAll(): Promise<ClaudeFileRef[]> {
    return listClaudeFiles(this.path);
  }

  protected listUnder(folder: string): Promise<ClaudeFileRef[]> {
    return listClaudeFiles(this.path, folder);
  }

  protected refOf(file: string): ClaudeFileRef | undefined {
    return classifyClaudePath(this.path, file);
  }

  /** A session's subagents are priced with its cost-state: read them again when it changes. */
  protected override dependentsOf(ref: ClaudeFileRef, known: readonly string[]): ClaudeFileRef[] {
    if (ref.parentID || !ref.path.endsWith('.jsonl')) return [];
    const folder = `${ref.path.slice(0, -'.jsonl'.length)}${path.sep}subagents${path.sep}`;
    return known.filter((file) => file.startsWith(folder)).flatMap((file) => this.refOf(file) ?? []);
  }

  /** A subagent's read takes its parent's cost-state and its own `.meta.json`. */
  protected override alsoReads(ref: ClaudeFileRef): string[] {
    const parent = parentFileOf(ref);
    return [...(parent ? [parent] : []), ...(isAgentFile(ref) ? [metaFileOf(ref.path)] : [])];
  }

  protected readRef(ref: ClaudeFileRef): Promise<FileRead> {
    return readClaudeFile(ref, this.path);
  }
}
