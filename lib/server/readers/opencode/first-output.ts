import type { MessageInfo } from '@/lib/model/message';

/** The parts whose start is the reply's first output: the model streaming text, reasoning or a tool call. */
export const OUTPUT_PART_TYPES: ReadonlySet<string> = new Set(['text', 'reasoning', 'tool']);

const time = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/**
 * The first output of each OpenCode reply, gathered from its parts' times. A part's output began at
 * the earliest of what is recorded of it: its own start (a text's or reasoning's `time.start`, set at
 * its first chunk; a tool call's `state.time.start`, once its input is complete) and, in the
 * database, its row's `time_created` (the row is written at the part's first chunk: some versions
 * overwrite a text's start with its end, and 1.2 dates the rows it imported at the import).
 */
export class FirstOutputs {
  private readonly at = new Map<string, number[]>();

  note(messageID: string, type: unknown, ...times: unknown[]): void {
    if (typeof type !== 'string' || !OUTPUT_PART_TYPES.has(type)) return;
    for (const t of times.map(time)) {
      if (t === undefined) continue;
      const held = this.at.get(messageID);
      if (held) held.push(t);
      else this.at.set(messageID, [t]);
    }
  }

  /**
   * Time to first token, as Langfuse times a generation: from the reply's creation (OpenCode creates
   * it just before the request) to its first output. Undefined for a user message, a reply with no
   * output yet, or times out of order.
   */
  ttftOf(message: MessageInfo): number | undefined {
    if (message.role !== 'assistant') return undefined;
    // A time before the reply was created is no output of it (a clock step, a part copied from elsewhere).
    let first: number | undefined;
    for (const t of this.at.get(message.id) ?? []) if (t >= message.time.created && (first === undefined || t < first)) first = t;
    return first === undefined ? undefined : first - message.time.created;
  }

  /** Copies of the replies whose time to first token is known now and differs from what they carry. */
  withTtft(messages: readonly MessageInfo[]): MessageInfo[] {
    const out: MessageInfo[] = [];
    for (const m of messages) {
      const ttft = this.ttftOf(m);
      if (ttft !== undefined && ttft !== m.ttft) out.push({ ...m, ttft });
    }
    return out;
  }
}

/**
 * The replies whose output parts a change holds without them, as the store knows them: copies with
 * no time to first token, for the reader to take it again.
 */
export function repliesToRetime(parts: readonly { messageID: string; sessionID: string; type: string }[], messages: readonly MessageInfo[], known: (sessionID: string, messageID: string) => MessageInfo | undefined): MessageInfo[] {
  const held = new Set(messages.map((m) => m.id));
  const out = new Map<string, MessageInfo>();
  for (const p of parts) {
    if (held.has(p.messageID) || out.has(p.messageID) || !OUTPUT_PART_TYPES.has(p.type)) continue;
    const reply = known(p.sessionID, p.messageID);
    if (reply?.role !== 'assistant') continue;
    const { ttft: _ttft, ...copy } = reply;
    out.set(p.messageID, copy);
  }
  return [...out.values()];
}

/** The retimed replies whose figure changed join the change. */
export function takeRetimed(messages: MessageInfo[], retimed: readonly MessageInfo[], known: (sessionID: string, messageID: string) => MessageInfo | undefined): void {
  for (const m of retimed) if (known(m.sessionID, m.id)?.ttft !== m.ttft) messages.push(m);
}
