import 'server-only';
import { createHash, type Hash } from 'node:crypto';
import { queryBuilder } from '../builders';
import type { MessageTable, PartTable, SessionTable, UsageRollupTable } from '../schema';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';

/** What is published of each table, in a fixed order (the digest reads values in this order). */
export const SESSION_COLUMNS = ['id', 'kind', 'project_id', 'directory', 'parent_id', 'forked_from', 'title', 'created', 'updated', 'archived', 'origin'] as const satisfies readonly (keyof SessionTable)[];
export const MESSAGE_COLUMNS = ['id', 'session_id', 'role', 'created', 'completed', 'provider_id', 'model_id', 'agent', 'cost', 'cost_unrecorded', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'ttft'] as const satisfies readonly (keyof MessageTable)[];
/** Tool calls only (name, outcome, times): a part row holds no text, and other parts say nothing a team asks. */
export const PART_COLUMNS = ['id', 'session_id', 'message_id', 'type', 'tool', 'status', 'rejected', 'created', 'ended'] as const satisfies readonly (keyof PartTable)[];
export const ROLLUP_COLUMNS = ['session_id', 'quarter', 'provider_id', 'model_id', 'agent', 'long_context', 'kind', 'project_id', 'directory', 'messages', 'used_messages', 'cost', 'unrecorded_messages', 'input', 'output', 'reasoning', 'cache_read', 'cache_write'] as const satisfies readonly (keyof UsageRollupTable)[];

type Row<C extends readonly string[]> = Record<C[number], unknown>;
export type SessionValues = Row<typeof SESSION_COLUMNS> & { digest: string };
export type MessageValues = Row<typeof MESSAGE_COLUMNS>;
export type RollupValues = Row<typeof ROLLUP_COLUMNS>;
export type PartValues = Row<typeof PART_COLUMNS>;

const k = queryBuilder('sqlite');

function digester(): Hash {
  return createHash('sha256');
}

/** A source's tool calls, of some sessions, in the order the digest reads them. */
function toolCalls(sourceId: number, ids: readonly string[] | undefined) {
  let parts = k.selectFrom('part').select(PART_COLUMNS).where('source_id', '=', sourceId).where('tool', 'is not', null);
  if (ids) parts = parts.where('session_id', 'in', [...ids]);
  return parts.orderBy('session_id').orderBy('id').compile();
}

/**
 * Each session's digest: its row, its messages' rows and its tool calls' (by id), so a session whose
 * record, any message or any tool call changed, appeared or went has another. Messages of no session (which no stats count) are
 * not published; nor are sessions `keep` leaves out (see publisher.ts).
 */
export function sessionDigests(db: SqliteSessionDb, sourceId: number, keep: (sessionID: string) => boolean = () => true, only?: readonly string[]): Map<string, string> {
  const hashes = new Map<string, Hash>();
  // `only`: those sessions (the ones that changed), a slice at a time (SQLite's parameter limit).
  const slices = only ? Array.from({ length: Math.ceil(only.length / IDS_PER_QUERY) }, (_, i) => only.slice(i * IDS_PER_QUERY, (i + 1) * IDS_PER_QUERY)) : [undefined];
  for (const ids of slices) {
    let sessions = k.selectFrom('session').select(SESSION_COLUMNS).where('source_id', '=', sourceId);
    if (ids) sessions = sessions.where('id', 'in', ids);
    for (const row of db.iterateRaw(sessions.compile())) if (keep(String(row[0]))) hashes.set(String(row[0]), digester().update(JSON.stringify(row)));
    let messages = k.selectFrom('message').select(MESSAGE_COLUMNS).where('source_id', '=', sourceId);
    if (ids) messages = messages.where('session_id', 'in', ids);
    for (const row of db.iterateRaw(messages.orderBy('session_id').orderBy('id').compile())) hashes.get(String(row[1]))?.update(JSON.stringify(row));
    for (const row of db.iterateRaw(toolCalls(sourceId, ids))) hashes.get(String(row[1]))?.update(JSON.stringify(row));
  }
  return new Map([...hashes].map(([id, hash]) => [id, hash.digest('base64url')]));
}

const IDS_PER_QUERY = 5_000;

export interface LocalSessions {
  sessions: SessionValues[];
  messages: MessageValues[];
  rollups: RollupValues[];
  parts: PartValues[];
}

const asObject = <C extends readonly string[]>(columns: C, row: unknown[]) => Object.fromEntries(columns.map((c, i) => [c, row[i]])) as Row<C>;

/**
 * The rows of some sessions as the cache holds them now, each session with the digest of exactly
 * these rows (the cache may have changed since the digests were compared: what is written says so).
 */
export function localSessions(db: SqliteSessionDb, sourceId: number, ids: readonly string[]): LocalSessions {
  const hashes = new Map<string, Hash>();
  const sessions: SessionValues[] = [];
  const messages: MessageValues[] = [];
  for (const row of db.iterateRaw(k.selectFrom('session').select(SESSION_COLUMNS).where('source_id', '=', sourceId).where('id', 'in', [...ids]).compile())) {
    hashes.set(String(row[0]), digester().update(JSON.stringify(row)));
    sessions.push({ ...asObject(SESSION_COLUMNS, row), digest: '' });
  }
  const messageQuery = k.selectFrom('message').select(MESSAGE_COLUMNS).where('source_id', '=', sourceId).where('session_id', 'in', [...hashes.keys()]).orderBy('session_id').orderBy('id').compile();
  for (const row of db.iterateRaw(messageQuery)) {
    hashes.get(String(row[1]))?.update(JSON.stringify(row));
    messages.push(asObject(MESSAGE_COLUMNS, row));
  }
  const parts: PartValues[] = [];
  for (const row of db.iterateRaw(toolCalls(sourceId, [...hashes.keys()]))) {
    hashes.get(String(row[1]))?.update(JSON.stringify(row));
    parts.push(asObject(PART_COLUMNS, row));
  }
  for (const session of sessions) session.digest = hashes.get(String(session.id))!.digest('base64url');
  const rollupQuery = k.selectFrom('usage_rollup').select(ROLLUP_COLUMNS).where('source_id', '=', sourceId).where('session_id', 'in', [...hashes.keys()]).compile();
  const rollups = [...db.iterateRaw(rollupQuery)].map((row) => asObject(ROLLUP_COLUMNS, row));
  return { sessions, messages, rollups, parts };
}

export function localProjects(db: SqliteSessionDb, sourceId: number): { id: string; name: string | null; worktree: string }[] {
  return db.all(k.selectFrom('project').select(['id', 'name', 'worktree']).where('source_id', '=', sourceId).compile());
}
