import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { SessionStatus, StatusResult } from './session-status';
import { STALE_AFTER_MS, WAITING_FOR_USER_WINDOW_MS } from './thresholds';

export interface StatusInput {
  /** The session's newest message (by creation time), if any. */
  last?: MessageInfo;
  /** Parts of `last` (metadata), in any order. */
  lastParts: readonly PartMeta[];
  /** Newest write anywhere in the session or its subagents (ms). */
  lastWrite: number;
  /** Statuses of direct child sessions. */
  childStatuses: readonly SessionStatus[];
  isSubagent: boolean;
  archived: boolean;
  /** The agent wrote that the session ended after its last message (oh-my-pi `session_exit`). */
  ended?: boolean;
  now: number;
}

const ENDED_TURN = new Set(['stop', 'end_turn', 'length', 'content-filter', 'content_filter', 'max_tokens']);

function byTime(a: PartMeta, b: PartMeta): number {
  return (a.created ?? 0) - (b.created ?? 0);
}

/** Infers a session's status from what is on disk (FORMATS.md "Status is never stored"). */
export function inferStatus(input: StatusInput): StatusResult {
  const { last, lastWrite, now } = input;
  const quietFor = now - lastWrite;
  const result = (status: SessionStatus, reason: string, activity?: StatusResult['activity']): StatusResult => ({ status, reason, activity, lastWrite });
  const busyChildren = input.childStatuses.filter((s) => s === 'busy' || s === 'retrying' || s === 'waiting-for-subagents').length;

  if (!last) return result('idle', 'No messages yet');
  if (input.archived) return result('idle', 'Archived');
  // An error stays an error; anything else that ended is over, not stale.
  if (input.ended && !last.error) return result('idle', input.isSubagent ? 'Subagent finished' : 'Session ended');

  // Not how long ago in words: a summary's status is kept (and shown) long after it was inferred; pages show `lastWrite` as a relative time.
  const stale = (what: string): StatusResult => result('stale', `${what}, and nothing was written since: the agent probably stopped or crashed`);

  if (last.role === 'user') {
    if (quietFor > STALE_AFTER_MS) return stale('The last prompt has no answer');
    return result('busy', 'Prompt sent, waiting for the model', { kind: 'thinking' });
  }

  if (last.error) {
    if (last.error.name === 'MessageAbortedError') return result('idle', 'Aborted by the user');
    return result('error', `${last.error.name}: ${last.error.message}`);
  }

  const parts = [...input.lastParts].sort(byTime);
  // The user turned the newest call down: the agent stopped for them, whatever the turn's finish
  // said (OpenCode leaves `tool-calls`, which read as continuing, then as crashed).
  const lastTool = parts.filter((p) => p.type === 'tool').at(-1);
  if (lastTool?.rejected && busyChildren === 0) {
    const what = `You turned down ${lastTool.tool ?? 'a tool call'}${lastTool.mainArg ? ` (${lastTool.mainArg})` : ''}`;
    if (input.isSubagent || quietFor > WAITING_FOR_USER_WINDOW_MS) return result('idle', `${what}: the agent stopped there`);
    return result('waiting-for-user', `${what}: the agent waits for your next message`);
  }
  const open = last.time.completed === undefined;
  if (open) {
    if (busyChildren > 0) return result('waiting-for-subagents', `Waiting for ${busyChildren} subagent${busyChildren > 1 ? 's' : ''}`, { kind: 'subagents', count: busyChildren });
    if (quietFor > STALE_AFTER_MS) return stale('A reply is still open');
    const lastPart = parts.at(-1);
    if (lastPart?.type === 'retry') return result('retrying', 'The provider failed; OpenCode is retrying');
    const running = parts.filter((p) => p.type === 'tool' && (p.status === 'running' || p.status === 'pending')).at(-1);
    if (running?.tool) return result('busy', `Running ${running.tool}`, { kind: 'tool', tool: running.tool, arg: running.mainArg });
    if (lastPart?.type === 'text') return result('busy', 'Writing a reply', { kind: 'writing' });
    return result('busy', 'Thinking', { kind: 'thinking' });
  }

  const finish = last.finish ?? parts.filter((p) => p.type === 'step-finish').at(-1)?.reason;
  if (finish === 'tool-calls' || finish === 'tool_calls') {
    if (busyChildren > 0) return result('waiting-for-subagents', `Waiting for ${busyChildren} subagent${busyChildren > 1 ? 's' : ''}`, { kind: 'subagents', count: busyChildren });
    if (quietFor > STALE_AFTER_MS) return stale('The turn was continuing after tool calls');
    return result('busy', 'Continuing after tool calls', { kind: 'thinking' });
  }
  if (busyChildren > 0) return result('waiting-for-subagents', `Waiting for ${busyChildren} subagent${busyChildren > 1 ? 's' : ''}`, { kind: 'subagents', count: busyChildren });
  if (input.isSubagent) return result('idle', 'Subagent finished');
  if (finish === undefined || ENDED_TURN.has(finish) || finish === 'unknown' || finish === 'other') {
    if (quietFor <= WAITING_FOR_USER_WINDOW_MS) return result('waiting-for-user', 'The turn ended: waiting for your next message');
    return result('idle', 'Finished');
  }
  return result('idle', `Finished (${finish})`);
}
