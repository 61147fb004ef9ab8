import { Counting } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { SessionLink } from '@/components/ui/session-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { describeCost } from '@/lib/view/cost-view';
import type { SessionSummary } from '@/lib/sessions/session-summary';

/** `counting`: the store still reads messages, so costs are partial: "counting…", never "$0.00". */
export function ChildrenList({ sessions, counting = false }: { sessions: SessionSummary[]; counting?: boolean }) {
  return (
    <Panel title={`Subagent sessions (${sessions.length})`} id="children">
      <ul className="child-list" data-testid="children-list">
        {sessions.map((s) => (
          <li key={s.id} data-session-id={s.id}>
            <StatusBadge status={s.status} />
            <SessionLink session={s} />
            <span className="muted small">
              {counting ? <Counting /> : <>{s.agents.join(', ')} · {describeCost(s.total).stored}</>}
            </span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
