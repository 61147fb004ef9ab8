'use client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { plural } from '@/lib/format/plural';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { buildSessionTree, countNodes, defaultCollapsed, pathTo } from '@/lib/tree/build-session-tree';
import { DEFAULT_TREE_LAYOUT, layoutSessionTree } from '@/lib/tree/layout-session-tree';
import { layoutIndentedTree } from '@/lib/tree/layout-indented-tree';
import { useNarrow } from '@/components/ui/use-narrow';
import { TreeNodeCard } from './tree-node-card';
import { useSessionTree } from './use-session-tree';

export function SubagentTree({ session }: { session: SessionSummary }) {
  const subtree = useSessionTree(session.id);
  const root = useMemo(() => (subtree.data ? buildSessionTree(subtree.data.rootID, subtree.data.sessions) : undefined), [subtree.data]);
  const [toggled, setToggled] = useState<ReadonlySet<string>>(() => new Set());
  const collapsed = useMemo(() => {
    if (!root) return new Set<string>();
    // Start from the default folding; each click flips one node.
    const out = new Set(defaultCollapsed(root));
    // The way down to the session on this page stays open.
    for (const id of pathTo(root, session.id)) out.delete(id);
    for (const id of toggled) if (out.has(id)) out.delete(id);
    else out.add(id);
    return out;
  }, [root, toggled, session.id]);
  // On a phone, one node a row, indented, as wide as the panel (a left-to-right tree ran off its edge).
  const narrow = useNarrow();
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setBoxWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, [narrow, root]);
  const layout = useMemo(() => {
    if (!root) return undefined;
    if (narrow && boxWidth > 0) return layoutIndentedTree(root, collapsed, { width: boxWidth - 8, nodeHeight: DEFAULT_TREE_LAYOUT.nodeHeight, indent: 20, gapY: 8 });
    return { ...layoutSessionTree(root, collapsed), nodeWidth: DEFAULT_TREE_LAYOUT.nodeWidth };
  }, [root, collapsed, narrow, boxWidth]);
  const toggle = (id: string) =>
    setToggled((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Panel title={`Subagent tree${root ? ` · ${plural(countNodes(root) - 1, 'subagent session')}${subtree.data?.truncated ? ' (first shown)' : ''}` : ''}`} id="subagent-tree">
      {subtree.error ? <ErrorState what="subagent sessions" error={subtree.error} /> : null}
      {!subtree.data && !subtree.error ? <Loading what="subagent sessions" /> : null}
      {/* Focusable so keyboard users can scroll a tree wider or taller than its box. */}
      {layout ? (
        <div className="tree-scroll" data-testid="subagent-tree" tabIndex={0} role="group" aria-label="Subagent tree" ref={box}>
          <div className="tree-canvas" style={{ width: layout.width, height: layout.height }}>
            <svg width={layout.width} height={layout.height} className="tree-links" aria-hidden>
              {layout.links.map((l) => (
                <path key={l.id} d={l.path} />
              ))}
            </svg>
            {layout.nodes.map((n) => (
              <TreeNodeCard key={n.id} node={n} current={n.id === session.id} onToggle={toggle} width={layout.nodeWidth} height={DEFAULT_TREE_LAYOUT.nodeHeight} />
            ))}
          </div>
        </div>
      ) : null}
    </Panel>
  );
}
