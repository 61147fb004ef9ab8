import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { StepFinishPart } from '@/lib/model/part';
import { emptyTokens, type TokenCounts } from '@/lib/model/tokens';
import { timeOf } from '../pi/jsonl';
import type { SessionBuilder } from '../pi/session-builder';
import { claudeParts, isToolResult, toolResultText } from './claude-blocks';
import { agentReportPart, contextPart, isTaskNotification, lineText } from './claude-context';
import { weightOf } from './claude-cost';
import type { AssistantGroup } from './claude-group';
import { claudeUserSchema, toolResultBlockSchema, type ClaudeLine } from './claude-schema';

/** What a transcript's messages are read with. */
export interface ClaudeReadContext {
  /** USD per weighted token per model, from the session's last cost-state (the parent's for a subagent). */
  rates: ReadonlyMap<string, number>;
  /** Subagents: `agentType` of agent-<id>.meta.json. */
  agent?: string;
  /** The top-level session: subagents are `<rootID>:agent-<id>`. */
  rootID: string;
  /** The context window the session's requests ran with (claude-context-window.ts). */
  contextLimit?: number;
}

const FINISH: Record<string, string> = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool-calls', max_tokens: 'length', pause_turn: 'tool-calls' };

export function entryOf(line: ClaudeLine, index: number): { id: string; parentId: string | null } {
  return { id: line.uuid ?? `L${index + 1}`, parentId: line.parentUuid ?? null };
}

/**
 * One (deduplicated) assistant response; its recorded cost is its share of the cost-state
 * (claude-cost.ts). `requestAt`: when its request was sent (claude-session.ts), for its time to
 * first token: to its first line, which Claude Code writes when the first content block is complete.
 */
export function addAssistant(b: SessionBuilder, group: AssistantGroup, index: number, fallback: number, ctx: ClaudeReadContext, requestAt?: number): void {
  const entry = entryOf(group.first, index);
  const firstAt = timeOf(group.first.timestamp);
  const created = firstAt ?? fallback;
  const completed = Math.max(created, timeOf(group.last.timestamp) ?? created);
  const { message } = group;
  const u = message.usage;
  const tokens: TokenCounts = { ...emptyTokens(), input: u?.input_tokens ?? 0, output: u?.output_tokens ?? 0, cacheRead: u?.cache_read_input_tokens ?? 0, cacheWrite: u?.cache_creation_input_tokens ?? 0 };
  const id = `${b.sessionID}:${entry.id}`;
  const all = claudeParts(message.content, b.site(entry, created, id));
  const failed = group.last.isApiErrorMessage === true;
  // The client's own reply to a failed request: its text is the error, shown once, as the error.
  const parts = failed ? all.filter((p) => p.type !== 'text') : all;
  // Streamed lines often keep stop_reason null: infer it from the content.
  const finish = failed ? 'error' : message.stop_reason ? (FINISH[message.stop_reason] ?? message.stop_reason) : parts.some((p) => p.type === 'tool') ? 'tool-calls' : 'stop';
  const parent = b.ancestorMessage(entry, true);
  const model = message.model && message.model !== '<synthetic>' ? message.model : undefined;
  const rate = model ? ctx.rates.get(model) : undefined;
  const cost = rate === undefined ? 0 : rate * weightOf({ ...tokens, cacheWrite1h: u?.cache_creation?.ephemeral_1h_input_tokens ?? 0 });
  const info: MessageInfo = {
    id,
    sessionID: b.sessionID,
    role: 'assistant',
    time: { created, completed },
    cost,
    ...(rate === undefined ? { costUnrecorded: true as const } : {}),
    tokens,
    finish,
    ...(parent ? { parentID: parent.id } : {}),
    ...(model ? { providerID: 'anthropic', modelID: model } : {}),
    ...(ctx.agent ? { agent: ctx.agent } : {}),
    ...(model && ctx.contextLimit ? { contextLimit: ctx.contextLimit } : {}),
    ...(model && !failed && firstAt !== undefined && requestAt !== undefined && requestAt <= firstAt ? { ttft: firstAt - requestAt } : {}),
  };
  if (failed) {
    const text = all.find((p) => p.type === 'text');
    info.error = { name: 'APIError', message: text?.type === 'text' ? text.text : 'API error' };
    b.addMessage(entry, info, parts);
    return;
  }
  const step: StepFinishPart = { id: `${id}:finish`, messageID: id, sessionID: b.sessionID, type: 'step-finish', time: { start: completed }, reason: finish, cost, tokens };
  b.addMessage(entry, info, [...parts, step]);
}

function agentIdOf(toolUseResult: unknown): string | undefined {
  const id = toolUseResult && typeof toolUseResult === 'object' ? (toolUseResult as { agentId?: unknown }).agentId : undefined;
  return typeof id === 'string' && /^[\w-]+$/.test(id) ? id : undefined;
}

/**
 * A user line: prompt text and images, and/or tool results for earlier tool calls. Lines the client
 * wrote (`isMeta`, task notifications) are not turns: they become parts of the message above.
 */
export function addUser(b: SessionBuilder, line: ClaudeLine, index: number, time: number, size: number, ctx: ClaudeReadContext): boolean {
  const parsed = claudeUserSchema.safeParse(line.message);
  if (!parsed.success) return false;
  const entry = entryOf(line, index);
  const content = parsed.data.content;
  const site = { id: `${b.sessionID}:${entry.id}:event`, sessionID: b.sessionID, time };
  const text = lineText(content);
  if (line.isMeta === true && !line.isCompactSummary) {
    b.attach(entry, [contextPart(site, 'meta', text, size)]);
    return true;
  }
  if (isTaskNotification(text)) {
    b.attach(entry, [agentReportPart(site, text, ctx.rootID)]);
    return true;
  }
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
    const agentId = agentIdOf(line.toolUseResult);
    if (agentId) call.childSessionID = `${ctx.rootID}:agent-${agentId}`;
    call.output = output;
    if (result.data.is_error) call.error = output;
    call.time = { ...call.time, end: time };
  }
  const id = `${b.sessionID}:${entry.id}`;
  const parts = claudeParts(content, b.site(entry, time, id), line.isCompactSummary === true);
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
