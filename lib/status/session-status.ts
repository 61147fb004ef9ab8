export const SESSION_STATUSES = [
  'busy',
  'retrying',
  'waiting-for-subagents',
  'waiting-for-user',
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
  | { kind: 'subagents'; count: number };

export interface StatusResult {
  status: SessionStatus;
  /** One human sentence: why this status. */
  reason: string;
  activity?: Activity;
  /** Last write seen (ms). */
  lastWrite: number;
}

/** Statuses that mean "something is happening or needs you now". */
export function isLive(status: SessionStatus): boolean {
  return status === 'busy' || status === 'retrying' || status === 'waiting-for-subagents' || status === 'waiting-for-user';
}
