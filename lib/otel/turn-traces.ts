import type { MessageInfo } from '@/lib/model/message';
import type { Part, ToolPart } from '@/lib/model/part';
import { SOURCE_LABELS } from '@/lib/model/source';
import { buildTurns, type MessageWithParts, type Turn } from '@/lib/sessions/build-turns';
import { agentAttributes, chatAttributes, sessionAttributes, textAttributes, toolAttributes } from './gen-ai-attributes';
import { spanIdOf, traceIdOf } from './otel-ids';
import type { OtelSession, SessionTree, TraceOptions } from './session-tree';
import type { SpanRecord, TraceRecord } from './span-record';

export interface RootTraces {
  /** Finished turns, one trace each. */
  traces: TraceRecord[];
  /** Turns still running (the root's or a subagent's): sent once they finish. */
  running: number;
}

/**
 * The traces of a root session: one per turn, rooted at `invoke_agent {agent}`, a `chat {model}`
 * span per model request (a step where the source records steps) and an `execute_tool {tool}` span
 * per tool call; a subagent's turns nest under the tool call that started it (or, where the source
 * names no call, under the turn it began in), in the parent's trace. Every id is derived from the
 * sources' ids, so the same turn gives the same trace.
 */
export function tracesOfRoot(rootID: string, tree: SessionTree, options: TraceOptions): RootTraces {
  const root = tree.session(rootID);
  if (!root) return { traces: [], running: 0 };
  const placed = new Set<string>([rootID]);
  const turns = turnsOf(root);
  const result: RootTraces = { traces: [], running: 0 };
  turns.forEach((turn, i) => {
    const builder = new TraceBuilder(turnTraceId(rootID, turn.id), rootID, tree, options, placed);
    builder.turn(root, turn, undefined, unlinkedChildrenIn(root, turns, i, tree), i === turns.length - 1);
    if (builder.running) result.running++;
    else result.traces.push({ traceId: builder.traceId, sessionID: rootID, turnID: turn.id, spans: builder.spans });
  });
  return result;
}

/** A root session's turn is one trace: its id, whatever the turn holds. */
export function turnTraceId(rootID: string, turnID: string): string {
  return traceIdOf(`${rootID}/${turnID}`);
}

function turnsOf(session: OtelSession): Turn[] {
  return buildTurns(session.messages, session.parts as Part[]);
}

const linkedBySession = new WeakMap<OtelSession, ReadonlySet<string>>();

/** Sessions a tool call of this session started (asked once per turn: kept per session). */
function linkedChildrenOf(session: OtelSession): ReadonlySet<string> {
  let linked = linkedBySession.get(session);
  if (!linked) linkedBySession.set(session, (linked = new Set(session.parts.flatMap((p) => (p.type === 'tool' && p.childSessionID ? [p.childSessionID] : [])))));
  return linked;
}

/** Children no tool call of the session names, by the turn they began in (the first turn takes earlier ones). */
function unlinkedChildrenIn(session: OtelSession, turns: readonly Turn[], index: number, tree: SessionTree): string[] {
  const linked = linkedChildrenOf(session);
  const next = turns[index + 1]?.start ?? Infinity;
  const from = index === 0 ? -Infinity : (turns[index]?.start ?? -Infinity);
  return tree.children(session.info.id).filter((id) => {
    if (linked.has(id)) return false;
    const created = tree.session(id)?.info.time.created ?? 0;
    return created >= from && created < next;
  });
}

class TraceBuilder {
  readonly spans: SpanRecord[] = [];
  running = false;

  constructor(
    readonly traceId: string,
    private readonly rootID: string,
    private readonly tree: SessionTree,
    private readonly options: TraceOptions,
    /** Sessions already in a trace: a subagent is nested once, where it is first found. */
    private readonly placed: Set<string>,
  ) {}

  /** One turn under `parentSpanId` (none: the trace's root); returns when its last span ends. */
  turn(session: OtelSession, turn: Turn, parentSpanId: string | undefined, unlinked: readonly string[], last: boolean): number {
    const agentSpanId = spanIdOf(`${session.info.id}/${turn.id}/agent`);
    if (last && session.running) this.running = true;
    let end = turn.end;
    for (const message of turn.assistant) {
      end = Math.max(end, this.chat(session, message, agentSpanId));
      for (const part of message.parts) if (part.type === 'tool') end = Math.max(end, this.tool(session, message.info, part, agentSpanId));
    }
    for (const child of unlinked) end = Math.max(end, this.subagent(child, agentSpanId));
    const agent = turn.assistant.find((m) => m.info.agent)?.info.agent ?? turn.user?.info.agent ?? SOURCE_LABELS[session.info.source];
    const lastText = [...turn.assistant].reverse().map(textOf).find(Boolean);
    this.push(session, {
      spanId: agentSpanId,
      parentSpanId,
      name: `invoke_agent ${agent}`,
      kind: 'internal',
      start: turn.start,
      end,
      attributes: {
        ...agentAttributes(agent, session.info.source, parentSpanId ? undefined : this.options.user),
        ...(this.options.exportText ? textAttributes(turn.user ? textOf(turn.user) : undefined, lastText) : {}),
      },
    });
    return end;
  }

  /** A model request per step the source records (OpenCode's step-finish parts), else per assistant message. */
  private chat(session: OtelSession, message: MessageWithParts, parentSpanId: string): number {
    const { info } = message;
    const name = `chat ${info.modelID ?? 'unknown'}`;
    const error = info.error ? `${info.error.name}: ${info.error.message}` : undefined;
    const text = this.options.exportText ? textAttributes(undefined, textOf(message)) : {};
    const steps = message.parts.filter((p) => p.type === 'step-finish');
    if (steps.length === 0) {
      const end = Math.max(info.time.created, info.time.completed ?? lastPartEnd(message) ?? info.time.created);
      this.push(session, { spanId: spanIdOf(`${info.sessionID}/${info.id}/chat`), parentSpanId, name, kind: 'client', start: info.time.created, end, attributes: { ...chatAttributes(info, info.tokens, info.cost, info.finish), ...text }, error });
      return end;
    }
    const starts = message.parts.filter((p) => p.type === 'step-start');
    let previousEnd = info.time.created;
    steps.forEach((step, i) => {
      const isLast = i === steps.length - 1;
      const start = starts[i]?.time?.start ?? previousEnd;
      const end = Math.max(start, step.time?.start ?? step.time?.end ?? (isLast ? info.time.completed : undefined) ?? start);
      this.push(session, {
        spanId: spanIdOf(`${info.sessionID}/${info.id}/${step.id}`),
        parentSpanId,
        name,
        kind: 'client',
        start,
        end,
        attributes: { ...chatAttributes(info, step.tokens, step.cost, step.reason), ...(isLast ? text : {}) },
        error: isLast ? error : undefined,
      });
      previousEnd = end;
    });
    return previousEnd;
  }

  private tool(session: OtelSession, message: MessageInfo, part: ToolPart, parentSpanId: string): number {
    const spanId = spanIdOf(`${part.sessionID}/${part.id}/tool`);
    const start = part.time?.start ?? message.time.created;
    const end = Math.max(start, part.time?.end ?? start);
    let reached = end;
    // The call's span keeps its own times (a background subagent outlives the call); the turn's covers both.
    if (part.childSessionID) reached = Math.max(reached, this.subagent(part.childSessionID, spanId));
    this.push(session, {
      spanId,
      parentSpanId,
      name: `execute_tool ${part.tool}`,
      kind: 'internal',
      start,
      end,
      attributes: { ...toolAttributes(part), ...(this.options.exportText ? textAttributes(JSON.stringify(part.input), part.output ?? part.error) : {}) },
      error: part.status === 'error' ? (part.error ?? 'error') : undefined,
    });
    return reached;
  }

  /** Every turn of a subagent session, under the span that started it. */
  private subagent(id: string, parentSpanId: string): number {
    const child = this.tree.session(id);
    if (!child || this.placed.has(id)) return 0;
    this.placed.add(id);
    const turns = turnsOf(child);
    if (child.running) this.running = true;
    let end = 0;
    turns.forEach((turn, i) => {
      end = Math.max(end, this.turn(child, turn, parentSpanId, unlinkedChildrenIn(child, turns, i, this.tree), i === turns.length - 1));
    });
    return end;
  }

  private push(session: OtelSession, span: Omit<SpanRecord, 'traceId'>): void {
    const record: SpanRecord = { traceId: this.traceId, ...span, attributes: { ...span.attributes, ...sessionAttributes(this.rootID, session.info.id) } };
    if (record.error === undefined) delete record.error;
    if (record.parentSpanId === undefined) delete record.parentSpanId;
    this.spans.push(record);
  }
}

function textOf(message: MessageWithParts): string | undefined {
  const text = message.parts.flatMap((p) => (p.type === 'text' && !p.synthetic ? [p.text] : [])).join('\n').trim();
  return text || undefined;
}

function lastPartEnd(message: MessageWithParts): number | undefined {
  let end: number | undefined;
  for (const part of message.parts) {
    const t = part.time?.end ?? part.time?.start;
    if (t !== undefined && (end === undefined || t > end)) end = t;
  }
  return end;
}
