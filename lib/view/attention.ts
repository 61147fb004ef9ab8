import type { SessionSummary } from '@/lib/sessions/session-summary';
import { needsYou } from '@/lib/status/session-status';
import { describeActivity, statusLabel } from './status-view';

/** A session starting to need you: one notification each, by `key`. */
export interface AttentionEvent {
  key: string;
  sessionID: string;
  title: string;
  body: string;
}

/**
 * The moments sessions started needing you (turn ended, approval asked, error), each with a key
 * that stays the same for the same moment across reloads and later writes (a title or summary
 * written after the turn ended is no new moment): a turn ends once per prompt, an approval or an
 * error belongs to the message it came in.
 */
export function attentionEvents(sessions: readonly SessionSummary[], now: number): AttentionEvent[] {
  return sessions
    .filter((s) => needsYou(s.status, now))
    .map((s) => ({
      key: keyOf(s),
      sessionID: s.id,
      title: `${statusLabel(s.status.status)}: ${s.title || '(untitled session)'}`,
      body: s.status.status === 'error' ? s.status.reason : describeActivity(s.status),
    }));
}

function keyOf(s: SessionSummary): string {
  if (s.status.status === 'waiting-for-user') return `${s.id}|turn-ended|${s.turnCount}`;
  if (s.status.status === 'needs-approval') return `${s.id}|approval|${s.messageCount}|${s.status.reason}`;
  return `${s.id}|${s.status.status}|${s.messageCount}`;
}

/** Keys remembered at most (oldest dropped): enough for days of sessions. */
export const MAX_REMEMBERED = 500;

/** The events not told yet, and the keys to remember after telling them. */
export function untold(events: readonly AttentionEvent[], told: readonly string[]): { fresh: AttentionEvent[]; remember: string[] } {
  const known = new Set(told);
  const fresh = events.filter((e) => !known.has(e.key));
  return { fresh, remember: [...told, ...fresh.map((e) => e.key)].slice(-MAX_REMEMBERED) };
}
