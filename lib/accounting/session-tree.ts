import type { SessionInfo } from '@/lib/model/session';

type TreeNode = Pick<SessionInfo, 'id' | 'parentID'>;

/**
 * Maps every session to the top of its subagent tree. A parent that is not loaded (deleted, or in
 * another store) ends the climb, and a parent cycle in corrupt data stops at the repeat.
 */
export function rootSessionIndex(sessions: Iterable<TreeNode>): Map<string, string> {
  const parentOf = new Map<string, string | undefined>();
  for (const s of sessions) parentOf.set(s.id, s.parentID);
  const roots = new Map<string, string>();
  for (const id of parentOf.keys()) {
    const path: string[] = [];
    const seen = new Set<string>();
    let current = id;
    let root: string | undefined;
    for (;;) {
      const known = roots.get(current);
      if (known !== undefined) {
        root = known;
        break;
      }
      path.push(current);
      seen.add(current);
      const parent = parentOf.get(current);
      if (parent === undefined || !parentOf.has(parent) || seen.has(parent)) break;
      current = parent;
    }
    root ??= current;
    for (const p of path) roots.set(p, root);
  }
  return roots;
}

/** The given sessions and everything spawned under them. */
export function subtreeSessionIDs(sessions: Iterable<TreeNode>, ids: Iterable<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const s of sessions) {
    if (s.parentID === undefined) continue;
    const list = children.get(s.parentID) ?? [];
    list.push(s.id);
    children.set(s.parentID, list);
  }
  const out = new Set<string>();
  const queue = [...ids];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (out.has(id)) continue;
    out.add(id);
    for (const child of children.get(id) ?? []) queue.push(child);
  }
  return out;
}
