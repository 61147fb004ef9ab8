import { hierarchy, tree } from 'd3-hierarchy';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import type { SessionTreeNode } from './build-session-tree';

export interface TreeNodeBox {
  id: string;
  session: SessionSummary;
  depth: number;
  /** Top-left corner of the node's box. */
  x: number;
  y: number;
  childCount: number;
  collapsed: boolean;
  /** Descendants not drawn because this node (or one above) is collapsed. */
  hiddenCount: number;
}

export interface TreeLink {
  id: string;
  /** SVG path from the parent's right edge to the child's left edge. */
  path: string;
}

export interface TreeLayout {
  nodes: TreeNodeBox[];
  links: TreeLink[];
  width: number;
  height: number;
}

export interface TreeLayoutOptions {
  nodeWidth: number;
  nodeHeight: number;
  gapX: number;
  gapY: number;
}

export const DEFAULT_TREE_LAYOUT: TreeLayoutOptions = { nodeWidth: 240, nodeHeight: 64, gapX: 48, gapY: 12 };

const descendants = (n: SessionTreeNode): number => n.children.reduce((sum, c) => sum + 1 + descendants(c), 0);

/** Left-to-right tidy tree (d3-hierarchy): depth runs along x, siblings stack along y. */
export function layoutSessionTree(root: SessionTreeNode, collapsed: ReadonlySet<string>, options: TreeLayoutOptions = DEFAULT_TREE_LAYOUT): TreeLayout {
  const { nodeWidth, nodeHeight, gapX, gapY } = options;
  const h = hierarchy(root, (n) => (collapsed.has(n.id) ? null : n.children));
  const laid = tree<SessionTreeNode>()
    .nodeSize([nodeHeight + gapY, nodeWidth + gapX])
    .separation(() => 1)(h);
  let minBreadth = Infinity;
  let maxBreadth = -Infinity;
  let maxDepth = 0;
  laid.each((n) => {
    minBreadth = Math.min(minBreadth, n.x);
    maxBreadth = Math.max(maxBreadth, n.x);
    maxDepth = Math.max(maxDepth, n.depth);
  });
  const top = (breadth: number) => breadth - minBreadth;
  const nodes: TreeNodeBox[] = laid.descendants().map((n) => ({
    id: n.data.id,
    session: n.data.session,
    depth: n.depth,
    x: n.depth * (nodeWidth + gapX),
    y: top(n.x),
    childCount: n.data.children.length,
    collapsed: collapsed.has(n.data.id) && n.data.children.length > 0,
    hiddenCount: collapsed.has(n.data.id) ? descendants(n.data) : 0,
  }));
  const links: TreeLink[] = laid.links().map((l) => {
    const sx = l.source.depth * (nodeWidth + gapX) + nodeWidth;
    const sy = top(l.source.x) + nodeHeight / 2;
    const tx = l.target.depth * (nodeWidth + gapX);
    const ty = top(l.target.x) + nodeHeight / 2;
    const mx = (sx + tx) / 2;
    return { id: `${l.source.data.id}->${l.target.data.id}`, path: `M${sx},${sy}C${mx},${sy} ${mx},${ty} ${tx},${ty}` };
  });
  return { nodes, links, width: (maxDepth + 1) * (nodeWidth + gapX) - gapX, height: maxBreadth - minBreadth + nodeHeight };
}
