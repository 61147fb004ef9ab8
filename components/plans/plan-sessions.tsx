import { Counting } from '@/components/ui/loading';
import { SessionLink } from '@/components/ui/session-link';
import { SourceBadge } from '@/components/ui/source-badge';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatCost } from '@/lib/format/format-cost';
import type { PlanSessionLink } from '@/lib/view/api-types';

/** The work's sessions with status and cost (with subagents); ids no reader has are listed as such. */
export function PlanSessions({ sessions, counting }: { sessions: readonly PlanSessionLink[]; counting: boolean }) {
  if (sessions.length === 0) return <p className="muted small">No sessions recorded for this work.</p>;
  return (
    <ul className="child-list plan-sessions">
      {sessions.map((s) =>
        s.found ? (
          <li key={s.id} data-session-id={s.id}>
            {s.status ? <StatusBadge status={s.status} /> : null}
            {s.source ? <SourceBadge source={s.source} /> : null}
            <SessionLink session={{ id: s.id, title: s.title ?? '', firstPrompt: s.firstPrompt }} />
            <span className="muted small num" data-testid="plan-session-cost" title={s.cost !== undefined ? `${formatCost(s.cost)} without subagents` : undefined}>
              {counting ? <Counting /> : formatCost(s.totalCost ?? 0)}
            </span>
          </li>
        ) : (
          <li key={s.id} data-session-id={s.id} className="muted small" title="No data folder Sessionscope reads has this session">
            <code>{s.id}</code> not found
          </li>
        ),
      )}
    </ul>
  );
}
