import 'server-only';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { emptyChangeSet, type ChangeSet, type SessionContent, type SourceReader } from '@/lib/server/readers/read-result';
import { mapLimit } from '@/lib/server/fs/map-limit';
import { FileIndex } from './file-index';
import { readPiFile, type PiFileRead } from './read-pi-file';
import { depthOf, isInside, listRoot, listSessionFiles, parentPathOf, type SessionFileRef } from './session-files';

export type PiKind = 'omp' | 'pi';

export function defaultPiRoot(kind: PiKind): string {
  return path.join(homedir(), kind === 'omp' ? '.omp' : '.pi', 'agent', 'sessions');
}

const CONCURRENCY = 8;

/** oh-my-pi (`~/.omp`) and pi (`~/.pi`) session files: read-only, migrations in memory. */
export class PiSessionReader implements SourceReader {
  readonly path: string;
  private readonly index = new FileIndex();

  constructor(
    readonly kind: PiKind = 'omp',
    root: string = defaultPiRoot(kind),
  ) {
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
    const refs = await listRoot(this.path);
    const cs = await this.readRefs(refs);
    this.index.removeUnlisted(cs, refs.map((r) => r.path));
    cs.complete = true;
    return cs;
  }

  async readChanged(paths: readonly string[]): Promise<ChangeSet> {
    const targets = new Map<string, SessionFileRef>();
    const add = (p: string) => {
      const parentPath = parentPathOf(this.path, p);
      targets.set(p, { path: p, ...(parentPath ? { parentPath } : {}) });
    };
    for (const raw of paths) {
      const p = path.resolve(raw);
      if (!isInside(this.path, p)) continue;
      if (p.endsWith('.jsonl')) add(p);
      else {
        // A folder was added or removed: everything known under it, and everything now in it.
        for (const known of this.index.knownFiles()) if (isInside(p, known)) add(known);
        const listed = p === this.path ? await listRoot(p) : await listSessionFiles(p);
        for (const ref of listed) add(ref.path);
      }
    }
    return this.readRefs([...targets.values()]);
  }

  async loadContent(sessionID: string): Promise<SessionContent | undefined> {
    const file = this.index.fileOf(sessionID);
    if (!file) return undefined;
    const read = await this.readOne({ path: file, ...(parentPathOf(this.path, file) ? { parentPath: parentPathOf(this.path, file) } : {}) });
    if (read.state !== 'ok' || read.mapped.session.id !== sessionID) return undefined;
    return { parts: read.mapped.parts, todos: [], diffs: [], issues: read.issues };
  }

  /** Parents before children, so a subagent finds its parent's session id in the index. */
  private async readRefs(refs: readonly SessionFileRef[]): Promise<ChangeSet> {
    const cs = emptyChangeSet();
    const byDepth = new Map<number, SessionFileRef[]>();
    for (const ref of refs) byDepth.set(depthOf(ref.path), [...(byDepth.get(depthOf(ref.path)) ?? []), ref]);
    for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
      const level = byDepth.get(depth) ?? [];
      const reads = await mapLimit(level, CONCURRENCY, (ref) => this.readOne(ref));
      level.forEach((ref, i) => {
        const read = reads[i];
        if (read) this.index.take(cs, ref.path, read);
      });
    }
    return cs;
  }

  private async readOne(ref: SessionFileRef): Promise<PiFileRead> {
    let parentID = ref.parentPath ? this.index.sessionOf(ref.parentPath) : undefined;
    if (ref.parentPath && !parentID) {
      const parent = await readPiFile({ kind: this.kind, path: ref.parentPath });
      if (parent.state === 'ok') parentID = parent.mapped.session.id;
    }
    return readPiFile({ kind: this.kind, path: ref.path, ...(parentID ? { parentID } : {}) });
  }
}
