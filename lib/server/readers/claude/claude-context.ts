import 'server-only';
import type { AgentReportPart, ContextPart, Part, RetryPart } from '@/lib/model/part';
import type { ClaudeLine } from './claude-schema';

const SUMMARY_MAX = 140;

/** Readable names of the attachments Claude Code 2.1 writes; others read as their type. */
const LABELS: Record<string, string> = {
  environment: 'Environment',
  model: 'Model identity',
  date: 'Date',
  skill_listing: 'Skills listed',
  deferred_tools_delta: 'Tools listed',
  agent_listing_delta: 'Agents listed',
  prompt_snapshot: 'System prompt and tools sent to the model',
  total_tokens_reminder: 'Token budget',
  session_context: 'Session context',
  remote_session_change: 'Commit and PR attribution',
  meta: 'Context line',
};

function flatten(text: string): string {
  return text
    .replace(/<\/?[a-z][\w-]*>/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How much of a text its one-line summary is made from: an attachment can be a whole file, and
 * flattening all of it was ~5% of a year of transcripts' first read. A tag cut at the end of the
 * beginning taken changes characters far past what is kept.
 */
export const SUMMARY_TEXT_MAX = SUMMARY_MAX * 8;

/** The beginning of a text on one line, tags dropped, shortened. */
function oneLine(text: string): string {
  const flat = flatten(text.length > SUMMARY_TEXT_MAX ? text.slice(0, SUMMARY_TEXT_MAX) : text);
  return flat.length > SUMMARY_MAX ? `${flat.slice(0, SUMMARY_MAX - 1)}…` : flat;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** A content string or the text of its text blocks. */
export function lineText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => (b && typeof b === 'object' && (b as { type?: unknown }).type === 'text' ? String((b as { text?: unknown }).text ?? '') : ''))
    .filter(Boolean)
    .join('\n');
}

interface Site {
  id: string;
  sessionID: string;
  time: number;
}

/** An `attachment` line or an `isMeta` user line: one folded line with its size, never its body. */
export function contextPart(site: Site, kind: string, detail: string | undefined, size: number): ContextPart {
  const label = LABELS[kind] ?? kind.replace(/[_-]+/g, ' ');
  const text = detail ? oneLine(detail) : '';
  return { id: site.id, messageID: '', sessionID: site.sessionID, type: 'context', kind, summary: text && text !== label ? `${label}: ${text}` : label, size, time: { start: site.time } };
}

export function attachmentPart(site: Site, line: ClaudeLine, size: number): ContextPart {
  const a = (line.attachment ?? {}) as Record<string, unknown>;
  const kind = typeof a.type === 'string' ? a.type : 'attachment';
  const detail = kind === 'date' ? str(a.date) : kind === 'prompt_snapshot' ? undefined : (str(a.text) ?? str(a.content));
  return contextPart(site, kind, detail, size);
}

function tag(text: string, name: string): string | undefined {
  return new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1]?.trim() || undefined;
}

export function isTaskNotification(text: string): boolean {
  return text.trimStart().startsWith('<task-notification>');
}

/** A `<task-notification>` user line: the subagent `agent-<task-id>` of `rootID` reporting back. */
export function agentReportPart(site: Site, text: string, rootID: string): AgentReportPart {
  const taskID = tag(text, 'task-id');
  const callID = tag(text, 'tool-use-id');
  const status = tag(text, 'status');
  const body = tag(text, 'result') ?? tag(text, 'summary') ?? oneLine(text);
  return {
    id: site.id,
    messageID: '',
    sessionID: site.sessionID,
    type: 'agent-report',
    text: body,
    ...(status ? { status } : {}),
    ...(callID ? { callID } : {}),
    ...(taskID && /^[\w-]+$/.test(taskID) ? { childSessionID: `${rootID}:agent-${taskID}` } : {}),
    time: { start: site.time },
  };
}

/** `system` lines: a retried API error, a compaction, or other client notes (folded context). */
export function systemParts(site: Site, line: ClaudeLine, size: number): Part[] {
  const base = { messageID: '', sessionID: site.sessionID, time: { start: site.time } };
  if (line.subtype === 'compact_boundary') return [{ ...base, id: `${site.id}:compaction`, type: 'compaction', auto: line.compactMetadata?.trigger === 'auto' }];
  if (line.subtype === 'api_error') {
    const error = (line.error ?? {}) as Record<string, unknown>;
    const retry: RetryPart = { ...base, id: `${site.id}:retry`, type: 'retry', attempt: line.retryAttempt ?? 1, error: str(error.formatted) ?? str(error.message) ?? 'API error', created: site.time };
    return [retry];
  }
  return [contextPart({ ...site, id: `${site.id}:system` }, `system:${line.subtype ?? 'note'}`, lineText(line.content), size)];
}
