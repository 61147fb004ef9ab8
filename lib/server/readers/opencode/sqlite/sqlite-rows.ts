import 'server-only';
import { parsedNestsDeeperThan, TOO_DEEP_REASON } from '@/lib/model/json-depth';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { partMetaOf, type PartMeta } from '@/lib/model/part-meta';
import { fastPartMeta } from '../fast-part-meta';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { reshapeMessage } from '../reshape-message';
import { fastMessage } from '../fast-message';
import { reshapePart } from '../reshape-part';
import { reshapeProject, reshapeSession } from '../reshape-session';
import type { Reshaped } from '../reshaped';

const KIND = 'opencode-sqlite' as const;

export const SESSION_COLUMNS = [
  'id', 'project_id', 'parent_id', 'slug', 'directory', 'title', 'version', 'share_url',
  'summary_additions', 'summary_deletions', 'summary_files', 'revert',
  'time_created', 'time_updated', 'time_compacting', 'time_archived',
] as const;
export const PROJECT_COLUMNS = ['id', 'worktree', 'vcs', 'name', 'time_created', 'time_updated'] as const;
/** What the first read takes of a message row (with `_rowid` and `_updated`). */
export const MESSAGE_COLUMNS = ['id', 'session_id', 'time_created', 'data'] as const;

type Row = Record<string, unknown>;

function jsonOrUndefined(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseData(row: Row): { ok: true; value: Record<string, unknown> } | { ok: false; reason: string } {
  if (typeof row.data !== 'string') return { ok: false, reason: 'data column is not text' };
  let value: unknown;
  try {
    value = JSON.parse(row.data) as unknown;
  } catch {
    // Not the parser's message: it quotes the text.
    return { ok: false, reason: 'data is not valid JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'data is not a JSON object' };
  if (parsedNestsDeeperThan(row.data, value)) return { ok: false, reason: `data ${TOO_DEEP_REASON}` };
  return { ok: true, value: value as Record<string, unknown> };
}

export function sessionFromRow(row: Row, origin: string): Reshaped<SessionInfo> {
  const hasSummary = row.summary_additions !== null || row.summary_deletions !== null || row.summary_files !== null;
  return reshapeSession(
    {
      id: row.id,
      projectID: row.project_id,
      parentID: row.parent_id,
      slug: row.slug,
      directory: row.directory,
      title: row.title,
      version: row.version,
      share: typeof row.share_url === 'string' ? { url: row.share_url } : undefined,
      summary: hasSummary ? { additions: row.summary_additions ?? 0, deletions: row.summary_deletions ?? 0, files: row.summary_files ?? 0 } : undefined,
      revert: jsonOrUndefined(row.revert),
      time: { created: row.time_created, updated: row.time_updated, compacting: row.time_compacting, archived: row.time_archived },
    },
    KIND,
    origin,
  );
}

export function projectFromRow(row: Row): Reshaped<Project> {
  return reshapeProject(
    { id: row.id, worktree: row.worktree, vcs: row.vcs, name: row.name, time: { created: row.time_created, updated: row.time_updated } },
    KIND,
  );
}

/** A message row's data, parsed and completed from its columns (this call's own object: completed in place, not copied). */
function messageValue(row: Row): ReturnType<typeof parseData> {
  const data = parseData(row);
  if (!data.ok) return data;
  const value = data.value;
  value.time ??= { created: row.time_created };
  value.id = row.id;
  value.sessionID = row.session_id;
  return data;
}

/** The common, well-formed message row without zod (fastMessage), or undefined: the schema path decides (messageFromRow). */
export function fastMessageFromRow(row: Row): MessageInfo | undefined {
  const data = messageValue(row);
  return data.ok ? fastMessage(data.value) : undefined;
}

export function messageFromRow(row: Row): Reshaped<MessageInfo> {
  const data = messageValue(row);
  return data.ok ? reshapeMessage(data.value) : data;
}

/** What the index keeps of a part row: the common records without zod (fastPartMeta), the rest through the schema. */
export function partMetaFromRow(row: Row, created?: number, updated?: number): Reshaped<PartMeta> {
  const data = parseData(row);
  if (!data.ok) return data;
  // The parsed object is this call's own: completed in place.
  const value = data.value;
  value.id = row.id;
  value.messageID = row.message_id;
  value.sessionID = row.session_id;
  const fast = fastPartMeta(value, created, updated);
  if (fast) return { ok: true, value: fast };
  const part = reshapePart(value);
  return part.ok ? { ok: true, value: partMetaOf(part.value, created, updated) } : part;
}

export function partFromRow(row: Row): Reshaped<Part> {
  const data = parseData(row);
  if (!data.ok) return data;
  return reshapePart({ ...data.value, id: row.id, messageID: row.message_id, sessionID: row.session_id });
}
