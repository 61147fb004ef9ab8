import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { StepFinishPart } from '@/lib/model/part';
import { emptyTokens, type TokenCounts } from '@/lib/model/tokens';
import { timeOf } from '../pi/jsonl';
import type { SessionBuilder } from '../pi/session-builder';
import { claudeParts, isToolResult, toolResultText } from './claude-blocks';
import type { AssistantGroup } from './claude-group';
import { claudeUserSchema, toolResultBlockSchema, type ClaudeLine } from './claude-schema';

const FINISH: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool-calls', max_tokens: 'length', pause_turn: 'tool-calls' };

export function entryOf(line: ClaudeLine, index: number): { id: string; parentId: string | null } {
  return { id: line.uuid ?? `L${index + 1}`, parentId: line.parentUuid ?? null };
}

/** One (deduplicated) assistant response. Claude Code stores no cost: it stays 0. */
export function addAssistant(b: SessionBuilder, group: AssistantGroup, index: number, fallback: number): void {
  const entry = entryOf(group.first, index);
  const created = timeOf(group.first.timestamp) ?? fallback;
  const completed = Math.max(created, timeOf(group.last.timestamp) ?? created);
  const { message } = group;
  const u = message.usage;
  const tokens: TokenCounts = { ...emptyTokens(), input: u?.input_tokens ?? 0, output: u?.output_tokens ?? 0, cacheRead: u?.cache_read_input_tokens ?? 0, cacheWrite: u?.cache_creation_input_tokens ?? 0 };
  const id = `${b.sessionID}:${entry.id}`;
  const parts = claudeParts(message.content, b.site(entry, created, id));
  // Streamed lines often keep stop_reason null: infer it from the content.
  const finish = message.stop_reason ? (FINISH[message.stop_reason] ?? message.stop_reason) : parts.some((p) => p.type === 'tool') ? 'tool-calls' : 'stop';
  const parent = b.ancestorMessage(entry, (m) => m.role === 'user');
  const info: MessageInfo = {
    id,
    sessionID: b.sessionID,
    role: 'assistant',
    time: { created, completed },
    cost: 0,
    tokens,
    finish,
    ...(parent ? { parentID: parent.id } : {}),
    ...(message.model && message.model !== '<synthetic>' ? { providerID: 'anthropic', modelID: message.model } : {}),
    ...(group.last.agentId ? { agent: group.last.agentId } : {}),
  };
  if (group.last.isApiErrorMessage) {
    const text = parts.find((p) => p.type === 'text');
    info.error = { name: 'APIError', message: text?.type === 'text' ? text.text : 'API error' };
  }
  const step: StepFinishPart = { id: `${id}:finish`, messageID: id, sessionID: b.sessionID, type: 'step-finish', time: { start: completed }, reason: finish, cost: 0, tokens };
  b.addMessage(entry, info, [...parts, step]);
}

/** A user line: prompt text and images, and/or tool results for earlier tool calls. */
export function addUser(b: SessionBuilder, line: ClaudeLine, index: number, time: number): boolean {
  const parsed = claudeUserSchema.safeParse(line.message);
  if (!parsed.success) return false;
  const entry = entryOf(line, index);
  const content = parsed.data.content;
  const orphans: unknown[] = [];
  for (const block of Array.isArray(content) ? content.filter(isToolResult) : []) {
    const result = toolResultBlockSchema.safeParse(block);
    const call = result.success ? b.toolCall(result.data.tool_use_id) : undefined;
    if (!result.success || !call) {
      orphans.push(block);
      continue;
    }
    const output = toolResultText(result.data.content);
    call.status = result.data.is_error ? 'error' : 'completed';
    call.output = output;
    if (result.data.is_error) call.error = output;
    call.time = { ...call.time, end: time };
  }
  const id = `${b.sessionID}:${entry.id}`;
  const parts = claudeParts(content, b.site(entry, time, id), line.isMeta === true || line.isCompactSummary === true);
  const unknown = orphans.map((raw, i) => ({ id: `${id}:orphan${i}`, messageID: id, sessionID: b.sessionID, type: 'unknown' as const, originalType: 'claude:tool_result', raw, time: { start: time } }));
  if (parts.length === 0) {
    // Only tool results: not a turn of its own.
    if (unknown.length > 0) b.attach(entry, unknown);
    return true;
  }
  const info: MessageInfo = { id, sessionID: b.sessionID, role: 'user', time: { created: time }, cost: 0, tokens: emptyTokens(), ...(line.isCompactSummary ? { summary: true } : {}) };
  b.addMessage(entry, info, [...parts, ...unknown]);
  return true;
}
