import { maxOf } from '@/lib/arrays/append-all';
import type { SessionTreeNode } from './build-session-tree';
import type { TreeLayout, TreeNodeBox } from './layout-session-tree';

export interface IndentedTreeOptions {
  /** The width the tree has (a phone's panel): nodes take it less their indent. */
  width: number;
  nodeHeight: number;
  indent: number;
  gapY: number;
}

const descendants = (n: SessionTreeNode): number => n.children.reduce((sum, c) => sum + 1 + descendants(c), 0);

/**
 * Top-to-bottom, one node a row, each level indented: on a phone a left-to-right tree ran past the
 * panel's right edge at its first subagent. Every node is as wide as the deepest one can be.
 */
export function layoutIndentedTree(root: SessionTreeNode, collapsed: ReadonlySet<string>, options: IndentedTreeOptions): TreeLayout & { nodeWidth: number } {
  const { width, nodeHeight, indent, gapY } = options;
  const rows: { node: SessionTreeNode; depth: number; parentRow?: number }[] = [];
  const visit = (node: SessionTreeNode, depth: number, parentRow?: number) => {
    const row = rows.push({ node, depth, parentRow }) - 1;
    if (!collapsed.has(node.id)) for (const child of node.children) visit(child, depth + 1, row);
  };
  visit(root, 0);
  const maxDepth = maxOf(rows.map((r) => r.depth), 0);
  const nodeWidth = Math.max(160, width - maxDepth * indent);
  const top = (row: number) => row * (nodeHeight + gapY);
  const nodes: TreeNodeBox[] = rows.map((r, row) => ({
    id: r.node.id,
    session: r.node.session,
    depth: r.depth,
    x: r.depth * indent,
    y: top(row),
    childCount: r.node.children.length,
    collapsed: collapsed.has(r.node.id) && r.node.children.length > 0,
    hiddenCount: collapsed.has(r.node.id) ? descendants(r.node) : 0,
  }));
  const links = rows.flatMap((r, row) => {
    if (r.parentRow === undefined) return [];
    const x = (r.depth - 1) * indent + indent / 2;
    return [{ id: `${rows[r.parentRow]!.node.id}->${r.node.id}`, path: `M${x},${top(r.parentRow) + nodeHeight}V${top(row) + nodeHeight / 2}H${r.depth * indent}` }];
  });
  return { nodes, links, width: maxDepth * indent + nodeWidth, height: top(rows.length) - gapY, nodeWidth };
}
