import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SourceKind } from '@/lib/model/source';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { FileIndex, type FileRead } from './pi/file-index';
import { isInside } from './pi/session-files';
import type { NameTarget } from '@/lib/server/watcher/name-watch';
import { emptyChangeSet, type ChangeSet, type SessionContent, type SourceReader } from './read-result';

const CONCURRENCY = 8;

/**
 * A source that keeps one session per file under a root folder (pi, oh-my-pi, Claude Code): read
 * whole at start, then file by file as they change. Subclasses say how files are listed and read.
 */
export abstract class FileSessionReader<Ref extends { path: string }> implements SourceReader {
  abstract readonly kind: SourceKind;
  readonly path: string;
  protected readonly index = new FileIndex();

  constructor(root: string) {
    this.path = path.resolve(root);
  }

  /** Every session file under the root. */
  protected abstract listAll(): Promise<Ref[]>;
  /** The session files under a folder that came or went. */
  protected abstract listUnder(folder: string): Promise<Ref[]>;
  /** The reference of a session file; undefined for anything else (a folder). */
  protected abstract refOf(file: string): Ref | undefined;
  protected abstract readRef(ref: Ref): Promise<FileRead>;

  /** Files whose read depends on this one's (Claude Code: a session's subagents take its cost-state). */
  protected dependentsOf(_ref: Ref, _known: readonly string[]): Ref[] {
    return [];
  }

  /** Files read in ascending order of this, a level at a time (default: all at once). */
  protected readOrder(_ref: Ref): number {
    return 0;
  }

  found(): boolean {
    return existsSync(this.path);
  }

  /** How many folder levels under the root hold session files (the root's own files: 1). */
  protected abstract readonly folderDepth: number;

  watchTargets(): string[] {
    return [];
  }

  /** The root, by name (one system watch per folder, none per transcript): see name-watch.ts. */
  nameTargets(): NameTarget[] {
    return [{ folder: this.path, depth: this.folderDepth }];
  }

  close(): void {}

  async readAll(): Promise<ChangeSet> {
    const refs = await this.listAll();
    const cs = await this.readRefs(refs);
    this.index.removeUnlisted(cs, refs.map((r) => r.path));
    cs.complete = true;
    return cs;
  }

  async readChanged(paths: readonly string[]): Promise<ChangeSet> {
    const targets = new Map<string, Ref>();
    for (const raw of paths) {
      const p = path.resolve(raw);
      if (!isInside(this.path, p)) continue;
      const ref = this.refOf(p);
      if (ref) {
        targets.set(p, ref);
        continue;
      }
      // A folder came or went: what we knew under it, and what is in it now.
      for (const known of this.index.knownFiles()) {
        const knownRef = isInside(p, known) ? this.refOf(known) : undefined;
        if (knownRef) targets.set(known, knownRef);
      }
      for (const listed of await this.listUnder(p)) targets.set(listed.path, listed);
    }
    const known = this.index.knownFiles();
    for (const ref of [...targets.values()]) for (const dep of this.dependentsOf(ref, known)) if (!targets.has(dep.path)) targets.set(dep.path, dep);
    return this.readRefs([...targets.values()]);
  }

  async loadContent(sessionID: string): Promise<SessionContent | undefined> {
    const file = this.index.fileOf(sessionID);
    const ref = file ? this.refOf(file) : undefined;
    if (!ref) return undefined;
    const read = await this.readRef(ref);
    if (read.state !== 'ok' || read.mapped.session.id !== sessionID) return undefined;
    return { parts: read.mapped.parts, todos: [], diffs: [], issues: read.issues };
  }

  private async readRefs(refs: readonly Ref[]): Promise<ChangeSet> {
    const cs = emptyChangeSet();
    const byOrder = new Map<number, Ref[]>();
    for (const ref of refs) byOrder.set(this.readOrder(ref), [...(byOrder.get(this.readOrder(ref)) ?? []), ref]);
    for (const order of [...byOrder.keys()].sort((a, b) => a - b)) {
      const level = byOrder.get(order) ?? [];
      const reads = await mapLimit(level, CONCURRENCY, (ref) => this.readRef(ref));
      level.forEach((ref, i) => {
        const read = reads[i];
        if (read) this.index.take(cs, ref.path, read);
      });
    }
    return cs;
  }
}
