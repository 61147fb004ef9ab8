export const SESSION_STATUSES = [
  'busy',
  'retrying',
  'waiting-for-subagents',
  'waiting-for-user',
  'needs-approval',
  'error',
  'stale',
  'idle',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** What a busy session is doing right now. */
export type Activity =
  | { kind: 'tool'; tool: string; arg?: string }
  | { kind: 'thinking' }
  | { kind: 'writing' }
  | { kind: 'subagents'; count: number }
  /** A tool call waits for the person's approval (known only from OpenCode's server). */
  | { kind: 'approval'; permission: string; pattern?: string };

export interface StatusResult {
  status: SessionStatus;
  /** One human sentence: why this status. */
  reason: string;
  activity?: Activity;
  /** Last write seen (ms). */
  lastWrite: number;
}

/** Whether a value read from elsewhere (a database row) is one of the statuses. */
export function isSessionStatus(v: unknown): v is SessionStatus {
  return typeof v === 'string' && (SESSION_STATUSES as readonly string[]).includes(v);
}

/** Statuses that mean "something is happening or needs you now". */
export function isLive(status: SessionStatus): boolean {
  return status === 'busy' || status === 'retrying' || status === 'waiting-for-subagents' || status === 'waiting-for-user' || status === 'needs-approval';
}

/** How long a session that ended in an error counts as needing you (as long as a turn that ended). */
export const ERROR_NEEDS_YOU_MS = 2 * 60 * 60_000;

/** "Needs you": the turn ended, a tool call waits for approval, or it just failed. */
export function needsYou(status: StatusResult, now: number): boolean {
  if (status.status === 'waiting-for-user' || status.status === 'needs-approval') return true;
  return status.status === 'error' && now - status.lastWrite <= ERROR_NEEDS_YOU_MS;
}
