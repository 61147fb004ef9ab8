import 'server-only';
import { planCost } from '@/lib/plans/plan-cost';
import type { PlanView } from '@/lib/plans/plan-work';
import type { SourceKind } from '@/lib/model/source';
import type { StatusResult } from '@/lib/status/session-status';
import type { IndexPhase } from '@/lib/view/index-phase';
import type { ReadIssue } from '../readers/read-result';
import type { Runtime } from '../store/get-store';

export interface PlanSessionLink {
  id: string;
  title?: string;
  firstPrompt?: string;
  status?: StatusResult;
  source?: SourceKind;
  cost?: number;
  /** With its subagent sessions. */
  totalCost?: number;
  lastActivity?: number;
  /** False when no reader has this session (deleted, or another data folder). */
  found: boolean;
}

export interface PlanWithSessions extends PlanView {
  sessions: PlanSessionLink[];
  /** The sessions of the work's tasks (`work.tasks[].sessionID`), each once. */
  taskSessions: PlanSessionLink[];
  /** The work's sessions with their subagents, each counted once; 0 without sessions. */
  cost: number;
}

export interface PlansResponse {
  plans: PlanWithSessions[];
  issues: readonly ReadIssue[];
  /** Project folders searched for boulders (those the sessions name, and `--project` folders). */
  searched: readonly string[];
  /** The first read's phase: until `ready`, session costs are partial sums. */
  index: IndexPhase;
}

/** Plans with their sessions joined to the session index (title, status, cost with subagents). */
export function getPlans(runtime: Pick<Runtime, 'store' | 'plans' | 'followPlans'>): PlansResponse {
  // Asked before the start's put-off work began: the sessions' folders are searched now.
  runtime.followPlans?.();
  const summaries = runtime.store.summaries();
  const lookup = (id: string) => {
    const s = summaries.get(id);
    return s ? { parentID: s.parentID, totalCost: s.total.cost } : undefined;
  };
  const link = (id: string): PlanSessionLink => {
    const s = summaries.get(id);
    return s ? { id, title: s.title, firstPrompt: s.firstPrompt, status: s.status, source: s.source, cost: s.cost, totalCost: s.total.cost, lastActivity: s.lastActivity, found: true } : { id, found: false };
  };
  const plans = runtime.plans.plans.map((plan) => {
    const ids = plan.work?.sessionIDs ?? [];
    const taskIDs = new Set((plan.work?.tasks ?? []).flatMap((t) => (t.sessionID ? [t.sessionID] : [])));
    return { ...plan, sessions: ids.map(link), taskSessions: [...taskIDs].map(link), cost: planCost(ids, lookup) };
  });
  return { plans, issues: runtime.plans.issues, searched: runtime.plans.projectDirs, index: { phase: runtime.store.progress.phase, figuresComplete: runtime.store.progress.figuresComplete } };
}
