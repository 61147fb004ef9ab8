'use client';
import Link from 'next/link';
import { PlanProgressBar } from '@/components/plans/plan-progress-bar';
import { usePlans } from '@/components/plans/use-plans';
import { planAnchor, planOfSession, planState, planStateLabel } from '@/lib/view/plan-display';

/** "Plan X [bar] 3/5 · active · next: ..." for a session that a boulder work names. */
export function SessionPlanLine({ sessionID }: { sessionID: string }) {
  const plans = usePlans();
  const plan = plans.data ? planOfSession(plans.data.plans, sessionID) : undefined;
  if (!plan) return null;
  return (
    <div className="meta plan-line" data-testid="session-plan">
      <span>
        Plan <Link href={`/plans#${planAnchor(plan)}`}>{plan.planName}</Link>
      </span>
      {plan.progress ? <PlanProgressBar progress={plan.progress} label={`${plan.planName}: tasks done`} compact /> : null}
      <span className="muted">{planStateLabel(planState(plan)).toLowerCase()}</span>
      {plan.progress?.current ? <span className="muted ellipsis plan-next">next: {plan.progress.current.text}</span> : null}
    </div>
  );
}
