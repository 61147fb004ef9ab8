import 'server-only';
import type { Part } from '@/lib/model/part';
import type { FileDiff, Todo } from '@/lib/model/todo';
import type { ContentRequest, ReadIssue, SessionContent } from '../readers/read-result';

/** Parts kept across the sessions last opened: a bound on memory, whatever their size. */
export const CONTENT_CACHE_PARTS = 30_000;

export interface MessageParts {
  parts: Part[];
  /** What could not be read in the read that brought these parts (shared by its messages). */
  issues: readonly ReadIssue[];
}

export interface SessionExtras {
  todos: Todo[];
  diffs: FileDiff[];
  issues: ReadIssue[];
}

export type ContentLoader = (request: ContentRequest) => Promise<SessionContent | undefined>;

/*
 * What is kept is the parts themselves once read, never the promise of a read: a promise made while
 * a request is answered carries that request's async context (Next's store of it: the request, the
 * response, its compression stream), so a cache of promises kept one answered request per message
 * alive for as long as the message stayed cached.
 */
interface SessionEntry {
  /** The source it was read from: a session that another source takes over is read again. */
  owner: object;
  /** Parts read, or a read under way (replaced by its parts when it settles). */
  messages: Map<string, MessageParts | Promise<MessageParts>>;
  /** Part ids of each settled message, for the bound and to forget removed parts. */
  held: Map<string, string[]>;
  /** Counts the messages forgotten: a read that began before one must not cache what it did not ask for. */
  forgets: number;
  extras?: SessionExtras | Promise<SessionExtras>;
}

const NONE: MessageParts = { parts: [], issues: [] };

/**
 * Part bodies of the sessions opened last, per message: a session page reads only the messages it
 * shows, and a live change re-reads only the messages it touched. Least recently used sessions go
 * first when the bound is passed.
 */
export class PartCache {
  private readonly sessions = new Map<string, SessionEntry>();
  /** Session and message of every cached part, to forget a removed part. */
  private readonly owners = new Map<string, { sessionID: string; messageID: string }>();
  private total = 0;

  constructor(private readonly maxParts = CONTENT_CACHE_PARTS) {}

  /** The parts of these messages; those not cached are read in one request. */
  async parts(sessionID: string, owner: object, messageIDs: readonly string[], load: ContentLoader): Promise<Map<string, MessageParts>> {
    const entry = this.entry(sessionID, owner);
    const missing = [...new Set(messageIDs)].filter((id) => !entry.messages.has(id));
    if (missing.length > 0) {
      const forgets = entry.forgets;
      const read = load({ messageIDs: missing, extras: false }).then((content) => this.group(content));
      const asked = new Map(missing.map((id) => [id, read.then((byMessage) => byMessage.get(id) ?? NONE)] as const));
      for (const [id, promise] of asked) entry.messages.set(id, promise);
      read.then(
        (byMessage) => this.settle(sessionID, entry, byMessage, asked, forgets),
        () => {
          for (const [id, promise] of asked) if (entry.messages.get(id) === promise) entry.messages.delete(id);
        },
      );
    }
    // Taken now: a change or the bound may drop them from the cache while they are read.
    const pending = messageIDs.map((id) => [id, entry.messages.get(id) ?? NONE] as const);
    const out = new Map<string, MessageParts>();
    for (const [id, promise] of pending) out.set(id, await promise);
    return out;
  }

  /** Todos and diffs of a session. */
  async extras(sessionID: string, owner: object, load: ContentLoader): Promise<SessionExtras> {
    const entry = this.entry(sessionID, owner);
    if (!entry.extras) {
      const forgets = entry.forgets;
      const read = load({ messageIDs: [], extras: true }).then((content) => {
        // Readers of one-file sessions return every part anyway: keep them.
        if (content && content.parts.length > 0) this.settle(sessionID, entry, this.group({ ...content, issues: [] }), new Map(), forgets);
        return { todos: content?.todos ?? [], diffs: content?.diffs ?? [], issues: content?.issues ?? [] };
      });
      entry.extras = read;
      read.then(
        (extras) => {
          if (entry.extras === read) entry.extras = extras;
        },
        () => {
          if (entry.extras === read) delete entry.extras;
        },
      );
    }
    return entry.extras;
  }

  /** Forgets the parts of these messages (they changed). */
  forgetMessages(sessionID: string, messageIDs: Iterable<string>): void {
    const entry = this.sessions.get(sessionID);
    if (!entry) return;
    for (const id of messageIDs) this.dropMessage(sessionID, entry, id);
  }

  /**
   * Forgets the messages holding these parts (the parts were removed). A part not held may be in a
   * read under way: what those reads bring is then not kept.
   */
  forgetParts(partIDs: Iterable<string>): void {
    let unheld = false;
    for (const id of partIDs) {
      const owner = this.owners.get(id);
      const entry = owner && this.sessions.get(owner.sessionID);
      if (owner && entry) this.dropMessage(owner.sessionID, entry, owner.messageID);
      else unheld = true;
    }
    if (!unheld) return;
    for (const [sessionID, entry] of this.sessions) {
      for (const messageID of [...entry.messages.keys()]) if (!entry.held.has(messageID)) this.dropMessage(sessionID, entry, messageID);
    }
  }

  /** Ids of the parts cached for a session read from `owner`. */
  *partIdsOf(sessionID: string, owner: object): Iterable<string> {
    const entry = this.sessions.get(sessionID);
    if (entry?.owner === owner) for (const ids of entry.held.values()) yield* ids;
  }

  forgetExtras(sessionID: string): void {
    const entry = this.sessions.get(sessionID);
    if (entry) delete entry.extras;
  }

  forgetSessions(ids: Iterable<string>): void {
    for (const id of ids) this.dropSession(id);
  }

  clear(): void {
    for (const id of [...this.sessions.keys()]) this.dropSession(id);
  }

  /** Parts held, for tests and health. */
  get size(): number {
    return this.total;
  }

  private entry(sessionID: string, owner: object): SessionEntry {
    let entry = this.sessions.get(sessionID);
    if (entry && entry.owner !== owner) {
      this.dropSession(sessionID);
      entry = undefined;
    }
    if (entry) this.sessions.delete(sessionID);
    else entry = { owner, messages: new Map(), held: new Map(), forgets: 0 };
    // Most recently used last.
    this.sessions.set(sessionID, entry);
    return entry;
  }

  private group(content: SessionContent | undefined): Map<string, MessageParts> {
    const byMessage = new Map<string, MessageParts>();
    if (!content) return byMessage;
    const issues = content.issues;
    for (const part of content.parts) {
      const held = byMessage.get(part.messageID);
      if (held) held.parts.push(part);
      else byMessage.set(part.messageID, { parts: [part], issues });
    }
    // Issues belong to the read: messages without parts still carry them.
    return byMessage;
  }

  /**
   * Caches what a read brought: the messages it was asked for (unless forgotten or asked again
   * since), and other messages' parts only if nothing was forgotten while it ran.
   */
  private settle(sessionID: string, entry: SessionEntry, byMessage: Map<string, MessageParts>, asked: Map<string, Promise<MessageParts>>, forgets: number): void {
    if (this.sessions.get(sessionID) !== entry) return;
    // `ours`: the cache holds this read's own promise for the message, replaced by its parts.
    const keep = (messageID: string, held: MessageParts, ours: boolean): void => {
      if (entry.held.has(messageID)) return;
      if (ours || !entry.messages.has(messageID)) entry.messages.set(messageID, held);
      entry.held.set(messageID, held.parts.map((p) => p.id));
      this.total += held.parts.length;
      for (const part of held.parts) this.owners.set(part.id, { sessionID, messageID });
    };
    for (const [messageID, promise] of asked) if (entry.messages.get(messageID) === promise) keep(messageID, byMessage.get(messageID) ?? NONE, true);
    if (entry.forgets === forgets) for (const [messageID, held] of byMessage) if (!asked.has(messageID)) keep(messageID, held, false);
    for (const oldest of [...this.sessions.keys()]) {
      if (this.total <= this.maxParts || oldest === sessionID) break;
      this.dropSession(oldest);
    }
    if (this.total > this.maxParts) this.dropSession(sessionID);
  }

  private dropMessage(sessionID: string, entry: SessionEntry, messageID: string): void {
    entry.messages.delete(messageID);
    entry.forgets++;
    const held = entry.held.get(messageID);
    if (!held) return;
    entry.held.delete(messageID);
    this.total -= held.length;
    for (const partID of held) this.owners.delete(partID);
  }

  private dropSession(sessionID: string): void {
    const entry = this.sessions.get(sessionID);
    if (!entry) return;
    for (const messageID of [...entry.held.keys()]) this.dropMessage(sessionID, entry, messageID);
    this.sessions.delete(sessionID);
  }
}
