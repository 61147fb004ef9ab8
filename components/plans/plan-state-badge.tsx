import type { PlanStatusView } from '@/lib/plans/plan-status';
import { planPhaseTone, planStatusTitle } from '@/lib/view/plan-display';

export function PlanStateBadge({ status }: { status: PlanStatusView }) {
  return (
    <span className={`badge tone-${planPhaseTone(status.phase)}`} data-plan-state={status.phase} title={planStatusTitle(status)}>
      <span className="dot" aria-hidden />
      {status.label}
    </span>
  );
}
