import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { PriceResolver } from '@/lib/pricing/price-types';
import type { SessionTally } from '@/lib/sessions/session-figures';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { badTimeOfMessage, badTimeOfPart, badTimeOfSession } from '@/lib/model/record-times';
import { TAIL_MESSAGES_PER_SESSION } from '@/lib/model/tail-messages';
import { STALE_AFTER_MS } from '@/lib/status/thresholds';
import type { ChangeSet, LiveSession, ReadIssue, SourceReader } from '../readers/read-result';

/**
 * A source's messages, as the session database holds them: the store keeps no history in memory.
 * `of` is in the order the source gave them.
 */
export interface HeldMessages {
  of(sessionID: string): readonly MessageInfo[];
  /** Every session's tally, summed by the database (building every summary reads no message). */
  tallies(prices: PriceResolver): Map<string, SessionTally>;
  /** One session's tally, summed as `tallies` sums them (undefined: no message). */
  tallyOf(sessionID: string, prices: PriceResolver): SessionTally | undefined;
  /** Ids of the session's messages. */
  idsOf(sessionID: string): string[];
  /** Ids of the session's `count` newest messages by creation time (what tailMessageIds picks). */
  newestIds(sessionID: string, count: number): Set<string>;
  /** A message's parts as the session database holds them (undefined: no database answers). */
  partsOf(messageID: string): PartMeta[] | undefined;
  /** Many messages' parts (undefined: no database answers). */
  partsOfMany(messageIDs: readonly string[]): Map<string, PartMeta[]> | undefined;
  count(): number;
}

const NO_MESSAGES: HeldMessages = { of: () => [], tallies: () => new Map(), tallyOf: () => undefined, idsOf: () => [], newestIds: () => new Set(), partsOf: () => undefined, partsOfMany: () => undefined, count: () => 0 };

/**
 * Everything one reader found, kept apart so stores can be merged by priority: projects, sessions
 * and the part metadata of each session's newest messages in memory; messages in the session
 * database (`messages`, given by the store).
 */
export class SourceIndex {
  readonly projects = new Map<string, Project>();
  readonly sessions = new Map<string, SessionInfo>();
  /** Part metadata of each session's newest messages only (see TAIL_MESSAGES_PER_SESSION). */
  readonly partsByMessage = new Map<string, Map<string, PartMeta>>();
  readonly issues = new Map<string, ReadIssue>();
  /** The source's messages (the session database); set by the store once the database knows the source. */
  messages: HeldMessages = NO_MESSAGES;
  private readonly logged = new Set<string>();
  private readonly partMessage = new Map<string, string>();
  /** Parts read ahead for a build of every summary (see primeParts). */
  private primed: Map<string, PartMeta[]> | undefined;
  /** The messages of each session that have parts held. */
  private readonly partMessagesOf = new Map<string, Set<string>>();
  get messageCount(): number {
    return this.messages.count();
  }
  /** Why the last read threw, until a full read succeeds: the source's figures are then incomplete, whatever else it holds. */
  failure: { reason: string; at: number } | undefined;
  /** Sessions written to recently, until when they count as live (see `liveSessions`). */
  private readonly liveUntil = new Map<string, number>();

  constructor(
    readonly reader: SourceReader,
    /** Higher wins when two sources hold the same session id. */
    readonly priority: number,
  ) {}

  /**
   * A message's parts: those the session database holds (a restart holds none in memory, and a
   * session's status and context use read its newest message's), each as kept here where it is
   * (a file's head gives them whole; rows written before migration 15 have no extras).
   */
  partsOf(messageID: string): PartMeta[] {
    const kept = this.partsByMessage.get(messageID);
    const held = this.primed?.get(messageID) ?? this.messages.partsOf(messageID);
    if (!held) return kept ? [...kept.values()] : [];
    if (!kept) return held;
    const byId = new Map(held.map((part) => [part.id, part]));
    for (const [id, part] of kept) byId.set(id, part);
    return [...byId.values()];
  }

  /**
   * Reads these messages' parts from the session database in a few queries, for the `partsOf` calls
   * of a build of every session's summary (one query each was 1-1.5 s of a 20,000-session list),
   * until `unprimeParts`.
   */
  primeParts(messageIDs: readonly string[]): void {
    this.primed = this.messages.partsOfMany(messageIDs);
  }

  unprimeParts(): void {
    this.primed = undefined;
  }

  /** Records skipped records (also those a session page's read met), for /api/health. */
  noteIssues(issues: readonly ReadIssue[]): void {
    for (const issue of issues) {
      if (this.issues.has(issue.path)) continue;
      this.issues.set(issue.path, issue);
      // Logged once per path: a half-written file retried on every change must not flood the log.
      if (!this.logged.has(issue.path)) {
        this.logged.add(issue.path);
        console.warn(`[sessionscope] skipped ${issue.kind} ${issue.path}: ${issue.reason}`);
      }
    }
  }

  /**
   * Applies a change set the session database took in already; `written` names the sessions whose
   * messages it wrote, moved or removed; `holdParts` false leaves its parts to the database (see
   * Store.partsFromDatabase). Returns the ids of sessions the change touched.
   */
  apply(changes: ChangeSet, paths?: readonly string[], live = false, written: Iterable<string> = [], holdParts = true): Set<string> {
    const touched = new Set<string>([...changes.touchedSessions, ...written]);
    if (changes.complete) {
      this.clearAll(touched);
      this.failure = undefined;
    }
    if (changes.failed !== undefined) this.failure = { reason: changes.failed, at: Date.now() };
    else if (paths) for (const path of paths) this.issues.delete(path);
    for (const project of changes.projects) this.projects.set(project.id, project);
    for (const session of changes.sessions) {
      if (this.skipBadTime('session', session.id, badTimeOfSession(session), session.origin)) {
        if (this.sessions.delete(session.id)) touched.add(session.id);
        continue;
      }
      this.sessions.set(session.id, session);
      touched.add(session.id);
    }
    for (const message of changes.messages) {
      if (this.skipBadTime('message', message.id, badTimeOfMessage(message))) this.dropPartsOf(message.id);
      touched.add(message.sessionID);
    }
    for (const part of changes.parts) {
      const bad = this.skipBadTime('part', part.id, badTimeOfPart(part));
      // Not held: the session database has it (a copy held from before would hide it).
      if (bad || !holdParts) this.removePart(part.id, touched);
      if (bad) continue;
      if (holdParts) this.putPart(part, touched);
      else touched.add(part.sessionID);
    }
    for (const id of changes.removed.parts) this.removePart(id, touched);
    for (const id of changes.removed.messages) this.dropPartsOf(id);
    for (const id of changes.removed.sessions) this.removeSession(id, touched);
    this.noteIssues(changes.issues);
    this.trimParts(touched);
    // A full read (the reader reopened the source) writes nothing: only an increment can be a write seen now.
    this.noteActivity(touched, changes, live && !changes.complete, Date.now());
    return touched;
  }

  /**
   * Sessions written to within the stale window (by what the store saw, or by the records' own
   * times), with their newest messages: the JSON tree watches their folders closely.
   */
  liveSessions(now = Date.now()): LiveSession[] {
    const out: LiveSession[] = [];
    for (const [id, until] of this.liveUntil) {
      if (until < now || !this.sessions.has(id)) this.liveUntil.delete(id);
      else out.push({ id, tail: [...this.messages.newestIds(id, TAIL_MESSAGES_PER_SESSION)] });
    }
    return out;
  }

  /**
   * A read (not a write seen now) dates a session by its record and the messages the change brings:
   * a full read brings all of a session's, an increment its new ones (its older ones are older).
   */
  private noteActivity(touched: Set<string>, changes: ChangeSet, live: boolean, now: number): void {
    let newest: Map<string, number> | undefined;
    if (!live) {
      newest = new Map();
      for (const m of changes.messages) newest.set(m.sessionID, Math.max(newest.get(m.sessionID) ?? 0, m.time.completed ?? m.time.created));
    }
    for (const id of touched) {
      const at = live ? now : Math.max(this.sessions.get(id)?.time.updated ?? 0, newest?.get(id) ?? 0);
      if (at + STALE_AFTER_MS >= now) this.liveUntil.set(id, Math.max(this.liveUntil.get(id) ?? 0, at + STALE_AFTER_MS));
    }
  }

  /** Ids of the parts held for a session's messages. */
  *partIdsOf(sessionID: string): Iterable<string> {
    for (const messageID of this.partMessagesOf.get(sessionID) ?? []) yield* this.partsByMessage.get(messageID)?.keys() ?? [];
  }

  messagesOf(sessionID: string): Iterable<MessageInfo> {
    return this.messages.of(sessionID);
  }

  /**
   * A record with a time out of range (1e300, negative, past year 9999) is one skipped record,
   * listed; the rest of the source is kept. A good version of it later clears the listing.
   */
  private skipBadTime(kind: 'session' | 'message' | 'part', id: string, bad: string | undefined, origin = this.reader.path): boolean {
    const path = (): string => `${origin} (${kind} ${id.slice(0, 200)})`;
    if (bad === undefined) {
      if (this.issues.size > 0) this.issues.delete(path());
      return false;
    }
    this.noteIssues([{ source: this.reader.kind, path: path(), kind: 'schema', reason: `${bad} is not a usable time (out of range)`, at: Date.now() }]);
    return true;
  }

  private putPart(part: PartMeta, touched: Set<string>): void {
    const before = this.partMessage.get(part.id);
    if (before !== undefined && before !== part.messageID) this.removePart(part.id, touched);
    let map = this.partsByMessage.get(part.messageID);
    if (!map) this.partsByMessage.set(part.messageID, (map = new Map()));
    map.set(part.id, part);
    this.partMessage.set(part.id, part.messageID);
    let held = this.partMessagesOf.get(part.sessionID);
    if (!held) this.partMessagesOf.set(part.sessionID, (held = new Set()));
    held.add(part.messageID);
    touched.add(part.sessionID);
  }

  private removePart(id: string, touched: Set<string>): void {
    const messageID = this.partMessage.get(id);
    if (!messageID) return;
    const map = this.partsByMessage.get(messageID);
    const part = map?.get(id);
    map?.delete(id);
    if (map?.size === 0) this.dropPartsOf(messageID);
    this.partMessage.delete(id);
    if (part) touched.add(part.sessionID);
  }

  private dropPartsOf(messageID: string): void {
    const parts = this.partsByMessage.get(messageID);
    if (!parts) return;
    let sessionID: string | undefined;
    for (const [id, part] of parts) {
      this.partMessage.delete(id);
      sessionID = part.sessionID;
    }
    this.partsByMessage.delete(messageID);
    if (sessionID === undefined) return;
    const held = this.partMessagesOf.get(sessionID);
    held?.delete(messageID);
    if (held?.size === 0) this.partMessagesOf.delete(sessionID);
  }

  private removeSession(id: string, touched: Set<string>): void {
    this.sessions.delete(id);
    for (const messageID of [...(this.partMessagesOf.get(id) ?? [])]) this.dropPartsOf(messageID);
    this.liveUntil.delete(id);
    touched.add(id);
  }

  /**
   * Keeps part metadata only for the newest messages of the sessions just touched. Parts of a
   * message not read yet (written before it) stay until it comes.
   */
  private trimParts(touched: Set<string>): void {
    for (const sessionID of touched) {
      if (!this.partMessagesOf.has(sessionID)) continue;
      const known = this.messages.idsOf(sessionID);
      if (known.length <= TAIL_MESSAGES_PER_SESSION) continue;
      const keep = this.messages.newestIds(sessionID, TAIL_MESSAGES_PER_SESSION);
      for (const messageID of known) if (!keep.has(messageID)) this.dropPartsOf(messageID);
    }
  }

  private clearAll(touched: Set<string>): void {
    for (const id of this.sessions.keys()) touched.add(id);
    this.projects.clear();
    this.sessions.clear();
    this.partsByMessage.clear();
    this.partMessage.clear();
    this.partMessagesOf.clear();
    this.issues.clear();
  }
}
