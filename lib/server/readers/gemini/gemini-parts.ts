import 'server-only';
import type { ContextPart, Part, ReasoningPart, TextPart, ToolPart } from '@/lib/model/part';
import type { GeminiMessage } from './gemini-schema';

interface Site {
  sessionID: string;
  messageID: string;
  /**
   * `<session>:<message id>`; parts append `:<order>-<kind>`: parts of one message share its time,
   * and the timeline orders those by id.
   */
  idBase: string;
  time: number;
}

type Call = NonNullable<GeminiMessage['toolCalls']>[number];

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function base(site: Site, suffix: string) {
  return { id: `${site.idBase}:${suffix}`, messageID: site.messageID, sessionID: site.sessionID, time: { start: site.time } };
}

/** A content string, or the text of its `{text}` parts (function calls and responses are not text). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (typeof obj(p).text === 'string' ? String(obj(p).text) : '')).filter(Boolean).join('');
}

export function hasFunctionResponse(content: unknown): boolean {
  return Array.isArray(content) && content.some((p) => 'functionResponse' in obj(p));
}

export function textPart(site: Site, text: string, index = 0): TextPart {
  return { ...base(site, `b-text${index}`), type: 'text', text };
}

/** Each streamed thought chunk is one entry (`subject` from a `**bold**` lead, `description` the rest). */
export function reasoningPart(site: Site, thoughts: NonNullable<GeminiMessage['thoughts']>): ReasoningPart | undefined {
  const text = thoughts.map((t) => [t.subject ? `**${t.subject}** ` : '', t.description ?? ''].join('')).join('');
  return text.trim() ? { ...base(site, 'a-reasoning'), type: 'reasoning', text } : undefined;
}

/** A result's text: the `functionResponse.response` `output` (or `error`) of each part. */
function resultText(result: unknown): { output: string; error?: string } {
  const responses = (Array.isArray(result) ? result : []).map((r) => obj(obj(obj(r).functionResponse).response));
  const output = responses.map((r) => (typeof r.output === 'string' ? r.output : '')).filter(Boolean).join('\n');
  const error = responses.map((r) => (typeof r.error === 'string' ? r.error : '')).filter(Boolean).join('\n');
  return error ? { output: output || error, error } : { output };
}

const STATUS: Record<string, ToolPart['status']> = { success: 'completed', error: 'error', cancelled: 'error', executing: 'running', scheduled: 'pending', validating: 'pending', awaiting_approval: 'pending' };

export function toolPart(site: Site, call: Call, index: number): ToolPart {
  const { output, error } = resultText(call.result);
  const status = STATUS[call.status ?? ''] ?? (call.result ? 'completed' : 'running');
  return {
    ...base(site, `c-tool${String(index).padStart(4, '0')}`),
    type: 'tool',
    callID: call.id ?? `${site.idBase}:${index}`,
    tool: call.name ?? 'tool',
    status,
    input: obj(call.args),
    ...(call.result !== undefined ? { output } : {}),
    ...(status === 'error' ? { error: error ?? (call.status === 'cancelled' ? 'cancelled' : output || 'failed') } : {}),
  };
}

/** The harness's `<session_context>` message, `info` and `warning` notes: one folded line with its size. */
export function contextPart(site: Site, kind: string, text: string, size: number): ContextPart {
  const flat = text.replace(/<\/?[a-z][\w-]*>/gi, ' ').replace(/\s+/g, ' ').trim();
  return { ...base(site, 'a-context'), type: 'context', kind, summary: flat.length > 140 ? `${flat.slice(0, 139)}…` : flat || kind, size };
}

export type { Part };
