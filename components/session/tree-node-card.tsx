import Link from 'next/link';
import { sessionHref } from '@/components/ui/session-link';
import { SessionTitle } from '@/components/ui/session-title';
import { describeCost } from '@/lib/view/cost-view';
import type { TreeNodeBox } from '@/lib/tree/layout-session-tree';
import { statusLabel, statusTone } from '@/lib/view/status-view';

interface Props {
  node: TreeNodeBox;
  current: boolean;
  onToggle: (id: string) => void;
  width: number;
  height: number;
}

export function TreeNodeCard({ node, current, onToggle, width, height }: Props) {
  const s = node.session;
  const agent = s.agents.at(-1) ?? 'agent';
  return (
    <div className={`tree-node${current ? ' current' : ''}`} style={{ left: node.x, top: node.y, width, height }} data-tree-node={s.id}>
      <div className="tree-node-head">
        <span className={`dot tone-${statusTone(s.status.status)}`} title={`${statusLabel(s.status.status)}: ${s.status.reason}`} />
        <span className="chip">{agent}</span>
        <span className="tree-cost" title="Cost with descendants">
          {describeCost(s.total).stored}
        </span>
        {node.childCount > 0 ? (
          <button type="button" className="tree-toggle" onClick={() => onToggle(s.id)} aria-expanded={!node.collapsed} title={node.collapsed ? 'Show subagents' : 'Hide subagents'}>
            {node.collapsed ? `+${node.hiddenCount}` : '−'}
          </button>
        ) : null}
      </div>
      {current ? (
        <span className="tree-title" title={s.title}>
          <SessionTitle session={s} />
        </span>
      ) : (
        <Link href={sessionHref(s.id)} className="tree-title" title={s.title}>
          <SessionTitle session={s} />
        </Link>
      )}
    </div>
  );
}
