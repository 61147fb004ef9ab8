import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { Part, ToolPart } from '@/lib/model/part';
import type { PartSite } from './pi-content';
import { appendAll } from '@/lib/arrays/append-all';

interface TreeEntry {
  id: string;
  parentId: string | null;
}

/**
 * Collects the messages and parts of one session while entries are read in file order.
 * Entries that are not messages attach their parts to the nearest ancestor message in the entry
 * tree; events before the first message wait and go to the first message.
 */
export class SessionBuilder {
  readonly messages: MessageInfo[] = [];
  private readonly partsByMessage = new Map<string, Part[]>();
  private readonly messageOfEntry = new Map<string, MessageInfo>();
  private readonly parentOf = new Map<string, string | null>();
  private readonly pending: Part[] = [];
  private readonly calls = new Map<string, { part: ToolPart; order: number }>();
  /** Per entry, the nearest message at or above it (`user`: the nearest user message), as walks found them (see ancestorMessage). */
  private readonly nearest = { any: new Map<string, MessageInfo | null>(), user: new Map<string, MessageInfo | null>() };

  constructor(readonly sessionID: string) {}

  site(entry: TreeEntry, time: number, messageID = ''): PartSite {
    return { sessionID: this.sessionID, messageID, idBase: `${this.sessionID}:${entry.id}`, time };
  }

  register(entry: TreeEntry): void {
    // An id read again under another parent (a file that repeats it): what walks found may be wrong now.
    if (this.parentOf.has(entry.id) && this.parentOf.get(entry.id) !== entry.parentId) this.forgetWalks();
    this.parentOf.set(entry.id, entry.parentId);
  }

  private forgetWalks(): void {
    this.nearest.any.clear();
    this.nearest.user.clear();
  }

  addMessage(entry: TreeEntry, info: MessageInfo, parts: Part[]): void {
    // A walk passed this entry before it was a message (a child's line came first), or it was one already: what walks found may be wrong now.
    if (this.nearest.any.has(entry.id) || this.nearest.user.has(entry.id) || this.messageOfEntry.has(entry.id)) this.forgetWalks();
    this.messages.push(info);
    this.messageOfEntry.set(entry.id, info);
    this.partsByMessage.set(info.id, [...parts]);
    for (const part of parts) if (part.type === 'tool') this.calls.set(part.callID, { part, order: this.messages.length - 1 });
  }

  /**
   * A message outside the entry tree (a side call): entries below it still attach to the
   * conversation's messages, and assistants still answer the user message above.
   */
  addSideMessage(info: MessageInfo, parts: Part[]): void {
    this.messages.push(info);
    this.partsByMessage.set(info.id, [...parts]);
  }

  /**
   * Nearest message above `entry` in the tree (not the entry itself); with `userOnly`, the nearest user message. Each walk
   * leaves, for the entries it passed, what it found (`nearest`): the next walk through them stops
   * there. A long run of entries that are not messages (tool results, attachments), or of replies
   * in one long turn, was walked whole from each of its entries: a 28 MB transcript of 10,000
   * chained tool results took 19 s to map.
   */
  ancestorMessage(entry: TreeEntry, userOnly = false): MessageInfo | undefined {
    const memo = userOnly ? this.nearest.user : this.nearest.any;
    const walked: string[] = [];
    const seen = new Set<string>();
    let found: MessageInfo | null = null;
    // Whether the walk ended on entries read already: one not read yet may become a message, or lead further up.
    let settled = true;
    for (let id = entry.parentId; id !== null && id !== undefined && !seen.has(id); ) {
      const known = memo.get(id);
      if (known !== undefined) {
        found = known;
        break;
      }
      seen.add(id);
      walked.push(id);
      const message = this.messageOfEntry.get(id);
      if (message && (!userOnly || message.role === 'user')) {
        found = message;
        break;
      }
      const parent = this.parentOf.get(id);
      if (parent === undefined) {
        settled = false;
        break;
      }
      id = parent;
    }
    if (settled) for (const id of walked) if (this.parentOf.has(id)) memo.set(id, found);
    return found ?? undefined;
  }

  /** Parts of a non-message entry go to the nearest ancestor message. */
  attach(entry: TreeEntry, parts: Part[]): void {
    const target = this.ancestorMessage(entry) ?? this.messages.findLast((m) => !m.sideCall);
    if (!target) {
      appendAll(this.pending, parts);
      return;
    }
    const held = this.partsByMessage.get(target.id);
    if (held) appendAll(held, parts.map((p) => ({ ...p, messageID: target.id })));
  }

  toolCall(callID: string): ToolPart | undefined {
    return this.calls.get(callID)?.part;
  }

  /** Messages in file order, each followed by its parts. `synthetic` makes a home for lone events. */
  finish(synthetic: () => MessageInfo): { messages: MessageInfo[]; parts: Part[] } {
    const last = this.messages.findLastIndex((m) => !m.sideCall);
    for (const { part, order } of this.calls.values()) {
      // A call with no result followed by more messages will never get one (aborted or crashed).
      if (part.status === 'running' && order < last) Object.assign(part, { status: 'error', error: 'no result recorded' });
    }
    if (this.pending.length > 0 && this.messages.length === 0) this.addMessage({ id: '', parentId: null }, synthetic(), []);
    // Events before the first message wait for the conversation's first, not a side call made before it.
    const first = this.messages.find((m) => !m.sideCall) ?? this.messages[0];
    const parts: Part[] = [];
    for (const message of this.messages) {
      if (message === first) appendAll(parts, this.pending.map((p) => ({ ...p, messageID: message.id })));
      appendAll(parts, this.partsByMessage.get(message.id) ?? []);
    }
    return { messages: this.messages, parts };
  }
}
