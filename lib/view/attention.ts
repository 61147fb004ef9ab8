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
  // Not the approval's text: a server that rewrites it every second is still one moment.
  if (s.status.status === 'needs-approval') return `${s.id}|approval|${s.messageCount}`;
  return `${s.id}|${s.status.status}|${s.messageCount}`;
}

/** Keys remembered at most (oldest dropped): enough for days of sessions. */
export const MAX_REMEMBERED = 500;

/** Notifications made at most per refresh of the list: a burst (a flood) is cut, each of its moments remembered as told. */
export const MAX_TOLD_AT_ONCE = 3;

/** The events not told yet (one per session, a few at most), and the keys to remember after telling them. */
export function untold(events: readonly AttentionEvent[], told: readonly string[]): { fresh: AttentionEvent[]; remember: string[] } {
  const known = new Set(told);
  const unseen = events.filter((e) => !known.has(e.key));
  const sessions = new Set<string>();
  const fresh = unseen.filter((e) => !sessions.has(e.sessionID) && sessions.add(e.sessionID).size <= MAX_TOLD_AT_ONCE);
  return { fresh, remember: [...told, ...unseen.map((e) => e.key)].slice(-MAX_REMEMBERED) };
}
