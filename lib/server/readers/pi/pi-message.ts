import 'server-only';
import type { MessageError, MessageInfo } from '@/lib/model/message';
import type { Part, StepFinishPart, ToolPart } from '@/lib/model/part';
import { emptyTokens, type TokenCounts } from '@/lib/model/tokens';
import { contentParts, contentText } from './pi-content';
import { agentMessageSchema, assistantSchema, customSchema, executionSchema, toolResultSchema, type PiEntry } from './pi-schema';
import type { SessionBuilder } from './session-builder';

/** Runtime state derived from earlier entries (spec 001 buildSessionContext, simplified). */
export interface PiRunState {
  providerID?: string;
  modelID?: string;
  mode?: string;
  agent?: string;
}

const FINISH: Record<string, string> = { toolUse: 'tool-calls', stop: 'stop', length: 'length', error: 'error', aborted: 'aborted' };

function baseInfo(b: SessionBuilder, entry: PiEntry, role: 'user' | 'assistant', created: number, state: PiRunState): MessageInfo {
  return {
    id: `${b.sessionID}:${entry.id}`,
    sessionID: b.sessionID,
    role,
    time: { created },
    cost: 0,
    tokens: emptyTokens(),
    ...(state.agent ? { agent: state.agent } : {}),
    ...(state.mode ? { mode: state.mode } : {}),
  };
}

function addAssistant(b: SessionBuilder, entry: PiEntry, time: number, state: PiRunState): boolean {
  const parsed = assistantSchema.safeParse(entry.message);
  if (!parsed.success) return false;
  const m = parsed.data;
  const created = m.timestamp ?? time;
  const info = baseInfo(b, entry, 'assistant', created, state);
  const u = m.usage;
  const tokens: TokenCounts = { ...emptyTokens(), input: u?.input ?? 0, output: u?.output ?? 0, cacheRead: u?.cacheRead ?? 0, cacheWrite: u?.cacheWrite ?? 0 };
  const finish = m.stopReason ? (FINISH[m.stopReason] ?? m.stopReason) : undefined;
  const providerID = m.provider ?? state.providerID;
  const modelID = m.model ?? state.modelID;
  const parent = b.ancestorMessage(entry, true);
  Object.assign(info, {
    time: { created, completed: Math.max(created, time) },
    tokens,
    cost: u?.cost?.total ?? 0,
    ...(providerID ? { providerID } : {}),
    ...(modelID ? { modelID } : {}),
    ...(parent ? { parentID: parent.id } : {}),
    ...(finish ? { finish } : {}),
    ...(m.ttft !== undefined && Number.isFinite(m.ttft) ? { ttft: m.ttft } : {}),
  });
  if (m.stopReason === 'error' || m.stopReason === 'aborted') {
    const error: MessageError = { name: m.stopReason === 'error' ? 'ProviderError' : 'MessageAbortedError', message: m.errorMessage ?? m.stopReason };
    info.error = error;
  }
  const site = b.site(entry, created, info.id);
  // One step per pi assistant message: status inference and step accounting read step-finish parts.
  const step: StepFinishPart = { id: `${site.idBase}:finish`, messageID: info.id, sessionID: b.sessionID, type: 'step-finish', time: { start: time }, reason: finish ?? 'stop', cost: info.cost, tokens };
  b.addMessage(entry, info, [...contentParts(m.content, site), step]);
  return true;
}

function applyToolResult(b: SessionBuilder, entry: PiEntry, time: number): boolean {
  const parsed = toolResultSchema.safeParse(entry.message);
  const call = parsed.success ? b.toolCall(parsed.data.toolCallId) : undefined;
  if (!parsed.success || !call) return false;
  const output = contentText(parsed.data.content);
  const details = parsed.data.details;
  call.status = parsed.data.isError ? 'error' : 'completed';
  call.output = output;
  if (parsed.data.isError) call.error = output;
  call.time = { ...call.time, end: time };
  if (details && typeof details === 'object' && !Array.isArray(details)) call.metadata = details as Record<string, unknown>;
  return true;
}

function addExecution(b: SessionBuilder, entry: PiEntry, time: number, state: PiRunState, role: string): boolean {
  const parsed = executionSchema.safeParse(entry.message);
  if (!parsed.success) return false;
  const m = parsed.data;
  const info = baseInfo(b, entry, 'user', m.timestamp ?? time, state);
  const failed = m.cancelled === true || (typeof m.exitCode === 'number' && m.exitCode !== 0);
  const tool: ToolPart = {
    id: `${b.sessionID}:${entry.id}:0`,
    messageID: info.id,
    sessionID: b.sessionID,
    type: 'tool',
    callID: entry.id,
    tool: role === 'pythonExecution' ? 'python' : 'bash',
    status: failed ? 'error' : 'completed',
    input: role === 'pythonExecution' ? { code: m.code ?? '' } : { command: m.command ?? '' },
    output: m.output ?? '',
    ...(failed ? { error: m.cancelled ? 'cancelled' : `exit code ${m.exitCode}` } : {}),
    metadata: { exitCode: m.exitCode ?? null, userInitiated: true },
    time: { start: info.time.created, end: time },
  };
  b.addMessage(entry, info, [tool]);
  return true;
}

/** Extension / hook messages that take part in the model context: synthetic user text. */
export function addCustomMessage(b: SessionBuilder, entry: PiEntry, time: number, state: PiRunState, source: unknown): boolean {
  const parsed = customSchema.safeParse(source);
  if (!parsed.success) return false;
  const info = baseInfo(b, entry, 'user', parsed.data.timestamp ?? time, state);
  b.addMessage(entry, info, contentParts(parsed.data.content, b.site(entry, info.time.created, info.id), { synthetic: true }));
  return true;
}

/** A `message` entry. Returns false when it could not be mapped (the caller keeps it as unknown). */
export function addMessageEntry(b: SessionBuilder, entry: PiEntry, time: number, state: PiRunState): boolean {
  const parsed = agentMessageSchema.safeParse(entry.message);
  if (!parsed.success) return false;
  const role = parsed.data.role;
  if (role === 'assistant') return addAssistant(b, entry, time, state);
  if (role === 'toolResult') return applyToolResult(b, entry, time);
  if (role === 'bashExecution' || role === 'pythonExecution') return addExecution(b, entry, time, state, role);
  if (role === 'custom') return addCustomMessage(b, entry, time, state, { ...parsed.data, role: 'user' });
  if (role !== 'user' && role !== 'developer') return false;
  const info = baseInfo(b, entry, 'user', parsed.data.timestamp ?? time, state);
  const parts: Part[] = contentParts(parsed.data.content, b.site(entry, info.time.created, info.id), role === 'developer' ? { synthetic: true } : {});
  b.addMessage(entry, info, parts);
  return true;
}
