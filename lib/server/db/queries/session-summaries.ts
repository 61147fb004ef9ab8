import 'server-only';
import { sql, type Expression, type SqlBool } from 'kysely';
import { matchesSource, SOURCE_KINDS } from '@/lib/model/source';
import { decodeCursor, encodeCursor, type SessionFilters, type SessionPage } from '@/lib/sessions/session-filters';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { ERROR_NEEDS_YOU_MS, isSessionStatus, type SessionStatus } from '@/lib/status/session-status';
import { queryBuilder, type Engine } from '../builders';
import type { QueryPlan } from '../query-plan';
import type { SessionSummaryTable } from '../schema';

/** The column each order of the session table sorts by (ties by id, in the same direction). */
const SORT_COLUMNS = {
  lastActivity: 'last_activity',
  created: 'created',
  cost: 'cost',
  totalCost: 'total_cost',
  tokens: 'tokens',
  messages: 'messages',
  title: 'title_key',
} as const satisfies Record<SessionFilters['sort'], keyof SessionSummaryTable>;

export const sortColumn = (sort: SessionFilters['sort']) => SORT_COLUMNS[sort];

const ids = (sourceIds: readonly number[]) => (sourceIds.length > 0 ? [...sourceIds] : [-1]);
/** Whether `needle` occurs in the text column (SQLite's instr, PostgreSQL's strpos). */
const contains = (engine: Engine, column: string, needle: string) => (engine === 'sqlite' ? sql<SqlBool>`instr(${sql.ref(column)}, ${needle}) > 0` : sql<SqlBool>`strpos(${sql.ref(column)}, ${needle}) > 0`);
/** A list column's entry (see SessionSummaryTable.models). */
export const listEntry = (value: string) => `\n${value}\n`;

/** The rows of `sourceIds` the filters match (not the cursor: see `summaryPageQuery`). */
export function summariesMatching(engine: Engine, sourceIds: readonly number[], f: SessionFilters, now: number) {
  let q = queryBuilder(engine).selectFrom('session_summary').where('source_id', 'in', ids(sourceIds));
  if (f.project) q = q.where('project_id', '=', f.project);
  if (f.roots) q = q.where('parent_id', 'is', null);
  if (!f.archived) q = q.where('archived', '=', 0);
  if (f.q) {
    const needle = f.q.toLowerCase();
    q = q.where((eb) => eb.or([contains(engine, 'title_key', needle), contains(engine, 'prompt_key', needle)]));
  }
  if (f.from !== undefined) q = q.where('last_activity', '>=', f.from);
  if (f.to !== undefined) q = q.where('first_activity', '<=', f.to);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.needs === 'you') q = q.where((eb) => eb.or([eb('status', 'in', ['waiting-for-user', 'needs-approval']), eb.and([eb('status', '=', 'error'), eb('last_write', '>=', now - ERROR_NEEDS_YOU_MS)])]));
  if (f.model) q = q.where(contains(engine, 'models', listEntry(f.model)));
  if (f.agent) q = q.where(contains(engine, 'agents', listEntry(f.agent.toLowerCase())));
  if (f.source) {
    const source = f.source;
    q = q.where('kind', 'in', SOURCE_KINDS.filter((k) => matchesSource(k, source)));
  }
  return q;
}

/** Where a page starts: after `after` (sort value, id) in the table's order. */
function afterKey(f: SessionFilters, after: [number | string, string]): Expression<SqlBool> {
  const column = sql.ref(sortColumn(f.sort));
  return f.order === 'asc' ? sql<SqlBool>`(${column}, session_id) > (${after[0]}, ${after[1]})` : sql<SqlBool>`(${column}, session_id) < (${after[0]}, ${after[1]})`;
}

/** One page of the session table: `limit + 1` rows (the extra one says there is a next page), in order. */
export function summaryPageQuery(engine: Engine, sourceIds: readonly number[], f: SessionFilters, now: number, after: [number | string, string] | undefined, limit: number) {
  let q = summariesMatching(engine, sourceIds, f, now).select(['source_id', 'session_id', sortColumn(f.sort)]);
  if (after) q = q.where(afterKey(f, after));
  return q.orderBy(sortColumn(f.sort), f.order).orderBy('session_id', f.order).limit(limit).compile();
}

export function summaryCountQuery(engine: Engine, sourceIds: readonly number[], f: SessionFilters, now: number) {
  return summariesMatching(engine, sourceIds, f, now).select((eb) => eb.fn.countAll().as('n')).compile();
}

/** Every matching row in the table's order (an export). */
export function summariesInOrderQuery(engine: Engine, sourceIds: readonly number[], f: SessionFilters, now: number) {
  return summariesMatching(engine, sourceIds, f, now).select(['source_id', 'session_id']).orderBy(sortColumn(f.sort), f.order).orderBy('session_id', f.order).compile();
}

/** What each project holds: sessions, top-level sessions, own cost, newest activity, and a folder and source for a project no source names. */
export function projectFiguresQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine)
    .selectFrom('session_summary')
    .select((eb) => [
      'project_id',
      eb.fn.countAll().as('sessions'),
      eb.fn.sum(eb.case().when('parent_id', 'is', null).then(1).else(0).end()).as('roots'),
      eb.fn.sum('cost').as('cost'),
      eb.fn.max('last_activity').as('last_activity'),
      eb.fn.min('directory').as('directory'),
      eb.fn.min('kind').as('kind'),
    ])
    .where('source_id', 'in', ids(sourceIds))
    .groupBy('project_id')
    .compile();
}

/** Each shown session's status. */
export function summaryStatusesQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine).selectFrom('session_summary').select(['session_id', 'status']).where('source_id', 'in', ids(sourceIds)).compile();
}

/** One session's row, from the source that owns it. */
export function summaryBodyQuery(engine: Engine, sourceId: number, sessionID: string) {
  return queryBuilder(engine).selectFrom('session_summary_body').select('body').where('source_id', '=', sourceId).where('session_id', '=', sessionID).compile();
}

/** The sessions forked from this one, oldest first. */
export function* forksPlan(engine: Engine, sourceIds: readonly number[], sessionID: string): QueryPlan<SessionSummary[]> {
  const rows = yield queryBuilder(engine).selectFrom('session_summary').select(['source_id', 'session_id']).where('source_id', 'in', ids(sourceIds)).where('forked_from', '=', sessionID).orderBy('created').orderBy('session_id').compile();
  return yield* summariesOfRows(engine, rows);
}

/** The stored rows' ids, sources, hashes (what a write compares with) and statuses. */
export function summaryHashesQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine).selectFrom('session_summary').select(['source_id', 'session_id', 'hash', 'status']).where('source_id', 'in', ids(sourceIds)).compile();
}

/** A session's rows among `sourceIds` other than its owner's (the owner changed), or all of them (`keep` -1: it went): of both tables. */
export function deleteSummaryQueries(engine: Engine, sourceIds: readonly number[], sessionID: string, keep: number) {
  return (['session_summary', 'session_summary_body'] as const).map((table) => queryBuilder(engine).deleteFrom(table).where('source_id', 'in', ids(sourceIds)).where('source_id', '<>', keep).where('session_id', '=', sessionID).compile());
}

/** Bodies read per query: an export of every session reads them in steps. */
const BODIES_AT_ONCE = 500;

/** The summaries of these rows (source and session ids), in their order. */
function* summariesOfRows(engine: Engine, rows: readonly Record<string, unknown>[]): QueryPlan<SessionSummary[]> {
  const key = (r: Record<string, unknown>) => `${Number(r.source_id)}\u0000${String(r.session_id)}`;
  const bodies = new Map<string, string>();
  for (let i = 0; i < rows.length; i += BODIES_AT_ONCE) {
    const step = rows.slice(i, i + BODIES_AT_ONCE);
    const found = yield queryBuilder(engine)
      .selectFrom('session_summary_body')
      .select(['source_id', 'session_id', 'body'])
      .where('source_id', 'in', [...new Set(step.map((r) => Number(r.source_id)))])
      .where('session_id', 'in', step.map((r) => String(r.session_id)))
      .compile();
    for (const r of found) bodies.set(key(r), String(r.body));
  }
  return rows.flatMap((r) => {
    const body = bodies.get(key(r));
    return body === undefined ? [] : [JSON.parse(body) as SessionSummary];
  });
}

/**
 * `GET /api/sessions`: one page of the session table (filters, order, keyset cursor) and how many
 * sessions match. Only the page's rows are read: a cursor past the last row, or one that is not
 * ours, starts the list from the top.
 */
export function* sessionPagePlan(engine: Engine, sourceIds: readonly number[], f: SessionFilters, now: number): QueryPlan<SessionPage> {
  const rows = yield summaryPageQuery(engine, sourceIds, f, now, decodeCursor(f.cursor), f.limit + 1);
  const shown = rows.slice(0, f.limit);
  const total = Number((yield summaryCountQuery(engine, sourceIds, f, now))[0]?.n ?? 0);
  const last = rows.length > f.limit ? shown.at(-1) : undefined;
  const key = last?.[sortColumn(f.sort)];
  const sessions = yield* summariesOfRows(engine, shown);
  return { sessions, total, nextCursor: last && (typeof key === 'number' || typeof key === 'string') ? encodeCursor([key, String(last.session_id)]) : undefined };
}

/** Every session the filters match, in table order: what an export holds. */
export function* matchingSessionsPlan(engine: Engine, sourceIds: readonly number[], f: SessionFilters, now: number): QueryPlan<SessionSummary[]> {
  return yield* summariesOfRows(engine, yield summariesInOrderQuery(engine, sourceIds, f, now));
}

/** Each project's sessions, top-level sessions, own cost and newest activity, with a folder and source for a project no source names. */
export interface ProjectFigures {
  projectID: string;
  sessions: number;
  roots: number;
  cost: number;
  lastActivity: number;
  directory: string;
  kind: string;
}

export function* projectFiguresPlan(engine: Engine, sourceIds: readonly number[]): QueryPlan<ProjectFigures[]> {
  const rows = yield projectFiguresQuery(engine, sourceIds);
  return rows.map((r) => ({ projectID: String(r.project_id), sessions: Number(r.sessions), roots: Number(r.roots ?? 0), cost: Number(r.cost ?? 0), lastActivity: Number(r.last_activity ?? 0), directory: String(r.directory), kind: String(r.kind) }));
}

/** Each shown session's status, by id. */
export function* summaryStatusesPlan(engine: Engine, sourceIds: readonly number[]): QueryPlan<Map<string, SessionStatus>> {
  const out = new Map<string, SessionStatus>();
  for (const r of yield summaryStatusesQuery(engine, sourceIds)) if (isSessionStatus(r.status)) out.set(String(r.session_id), r.status);
  return out;
}
