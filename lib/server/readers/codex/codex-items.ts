import 'server-only';
import type { AgentReportPart, ContextPart, Part, ReasoningPart, TextPart, ToolPart } from '@/lib/model/part';

/** Where a part goes; ids derive from the line's ordinal (or index): stable across re-reads. */
export interface ItemSite {
  sessionID: string;
  messageID: string;
  id: string;
  time: number;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The text of a message's content items (`input_text`, `output_text`, `text`). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c) => str(obj(c).text) ?? '').filter(Boolean).join('\n');
}

function base(site: ItemSite) {
  return { id: site.id, messageID: site.messageID, sessionID: site.sessionID, time: { start: site.time } };
}

export function textPart(site: ItemSite, text: string): TextPart {
  return { ...base(site), type: 'text', text };
}

/** `reasoning` items: the summary the API returned (the content itself is encrypted). */
export function reasoningPart(site: ItemSite, payload: Record<string, unknown>): ReasoningPart {
  const summary = Array.isArray(payload.summary) ? payload.summary.map((s) => str(obj(s).text) ?? '').filter(Boolean).join('\n\n') : '';
  return { ...base(site), type: 'reasoning', text: summary || contentText(payload.content) };
}

/** `function_call` (JSON arguments) and `custom_tool_call` (free-form input, e.g. apply_patch). */
export function toolCallPart(site: ItemSite, payload: Record<string, unknown>): ToolPart {
  const name = str(payload.name) ?? 'tool';
  let input: Record<string, unknown> = {};
  if (typeof payload.arguments === 'string') {
    try {
      input = obj(JSON.parse(payload.arguments));
    } catch {
      input = { arguments: payload.arguments };
    }
  } else if (typeof payload.input === 'string') input = { input: payload.input };
  const namespace = str(payload.namespace);
  return { ...base(site), type: 'tool', callID: str(payload.call_id) ?? site.id, tool: name, status: 'running', input, ...(namespace ? { metadata: { namespace } } : {}) };
}

/** Harness messages (developer instructions, `<environment_context>`, a model switch): one folded line. */
export function contextPart(site: ItemSite, kind: string, text: string, size: number): ContextPart {
  const flat = text.replace(/<\/?[a-z][\w-]*[^>]*>/gi, ' ').replace(/\s+/g, ' ').trim();
  const summary = flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
  return { ...base(site), type: 'context', kind, summary: summary || kind, size };
}

/** `<subagent_notification>{"agent_path": <thread id>, "status": {"completed": text}}`: the subagent reporting back. */
export function subagentReport(site: ItemSite, text: string): AgentReportPart | undefined {
  const body = /<subagent_notification>([\s\S]*?)<\/subagent_notification>/.exec(text)?.[1];
  if (!body) return undefined;
  let parsed: Record<string, unknown> = {};
  try {
    parsed = obj(JSON.parse(body));
  } catch {
    return undefined;
  }
  const [status, report] = Object.entries(obj(parsed.status))[0] ?? [];
  const child = str(parsed.agent_path);
  return {
    ...base(site),
    type: 'agent-report',
    text: str(report) ?? '',
    ...(status ? { status } : {}),
    ...(child && /^[\w-]+$/.test(child) ? { childSessionID: child } : {}),
  };
}

/** The kind of a harness message, from its content's declared kinds. */
export function contextKind(payload: Record<string, unknown>): string {
  const kinds = obj(payload.internal_chat_message_metadata_passthrough).content_item_kinds;
  const first = Array.isArray(kinds) ? str(kinds[0]) : undefined;
  return first ?? (payload.role === 'developer' ? 'developer' : 'context');
}

export type { Part };
