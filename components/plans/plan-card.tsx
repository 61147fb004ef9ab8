'use client';
import { Counting } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { RelativeTime } from '@/components/ui/relative-time';
import { useNow } from '@/components/ui/use-now';
import { formatCost } from '@/lib/format/format-cost';
import { formatDuration } from '@/lib/format/format-duration';
import { shortPath } from '@/lib/format/format-path';
import type { PlanWithSessions } from '@/lib/view/api-types';
import { planStatus } from '@/lib/plans/plan-status';
import { planActivityText } from '@/lib/view/plan-activity';
import { hasSections, planAnchor } from '@/lib/view/plan-display';
import { PlanChecklist } from './plan-checklist';
import { PlanProgressBar } from './plan-progress-bar';
import { PlanSessions } from './plan-sessions';
import { PlanStateBadge } from './plan-state-badge';
import { PlanTasks } from './plan-tasks';

/** One boulder work (or a plan file no work names): status, progress, current task, sessions, checklist. */
export function PlanCard({ plan, counting }: { plan: PlanWithSessions; counting: boolean }) {
  const now = useNow();
  const status = planStatus(plan, plan.sessions, now);
  const activity = planActivityText(status, { sessionIDs: plan.work?.sessionIDs, sessions: plan.sessions }, now);
  const work = plan.work;
  const title = (
    <>
      {plan.planName} <PlanStateBadge status={status} />
      {work?.active && work.status !== 'active' ? <span className="chip subtle">boulder&apos;s current work</span> : null}
    </>
  );
  const actions = activity ? (
    <span className="muted small" data-testid="plan-elapsed" title={work && work.startedAt > 0 ? `started ${new Date(work.startedAt).toISOString()}` : undefined}>
      {activity}
    </span>
  ) : null;
  return (
    <Panel id={planAnchor(plan)} className="plan-card" title={title} actions={actions}>
      <div data-testid="plan" data-plan-key={plan.key} data-plan-state={status.phase}>
        {plan.progress ? (
          <>
            <PlanProgressBar progress={plan.progress} label={`${plan.planName}: tasks done`} />
            <p className="plan-current" data-testid="plan-current">
              {plan.progress.current ? (
                <>
                  <span className="muted">{status.openTaskLabel}:</span> {plan.progress.current.text}
                  {plan.progress.current.section && hasSections(plan.progress.items) ? <span className="muted small"> · {plan.progress.current.section}</span> : null}
                </>
              ) : (
                <span className="muted">{plan.progress.total > 0 ? 'Every task is checked off.' : 'The plan has no checkboxes yet.'}</span>
              )}
            </p>
          </>
        ) : (
          <p className="notice notice-warning">{plan.problem ?? 'plan file unreadable'}: progress unknown until it is back.</p>
        )}
        <p className="meta muted">
          {work?.agent ? <>agent {work.agent} · </> : null}
          <span title={plan.planPath}>{shortPath(plan.planPath, 70)}</span>
          {work && work.startedAt > 0 ? (
            <>
              {' '}· started <RelativeTime ms={work.startedAt} />
            </>
          ) : null}
          {work?.updatedAt ? (
            <>
              {' '}· boulder updated <RelativeTime ms={work.updatedAt} />
            </>
          ) : null}
          {work?.elapsedMs !== undefined ? <> · the plugin timed it at {formatDuration(work.elapsedMs)}</> : null}
          {plan.updatedAt ? (
            <>
              {' '}· plan file changed <RelativeTime ms={plan.updatedAt} />
            </>
          ) : null}
          {plan.sessions.some((s) => s.found) ? <> · {counting ? <Counting /> : formatCost(plan.cost)} in sessions</> : null}
        </p>
        {work ? <PlanSessions sessions={plan.sessions} counting={counting} /> : null}
        {work?.tasks ? <PlanTasks tasks={work.tasks} links={plan.taskSessions} now={now} /> : null}
        {plan.progress ? <PlanChecklist progress={plan.progress} /> : null}
      </div>
    </Panel>
  );
}
