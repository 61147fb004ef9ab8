import 'server-only';
import type { PlanView } from '@/lib/plans/plan-work';
import type { ReadIssue } from '../readers/read-result';
import type { Runtime } from '../store/get-store';

export interface PlanSessionLink {
  id: string;
  title?: string;
  status?: string;
  cost?: number;
  totalCost?: number;
  found: boolean;
}

export interface PlanWithSessions extends PlanView {
  sessions: PlanSessionLink[];
}

/** Plans with their sessions joined to the session index (title, status, cost with subagents). */
export function getPlans(runtime: Pick<Runtime, 'store' | 'plans'>): { plans: PlanWithSessions[]; issues: readonly ReadIssue[] } {
  const summaries = runtime.store.summaryMap();
  const plans = runtime.plans.plans.map((plan) => ({
    ...plan,
    sessions: (plan.work?.sessionIDs ?? []).map((id): PlanSessionLink => {
      const s = summaries.get(id);
      return s ? { id, title: s.title, status: s.status.status, cost: s.cost, totalCost: s.total.cost, found: true } : { id, found: false };
    }),
  }));
  return { plans, issues: runtime.plans.issues };
}
