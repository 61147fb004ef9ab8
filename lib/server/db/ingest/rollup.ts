import 'server-only';
import { sql } from 'kysely';
import { queryBuilder, type Engine } from '../builders';
import { longContextOf, MAX_DATE_MS, quarterOf, TOTAL_GROUPING, totalKeyOf, usedOf, USAGE_SUMS } from '../usage-expressions';

/** Drops one session's usage rows (before they are summed again, or with the session): take them out of the totals first. */
export function deleteRollup(engine: Engine, sourceId: number, sessionID: string) {
  return queryBuilder(engine).deleteFrom('usage_rollup').where('source_id', '=', sourceId).where('session_id', '=', sessionID).compile();
}

/** Every session of the source (a symbol: no session id, however odd, can stand for it). */
export const EVERY_SESSION: unique symbol = Symbol('every session');

/** Drops every usage row of a source (before they are all summed again, with its totals). */
export function deleteRollupOfSource(engine: Engine, sourceId: number) {
  return queryBuilder(engine).deleteFrom('usage_rollup').where('source_id', '=', sourceId).compile();
}

/**
 * Sums one session's assistant messages (or every session's of the source) into their usage rows
 * (see UsageRollupTable), under the session's kind, project and folder as written now (NULL while
 * the session is not).
 */
export function insertRollup(engine: Engine, sourceId: number, sessionID: string | typeof EVERY_SESSION) {
  const k = queryBuilder(engine);
  const quarter = quarterOf(engine, 'm.created');
  const tier = longContextOf('m');
  return k
    .insertInto('usage_rollup')
    .columns(['source_id', 'session_id', 'quarter', 'provider_id', 'model_id', 'agent', 'long_context', 'kind', 'project_id', 'directory', 'messages', 'used_messages', 'cost', 'unrecorded_messages', 'input', 'output', 'reasoning', 'cache_read', 'cache_write'])
    .expression(
      k
        .selectFrom('message as m')
        .leftJoin('session as s', (join) => join.onRef('s.source_id', '=', 'm.source_id').onRef('s.id', '=', 'm.session_id'))
        .select((eb) => [
          'm.source_id',
          'm.session_id',
          quarter.as('quarter'),
          'm.provider_id',
          'm.model_id',
          'm.agent',
          tier.as('long_context'),
          eb.fn.max('s.kind').as('kind'),
          eb.fn.max('s.project_id').as('project_id'),
          eb.fn.max('s.directory').as('directory'),
          eb.fn.countAll().as('messages'),
          usedOf('m').as('used_messages'),
          eb.fn.sum('m.cost').as('cost'),
          eb.fn.sum('m.cost_unrecorded').as('unrecorded_messages'),
          eb.fn.sum('m.input').as('input'),
          eb.fn.sum('m.output').as('output'),
          eb.fn.sum('m.reasoning').as('reasoning'),
          eb.fn.sum('m.cache_read').as('cache_read'),
          eb.fn.sum('m.cache_write').as('cache_write'),
        ])
        .where('m.source_id', '=', sourceId)
        .$call((qb) => (sessionID === EVERY_SESSION ? qb : qb.where('m.session_id', '=', sessionID)))
        .where('m.role', '=', 'assistant')
        .where('m.created', '>=', -MAX_DATE_MS)
        .where('m.created', '<=', MAX_DATE_MS)
        .groupBy(['m.source_id', 'm.session_id', quarter, 'm.provider_id', 'm.model_id', 'm.agent', tier]),
    )
    .compile();
}

/**
 * Adds sessions' usage rows to their source's totals (`sign` 1, after they are written) or takes
 * them out (-1, before they are deleted): usage_total stays the sum of usage_rollup by its key.
 * One session (a string) or a list.
 */
export function shiftTotals(engine: Engine, sourceId: number, sessions: string | readonly string[] | typeof EVERY_SESSION, sign: 1 | -1) {
  const k = queryBuilder(engine);
  const ids = typeof sessions === 'string' || sessions === EVERY_SESSION ? sessions : sessions.length > 0 ? [...sessions] : [''];
  return k
    .insertInto('usage_total')
    .columns(['source_id', 'key', ...TOTAL_GROUPING, ...USAGE_SUMS])
    .expression(
      k
        .selectFrom('usage_rollup as u')
        .select([
          'u.source_id',
          totalKeyOf('u').as('key'),
          ...TOTAL_GROUPING.map((c) => `u.${c}` as const),
          ...USAGE_SUMS.map((c) => sql<number>`sum(${sql.ref(`u.${c}`)}) * ${sql.lit(sign)}`.as(c)),
        ])
        .where('u.source_id', '=', sourceId)
        .$call((qb) => (ids === EVERY_SESSION ? qb : typeof ids === 'string' ? qb.where('u.session_id', '=', ids) : qb.where('u.session_id', 'in', ids)))
        .groupBy(['u.source_id', ...TOTAL_GROUPING.map((c) => `u.${c}` as const)]),
    )
    .onConflict((oc) => oc.columns(['source_id', 'key']).doUpdateSet(Object.fromEntries(USAGE_SUMS.map((c) => [c, sql`${sql.ref(`usage_total.${c}`)} + ${sql.ref(`excluded.${c}`)}`]))))
    .compile();
}

/** A source's totals, all of them (before they are summed anew from its usage rows). */
export function deleteTotals(engine: Engine, sourceId: number) {
  return queryBuilder(engine).deleteFrom('usage_total').where('source_id', '=', sourceId).compile();
}

/** Totals no usage row is left in (their every message went). */
export function dropEmptyTotals(engine: Engine, sourceId: number) {
  return queryBuilder(engine).deleteFrom('usage_total').where('source_id', '=', sourceId).where('messages', '=', 0).compile();
}

/**
 * Sessions whose usage rows were summed under another kind, project or folder than the session
 * has now (or before it was written): their rows are summed again. `sessionsJson`: a JSON array of
 * ids (SQLite's json_each; the writer is SQLite's).
 */
export function regroupedSessions(sourceId: number, sessionsJson: string) {
  return sql<{ session_id: string }>`select distinct u.session_id from usage_rollup u left join session s on s.source_id = u.source_id and s.id = u.session_id
    where u.source_id = ${sourceId} and u.session_id in (select value from json_each(${sessionsJson}))
      and (u.kind is not s.kind or u.project_id is not s.project_id or u.directory is not s.directory)`;
}

/**
 * Marks sessions (`sessionsJson`, a JSON array of ids) as written with their usage not summed yet
 * (see UsagePendingTable), in the transaction that writes their messages.
 */
export function markPending(sourceId: number, sessionsJson: string) {
  return sql`insert or ignore into usage_pending (source_id, session_id) select ${sourceId}, value from json_each(${sessionsJson})`;
}

/** The sessions of a source written with their usage not summed (see UsagePendingTable). */
export function pendingSessions(engine: Engine, sourceId: number) {
  return queryBuilder(engine).selectFrom('usage_pending').select('session_id').where('source_id', '=', sourceId).compile();
}

/** The source's sessions are summed: none is pending any more. */
export function clearPending(engine: Engine, sourceId: number) {
  return queryBuilder(engine).deleteFrom('usage_pending').where('source_id', '=', sourceId).compile();
}
