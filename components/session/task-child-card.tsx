'use client';
import { SessionLink } from '@/components/ui/session-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { useNow } from '@/components/ui/use-now';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { taskCardView } from '@/lib/view/task-card';

/** The subagent a call started: its title and link, what it does now, how long, and what it cost. */
export function TaskChildCard({ child }: { child: SessionSummary }) {
  const now = useNow(1_000);
  const view = taskCardView(child, now);
  return (
    <div className="task-child" data-testid="task-child" data-child-id={child.id} data-live={view.live ? 'yes' : 'no'}>
      <StatusBadge status={child.status} />
      <SessionLink session={{ id: child.id, title: view.title }} className="task-child-title" />
      <span className="task-child-activity" data-testid="task-child-activity">
        {view.activity}
      </span>
      <span className="muted small">
        {view.elapsed} · {view.tokens} · {view.cost}
        {view.subagents > 0 ? ` · with ${view.subagents} subagent${view.subagents === 1 ? '' : 's'}` : ''}
      </span>
    </div>
  );
}
