import 'server-only';
import { sql, type Expression, type SqlBool } from 'kysely';
import { LONG_CONTEXT_THRESHOLD } from '@/lib/accounting/compute-cost';
import type { UsageDimension, UsageRow } from '@/lib/accounting/usage-rows';
import { queryBuilder, type Engine } from '../builders';
import { ownedSessions } from './owned-sessions';

/** Filters SQL can apply itself; the rest (normalised agent names, subtrees) arrive as value lists. */
export interface UsageFilters {
  from?: number;
  to?: number;
  project?: string;
  /** Session kinds (SourceKind) to keep. */
  kinds?: readonly string[];
  /** Raw agent values to keep (`null` keeps messages without one). */
  agents?: readonly (string | null)[];
  sessionIDs?: readonly string[];
  providerID?: string;
  modelID?: string;
  excludeArchived?: boolean;
}

/** The latest instant a JS Date can hold: a message dated beyond it (corrupt data) is never bucketed. */
const MAX_DATE_MS = 8.64e15;
const QUARTER_HOUR_MS = 900_000;

/**
 * Assistant messages' usage summed in SQL, one row per combination of the asked dimensions and of
 * what pricing needs (provider, model, the session's kind, project and folder, the long-context
 * tier), with a representative session for the price resolver. A quarter hour is the finest time
 * dimension: local days, hours and weeks in any zone are folded from it (lib/accounting).
 */
export function usageRowsQuery(engine: Engine, sourceIds: readonly number[], dimensions: ReadonlySet<UsageDimension>, f: UsageFilters) {
  const k = queryBuilder(engine);
  const bucket = engine === 'sqlite' ? sql<number>`cast(m.created / ${sql.lit(QUARTER_HOUR_MS)} as integer)` : sql<number>`floor(m.created / ${sql.lit(QUARTER_HOUR_MS)}.0)::bigint`;
  const tier = sql<number>`case when m.input + m.cache_read > ${sql.lit(LONG_CONTEXT_THRESHOLD)} then 1 else 0 end`;
  const used = sql<number>`sum(case when m.input + m.output + m.reasoning + m.cache_read + m.cache_write > 0 or m.cost > 0 then 1 else 0 end)`;
  const quarter = dimensions.has('quarter');
  const agent = dimensions.has('agent');
  const session = dimensions.has('session');
  let query = k
    .with('owned', () => ownedSessions(engine, sourceIds))
    .selectFrom('message as m')
    .innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'm.source_id').onRef('o.id', '=', 'm.session_id'))
    .select([
      quarter ? bucket.as('quarter') : sql<null>`null`.as('quarter'),
      agent ? 'm.agent' : sql<null>`null`.as('agent'),
      session ? 'm.session_id' : sql<null>`null`.as('session_id'),
      'm.provider_id',
      'm.model_id',
      'o.kind',
      'o.project_id',
      'o.directory',
      tier.as('long_context'),
      (eb) => eb.fn.min('m.session_id').as('rep'),
      (eb) => eb.fn.countAll().as('messages'),
      used.as('used_messages'),
      (eb) => eb.fn.sum('m.cost').as('cost'),
      (eb) => eb.fn.sum('m.input').as('input'),
      (eb) => eb.fn.sum('m.output').as('output'),
      (eb) => eb.fn.sum('m.reasoning').as('reasoning'),
      (eb) => eb.fn.sum('m.cache_read').as('cache_read'),
      (eb) => eb.fn.sum('m.cache_write').as('cache_write'),
    ])
    .where('m.role', '=', 'assistant')
    .where('m.created', '>=', -MAX_DATE_MS)
    .where('m.created', '<=', MAX_DATE_MS);
  if (f.from !== undefined) query = query.where('m.created', '>=', f.from);
  if (f.to !== undefined) query = query.where('m.created', '<', f.to);
  if (f.project !== undefined) query = query.where('o.project_id', '=', f.project);
  if (f.kinds) query = query.where('o.kind', 'in', f.kinds.length > 0 ? [...f.kinds] : ['']);
  if (f.excludeArchived) query = query.where('o.archived', 'is', null);
  if (f.providerID !== undefined) query = query.where('m.provider_id', '=', f.providerID);
  if (f.modelID !== undefined) query = query.where('m.model_id', '=', f.modelID);
  if (f.sessionIDs) query = query.where('m.session_id', 'in', f.sessionIDs.length > 0 ? [...f.sessionIDs] : ['']);
  if (f.agents) {
    const named = f.agents.filter((a): a is string => a !== null);
    const withNone = f.agents.includes(null);
    query = query.where((eb) => {
      const terms: Expression<SqlBool>[] = [];
      if (named.length > 0) terms.push(eb('m.agent', 'in', named));
      if (withNone) terms.push(eb('m.agent', 'is', null));
      return terms.length > 0 ? eb.or(terms) : sql<SqlBool>`1 = 0`;
    });
  }
  const groups = [...(quarter ? [bucket] : []), ...(agent ? [sql.ref('m.agent')] : []), ...(session ? [sql.ref('m.session_id')] : [])];
  return query.groupBy([...groups, sql.ref('m.provider_id'), sql.ref('m.model_id'), sql.ref('o.kind'), sql.ref('o.project_id'), sql.ref('o.directory'), tier]).compile();
}

/** Rows as the fold reads them: engines hand sums back as numbers or (PostgreSQL's bigint) strings. */
export function toUsageRow(raw: Record<string, unknown>): UsageRow {
  const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
  const s = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
  return {
    quarter: raw.quarter === null || raw.quarter === undefined ? undefined : Number(raw.quarter),
    agent: s(raw.agent),
    sessionID: s(raw.session_id),
    providerID: s(raw.provider_id),
    modelID: s(raw.model_id),
    kind: String(raw.kind),
    projectID: String(raw.project_id),
    longContext: n(raw.long_context) === 1,
    rep: String(raw.rep),
    messages: n(raw.messages),
    usedMessages: n(raw.used_messages),
    cost: n(raw.cost),
    tokens: { input: n(raw.input), output: n(raw.output), reasoning: n(raw.reasoning), cacheRead: n(raw.cache_read), cacheWrite: n(raw.cache_write) },
  };
}
