import { planStatus, type PlanPhase, type PlanSessionEvidence } from '@/lib/plans/plan-status';
import type { PlanView } from '@/lib/plans/plan-work';

export interface PlanCounts {
  /** Works by the one status rule (`planStatus`): the same words as the cards' badges. */
  byPhase: Record<PlanPhase, number>;
  /** Boulder works (plan files no work names are not works). */
  works: number;
  /** Tasks of the works still under way (active or idle): done and in all. */
  tasksDone: number;
  tasksTotal: number;
}

type CountedPlan = Pick<PlanView, 'work' | 'progress'> & { sessions: readonly PlanSessionEvidence[] };

/**
 * The Plans page's figures, by the same rule as each card's badge: a work the boulder calls
 * active whose sessions all went quiet counts as idle, not active.
 */
export function planCounts(plans: readonly CountedPlan[], now: number): PlanCounts {
  const byPhase: Record<PlanPhase, number> = { running: 0, idle: 0, paused: 0, completed: 0, 'ended-open': 0, abandoned: 0, 'not-started': 0 };
  let tasksDone = 0;
  let tasksTotal = 0;
  for (const plan of plans) {
    const phase = planStatus(plan, plan.sessions, now).phase;
    byPhase[phase]++;
    if (phase === 'running' || phase === 'idle') {
      tasksDone += plan.progress?.done ?? 0;
      tasksTotal += plan.progress?.total ?? 0;
    }
  }
  return { byPhase, works: plans.filter((p) => p.work).length, tasksDone, tasksTotal };
}
