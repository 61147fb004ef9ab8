import { formatDuration } from '@/lib/format/format-duration';
import type { StatusResult } from './session-status';

/** A permission request OpenCode's server holds for a session (the person has not answered yet). */
export interface PendingApproval {
  id: string;
  /** What is asked for: `bash`, `edit`, `webfetch`... */
  permission: string;
  /** The concrete request, e.g. the command line `ls -la`. */
  patterns: string[];
  /** When Sessionscope first heard of it (ms). */
  at: number;
}

/** What OpenCode's own server says about one session right now (never stored on disk). */
export interface LiveSessionState {
  /** The server's session status and when it was heard (ms, our clock). */
  server?: { type: 'busy' | 'retry' | 'idle'; attempt?: number; message?: string; at: number };
  approvals: readonly PendingApproval[];
}

/** Lets a write on disk newer than what the server said by this much win over it. */
const DISK_NEWER_MS = 1_500;
/**
 * A server's word this long after the disk's last write contradicts a session the disk shows
 * over (a real approval or turn writes its message first): it is shown, saying whose word it is.
 */
export const SERVER_ONLY_AFTER_MS = 30 * 60_000;

function serverOnly(result: StatusResult, heardAt: number, disk: StatusResult): StatusResult {
  const quiet = heardAt - disk.lastWrite;
  if (!(quiet > SERVER_ONLY_AFTER_MS)) return result;
  return { ...result, reason: `${result.reason} (only OpenCode's server says so: nothing was written for ${formatDuration(quiet)})` };
}

/**
 * The disk's status, corrected by what OpenCode's server says now. The disk stays the record: the
 * server only adds what the disk cannot say (an approval waiting for the person, a retry, a turn
 * that started but has written nothing yet, a long tool call that is alive though quiet), and a
 * write on disk newer than the server's word wins over it.
 */
export function applyLiveStatus(disk: StatusResult, live: LiveSessionState | undefined): StatusResult {
  if (!live) return disk;
  const approval = live.approvals[0];
  if (approval) {
    const pattern = approval.patterns.join(' ') || undefined;
    const asked: StatusResult = {
      status: 'needs-approval',
      reason: `Needs your approval: ${approval.permission}${pattern ? ` ${pattern}` : ''}`,
      activity: { kind: 'approval', permission: approval.permission, pattern },
      lastWrite: disk.lastWrite,
    };
    return serverOnly(asked, approval.at, disk);
  }
  const server = live.server;
  if (!server || server.at + DISK_NEWER_MS < disk.lastWrite) return disk;
  if (server.type === 'retry') {
    const attempt = server.attempt ? ` (attempt ${server.attempt})` : '';
    return serverOnly({ status: 'retrying', reason: `The provider failed; OpenCode is retrying${attempt}${server.message ? `: ${server.message}` : ''}`, lastWrite: disk.lastWrite }, server.at, disk);
  }
  if (server.type === 'busy' && (disk.status === 'waiting-for-user' || disk.status === 'idle' || disk.status === 'stale' || disk.status === 'error')) {
    return serverOnly({ status: 'busy', reason: 'OpenCode is working on it (its server says busy)', activity: { kind: 'thinking' }, lastWrite: disk.lastWrite }, server.at, disk);
  }
  return disk;
}

/** A parent whose subagent waits for an approval waits for it too. */
export function withChildApproval(own: StatusResult, children: readonly StatusResult[]): StatusResult {
  if (own.status === 'needs-approval') return own;
  const child = children.find((c) => c.status === 'needs-approval');
  if (!child) return own;
  return { ...child, reason: `A subagent ${child.reason.charAt(0).toLowerCase()}${child.reason.slice(1)}`, lastWrite: own.lastWrite };
}
