import { isLive, type SessionStatus } from '@/lib/status/session-status';
import type { PlanView } from './plan-work';
import { maxOf } from '@/lib/arrays/append-all';

/**
 * What a plan is doing, from the boulder's word and the evidence:
 * - `running`: the boulder says active and one of its sessions is live (busy, waiting on a
 *   subagent or, within the waiting window, on the user);
 * - `idle`: the boulder says active but none of its sessions is live: "last activity <age>", never
 *   "so far";
 * - `completed`: the boulder says completed and every task is checked (or progress is unknown);
 * - `ended-open`: the boulder says completed but tasks are still open: not "Completed" beside 3/4;
 * - `paused`, `abandoned`: as the boulder says; `not-started`: a plan file no boulder work names.
 */
export type PlanPhase = 'running' | 'idle' | 'paused' | 'completed' | 'ended-open' | 'abandoned' | 'not-started';

export interface PlanSessionEvidence {
  status?: { status: SessionStatus };
  lastActivity?: number;
}

export interface PlanStatusView {
  phase: PlanPhase;
  /** "Active", "Idle", "Completed", "Ended · 1 open", ... */
  label: string;
  /**
   * For `idle`: the last activity of any of its sessions (ms). Only sessions count: the plan file's
   * mtime says when the file changed (a copy, a checkout), not when the work was last alive.
   */
  idleSince?: number;
  /** How long the work ran: to now while `running`, else to its end or its sessions' last activity; absent when neither is known. */
  elapsed?: { ms: number; running: boolean };
  /** The first open task is "Next" while the work can go on, "Open" once it ended. */
  openTaskLabel: 'Next' | 'Open';
}

/** One rule for a plan's status, used by the Plans page and the session page's plan line. */
export function planStatus(plan: Pick<PlanView, 'work' | 'progress'>, sessions: readonly PlanSessionEvidence[], now: number): PlanStatusView {
  const work = plan.work;
  if (!work) return { phase: 'not-started', label: 'Not started', openTaskLabel: 'Next' };
  const lastSeen = maxOf(sessions.map((s) => s.lastActivity ?? 0), 0);
  const known = work.startedAt > 0;
  // No span from an end before the start (a session older than the work): "ran 0 ms" says nothing.
  const to = (end: number, running: boolean) => (known && end > work.startedAt ? { elapsed: { ms: end - work.startedAt, running } } : {});
  const open = plan.progress ? plan.progress.total - plan.progress.done : 0;
  switch (work.status) {
    case 'active':
      if (sessions.some((s) => s.status && isLive(s.status.status))) return { phase: 'running', label: 'Active', openTaskLabel: 'Next', ...to(now, true) };
      return { phase: 'idle', label: 'Idle', openTaskLabel: 'Next', ...(lastSeen > 0 ? { idleSince: lastSeen } : {}), ...to(lastSeen, false) };
    case 'completed':
      if (open > 0) return { phase: 'ended-open', label: `Ended · ${open} open`, openTaskLabel: 'Open', ...to(work.endedAt ?? lastSeen, false) };
      return { phase: 'completed', label: 'Completed', openTaskLabel: 'Open', ...to(work.endedAt ?? lastSeen, false) };
    case 'paused':
      return { phase: 'paused', label: 'Paused', openTaskLabel: 'Next', ...to(work.endedAt ?? lastSeen, false) };
    case 'abandoned':
      return { phase: 'abandoned', label: 'Abandoned', openTaskLabel: 'Open', ...to(work.endedAt ?? lastSeen, false) };
  }
}
