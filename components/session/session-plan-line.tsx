'use client';
import Link from 'next/link';
import { PlanProgressBar } from '@/components/plans/plan-progress-bar';
import { usePlans } from '@/components/plans/use-plans';
import { useNow } from '@/components/ui/use-now';
import { planStatus } from '@/lib/plans/plan-status';
import { planAnchor, planOfSession } from '@/lib/view/plan-display';

/** "Plan X [bar] 3/5 · active · next: ..." for a session that a boulder work names. */
export function SessionPlanLine({ sessionID }: { sessionID: string }) {
  const plans = usePlans();
  const now = useNow();
  const plan = plans.data ? planOfSession(plans.data.plans, sessionID) : undefined;
  if (!plan) return null;
  const status = planStatus(plan, plan.sessions, now);
  return (
    <div className="meta plan-line" data-testid="session-plan">
      <span>
        Plan <Link href={`/plans#${planAnchor(plan)}`}>{plan.planName}</Link>
      </span>
      {plan.progress ? <PlanProgressBar progress={plan.progress} label={`${plan.planName}: tasks done`} compact /> : null}
      <span className="muted">{status.label.toLowerCase()}</span>
      {plan.progress?.current ? (
        <span className="muted ellipsis plan-next">
          {status.openTaskLabel.toLowerCase()}: {plan.progress.current.text}
        </span>
      ) : null}
    </div>
  );
}
