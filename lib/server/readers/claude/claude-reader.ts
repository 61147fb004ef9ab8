import 'server-only';
import { homedir } from 'node:os';
import path from 'node:path';
import { FileSessionReader } from '../file-session-reader';
import type { FileRead } from '../pi/file-index';
import { classifyClaudePath, listClaudeFiles, type ClaudeFileRef } from './claude-files';
import { readClaudeFile } from './read-claude-file';

export function defaultClaudeRoot(): string {
  return path.join(homedir(), '.claude', 'projects');
}

/** Claude Code transcripts (`~/.claude/projects`), read-only. */
export class ClaudeCodeReader extends FileSessionReader<ClaudeFileRef> {
  readonly kind = 'claude' as const;
  /** `<root>/<project>/<session>/subagents/agent-*.jsonl`. */
  protected readonly folderDepth = 4;

  constructor(root: string = defaultClaudeRoot()) {
    super(root);
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

  protected readRef(ref: ClaudeFileRef): Promise<FileRead> {
    return readClaudeFile(ref, this.path);
  }
}
