import 'server-only';
import { homedir } from 'node:os';
import path from 'node:path';
import { FileSessionReader } from '../file-session-reader';
import { readPiFile, type PiFileRead } from './read-pi-file';
import { depthOf, listRoot, listSessionFiles, parentPathOf, type SessionFileRef } from './session-files';

export type PiKind = 'omp' | 'pi';

export function defaultPiRoot(kind: PiKind): string {
  return path.join(homedir(), kind === 'omp' ? '.omp' : '.pi', 'agent', 'sessions');
}

/** oh-my-pi (`~/.omp`) and pi (`~/.pi`) session files: read-only, migrations in memory. */
export class PiSessionReader extends FileSessionReader<SessionFileRef> {
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
    return readPiFile({ kind: this.kind, path: ref.path, ...(parentID ? { parentID } : {}) }, this.path);
  }
}
