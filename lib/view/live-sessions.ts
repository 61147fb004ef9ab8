import type { SessionSummary } from '@/lib/sessions/session-summary';
import { isLive, type SessionStatus } from '@/lib/status/session-status';

const ORDER: Partial<Record<SessionStatus, number>> = { 'needs-approval': 0, 'waiting-for-user': 0, retrying: 1, busy: 2, 'waiting-for-subagents': 3 };

/** Sessions that are busy or waiting now: the ones waiting for you first, then by newest write. */
export function liveSessions(sessions: readonly SessionSummary[]): SessionSummary[] {
  return sessions
    .filter((s) => isLive(s.status.status))
    .sort((a, b) => (ORDER[a.status.status] ?? 9) - (ORDER[b.status.status] ?? 9) || b.status.lastWrite - a.status.lastWrite);
}

/** The newest root sessions (subagents show under their parent). */
export function recentRoots(sessions: readonly SessionSummary[], count: number): SessionSummary[] {
  return sessions
    .filter((s) => !s.parentID)
    .sort((a, b) => b.lastActivity - a.lastActivity)
    .slice(0, count);
}
