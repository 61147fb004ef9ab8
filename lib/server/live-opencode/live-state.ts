import 'server-only';
import type { StreamingText } from '@/lib/sessions/merge-streaming';
import type { LiveSessionState, PendingApproval } from '@/lib/status/live-status';
import type { ServerEvent, ServerPermission } from './server-events';

/** What changed: `status` (statuses and approvals: summaries are rebuilt) or `stream` (only the text of open pages). */
export type LiveChange = (sessionIDs: string[], kind: 'status' | 'stream') => void;

type ServerStatus = NonNullable<LiveSessionState['server']>;

// Everything here comes from a process that only claims to be OpenCode: each kind is bounded in
// count, size and age, so a hostile server costs at most a few MB and nothing once it is gone.

/** Streamed text kept per part (a longer reply is on disk by then, or is cut here). */
export const MAX_STREAM_CHARS = 200_000;
/** Streamed parts kept at most; the oldest go first. */
export const MAX_STREAM_PARTS = 200;
/** Streamed characters kept in all (about 8 MB); the oldest parts go first. */
export const MAX_STREAM_TOTAL_CHARS = 4_000_000;
/** An ended part's streamed text is kept this long: the disk has it by then. */
const ENDED_KEEP_MS = 60_000;
/** A part that stopped streaming without an end is dropped after this: a reply's deltas come every few seconds at most. */
export const STALLED_STREAM_MS = 5 * 60_000;
/** Statuses and pending approvals kept per server and folder (OpenCode runs a handful at once). */
export const MAX_STATUSES_PER_SOURCE = 500;
export const MAX_APPROVALS_PER_SOURCE = 100;
/** An approval's texts are cut to this (a command line shown in one row). */
const MAX_APPROVAL_PATTERNS = 20;
const MAX_APPROVAL_TEXT = 2_000;
const MAX_ID = 200;

interface StreamEntry extends StreamingText {
  source: string;
  at: number;
  ended: boolean;
}

/**
 * Everything OpenCode's servers said that the disk does not hold, in memory only: session
 * statuses and pending approvals per server and project folder (`source`), and streamed text.
 */
export class LiveState {
  private readonly statuses = new Map<string, Map<string, ServerStatus>>();
  private readonly approvals = new Map<string, Map<string, PendingApproval & { sessionID: string }>>();
  private readonly stream = new Map<string, StreamEntry>();

  constructor(private readonly onChange: LiveChange) {}

  /** Applies one event from `source` (`<server url>|<folder>`). */
  apply(source: string, event: ServerEvent, now = Date.now()): void {
    this.dropStalled(now);
    switch (event.type) {
      case 'session.status':
        return this.setStatus(source, event.properties.sessionID, { ...event.properties.status, at: now });
      case 'session.idle':
        return this.setStatus(source, event.properties.sessionID, { type: 'idle', at: now });
      case 'permission.asked':
      case 'permission.updated':
        return this.addApproval(source, event.properties, now);
      case 'permission.replied': {
        const id = event.properties.requestID ?? event.properties.permissionID;
        if (id && this.approvals.get(source)?.delete(id)) this.onChange([event.properties.sessionID], 'status');
        return;
      }
      case 'message.part.updated': {
        const { part } = event.properties;
        if (part.type !== 'text' && part.type !== 'reasoning') return;
        this.putStream({ id: part.id, messageID: part.messageID, sessionID: part.sessionID, type: part.type, text: (part.text ?? '').slice(0, MAX_STREAM_CHARS), start: part.time?.start, source, at: now, ended: part.time?.end !== undefined });
        return;
      }
      case 'message.part.delta': {
        const { sessionID, messageID, partID, field, delta } = event.properties;
        if (field !== 'text') return;
        const entry = this.stream.get(partID);
        const before = entry?.text ?? '';
        const text = before.length >= MAX_STREAM_CHARS ? before : `${before}${delta.slice(0, MAX_STREAM_CHARS - before.length)}`;
        this.putStream({ id: partID, messageID, sessionID, type: entry?.type ?? 'text', text, start: entry?.start, source, at: now, ended: false });
        return;
      }
    }
  }

  /** A poll of `GET /session/status`: sessions not listed are idle on that server. */
  replaceStatuses(source: string, statuses: ReadonlyMap<string, Omit<ServerStatus, 'at'>>, now = Date.now()): void {
    const before = this.statuses.get(source) ?? new Map<string, ServerStatus>();
    const after = new Map<string, ServerStatus>();
    for (const [id, status] of statuses) {
      if (after.size >= MAX_STATUSES_PER_SOURCE) break;
      if (status.type !== 'idle' && id.length <= MAX_ID) after.set(id, { type: status.type, attempt: status.attempt, message: status.message?.slice(0, MAX_APPROVAL_TEXT), at: now });
    }
    this.statuses.set(source, after);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id)?.type !== after.get(id)?.type || before.get(id)?.attempt !== after.get(id)?.attempt);
    if (changed.length > 0) this.onChange(changed, 'status');
  }

  /** A poll of `GET /permission`: the requests still waiting. */
  replaceApprovals(source: string, list: readonly ServerPermission[], now = Date.now()): void {
    const before = this.approvals.get(source) ?? new Map<string, PendingApproval & { sessionID: string }>();
    const after = new Map<string, PendingApproval & { sessionID: string }>();
    for (const p of list) {
      if (after.size >= MAX_APPROVALS_PER_SOURCE) break;
      if (p.id.length <= MAX_ID && p.sessionID.length <= MAX_ID) after.set(p.id, before.get(p.id) ?? approvalOf(p, now));
    }
    this.approvals.set(source, after);
    const changed = new Set<string>();
    for (const [id, a] of before) if (!after.has(id)) changed.add(a.sessionID);
    for (const [id, a] of after) if (!before.has(id)) changed.add(a.sessionID);
    if (changed.size > 0) this.onChange([...changed], 'status');
  }

  /** Forgets what a server said (it went away): the disk alone speaks again. */
  dropSource(source: string): void {
    const ids = new Set([...(this.statuses.get(source)?.keys() ?? []), ...[...(this.approvals.get(source)?.values() ?? [])].map((a) => a.sessionID)]);
    this.statuses.delete(source);
    this.approvals.delete(source);
    if (ids.size > 0) this.onChange([...ids], 'status');
    const streamed = new Set<string>();
    for (const [id, entry] of this.stream) {
      if (entry.source !== source) continue;
      this.dropStream(id, entry);
      streamed.add(entry.sessionID);
    }
    if (streamed.size > 0) this.onChange([...streamed], 'stream');
  }

  sessionState(sessionID: string): LiveSessionState | undefined {
    let server: ServerStatus | undefined;
    for (const map of this.statuses.values()) {
      const s = map.get(sessionID);
      if (s && (!server || s.at > server.at)) server = s;
    }
    const approvals: PendingApproval[] = [];
    for (const map of this.approvals.values()) for (const a of map.values()) if (a.sessionID === sessionID) approvals.push(a);
    if (!server && approvals.length === 0) return undefined;
    return { server, approvals: approvals.sort((a, b) => a.at - b.at) };
  }

  /** Sessions the servers currently say something about. */
  sessionIds(): Set<string> {
    const ids = new Set<string>();
    for (const map of this.statuses.values()) for (const id of map.keys()) ids.add(id);
    for (const map of this.approvals.values()) for (const a of map.values()) ids.add(a.sessionID);
    return ids;
  }

  streamingOf(sessionID: string, now = Date.now()): StreamingText[] {
    this.dropStalled(now, true);
    const out: StreamingText[] = [];
    for (const entry of this.stream.values()) {
      if (entry.sessionID === sessionID) out.push({ id: entry.id, messageID: entry.messageID, sessionID: entry.sessionID, type: entry.type, text: entry.text, start: entry.start });
    }
    return out;
  }

  /** What is held, for diagnostics and the bounds' tests. */
  held(): { statuses: number; approvals: number; streamParts: number; streamChars: number } {
    let statuses = 0;
    let approvals = 0;
    for (const map of this.statuses.values()) statuses += map.size;
    for (const map of this.approvals.values()) approvals += map.size;
    return { statuses, approvals, streamParts: this.stream.size, streamChars: this.streamChars };
  }

  private setStatus(source: string, sessionID: string, status: ServerStatus): void {
    if (sessionID.length > MAX_ID) return;
    let map = this.statuses.get(source);
    if (!map) this.statuses.set(source, (map = new Map()));
    const before = map.get(sessionID);
    if (status.type === 'idle') map.delete(sessionID);
    else {
      map.delete(sessionID);
      map.set(sessionID, { ...status, message: status.message?.slice(0, MAX_APPROVAL_TEXT) });
      evictOldest(map, MAX_STATUSES_PER_SOURCE);
    }
    if (before?.type !== (status.type === 'idle' ? undefined : status.type) || before?.attempt !== status.attempt) this.onChange([sessionID], 'status');
  }

  private addApproval(source: string, permission: ServerPermission, now: number): void {
    let map = this.approvals.get(source);
    if (!map) this.approvals.set(source, (map = new Map()));
    if (map.has(permission.id) || permission.id.length > MAX_ID || permission.sessionID.length > MAX_ID) return;
    map.set(permission.id, approvalOf(permission, now));
    // The oldest goes: a server that asks without end (and answers no poll) holds at most this many.
    evictOldest(map, MAX_APPROVALS_PER_SOURCE);
    this.onChange([permission.sessionID], 'status');
  }

  private streamChars = 0;
  private lastSweep = 0;

  private putStream(entry: StreamEntry): void {
    if (entry.id.length > MAX_ID || entry.sessionID.length > MAX_ID || entry.messageID.length > MAX_ID) return;
    const before = this.stream.get(entry.id);
    if (before) this.dropStream(entry.id, before);
    this.stream.set(entry.id, entry);
    this.streamChars += entry.text.length;
    for (const [id, old] of this.stream) {
      if (this.stream.size <= MAX_STREAM_PARTS && this.streamChars <= MAX_STREAM_TOTAL_CHARS) break;
      this.dropStream(id, old);
    }
    this.onChange([entry.sessionID], 'stream');
  }

  private dropStream(id: string, entry: StreamEntry): void {
    this.stream.delete(id);
    this.streamChars -= entry.text.length;
  }

  /** Ended parts the disk has by now, and parts whose stream stopped without an end (a server that went quiet or lied). */
  private dropStalled(now: number, always = false): void {
    // From `apply` at most once a second: a server sends thousands of events a second.
    if (!always && now - this.lastSweep < 1_000) return;
    this.lastSweep = now;
    for (const [id, entry] of this.stream) {
      if (now - entry.at > (entry.ended ? ENDED_KEEP_MS : STALLED_STREAM_MS)) this.dropStream(id, entry);
    }
  }
}

function evictOldest<V>(map: Map<string, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) return;
    map.delete(key);
  }
}

function approvalOf(p: ServerPermission, now: number): PendingApproval & { sessionID: string } {
  return {
    id: p.id,
    sessionID: p.sessionID,
    permission: p.permission.slice(0, MAX_APPROVAL_TEXT),
    patterns: p.patterns.slice(0, MAX_APPROVAL_PATTERNS).map((t) => t.slice(0, MAX_APPROVAL_TEXT)),
    at: now,
  };
}
