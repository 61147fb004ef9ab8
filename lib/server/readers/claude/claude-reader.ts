import 'server-only';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { emptyChangeSet, type ChangeSet, type SessionContent, type SourceReader } from '@/lib/server/readers/read-result';
import { FileIndex } from '../pi/file-index';
import { isInside } from '../pi/session-files';
import { classifyClaudePath, listClaudeFiles, type ClaudeFileRef } from './claude-files';
import { readClaudeFile } from './read-claude-file';

export function defaultClaudeRoot(): string {
  return path.join(homedir(), '.claude', 'projects');
}

const CONCURRENCY = 8;

/** Claude Code transcripts (`~/.claude/projects`), read-only. */
export class ClaudeCodeReader implements SourceReader {
  readonly kind = 'claude' as const;
  readonly path: string;
  private readonly index = new FileIndex();

  constructor(root: string = defaultClaudeRoot()) {
    this.path = path.resolve(root);
  }

  found(): boolean {
    return existsSync(this.path);
  }

  watchTargets(): string[] {
    return [this.path];
  }

  close(): void {}

  async readAll(): Promise<ChangeSet> {
    const refs = await listClaudeFiles(this.path);
    const cs = await this.readRefs(refs);
    this.index.removeUnlisted(cs, refs.map((r) => r.path));
    cs.complete = true;
    return cs;
  }

  async readChanged(paths: readonly string[]): Promise<ChangeSet> {
    const targets = new Map<string, ClaudeFileRef>();
    for (const raw of paths) {
      const p = path.resolve(raw);
      if (!isInside(this.path, p)) continue;
      const ref = classifyClaudePath(this.path, p);
      if (ref) {
        targets.set(p, ref);
        continue;
      }
      // A folder came or went: what we knew under it, and what is in it now.
      for (const known of this.index.knownFiles()) {
        const knownRef = isInside(p, known) ? classifyClaudePath(this.path, known) : undefined;
        if (knownRef) targets.set(known, knownRef);
      }
      for (const listed of await listClaudeFiles(this.path, p)) targets.set(listed.path, listed);
    }
    return this.readRefs([...targets.values()]);
  }

  async loadContent(sessionID: string): Promise<SessionContent | undefined> {
    const file = this.index.fileOf(sessionID);
    const ref = file ? classifyClaudePath(this.path, file) : undefined;
    if (!ref) return undefined;
    const read = await readClaudeFile(ref);
    if (read.state !== 'ok' || read.mapped.session.id !== sessionID) return undefined;
    return { parts: read.mapped.parts, todos: [], diffs: [], issues: read.issues };
  }

  private async readRefs(refs: readonly ClaudeFileRef[]): Promise<ChangeSet> {
    const cs = emptyChangeSet();
    const reads = await mapLimit(refs, CONCURRENCY, (ref) => readClaudeFile(ref));
    refs.forEach((ref, i) => {
      const read = reads[i];
      if (read) this.index.take(cs, ref.path, read);
    });
    return cs;
  }
}
