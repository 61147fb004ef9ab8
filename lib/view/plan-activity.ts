import { formatDuration } from '@/lib/format/format-duration';
import { formatRelativeTime } from '@/lib/format/format-time';
import type { PlanStatusView } from '@/lib/plans/plan-status';

export interface PlanActivityInput {
  /** The session ids the boulder names for the work (none for a plan file no work names). */
  sessionIDs?: readonly string[];
  /** Those sessions as the dashboard has them; `found: false` for ids no reader has. */
  sessions: readonly { found: boolean }[];
}

/**
 * The line beside a plan's status badge, from its sessions only: "30 h so far" while one is live,
 * "ran 9 h · last activity 21 h ago" when they went quiet, "ran 2 d" once the work ended, and
 * "no sessions found" when none of them is here (never an age taken from the plan file's mtime,
 * which the card names as such: "plan file changed …"). Undefined for a plan no work names.
 */
export function planActivityText(status: PlanStatusView, plan: PlanActivityInput, now: number): string | undefined {
  if (status.phase === 'not-started') return undefined;
  const parts: string[] = [];
  const elapsed = status.elapsed;
  if (elapsed) parts.push(elapsed.running ? `${formatDuration(elapsed.ms)} so far` : `ran ${formatDuration(elapsed.ms)}`);
  if (status.idleSince) parts.push(`last activity ${formatRelativeTime(status.idleSince, now)}`);
  if (!plan.sessions.some((s) => s.found)) parts.push((plan.sessionIDs?.length ?? 0) === 0 ? 'no sessions recorded' : 'no sessions found');
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
