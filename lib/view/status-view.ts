import type { SessionStatus, StatusResult } from '@/lib/status/session-status';
import { shortPath } from '@/lib/format/format-path';

export type StatusTone = 'active' | 'attention' | 'warning' | 'danger' | 'muted' | 'quiet';

const LABELS: Record<SessionStatus, string> = {
  busy: 'Busy',
  retrying: 'Retrying',
  'waiting-for-subagents': 'Waiting for subagents',
  'waiting-for-user': 'Waiting for you',
  'needs-approval': 'Needs your approval',
  error: 'Error',
  stale: 'Stale',
  idle: 'Idle',
};

const TONES: Record<SessionStatus, StatusTone> = {
  busy: 'active',
  retrying: 'warning',
  'waiting-for-subagents': 'active',
  'waiting-for-user': 'attention',
  'needs-approval': 'attention',
  error: 'danger',
  stale: 'muted',
  idle: 'quiet',
};

export function statusLabel(status: SessionStatus): string {
  return LABELS[status] ?? status;
}

export function statusTone(status: SessionStatus): StatusTone {
  return TONES[status] ?? 'quiet';
}

/** What a live session is doing, in a few words: "running bash: npm test", "thinking", "waiting for you". */
export function describeActivity(status: StatusResult): string {
  const a = status.activity;
  if (status.status === 'waiting-for-user') return 'waiting for you';
  if (a?.kind === 'approval') return a.pattern ? `needs your approval: ${a.permission} ${shortPath(a.pattern, 80)}` : `needs your approval: ${a.permission}`;
  if (status.status === 'retrying') return 'retrying after a provider error';
  if (!a) return status.reason.toLowerCase();
  switch (a.kind) {
    case 'tool':
      return a.arg ? `running ${a.tool}: ${shortPath(a.arg, 80)}` : `running ${a.tool}`;
    case 'thinking':
      return 'thinking';
    case 'writing':
      return 'writing a reply';
    case 'subagents':
      return `waiting for ${a.count} subagent${a.count === 1 ? '' : 's'}`;
  }
}
