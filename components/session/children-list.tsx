import { Panel } from '@/components/ui/panel';
import { SessionLink } from '@/components/ui/session-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatCost } from '@/lib/format/format-cost';
import type { SessionSummary } from '@/lib/sessions/session-summary';

export function ChildrenList({ sessions }: { sessions: SessionSummary[] }) {
  return (
    <Panel title={`Subagent sessions (${sessions.length})`} id="children">
      <ul className="child-list" data-testid="children-list">
        {sessions.map((s) => (
          <li key={s.id} data-session-id={s.id}>
            <StatusBadge status={s.status} />
            <SessionLink session={s} />
            <span className="muted small">
              {s.agents.join(', ')} · {formatCost(s.total.cost)}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
