import type { SessionSummary } from '@/lib/sessions/session-summary';

export interface SessionTreeNode {
  id: string;
  session: SessionSummary;
  children: SessionTreeNode[];
}

/**
 * The tree under `rootID` from a flat list (children by creation time). Parent links that loop are
 * cut, so every session appears once. Undefined when the root is not in the list.
 */
export function buildSessionTree(rootID: string, sessions: readonly SessionSummary[]): SessionTreeNode | undefined {
  const byID = new Map(sessions.map((s) => [s.id, s]));
  const childrenOf = new Map<string, SessionSummary[]>();
  for (const s of sessions) {
    if (!s.parentID) continue;
    const list = childrenOf.get(s.parentID);
    if (list) list.push(s);
    else childrenOf.set(s.parentID, [s]);
  }
  const root = byID.get(rootID);
  if (!root) return undefined;
  const seen = new Set<string>();
  const build = (s: SessionSummary): SessionTreeNode => {
    seen.add(s.id);
    const kids = (childrenOf.get(s.id) ?? []).filter((c) => !seen.has(c.id)).sort((a, b) => a.time.created - b.time.created || (a.id < b.id ? -1 : 1));
    for (const k of kids) seen.add(k.id);
    return { id: s.id, session: s, children: kids.map(build) };
  };
  return build(root);
}

/** Ids from the root down to `id` (empty when `id` is not in the tree). */
export function pathTo(node: SessionTreeNode, id: string): string[] {
  if (node.id === id) return [id];
  for (const child of node.children) {
    const below = pathTo(child, id);
    if (below.length > 0) return [node.id, ...below];
  }
  return [];
}

export function countNodes(node: SessionTreeNode): number {
  return 1 + node.children.reduce((n, c) => n + countNodes(c), 0);
}

/**
 * Nodes to start collapsed so that at most `maxVisible` nodes show: deeper levels fold first.
 * The root never folds.
 */
export function defaultCollapsed(root: SessionTreeNode, maxVisible = 40): Set<string> {
  const levels: SessionTreeNode[][] = [];
  const walk = (n: SessionTreeNode, depth: number) => {
    (levels[depth] ??= []).push(n);
    n.children.forEach((c) => walk(c, depth + 1));
  };
  walk(root, 0);
  const collapsed = new Set<string>();
  let visible = levels.reduce((n, l) => n + l.length, 0);
  for (let depth = levels.length - 2; depth >= 1 && visible > maxVisible; depth--) {
    for (const node of levels[depth] ?? []) {
      if (node.children.length === 0) continue;
      collapsed.add(node.id);
    }
    visible = levels.slice(0, depth + 1).reduce((n, l) => n + l.length, 0);
  }
  return collapsed;
}
