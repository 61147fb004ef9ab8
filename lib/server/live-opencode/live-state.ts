import 'server-only';
import type { StreamingText } from '@/lib/sessions/merge-streaming';
import type { LiveSessionState, PendingApproval } from '@/lib/status/live-status';
import type { ServerEvent, ServerPermission } from './server-events';

/** What changed: `status` (statuses and approvals: summaries are rebuilt) or `stream` (only the text of open pages). */
export type LiveChange = (sessionIDs: string[], kind: 'status' | 'stream') => void;

type ServerStatus = NonNullable<LiveSessionState['server']>;

/** Streamed text kept per part (a longer reply is on disk by then, or is cut here). */
const MAX_STREAM_CHARS = 200_000;
/** Streamed parts kept at most; the oldest go first. */
const MAX_STREAM_PARTS = 400;
/** An ended part's streamed text is kept this long: the disk has it by then. */
const ENDED_KEEP_MS = 60_000;

interface StreamEntry extends StreamingText {
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
        this.putStream({ id: part.id, messageID: part.messageID, sessionID: part.sessionID, type: part.type, text: part.text ?? '', start: part.time?.start, at: now, ended: part.time?.end !== undefined });
        return;
      }
      case 'message.part.delta': {
        const { sessionID, messageID, partID, field, delta } = event.properties;
        if (field !== 'text') return;
        const entry = this.stream.get(partID);
        const text = `${entry?.text ?? ''}${delta}`.slice(0, MAX_STREAM_CHARS);
        this.putStream({ id: partID, messageID, sessionID, type: entry?.type ?? 'text', text, start: entry?.start, at: now, ended: false });
        return;
      }
    }
  }

  /** A poll of `GET /session/status`: sessions not listed are idle on that server. */
  replaceStatuses(source: string, statuses: ReadonlyMap<string, Omit<ServerStatus, 'at'>>, now = Date.now()): void {
    const before = this.statuses.get(source) ?? new Map<string, ServerStatus>();
    const after = new Map<string, ServerStatus>();
    for (const [id, status] of statuses) if (status.type !== 'idle') after.set(id, { ...status, at: now });
    this.statuses.set(source, after);
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((id) => before.get(id)?.type !== after.get(id)?.type || before.get(id)?.attempt !== after.get(id)?.attempt);
    if (changed.length > 0) this.onChange(changed, 'status');
  }

  /** A poll of `GET /permission`: the requests still waiting. */
  replaceApprovals(source: string, list: readonly ServerPermission[], now = Date.now()): void {
    const before = this.approvals.get(source) ?? new Map<string, PendingApproval & { sessionID: string }>();
    const after = new Map(list.map((p) => [p.id, before.get(p.id) ?? approvalOf(p, now)]));
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
    const out: StreamingText[] = [];
    for (const [id, entry] of this.stream) {
      if (entry.ended && now - entry.at > ENDED_KEEP_MS) this.stream.delete(id);
      else if (entry.sessionID === sessionID) out.push({ id: entry.id, messageID: entry.messageID, sessionID: entry.sessionID, type: entry.type, text: entry.text, start: entry.start });
    }
    return out;
  }

  private setStatus(source: string, sessionID: string, status: ServerStatus): void {
    let map = this.statuses.get(source);
    if (!map) this.statuses.set(source, (map = new Map()));
    const before = map.get(sessionID);
    if (status.type === 'idle') map.delete(sessionID);
    else map.set(sessionID, status);
    if (before?.type !== (status.type === 'idle' ? undefined : status.type) || before?.attempt !== status.attempt) this.onChange([sessionID], 'status');
  }

  private addApproval(source: string, permission: ServerPermission, now: number): void {
    let map = this.approvals.get(source);
    if (!map) this.approvals.set(source, (map = new Map()));
    if (map.has(permission.id)) return;
    map.set(permission.id, approvalOf(permission, now));
    this.onChange([permission.sessionID], 'status');
  }

  private putStream(entry: StreamEntry): void {
    this.stream.delete(entry.id);
    this.stream.set(entry.id, entry);
    for (const id of this.stream.keys()) {
      if (this.stream.size <= MAX_STREAM_PARTS) break;
      this.stream.delete(id);
    }
    this.onChange([entry.sessionID], 'stream');
  }
}

function approvalOf(p: ServerPermission, now: number): PendingApproval & { sessionID: string } {
  return { id: p.id, sessionID: p.sessionID, permission: p.permission, patterns: p.patterns, at: now };
}
