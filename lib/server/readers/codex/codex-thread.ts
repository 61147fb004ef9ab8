import 'server-only';
import { appendAll } from '@/lib/arrays/append-all';
import type { MessageInfo } from '@/lib/model/message';
import type { Part, StepFinishPart, ToolPart } from '@/lib/model/part';
import { emptyTokens } from '@/lib/model/tokens';
import { contentText, textPart, type ItemSite } from './codex-items';
import { codexUsageSchema } from './codex-schema';
import { splitCodexUsage } from './codex-tokens';

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** A `function_call_output` as text (a string, or content items). */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  const content = obj(output).content ?? output;
  return contentText(content);
}

/** Builds one thread's messages in file order: a user message per prompt, an assistant message per response. */
export class ThreadBuilder {
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
      // Codex CLI records tokens, never a price.
      cost: 0,
      costUnrecorded: true,
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
    if (last && this.pending.length > 0) {
      const into = this.parts.get(last.id);
      if (into) appendAll(into, this.pending.map((p) => ({ ...p, messageID: last.id })));
    }
    const lastIndex = this.messages.length - 1;
    this.messages.forEach((m, i) => {
      if (i === lastIndex) return;
      // A call with no output followed by more messages never got one (interrupted).
      for (const p of this.parts.get(m.id) ?? []) if (p.type === 'tool' && p.status === 'running') Object.assign(p, { status: 'error', error: 'no result recorded' });
    });
    return { messages: this.messages, parts: this.messages.flatMap((m) => this.parts.get(m.id) ?? []) };
  }
}
