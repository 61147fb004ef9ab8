import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import { TAIL_MESSAGES_PER_SESSION } from '@/lib/model/tail-messages';
import { OUTPUT_PART_TYPES } from '../first-output';

const time = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/**
 * What a full read keeps of the messages it took, for its parts read after them: each session's
 * newest messages (whose parts the store keeps: tailMessageIds' pick) and each reply's creation
 * time and earliest output (its time to first token, as FirstOutputs takes it). Not the messages
 * themselves: at 20,000 sessions the 400,000 held through the parts read (~1.3 KB each) were most
 * of a cold start's peak; the replies to retime are parsed again from their rows at the end.
 */
export class ReadReplies {
  private readonly newest = new Map<string, { id: string; created: number }[]>();
  /** Each reply's slot in the columns below. */
  private readonly slots = new Map<string, number>();
  private created = new Float64Array(1_024);
  /** The time to first token it was read with (NaN: none). */
  private carried = new Float64Array(1_024);
  /** Its earliest output so far at or after its creation (NaN: none yet). */
  private first = new Float64Array(1_024);

  constructor(private readonly perSession = TAIL_MESSAGES_PER_SESSION) {}

  get replies(): number {
    return this.slots.size;
  }

  clear(): void {
    this.newest.clear();
    this.slots.clear();
  }

  note(messages: readonly MessageInfo[]): void {
    for (const m of messages) {
      this.noteNewest(m);
      if (m.role === 'assistant') this.noteReply(m);
    }
  }

  /** Ids of each session's newest messages by creation time (ties: the one read first), as tailMessageIds picks them. */
  tailIds(): Set<string> {
    const ids = new Set<string>();
    for (const list of this.newest.values()) for (const { id } of list) ids.add(id);
    return ids;
  }

  /** An output part's times (see FirstOutputs.note): a time before the reply was created is no output of it. */
  noteOutput(messageID: string, type: unknown, ...times: unknown[]): void {
    if (typeof type !== 'string' || !OUTPUT_PART_TYPES.has(type)) return;
    const slot = this.slots.get(messageID);
    if (slot === undefined) return;
    const created = this.created[slot] as number;
    for (const value of times) {
      const t = time(value);
      const first = this.first[slot] as number;
      if (t !== undefined && t >= created && !(t >= first)) this.first[slot] = t;
    }
  }

  /** The reply's time to first token where it is known now and differs from what it was read with. */
  changedTtft(messageID: string): number | undefined {
    const slot = this.slots.get(messageID);
    if (slot === undefined) return undefined;
    const first = this.first[slot] as number;
    if (Number.isNaN(first)) return undefined;
    const ttft = first - (this.created[slot] as number);
    return ttft === this.carried[slot] ? undefined : ttft;
  }

  private noteNewest(m: MessageInfo): void {
    let list = this.newest.get(m.sessionID);
    if (!list) this.newest.set(m.sessionID, (list = []));
    const at = list.findIndex((held) => held.id === m.id);
    if (at >= 0) list.splice(at, 1);
    // After every one created at the same time or later: a stable sort by time, newest first.
    let i = 0;
    while (i < list.length && (list[i] as { created: number }).created >= m.time.created) i++;
    if (i >= this.perSession) return;
    list.splice(i, 0, { id: m.id, created: m.time.created });
    if (list.length > this.perSession) list.length = this.perSession;
  }

  private noteReply(m: MessageInfo): void {
    let slot = this.slots.get(m.id);
    if (slot === undefined) {
      slot = this.slots.size;
      this.slots.set(m.id, slot);
      if (slot >= this.created.length) this.grow();
    }
    this.created[slot] = m.time.created;
    this.carried[slot] = m.ttft ?? Number.NaN;
    this.first[slot] = Number.NaN;
  }

  private grow(): void {
    const wider = (from: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> => {
      const to = new Float64Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.created = wider(this.created);
    this.carried = wider(this.carried);
    this.first = wider(this.first);
  }
}
