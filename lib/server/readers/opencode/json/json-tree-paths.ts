import 'server-only';
import path from 'node:path';

export type TreeRecordKind = 'project' | 'session' | 'message' | 'part' | 'todo' | 'session_diff';

export interface TreePath {
  kind: TreeRecordKind;
  /** The folder key: project id for sessions, session id for messages, message id for parts. */
  folder?: string;
  id: string;
}

/** Classifies a file under `storage/`; anything else (plugin folders, migration) is not ours. */
export function classifyTreePath(storageRoot: string, file: string): TreePath | undefined {
  // The common case (a path the reader joined onto its root) without path.relative's resolving: 100,000 files at start.
  const prefix = storageRoot.endsWith(path.sep) ? storageRoot : `${storageRoot}${path.sep}`;
  const plain = file.startsWith(prefix) && !file.includes(`${path.sep}.`) && !file.includes(`${path.sep}${path.sep}`);
  const rel = plain ? file.slice(prefix.length) : path.relative(storageRoot, file);
  if (rel.startsWith('..') || path.isAbsolute(rel) || !rel.endsWith('.json')) return undefined;
  const segments = rel.split(path.sep);
  const id = (segments.at(-1) ?? '').slice(0, -'.json'.length);
  if (!id) return undefined;
  const [top, folder] = segments;
  if (segments.length === 2) {
    if (top === 'project') return { kind: 'project', id };
    if (top === 'todo') return { kind: 'todo', id };
    if (top === 'session_diff') return { kind: 'session_diff', id };
    return undefined;
  }
  if (segments.length === 3 && folder) {
    if (top === 'session') return { kind: 'session', folder, id };
    if (top === 'message') return { kind: 'message', folder, id };
    if (top === 'part') return { kind: 'part', folder, id };
  }
  return undefined;
}
