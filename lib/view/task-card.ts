import { describeCost } from './cost-view';
import { formatDuration } from '@/lib/format/format-duration';
import { formatTokens } from '@/lib/format/format-tokens';
import { totalTokenCount } from '@/lib/model/tokens';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { isLive } from '@/lib/status/session-status';
import { describeActivity } from './status-view';

/** What a subagent call's card says about the session it started, ready to draw. */
export interface TaskCardView {
  title: string;
  /** "running bash: sleep 20", "finished", ... */
  activity: string;
  live: boolean;
  /** Time it has run (live) or took (done). */
  elapsed: string;
  /** Tokens and cost of the child with its own subagents. */
  tokens: string;
  cost: string;
  subagents: number;
}

export function taskCardView(child: SessionSummary, now: number): TaskCardView {
  const live = isLive(child.status.status);
  const start = child.firstActivity || child.time.created;
  const end = live ? now : Math.max(child.total.lastActivity ?? 0, child.lastActivity);
  return {
    title: child.title || '(untitled subagent)',
    activity: live ? describeActivity(child.status) : child.status.status === 'idle' ? 'finished' : child.status.reason,
    live,
    elapsed: formatDuration(Math.max(0, end - start)),
    tokens: formatTokens(totalTokenCount(child.total.tokens)),
    cost: describeCost(child.total).stored,
    subagents: Math.max(0, child.total.sessionCount - 1),
  };
}

/** The result inside a `<task id="ses_…" state="…"><task_result>…</task_result></task>` output: the wrapper is OpenCode's, not the subagent's answer. */
export function taskResultText(output: string): string {
  const inner = /^\s*<task\b[^>]*>\s*<task_result>\n?([\s\S]*?)\n?<\/task_result>\s*<\/task>\s*$/.exec(output)?.[1];
  if (inner !== undefined) return inner;
  return output.replace(/^\s*task_id:\s*ses_[0-9A-Za-z]+[^\n]*\n+/, '').replace(/^<task_result>\n?([\s\S]*?)\n?<\/task_result>\s*$/, '$1');
}
