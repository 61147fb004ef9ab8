import 'server-only';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface SessionFileRef {
  path: string;
  /** Task subagents: `<parent file without .jsonl>/<taskId>.jsonl`; the folder is the only link. */
  parentPath?: string;
}

/** How deep subagent folders nest under a session's folder (a task's subagent may run tasks of its own). */
export const MAX_DEPTH = 8;

/** Session files in one folder and, recursively, the subagent folders under it. */
export async function listSessionFiles(dir: string, parentPath?: string, depth = 0): Promise<SessionFileRef[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const files: SessionFileRef[] = entries
    .filter((e) => e.isFile() && e.name.endsWith('.jsonl'))
    .map((e) => ({ path: path.join(dir, e.name), ...(parentPath ? { parentPath } : {}) }));
  if (depth >= MAX_DEPTH) return files;
  const nested = await Promise.all(
    entries.filter((e) => e.isDirectory()).map((e) => {
      const sub = path.join(dir, e.name);
      return listSessionFiles(sub, `${sub}.jsonl`, depth + 1);
    }),
  );
  return [...files, ...nested.flat()];
}

/** Every session under a sessions root: `<root>/--<cwd-encoded>--/<timestamp>_<id>.jsonl` and subagents. */
export async function listRoot(root: string): Promise<SessionFileRef[]> {
  let entries;
  try {
    entries = await readdir(root, { withFileTypes: true });
  } catch {
    return [];
  }
  const lists = await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => listSessionFiles(path.join(root, e.name))));
  return lists.flat();
}

/** Parent session file of a file under `root` (undefined for a top-level session). */
export function parentPathOf(root: string, file: string): string | undefined {
  const depth = path.relative(root, file).split(path.sep).length;
  return depth > 2 ? `${path.dirname(file)}.jsonl` : undefined;
}

export function isInside(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export function depthOf(p: string): number {
  return p.split(path.sep).length;
}
