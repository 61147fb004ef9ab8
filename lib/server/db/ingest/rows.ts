import type { MessageError, MessageInfo, MessageRole } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import type { MessageTable, PartTable, ProjectTable, SessionTable } from '../schema';
import { partExtraOf } from './part-extra';

/** A figure that is not a finite number is stored as 0 (readers already skip records they cannot trust). */
function finite(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function projectRow(sourceId: number, p: Project): ProjectTable {
  return { source_id: sourceId, id: p.id, name: p.name ?? null, worktree: p.worktree };
}

export function sessionRow(sourceId: number, s: SessionInfo): SessionTable {
  return {
    source_id: sourceId,
    id: s.id,
    kind: s.source,
    project_id: s.projectID,
    directory: s.directory,
    parent_id: s.parentID ?? null,
    forked_from: s.forkedFrom ?? null,
    title: s.title,
    created: finite(s.time.created),
    updated: finite(s.time.updated),
    archived: s.time.archived ?? null,
    origin: s.origin,
    digest: null,
  };
}

export function messageRow(sourceId: number, m: MessageInfo): MessageTable {
  const t = m.tokens;
  return {
    source_id: sourceId,
    id: m.id,
    session_id: m.sessionID,
    role: m.role,
    created: finite(m.time.created),
    completed: m.time.completed ?? null,
    provider_id: m.providerID ?? null,
    model_id: m.modelID ?? null,
    agent: m.agent ?? m.mode ?? null,
    cost: finite(m.cost),
    cost_unrecorded: m.costUnrecorded ? 1 : 0,
    input: finite(t.input),
    output: finite(t.output),
    reasoning: finite(t.reasoning),
    cache_read: finite(t.cacheRead),
    cache_write: finite(t.cacheWrite),
    ttft: typeof m.ttft === 'number' && Number.isFinite(m.ttft) ? m.ttft : null,
    info: extrasOf(m),
  };
}

/**
 * What a message holds beyond its columns (the `info` column), in short keys: p the prompt it
 * answers, f finish, e error, s compaction summary, c side call, l context window. The agent
 * column holds the agent, or the mode where there is none: `a: 0` says it was the mode (no agent),
 * `m: 1` a mode equal to the agent, `m` otherwise the mode itself.
 */
interface MessageExtras {
  p?: string;
  a?: 0;
  m?: 1 | string;
  f?: string;
  e?: MessageError;
  s?: boolean;
  c?: string;
  l?: number;
}

function extrasOf(m: MessageInfo): string | null {
  const x: MessageExtras = {};
  if (m.parentID !== undefined) x.p = m.parentID;
  if (m.agent === undefined && m.mode !== undefined) x.a = 0;
  else if (m.mode !== undefined) x.m = m.mode === m.agent ? 1 : m.mode;
  if (m.finish !== undefined) x.f = m.finish;
  if (m.error !== undefined) x.e = m.error;
  if (m.summary !== undefined) x.s = m.summary;
  if (m.sideCall !== undefined) x.c = m.sideCall;
  if (m.contextLimit !== undefined) x.l = m.contextLimit;
  const json = JSON.stringify(x);
  return json === '{}' ? null : json;
}

/** A message row as the store reads it back (what `messageRow` wrote, the columns it skipped left out). */
export type MessageRow = Omit<MessageTable, 'source_id'>;

/** The message a row holds, as the reader gave it (the inverse of `messageRow`). */
export function messageOfRow(r: MessageRow): MessageInfo {
  const x = r.info === null ? {} : (JSON.parse(r.info) as MessageExtras);
  const message: MessageInfo = {
    id: r.id,
    sessionID: r.session_id,
    role: r.role as MessageRole,
    time: r.completed === null ? { created: r.created } : { created: r.created, completed: r.completed },
    cost: r.cost,
    tokens: { input: r.input, output: r.output, reasoning: r.reasoning, cacheRead: r.cache_read, cacheWrite: r.cache_write },
  };
  if (x.p !== undefined) message.parentID = x.p;
  if (r.agent !== null) {
    if (x.a === 0) message.mode = r.agent;
    else {
      message.agent = r.agent;
      if (x.m !== undefined) message.mode = x.m === 1 ? r.agent : x.m;
    }
  }
  if (r.provider_id !== null) message.providerID = r.provider_id;
  if (r.model_id !== null) message.modelID = r.model_id;
  if (r.cost_unrecorded) message.costUnrecorded = true;
  if (x.f !== undefined) message.finish = x.f;
  if (x.e !== undefined) message.error = x.e;
  if (x.s !== undefined) message.summary = x.s;
  if (x.c !== undefined) message.sideCall = x.c;
  if (x.l !== undefined) message.contextLimit = x.l;
  if (r.ttft !== null) message.ttft = r.ttft;
  return message;
}

export function partRow(sourceId: number, p: PartMeta): PartTable {
  return {
    source_id: sourceId,
    id: p.id,
    session_id: p.sessionID,
    message_id: p.messageID,
    type: p.type,
    tool: p.tool ?? null,
    status: p.status ?? null,
    rejected: p.rejected ? 1 : 0,
    created: p.created ?? null,
    ended: p.end ?? null,
    extra: partExtraOf(p),
  };
}
