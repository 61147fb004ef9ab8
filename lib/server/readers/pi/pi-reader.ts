import 'server-only';
import { homedir } from 'node:os';
import path from 'node:path';
import type { Part } from '@/lib/model/part';
import { FileSessionReader } from '../file-session-reader';
import { readPiFile, type PiFileRead } from './read-pi-file';
import { depthOf, listRoot, listSessionFiles, MAX_DEPTH, parentPathOf, type SessionFileRef } from './session-files';

export type PiKind = 'omp' | 'pi';

export function defaultPiRoot(kind: PiKind): string {
  return path.join(homedir(), kind === 'omp' ? '.omp' : '.pi', 'agent', 'sessions');
}

/** oh-my-pi (`~/.omp`) and pi (`~/.pi`) session files: read-only, migrations in memory. */
export class PiSessionReader extends FileSessionReader<SessionFileRef> {
  /** The root, a folder per working directory, then subagent folders. */
  protected readonly folderDepth = 2 + MAX_DEPTH;

  constructor(
    readonly kind: PiKind = 'omp',
    root: string = defaultPiRoot(kind),
  ) {
    super(root);
  }

  protected listAll(): Promise<SessionFileRef[]> {
    return listRoot(this.path);
  }

  protected listUnder(folder: string): Promise<SessionFileRef[]> {
    return folder === this.path ? listRoot(folder) : listSessionFiles(folder);
  }

  protected refOf(file: string): SessionFileRef | undefined {
    if (!file.endsWith('.jsonl')) return undefined;
    const parentPath = parentPathOf(this.path, file);
    return { path: file, ...(parentPath ? { parentPath } : {}) };
  }

  /** A subagent's read takes its parent's session id. (A task call's link to its subagent is in its part, read with the session's content: not in the index.) */
  protected override alsoReads(ref: SessionFileRef): string[] {
    return ref.parentPath ? [ref.parentPath] : [];
  }

  /** Parents before children, so a subagent finds its parent's session id in the index. */
  protected override readOrder(ref: SessionFileRef): number {
    return depthOf(ref.path);
  }

  protected async readRef(ref: SessionFileRef): Promise<PiFileRead> {
    let parentID = ref.parentPath ? this.index.sessionOf(ref.parentPath) : undefined;
    if (ref.parentPath && !parentID) {
      const parent = await readPiFile({ kind: this.kind, path: ref.parentPath }, this.path);
      if (parent.state === 'ok') parentID = parent.mapped.session.id;
    }
    const read = await readPiFile({ kind: this.kind, path: ref.path, ...(parentID ? { parentID } : {}) }, this.path);
    if (read.state === 'ok') await this.linkTaskChildren(ref.path, read.mapped.parts);
    return read;
  }

  /**
   * A task call's result names its subagents (`results[].id`; oh-my-pi 18.3's tasks run in the
   * background and its result lists them under `progress[].id`), whose files are
   * `<this file without .jsonl>/<id>.jsonl`: the call links the first one's session.
   */
  private async linkTaskChildren(file: string, parts: readonly Part[]): Promise<void> {
    for (const part of parts) {
      if (part.type !== 'tool') continue;
      const first = firstTaskID(part.metadata?.results) ?? firstTaskID(part.metadata?.progress);
      if (typeof first !== 'string' || !/^[\w.-]+$/.test(first)) continue;
      const child = path.join(file.slice(0, -'.jsonl'.length), `${first}.jsonl`);
      let childID = this.index.sessionOf(child);
      if (!childID) {
        const read = await readPiFile({ kind: this.kind, path: child }, this.path);
        if (read.state === 'ok') childID = read.mapped.session.id;
      }
      if (childID) part.childSessionID = childID;
    }
  }
}

function firstTaskID(list: unknown): unknown {
  return Array.isArray(list) ? (list[0] as { id?: unknown } | undefined)?.id : undefined;
}
