import 'server-only';
import type { ChangeSet, HeldSource } from '../../read-result';
import { rememberTail, safeRowid, type RowidTail } from './rowid-tail';
import type { Queries, Row } from './sqlite-queries';

/** Rows committed slightly out of timestamp order (several writers) are still caught. */
const CLOCK_MARGIN_MS = 1_000;
/**
 * How far back an active session's rows are re-read: a row stamped before its commit (a busy
 * machine delays the commit by seconds) lands behind newer rows already seen. Rows whose
 * `time_updated` did not change since they were taken are skipped without parsing.
 */
const ACTIVE_MARGIN_MS = 15_000;
/** A session with no new rows for this long stops being re-queried for in-place updates. */
const ACTIVE_WINDOW_MS = 10 * 60_000;

type Take = (kind: 'session' | 'message' | 'part', row: Row) => void;

/** Where a cursor stood (see SqliteCursor.point), with what checks the rowids still mean the same rows. */
export interface ResumePoint {
  messageRowid: number;
  partRowid: number;
  sessionUpdated: number;
  /** When (ms, our clock). */
  at: number;
  /** The sessions active then, each with its newest row time seen: OpenCode completes rows in place without stamping the session. */
  active: [string, number][];
  /** Where the message and part tables' pages start: other pages, other tables (rebuilt), whose rowids number rows anew. */
  tables: string;
  /** Rows remembered below the rowids (see rowid-tail.ts): whether rows went and their rowids were taken again. */
  tails?: { message: RowidTail; part: RowidTail };
}

/** The tables' remembered rows, as their queries read them now. */
function tailQueries(q: Queries, table: 'message' | 'part') {
  const newest = table === 'message' ? q.messageNewestAtOrBelow : q.partNewestAtOrBelow;
  const atOrBelow = table === 'message' ? q.messageAtOrBelow : q.partAtOrBelow;
  const idAt = table === 'message' ? q.messageIdAt : q.partIdAt;
  const rowOf = (row: { rowid: unknown; id: unknown } | undefined) => (row && typeof row.id === 'string' ? { rowid: Number(row.rowid), id: row.id } : undefined);
  return {
    newestAtOrBelow: (rowid: number, limit: number) => (newest.all(rowid, limit) as { rowid: unknown; id: unknown }[]).flatMap((row) => rowOf(row) ?? []),
    atOrBelow: (rowid: number) => rowOf(atOrBelow.get(rowid) as { rowid: unknown; id: unknown } | undefined),
    idAt: (rowid: number) => {
      const id = idAt.get(rowid);
      return typeof id === 'string' ? id : undefined;
    },
  };
}

/**
 * A mark's rowids moved back to rows that are still there: rows that went after it was made may
 * have had their rowids taken by rows written since, which a read "after the mark" would not see.
 */
export function rewoundPoint(q: Queries, point: ResumePoint): ResumePoint {
  if (!point.tails) return point;
  return { ...point, messageRowid: safeRowid(tailQueries(q, 'message'), point.tails.message, point.messageRowid), partRowid: safeRowid(tailQueries(q, 'part'), point.tails.part, point.partRowid) };
}

interface ActiveSession {
  /** Last activity seen (ms, our clock). */
  seen: number;
  /** Newest row `time_updated` seen. */
  updated: number;
  versions: Map<string, unknown>;
  /** Ids of the session's parts, listed when it became active and kept since: a smaller count means removals. */
  parts?: Set<string>;
}

/**
 * What the reader has seen, so an update re-reads only new rows (by rowid) and the rows of sessions
 * active right now (through the session_id indexes), never the whole history.
 */
export class SqliteCursor {
  messageRowid = 0;
  partRowid = 0;
  private sessionUpdated = 0;
  private readonly sessionIds = new Set<string>();
  private readonly messageIds = new Map<string, Set<string>>();
  private readonly active = new Map<string, ActiveSession>();
  /** Rows remembered below the rowids, and the rowids they were remembered at (see rowid-tail.ts). */
  private tails?: { message: RowidTail; part: RowidTail; at: [number, number]; placedAt: [number, number] };

  /**
   * `held`: a cursor that starts where the session database's copy of the source ends (a restart
   * that read no message): a session's message ids are taken from it when first needed.
   */
  constructor(private held?: HeldSource) {}

  /**
   * The session database holds every message this cursor took: the ids it kept are let go, and a
   * session's are read from there when first needed (as a cursor that started from it does).
   */
  dropKnownIds(held: HeldSource): void {
    this.held = held;
    this.messageIds.clear();
  }

  /** Where this cursor stands: the newest message and part rowids and session time it has taken, and the sessions active now. */
  point(): Omit<ResumePoint, 'tables'> {
    const now = Date.now();
    const active: [string, number][] = [];
    for (const [sessionID, state] of this.active) if (now - state.seen <= ACTIVE_WINDOW_MS) active.push([sessionID, state.updated]);
    return { messageRowid: this.messageRowid, partRowid: this.partRowid, sessionUpdated: this.sessionUpdated, at: now, active, ...(this.tails ? { tails: { message: this.tails.message, part: this.tails.part } } : {}) };
  }

  /** Remembers the rows below the rowids as they are now (after a read that moved them). */
  rememberTails(q: Queries): void {
    if (this.tails && this.tails.at[0] === this.messageRowid && this.tails.at[1] === this.partRowid) return;
    const before = this.tails;
    const message = rememberTail(tailQueries(q, 'message'), this.messageRowid, before && { tail: before.message, placedAt: before.placedAt[0] });
    const part = rememberTail(tailQueries(q, 'part'), this.partRowid, before && { tail: before.part, placedAt: before.placedAt[1] });
    this.tails = { message: message.tail, part: part.tail, at: [this.messageRowid, this.partRowid], placedAt: [message.placedAt, part.placedAt] };
  }

  /**
   * Moves the rowids back past rows that went since they were remembered: rows written since may
   * have taken their rowids again (OpenCode's newest rows go when a turn is undone or a session
   * deleted, and the next rows written take their numbers).
   */
  private rewindPastReused(q: Queries): void {
    if (!this.tails) return;
    this.messageRowid = safeRowid(tailQueries(q, 'message'), this.tails.message, this.messageRowid);
    this.partRowid = safeRowid(tailQueries(q, 'part'), this.tails.part, this.partRowid);
  }

  /**
   * Follows on from where a cursor stood (`point`, kept by the session database with the rows it had
   * taken then), as a reader left running would have: new rows by rowid; and the rows written since
   * of the sessions stamped since, of those active then and of those with new rows, with their
   * removed messages and their part lists. Those sessions stay active (re-read) for the increments
   * after. The sessions themselves were taken by the read's first stage.
   */
  catchUp(q: Queries, changes: ChangeSet, take: Take, point: ResumePoint): void {
    const now = Date.now();
    // The stamps and rows OpenCode wrote after the mark, less the margin a slow commit needs.
    const since = Math.min(point.sessionUpdated, point.at) - ACTIVE_MARGIN_MS;
    const reread = new Map<string, number>();
    for (const session of q.sessionsUpdatedSince.all(point.sessionUpdated - CLOCK_MARGIN_MS) as Row[]) {
      reread.set(String(session.id), since);
      this.touch(session.id, session.time_updated, now);
    }
    for (const [sessionID, updated] of point.active) {
      // One deleted since is swept with the sessions the first stage no longer listed.
      if (!this.sessionIds.has(sessionID)) continue;
      reread.set(sessionID, Math.min(since, updated - ACTIVE_MARGIN_MS));
      this.touch(sessionID, updated, now);
    }
    const newMessages = q.messagesAfterRowid.all(point.messageRowid) as Row[];
    const newParts = q.partsAfterRowid.all(point.partRowid) as Row[];
    for (const row of [...newMessages, ...newParts]) if (typeof row.session_id === 'string' && !reread.has(row.session_id)) reread.set(row.session_id, since);
    const taken = new Set<string>();
    const takeOnce = (kind: 'message' | 'part', row: Row): void => {
      const key = `${kind}:${String(row.id)}`;
      if (taken.has(key)) return;
      taken.add(key);
      take(kind, row);
      if (typeof row.session_id === 'string') this.touch(row.session_id, row._updated, now);
    };
    for (const [sessionID, from] of reread) for (const row of q.sessionMessagesUpdatedSince.all(sessionID, from) as Row[]) takeOnce('message', row);
    for (const row of newMessages) takeOnce('message', row);
    for (const [sessionID, from] of reread) for (const row of q.sessionPartsUpdatedSince.all(sessionID, from) as Row[]) takeOnce('part', row);
    for (const row of newParts) takeOnce('part', row);
    for (const sessionID of reread.keys()) {
      this.detectRemovedMessages(q, changes, sessionID);
      const partIDs = q.allPartIdsOfSession.all(sessionID) as string[];
      changes.listedParts.push({ sessionID, partIDs });
      const state = this.active.get(sessionID);
      if (state) state.parts = new Set(partIDs);
    }
    this.messageRowid = Math.max(this.messageRowid, point.messageRowid);
    this.partRowid = Math.max(this.partRowid, point.partRowid);
    this.rememberTails(q);
  }

  /**
   * Keeps re-reading the sessions a mark found active (see ResumePoint.active), as the cursor that
   * left it would have: a restart that found the database unchanged still follows a reply that
   * OpenCode completes in place afterwards.
   */
  keepActive(active: readonly [string, number][]): void {
    const now = Date.now();
    for (const [sessionID, updated] of active) if (this.sessionIds.has(sessionID)) this.touch(sessionID, updated, now);
  }

  /** Starts past every message and part the database holds now (see `held`). */
  startAtEnd(q: Queries): void {
    this.messageRowid = Number(q.maxMessageRowid.get() ?? 0);
    this.partRowid = Number(q.maxPartRowid.get() ?? 0);
  }

  noteMessage(sessionID: string, id: string, rowid: number): void {
    if (rowid > this.messageRowid) this.messageRowid = rowid;
    this.idsOf(sessionID, true)?.add(id);
  }

  /** The message ids known of a session (those held come first, when the cursor started from them). */
  private idsOf(sessionID: string, create: boolean): Set<string> | undefined {
    let ids = this.messageIds.get(sessionID);
    if (ids) return ids;
    const held = this.held?.messageIdsOf(sessionID) ?? [];
    if (held.length === 0 && !create) return undefined;
    this.messageIds.set(sessionID, (ids = new Set(held)));
    return ids;
  }

  noteSession(id: string, updated: number): void {
    this.sessionIds.add(id);
    if (updated > this.sessionUpdated) this.sessionUpdated = updated;
  }

  notePart(rowid: number): void {
    if (rowid > this.partRowid) this.partRowid = rowid;
  }

  private touch(sessionID: unknown, updated: unknown, now: number): void {
    if (typeof sessionID !== 'string') return;
    const prev = this.active.get(sessionID);
    const rowUpdated = typeof updated === 'number' ? updated : now;
    this.active.set(sessionID, { seen: now, updated: Math.max(prev?.updated ?? 0, rowUpdated), versions: prev?.versions ?? new Map(), parts: prev?.parts });
  }

  private notePartOf(row: Row): void {
    if (typeof row.session_id === 'string' && typeof row.id === 'string') this.active.get(row.session_id)?.parts?.add(row.id);
  }

  readIncrement(q: Queries, changes: ChangeSet, take: Take): void {
    const now = Date.now();
    this.rewindPastReused(q);
    const sessionRows = q.sessionsUpdatedSince.all(this.sessionUpdated - CLOCK_MARGIN_MS) as Row[];
    for (const row of sessionRows) {
      take('session', row);
      this.touch(row.id, row.time_updated, now);
    }
    this.detectRemovedSessions(q, changes);
    for (const row of q.messagesAfterRowid.all(this.messageRowid) as Row[]) {
      take('message', row);
      this.touch(row.session_id, row._updated, now);
    }
    for (const row of q.partsAfterRowid.all(this.partRowid) as Row[]) {
      take('part', row);
      this.touch(row.session_id, row._updated, now);
      this.notePartOf(row);
    }
    for (const [sessionID, state] of this.active) {
      if (now - state.seen > ACTIVE_WINDOW_MS) {
        this.active.delete(sessionID);
        continue;
      }
      const since = state.updated - ACTIVE_MARGIN_MS;
      const takeChanged = (kind: 'message' | 'part', row: Row): void => {
        const key = `${kind}:${String(row.id)}`;
        if (state.versions.has(key) && state.versions.get(key) === row._updated) return;
        state.versions.set(key, row._updated);
        take(kind, row);
        if (kind === 'part') this.notePartOf(row);
        if (typeof row._updated === 'number' && row._updated > state.updated) state.updated = row._updated;
      };
      for (const row of q.sessionMessagesUpdatedSince.all(sessionID, since) as Row[]) takeChanged('message', row);
      for (const version of q.sessionPartVersionsSince.all(sessionID, since) as Row[]) {
        if (state.versions.get(`part:${String(version.id)}`) === version._updated) continue;
        // Gone since the line above: its removal is found below.
        const row = q.partById.get(version.id) as Row | undefined;
        if (row) takeChanged('part', row);
      }
      this.detectRemovedMessages(q, changes, sessionID);
      this.detectRemovedParts(q, changes, sessionID, state);
    }
    this.rememberTails(q);
  }

  /**
   * OpenCode removes parts when a turn is reverted. Parts carry no tombstone, so an active session's
   * part count is compared with the ids known; the list is read again (and sent, for the store to
   * drop what it lacks) when they differ and when the session becomes active (removals while it
   * was quiet).
   */
  private detectRemovedParts(q: Queries, changes: ChangeSet, sessionID: string, state: ActiveSession): void {
    if (state.parts && Number(q.partCountOfSession.get(sessionID) ?? 0) === state.parts.size) return;
    const ids = q.allPartIdsOfSession.all(sessionID) as string[];
    state.parts = new Set(ids);
    changes.listedParts.push({ sessionID, partIDs: ids });
  }

  private detectRemovedSessions(q: Queries, changes: ChangeSet): void {
    const count = Number(q.sessionCount.get() ?? 0);
    if (count === this.sessionIds.size) return;
    const present = new Set((q.sessionIds.all() as { id: string }[]).map((r) => r.id));
    for (const sessionID of [...this.sessionIds]) {
      if (present.has(sessionID)) continue;
      changes.removed.sessions.push(sessionID);
      this.sessionIds.delete(sessionID);
      this.messageIds.delete(sessionID);
      this.active.delete(sessionID);
    }
  }

  private detectRemovedMessages(q: Queries, changes: ChangeSet, sessionID: string): void {
    const known = this.idsOf(sessionID, false);
    if (!known) return;
    const count = Number(q.messageCountOfSession.get(sessionID) ?? 0);
    if (count >= known.size) return;
    const present = new Set(q.sessionMessageIds.all(sessionID) as string[]);
    for (const id of known) {
      if (present.has(id)) continue;
      changes.removed.messages.push(id);
      known.delete(id);
    }
  }
}
