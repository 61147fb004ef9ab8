import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { badTimeOfMessage, badTimeOfPart, badTimeOfSession } from '@/lib/model/record-times';
import { tailMessageIds } from '@/lib/model/tail-messages';
import { STALE_AFTER_MS } from '@/lib/status/thresholds';
import type { ChangeSet, LiveSession, ReadIssue, SourceReader } from '../readers/read-result';

/** Everything one reader found, kept apart so stores can be merged by priority. */
export class SourceIndex {
  readonly projects = new Map<string, Project>();
  readonly sessions = new Map<string, SessionInfo>();
  readonly messagesBySession = new Map<string, Map<string, MessageInfo>>();
  /** Part metadata of each session's newest messages only (see TAIL_MESSAGES_PER_SESSION). */
  readonly partsByMessage = new Map<string, Map<string, PartMeta>>();
  readonly issues = new Map<string, ReadIssue>();
  private readonly logged = new Set<string>();
  private readonly messageSession = new Map<string, string>();
  private readonly partMessage = new Map<string, string>();
  /** Messages held, kept as records come and go (health and progress read it on every change). */
  get messageCount(): number {
    return this.messageSession.size;
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

  /** Applies a change set; returns the ids of sessions it touched. */
  apply(changes: ChangeSet, paths?: readonly string[], live = false): Set<string> {
    const touched = new Set<string>(changes.touchedSessions);
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
      if (this.skipBadTime('message', message.id, badTimeOfMessage(message))) this.removeMessage(message.id, touched);
      else this.putMessage(message, touched);
    }
    for (const part of changes.parts) {
      if (this.skipBadTime('part', part.id, badTimeOfPart(part))) this.removePart(part.id, touched);
      else this.putPart(part, touched);
    }
    for (const id of changes.removed.parts) this.removePart(id, touched);
    for (const id of changes.removed.messages) this.removeMessage(id, touched);
    for (const id of changes.removed.sessions) this.removeSession(id, touched);
    this.noteIssues(changes.issues);
    this.trimParts(touched);
    // A full read (the reader reopened the source) writes nothing: only an increment can be a write seen now.
    this.noteActivity(touched, live && !changes.complete, Date.now());
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
      else out.push({ id, tail: [...tailMessageIds(this.messagesOf(id))] });
    }
    return out;
  }

  private noteActivity(touched: Set<string>, live: boolean, now: number): void {
    for (const id of touched) {
      let at = live ? now : (this.sessions.get(id)?.time.updated ?? 0);
      if (!live) for (const message of this.messagesOf(id)) at = Math.max(at, message.time.completed ?? message.time.created);
      if (at + STALE_AFTER_MS >= now) this.liveUntil.set(id, Math.max(this.liveUntil.get(id) ?? 0, at + STALE_AFTER_MS));
    }
  }

  /** Ids of the parts held for a session's messages. */
  *partIdsOf(sessionID: string): Iterable<string> {
    for (const messageID of this.messagesBySession.get(sessionID)?.keys() ?? []) yield* this.partsByMessage.get(messageID)?.keys() ?? [];
  }

  messagesOf(sessionID: string): Iterable<MessageInfo> {
    return this.messagesBySession.get(sessionID)?.values() ?? [];
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

  private putMessage(message: MessageInfo, touched: Set<string>): void {
    const previous = this.messageSession.get(message.id);
    if (previous && previous !== message.sessionID) this.removeMessage(message.id, touched);
    let map = this.messagesBySession.get(message.sessionID);
    if (!map) this.messagesBySession.set(message.sessionID, (map = new Map()));
    map.set(message.id, message);
    this.messageSession.set(message.id, message.sessionID);
    touched.add(message.sessionID);
  }

  private putPart(part: PartMeta, touched: Set<string>): void {
    let map = this.partsByMessage.get(part.messageID);
    if (!map) this.partsByMessage.set(part.messageID, (map = new Map()));
    map.set(part.id, part);
    this.partMessage.set(part.id, part.messageID);
    touched.add(part.sessionID);
  }

  private removePart(id: string, touched: Set<string>): void {
    const messageID = this.partMessage.get(id);
    if (!messageID) return;
    const map = this.partsByMessage.get(messageID);
    const part = map?.get(id);
    map?.delete(id);
    if (map?.size === 0) this.partsByMessage.delete(messageID);
    this.partMessage.delete(id);
    if (part) touched.add(part.sessionID);
  }

  private dropPartsOf(messageID: string): void {
    const parts = this.partsByMessage.get(messageID);
    if (!parts) return;
    for (const id of parts.keys()) this.partMessage.delete(id);
    this.partsByMessage.delete(messageID);
  }

  private removeMessage(id: string, touched: Set<string>): void {
    const sessionID = this.messageSession.get(id);
    if (!sessionID) return;
    this.messagesBySession.get(sessionID)?.delete(id);
    this.messageSession.delete(id);
    this.dropPartsOf(id);
    touched.add(sessionID);
  }

  private removeSession(id: string, touched: Set<string>): void {
    this.sessions.delete(id);
    for (const messageID of this.messagesBySession.get(id)?.keys() ?? []) {
      this.messageSession.delete(messageID);
      this.dropPartsOf(messageID);
    }
    this.messagesBySession.delete(id);
    this.liveUntil.delete(id);
    touched.add(id);
  }

  /** Keeps part metadata only for the newest messages of the sessions just touched. */
  private trimParts(touched: Set<string>): void {
    for (const sessionID of touched) {
      const messages = this.messagesBySession.get(sessionID);
      if (!messages || messages.size <= 2) continue;
      const keep = tailMessageIds(messages.values());
      for (const messageID of messages.keys()) if (!keep.has(messageID)) this.dropPartsOf(messageID);
    }
  }

  private clearAll(touched: Set<string>): void {
    for (const id of this.sessions.keys()) touched.add(id);
    for (const id of this.messagesBySession.keys()) touched.add(id);
    this.projects.clear();
    this.sessions.clear();
    this.messagesBySession.clear();
    this.partsByMessage.clear();
    this.messageSession.clear();
    this.partMessage.clear();
    this.issues.clear();
  }
}
