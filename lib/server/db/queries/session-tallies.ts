import 'server-only';
import { sql, type CompiledQuery } from 'kysely';
import { emptyFigure } from '@/lib/accounting/figure';
import { addUsageRowInto } from '@/lib/accounting/usage-rows';
import type { PriceResolver } from '@/lib/pricing/price-types';
import type { SessionTally } from '@/lib/sessions/session-figures';
import { queryBuilder } from '../builders';
import { messageOfRow, type MessageRow } from '../ingest/rows';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { toUsageRow } from './usage-rows';

/*
 * Every session's tally of one source, summed by SQLite: what `sessionFigures` makes of a session's
 * messages (lib/sessions/session-figures.ts), without reading the messages into the process. The
 * cache's own questions (a team's database has no messages): SQLite's JSON functions read the
 * `info` column's short keys (ingest/rows.ts: `a: 0` the agent column holds the mode, `c` a side call).
 */
const k = queryBuilder('sqlite');
const compile = <R>(query: ReturnType<typeof sql<R>>): CompiledQuery<R> => query.compile(k);
// The message's columns but its session's (t.session_id).
const JOINED_COLUMNS = sql.raw(
  ['id', 'role', 'created', 'completed', 'provider_id', 'model_id', 'agent', 'cost', 'cost_unrecorded', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'ttft', 'info'].map((c) => `m.${c}`).join(', '),
);
const NOT_SIDE_CALL = sql.raw(`coalesce(json_extract(info, '$.c'), '') = ''`);

// Sets in SQL, as the loop builds them (in the order each first came: a session's rows are read in
// the index's order, which is the order the source gave them); each element ends with char(31).
const MODEL_KEY = sql.raw(`CASE WHEN coalesce(provider_id, '') <> '' THEN provider_id || '/' || model_id ELSE model_id END`);
const PROMPTED = sql.raw('input + cache_read + cache_write > 0');
/**
 * One grouped pass over the source's messages (counts, times, models, agents, and the creation time
 * of the newest message and of the newest prompting reply), joined to the messages created then:
 * the loop's rule for ties between them is applied to those few rows, in id order: messages
 * created in the same millisecond are told apart by what they are, not by when this database took
 * them in (a restart and a cold read took them in different orders, and named different newest
 * replies: a context use of 156 tokens against 1).
 */
const tallyRowsOf = (oneSession: boolean) => compile(sql<TallyRow>`
  WITH t AS (
    SELECT session_id, count(*) AS messages, sum(role = 'user') AS turns, min(created) AS first, max(max(created, coalesce(completed, 0))) AS last_activity,
      max(CASE WHEN ${NOT_SIDE_CALL} THEN created END) AS last_created,
      max(CASE WHEN role <> 'user' AND ${PROMPTED} AND ${NOT_SIDE_CALL} THEN created END) AS prompt_created,
      group_concat(DISTINCT CASE WHEN role <> 'user' AND model_id <> '' THEN ${MODEL_KEY} || char(31) END) AS models,
      group_concat(DISTINCT CASE WHEN agent <> '' AND coalesce(json_extract(info, '$.a'), 1) <> 0 THEN agent || char(31) END) AS agents
    FROM message WHERE source_id = ${0} ${oneSession ? sql`AND session_id = ${''}` : sql``} GROUP BY session_id
  )
  SELECT t.*, ${JOINED_COLUMNS} FROM t
  LEFT JOIN message m ON m.source_id = ${0} AND m.session_id = t.session_id AND (m.created = t.last_created OR m.created = t.prompt_created)
  ORDER BY t.session_id, m.id`);

const usageOf = (oneSession: boolean) => compile(sql<Record<string, unknown>>`
  SELECT session_id, session_id AS rep, provider_id, model_id, long_context, '' AS kind, '' AS project_id,
    sum(messages) AS messages, sum(used_messages) AS used_messages, sum(cost) AS cost, sum(unrecorded_messages) AS unrecorded_messages,
    sum(input) AS input, sum(output) AS output, sum(reasoning) AS reasoning, sum(cache_read) AS cache_read, sum(cache_write) AS cache_write
  FROM usage_rollup WHERE source_id = ${0} ${oneSession ? sql`AND session_id = ${''}` : sql``} GROUP BY session_id, provider_id, model_id, long_context`);
const QUERIES = { source: { tallies: tallyRowsOf(false), usage: usageOf(false) }, session: { tallies: tallyRowsOf(true), usage: usageOf(true) } };

interface TallyRow extends Partial<MessageRow> {
  session_id: string;
  messages: number;
  turns: number;
  first: number;
  last_activity: number;
  last_created: number | null;
  prompt_created: number | null;
  models: string | null;
  agents: string | null;
}

/** A set group_concat made (elements ending with char(31), joined by commas). */
function setOf(joined: string | null): string[] {
  if (joined === null) return [];
  return joined.slice(0, -1).split('\u001f,');
}

/**
 * Every session of the source that has a message (or only `sessionID`), with its tally (its figure
 * priced by `prices`, unfinished). One session's tally is summed as every session's is: a session
 * rebuilt after a change gets the very figures a fresh start would (sums in another order differ
 * in the last bits of a double).
 */
export function sessionTallies(db: SqliteSessionDb, sourceId: number, prices: PriceResolver, sessionID?: string): Map<string, SessionTally> {
  const out = new Map<string, SessionTally>();
  const { tallies, usage } = sessionID === undefined ? QUERIES.source : QUERIES.session;
  const only = sessionID === undefined ? [] : [sessionID];
  for (const row of db.iterate<TallyRow>(tallies, [sourceId, ...only, sourceId])) {
    let tally = out.get(row.session_id);
    if (!tally) {
      tally = { messageCount: row.messages, turnCount: row.turns, models: setOf(row.models), agents: setOf(row.agents), figure: emptyFigure(), firstActivity: row.first, lastActivity: row.last_activity };
      out.set(row.session_id, tally);
    }
    if (row.id === null || row.id === undefined) continue;
    const message = messageOfRow(row as MessageRow);
    if (message.sideCall) continue;
    // In order: at equal times a reply replaces the newest, anything else does not (sessionFigures).
    if (message.time.created === row.last_created && (!tally.last || message.role === 'assistant')) tally.last = message;
    if (message.time.created === row.prompt_created && message.role !== 'user' && message.tokens.input + message.tokens.cacheRead + message.tokens.cacheWrite > 0) tally.lastPrompt = message;
  }
  const one = emptyFigure();
  for (const raw of db.iterate<Record<string, unknown>>(usage, [sourceId, ...only])) {
    const row = toUsageRow(raw);
    const tally = row.sessionID === undefined ? undefined : out.get(row.sessionID);
    if (tally) addUsageRowInto(tally.figure, row, prices, one);
  }
  return out;
}
