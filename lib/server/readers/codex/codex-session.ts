import 'server-only';
import path from 'node:path';
import type { MessageInfo } from '@/lib/model/message';
import type { Part, StepFinishPart, ToolPart } from '@/lib/model/part';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens } from '@/lib/model/tokens';
import type { FileSession } from '../pi/file-index';
import { timeOf } from '../pi/jsonl';
import { contentText, contextKind, contextPart, reasoningPart, subagentReport, textPart, toolCallPart, type ItemSite } from './codex-items';
import { codexUsageSchema, sessionMetaSchema, type CodexLine, type SessionMeta } from './codex-schema';
import { splitCodexUsage } from './codex-tokens';

export interface CodexContext {
  path: string;
  mtime?: number;
}

const TITLE_MAX = 100;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A `function_call_output` as text (a string, or content items). */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const content = obj(output).content ?? output;
  return contentText(content);
}

/** Builds one thread's messages in file order: a user message per prompt, an assistant message per response. */
class ThreadBuilder {
  readonly messages: MessageInfo[] = [];
  private readonly parts = new Map<string, Part[]>();
  private readonly calls = new Map<string, ToolPart>();
  private readonly failedCalls = new Set<string>();
  private readonly responses = new Set<string>();
  /** Harness messages waiting for the prompt they precede. */
  private pending: Part[] = [];
  private open: MessageInfo | undefined;
  private lastUser: MessageInfo | undefined;
  model: string | undefined;
  readonly turnModels = new Map<string, string>();

  constructor(
    readonly sessionID: string,
    private readonly providerID: string | undefined,
    private readonly agent: string | undefined,
  ) {}

  site(id: string, time: number, messageID = ''): ItemSite {
    return { sessionID: this.sessionID, messageID, id: `${this.sessionID}:${id}`, time };
  }

  private add(info: MessageInfo, parts: Part[]): void {
    this.messages.push(info);
    this.parts.set(info.id, parts.map((p) => ({ ...p, messageID: info.id })));
  }

  private push(info: MessageInfo, part: Part): void {
    this.parts.get(info.id)?.push({ ...part, messageID: info.id });
    if (part.type === 'tool') this.calls.set(part.callID, this.parts.get(info.id)?.at(-1) as ToolPart);
  }

  context(part: Part): void {
    this.pending.push(part);
  }

  prompt(id: string, text: string, time: number): void {
    this.close(time);
    const info: MessageInfo = { id: `${this.sessionID}:${id}`, sessionID: this.sessionID, role: 'user', time: { created: time }, cost: 0, tokens: emptyTokens(), ...(this.agent ? { agent: this.agent } : {}) };
    this.add(info, [...this.pending, textPart(this.site(`${id}:text`, time), text)]);
    this.pending = [];
    this.lastUser = info;
  }

  /** The response being written: model output items until its usage record closes it. */
  private response(id: string, time: number, turnID: string | undefined): MessageInfo {
    if (this.open) return this.open;
    const modelID = (turnID && this.turnModels.get(turnID)) ?? this.model;
    const info: MessageInfo = {
      id: `${this.sessionID}:${id}`,
      sessionID: this.sessionID,
      role: 'assistant',
      time: { created: time },
      cost: 0,
      tokens: emptyTokens(),
      ...(this.providerID ? { providerID: this.providerID } : {}),
      ...(modelID ? { modelID } : {}),
      ...(this.lastUser ? { parentID: this.lastUser.id } : {}),
      ...(this.agent ? { agent: this.agent } : {}),
    };
    this.add(info, [...this.pending]);
    this.pending = [];
    this.open = info;
    return info;
  }

  output(id: string, part: Part, time: number, turnID: string | undefined): void {
    this.push(this.response(id, time, turnID), part);
  }

  /** A response's usage record: its tokens, a step, and the response is complete. */
  usage(id: string, responseID: string | undefined, usage: unknown, time: number, turnID: string | undefined, hasItems: boolean): void {
    if (responseID && this.responses.has(responseID)) return;
    if (responseID) this.responses.add(responseID);
    const parsed = codexUsageSchema.safeParse(usage);
    if (!parsed.success) return;
    const info = this.open ?? this.response(id, time, turnID);
    const tokens = splitCodexUsage(parsed.data);
    const finish = hasItems ? 'tool-calls' : 'stop';
    info.tokens = tokens;
    info.time.completed = Math.max(info.time.created, time);
    info.finish = finish;
    const step: StepFinishPart = { id: `${this.sessionID}:${id}:finish`, messageID: info.id, sessionID: this.sessionID, time: { start: time }, type: 'step-finish', reason: finish, cost: 0, tokens };
    this.push(info, step);
    this.open = undefined;
  }

  /** `item_completed` of a shell command: its exit status (the output comes with the call's output). */
  command(callID: string, status: unknown, output: unknown, exitCode: unknown): void {
    if (status !== 'failed') return;
    this.failedCalls.add(callID);
    const call = this.calls.get(callID);
    if (call) Object.assign(call, { status: 'error', error: typeof output === 'string' && output ? output : `exit code ${String(exitCode)}` });
  }

  callOutput(callID: string, output: unknown, time: number): void {
    const call = this.calls.get(callID);
    if (!call) return;
    const text = outputText(output);
    call.output = text;
    call.time = { ...call.time, end: time };
    const failed = this.failedCalls.has(callID);
    call.status = failed ? 'error' : 'completed';
    if (failed) call.error ??= text;
    // `spawn_agent` answers the new thread's id: the subagent's session.
    const agent = /"agent_id"\s*:\s*"([\w-]+)"/.exec(text)?.[1];
    if (agent && call.tool === 'spawn_agent') call.childSessionID = agent;
  }

  /** A turn that ended in an error (`task_complete.error`): the answer it never got. */
  failed(id: string, message: string, kind: string | undefined, time: number, turnID: string | undefined): void {
    const info = this.response(id, time, turnID);
    info.error = { name: kind ?? 'APIError', message };
    info.finish = 'error';
    info.time.completed = time;
    this.open = undefined;
  }

  close(_time: number): void {
    this.open = undefined;
  }

  finish(): { messages: MessageInfo[]; parts: Part[] } {
    const last = this.messages.at(-1);
    if (last && this.pending.length > 0) this.parts.get(last.id)?.push(...this.pending.map((p) => ({ ...p, messageID: last.id })));
    const lastIndex = this.messages.length - 1;
    this.messages.forEach((m, i) => {
      if (i === lastIndex) return;
      // A call with no output followed by more messages never got one (interrupted).
      for (const p of this.parts.get(m.id) ?? []) if (p.type === 'tool' && p.status === 'running') Object.assign(p, { status: 'error', error: 'no result recorded' });
    });
    return { messages: this.messages, parts: this.messages.flatMap((m) => this.parts.get(m.id) ?? []) };
  }
}

function titleOf(messages: readonly MessageInfo[], parts: readonly Part[]): string | undefined {
  const first = messages.find((m) => m.role === 'user');
  const text = parts.find((p) => p.type === 'text' && p.messageID === first?.id);
  const line = text?.type === 'text' ? text.text.trim().split('\n')[0]?.trim() : undefined;
  return line && line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** Lines of one rollout -> domain records; undefined while it has no `session_meta` yet. */
export function mapCodexLines(lines: readonly CodexLine[], sizes: readonly number[], ctx: CodexContext): FileSession | undefined {
  const metaLine = lines.find((l) => l.type === 'session_meta');
  const parsedMeta = metaLine ? sessionMetaSchema.safeParse(metaLine.payload) : undefined;
  if (!parsedMeta?.success) return undefined;
  const meta: SessionMeta = parsedMeta.data;
  const sessionID = meta.id;
  const agent = meta.agent_nickname ?? undefined;
  const b = new ThreadBuilder(sessionID, meta.model_provider, agent);
  // Versions before token_usage_record wrote only token_count events: the usage then comes from those.
  const usageFromRecords = lines.some((l) => l.type === 'token_usage_record');
  const created = timeOf(meta.timestamp) ?? timeOf(metaLine?.timestamp) ?? ctx.mtime ?? 0;
  let now = created;
  let updated = created;
  let itemsSinceUsage = false;
  lines.forEach((line, index) => {
    const time = timeOf(line.timestamp) ?? now;
    now = time;
    updated = Math.max(updated, time);
    const p = line.payload;
    // Padded: parts written in the same millisecond are ordered by id.
    const key = String(line.ordinal ?? index).padStart(9, '0');
    const turnID = str(p.turn_id) ?? str(obj(p.internal_chat_message_metadata_passthrough).turn_id);
    if (line.type === 'turn_context') {
      const model = str(p.model);
      if (model) {
        b.model = model;
        if (str(p.turn_id)) b.turnModels.set(String(p.turn_id), model);
      }
      return;
    }
    if (line.type === 'token_usage_record') {
      b.usage(key, str(p.response_id), p.usage, time, str(p.turn_id), itemsSinceUsage);
      itemsSinceUsage = false;
      return;
    }
    if (line.type === 'response_item') {
      const kind = p.type;
      if (kind === 'message' && p.role === 'assistant') b.output(key, textPart(b.site(key, time), contentText(p.content)), time, turnID);
      else if (kind === 'reasoning') b.output(key, reasoningPart(b.site(key, time), p), time, turnID);
      else if (kind === 'function_call' || kind === 'custom_tool_call') {
        itemsSinceUsage = true;
        b.output(key, toolCallPart(b.site(key, time), p), time, turnID);
      } else if (kind === 'function_call_output' || kind === 'custom_tool_call_output') b.callOutput(str(p.call_id) ?? '', p.output, time);
      else if (kind === 'message') {
        const text = contentText(p.content);
        const prompt = JSON.stringify(obj(p.internal_chat_message_metadata_passthrough).content_item_metadata ?? '').includes('"type":"user"');
        // The prompt itself is read from its item_completed event; harness messages fold.
        if (prompt) return;
        const report = subagentReport(b.site(key, time), text);
        b.context(report ?? contextPart(b.site(key, time), contextKind(p), text, sizes[index] ?? 0));
      }
      return;
    }
    if (line.type !== 'event_msg') return;
    const item = obj(p.item);
    if (p.type === 'item_completed' && item.type === 'UserMessage') b.prompt(str(item.id) ?? key, contentText(item.content), time);
    else if (p.type === 'item_completed' && item.type === 'CommandExecution') b.command(str(item.id) ?? '', item.status, item.aggregated_output, item.exit_code);
    else if (p.type === 'token_count' && !usageFromRecords) {
      const last = obj(p.info).last_token_usage;
      if (last) {
        b.usage(key, undefined, last, time, turnID, itemsSinceUsage);
        itemsSinceUsage = false;
      }
    } else if (p.type === 'task_complete' && p.error) {
      const error = obj(p.error);
      b.failed(key, str(error.message) ?? 'The turn failed', str(error.codex_error_info), time, turnID);
    } else if (p.type === 'task_complete') b.close(time);
  });
  const { messages, parts } = b.finish();
  const cwd = meta.cwd ?? '';
  const session: SessionInfo = {
    id: sessionID,
    source: 'codex',
    projectID: cwd,
    directory: cwd,
    ...(meta.parent_thread_id ? { parentID: meta.parent_thread_id } : {}),
    ...(meta.forked_from_id ? { forkedFrom: meta.forked_from_id } : {}),
    title: (agent ? `${agent}: ` : '') + (titleOf(messages, parts) ?? path.basename(ctx.path, '.jsonl')),
    ...(meta.cli_version ? { version: meta.cli_version } : {}),
    time: { created, updated },
    origin: ctx.path,
  };
  const project: Project = { id: cwd, worktree: cwd, name: path.basename(cwd) || cwd, source: 'codex', timeCreated: created, timeUpdated: updated };
  return { session, project, messages, parts };
}
