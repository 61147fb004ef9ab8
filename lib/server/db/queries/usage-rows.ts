import 'server-only';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { OffsetSpan } from '@/lib/accounting/time-keys';
import type { UsageDimension, UsageRow } from '@/lib/accounting/usage-rows';
import { queryBuilder, type Engine } from '../builders';
import { longContextOf, MAX_DATE_MS, QUARTER_HOUR_MS, quarterOf, usedOf } from '../usage-expressions';
import { hiddenSessions, ownedSessions } from './owned-sessions';

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

const aligned = (ms: number | undefined) => ms === undefined || ms % QUARTER_HOUR_MS === 0;

/**
 * Assistant messages' usage summed in SQL, one row per combination of the asked dimensions and of
 * what pricing needs (provider, model, the session's kind, project and folder, the long-context
 * tier), with a representative session for the price resolver. A quarter hour is the finest time
 * dimension: local days, hours and weeks in any zone are folded from it (lib/accounting). Ranges
 * on quarter hours (every local day and hour) sum the usage rows the writer keeps; any other
 * range sums the messages themselves.
 */
export interface TeamUsageOptions {
  /** Adds the source's machine or person as a dimension, returned as `owner`. */
  owner?: 'machine' | 'person';
  /**
   * A team's database holds only the sessions each machine shows (the publisher leaves out the
   * copies a machine's ownership rule hides): its sessions are joined as they are, with no
   * ownership query over every session of the team.
   */
  publishedOwned?: boolean;
  /**
   * With `publishedOwned`: whether rows must be kept apart by the session's kind or project (a
   * grouping by source or project needs its representative session to be of that kind or project).
   * Prices that do not depend on the session (models.dev's) need neither; without them and without
   * a kind or project filter, the usage rows are summed with no join to the sessions at all.
   */
  keepApart?: { kind: boolean; project: boolean };
}

const QUARTERS_PER_DAY = 96;

/**
 * The local day (days since the epoch, local) of a quarter-hour bucket in a zone whose offsets are
 * `spans` (whole quarter hours each; the first from -Infinity): undefined where an offset is not.
 */
function localDayOf(bucket: RawBuilder<number>, spans: readonly OffsetSpan[]): RawBuilder<number> | undefined {
  if (spans.length === 0 || spans.some((s) => s.offsetMinutes % 15 !== 0)) return undefined;
  const [first, ...changes] = spans as [OffsetSpan, ...OffsetSpan[]];
  const offset = changes.length === 0
    ? sql.lit(first.offsetMinutes / 15)
    : sql`case ${sql.join(changes.reverse().map((s) => sql`when ${bucket} >= ${sql.lit(s.fromMs / QUARTER_HOUR_MS)} then ${sql.lit(s.offsetMinutes / 15)}`), sql` `)} else ${sql.lit(first.offsetMinutes / 15)} end`;
  return sql<number>`(${bucket} + ${offset}) / ${sql.lit(QUARTERS_PER_DAY)}`;
}

/** The first and last quarter hour the usage rows hold (nulls without any). */
export function quarterRangeQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine)
    .selectFrom('usage_rollup')
    .select([(eb) => eb.fn.min('quarter').as('first'), (eb) => eb.fn.max('quarter').as('last')])
    .where('source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
    .compile();
}

/**
 * `localDays`: where the time dimension is only wanted by local day (a daily, weekly or monthly
 * grouping), the zone's offsets over the rows' range: the rows are summed per local day in SQL, each
 * with its first quarter hour (which the fold keys to that day), instead of per quarter hour.
 */
export function usageRowsQuery(engine: Engine, sourceIds: readonly number[], dimensions: ReadonlySet<UsageDimension>, f: UsageFilters, team: TeamUsageOptions = {}, localDays?: readonly OffsetSpan[]) {
  const { owner } = team;
  const k = queryBuilder(engine);
  const fromRollup = aligned(f.from) && aligned(f.to);
  const quarter = dimensions.has('quarter');
  const agent = dimensions.has('agent');
  const session = dimensions.has('session');
  const bucket = fromRollup ? sql<number>`u.quarter` : quarterOf(engine, 'u.created');
  const day = quarter && localDays ? localDayOf(bucket, localDays) : undefined;
  const tier = fromRollup ? sql<number>`u.long_context` : longContextOf('u');
  const sum = (column: string) =>
    fromRollup ? sql<number>`sum(${sql.ref(`u.${column}`)})` : column === 'messages' ? sql<number>`count(*)` : column === 'used_messages' ? usedOf('u') : sql<number>`sum(${sql.ref(`u.${column === 'unrecorded_messages' ? 'cost_unrecorded' : column}`)})`;
  // Usage rows carry the kind, project and folder they were summed under (the session's): unless a
  // filter needs more of the session (archived), they are read without joining the sessions, less
  // the rows of sessions another source outranks (rare). Messages (unaligned ranges) join them.
  const own = fromRollup && f.excludeArchived !== true;
  const attr = (column: 'kind' | 'project_id' | 'directory' | 'archived') => sql.ref(`${own ? 'u' : 'o'}.${column}`);
  // A published team's sessions need no ownership query: the CTE is then inlined, a plain join.
  const withOwned = k.with((cte) => cte('owned').materialized(), () => ownedSessions(engine, sourceIds));
  // Without the join only the outranked sessions are named (`hidden`, read by the raw filter below).
  const withHidden = k.with((cte) => cte('hidden').materialized(), () => hiddenSessions(engine, sourceIds)) as unknown as typeof withOwned;
  const base = team.publishedOwned
    ? k.with('owned', () => k.selectFrom('session as s').select(['s.source_id', 's.id', 's.kind', 's.project_id', 's.directory', 's.parent_id', 's.archived']).where('s.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1]))
    : own
      ? withHidden
      : withOwned;
  const table = fromRollup ? base.selectFrom('usage_rollup as u') : base.selectFrom('message as u').where('u.role', '=', 'assistant').where('u.created', '>=', -MAX_DATE_MS).where('u.created', '<=', MAX_DATE_MS);
  const apart = team.publishedOwned && team.keepApart ? team.keepApart : { kind: true, project: true };
  const joined = !own && (apart.kind || apart.project || !fromRollup || f.project !== undefined || f.kinds !== undefined || f.excludeArchived === true);
  const sessionColumn = (column: 'kind' | 'project_id' | 'directory', kept: boolean) => (kept ? attr(column).as(column) : sql<string>`''`.as(column));
  let query = table
    .$if(joined, (qb) => qb.innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'u.source_id').onRef('o.id', '=', 'u.session_id')) as unknown as typeof qb)
    .$if(!joined, (qb) => qb.where('u.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1]))
    // A usage row summed before its session was written is not shown (the join would drop it too).
    .$if(own, (qb) => qb.where(sql.ref('u.kind'), 'is not', null))
    .$if(own && !team.publishedOwned, (qb) => qb.where(sql<SqlBool>`not exists (select 1 from hidden h where h.source_id = u.source_id and h.id = u.session_id)`))
    .$if(owner !== undefined, (qb) => qb.innerJoin('source as src', 'src.id', 'u.source_id') as unknown as typeof qb)
    .select([
      owner ? sql.ref(`src.${owner}`).as('owner') : sql<null>`null`.as('owner'),
      quarter ? (day ? sql<number>`min(${bucket})` : bucket).as('quarter') : sql<null>`null`.as('quarter'),
      agent ? 'u.agent' : sql<null>`null`.as('agent'),
      session ? 'u.session_id' : sql<null>`null`.as('session_id'),
      'u.provider_id',
      'u.model_id',
      sessionColumn('kind', apart.kind),
      sessionColumn('project_id', apart.project),
      sessionColumn('directory', apart.project),
      tier.as('long_context'),
      (eb) => eb.fn.min('u.session_id').as('rep'),
      sum('messages').as('messages'),
      sum('used_messages').as('used_messages'),
      sum('cost').as('cost'),
      sum('unrecorded_messages').as('unrecorded_messages'),
      sum('input').as('input'),
      sum('output').as('output'),
      sum('reasoning').as('reasoning'),
      sum('cache_read').as('cache_read'),
      sum('cache_write').as('cache_write'),
    ]);
  if (fromRollup) {
    if (f.from !== undefined) query = query.where('u.quarter', '>=', f.from / QUARTER_HOUR_MS);
    if (f.to !== undefined) query = query.where('u.quarter', '<', f.to / QUARTER_HOUR_MS);
  } else {
    if (f.from !== undefined) query = query.where(sql.ref('u.created'), '>=', f.from);
    if (f.to !== undefined) query = query.where(sql.ref('u.created'), '<', f.to);
  }
  if (f.project !== undefined) query = query.where(attr('project_id'), '=', f.project);
  if (f.kinds) query = query.where(attr('kind'), 'in', f.kinds.length > 0 ? [...f.kinds] : ['']);
  if (f.excludeArchived) query = query.where(attr('archived'), 'is', null);
  if (f.providerID !== undefined) query = query.where('u.provider_id', '=', f.providerID);
  if (f.modelID !== undefined) query = query.where('u.model_id', '=', f.modelID);
  if (f.sessionIDs) query = query.where('u.session_id', 'in', f.sessionIDs.length > 0 ? [...f.sessionIDs] : ['']);
  if (f.agents) {
    const named = f.agents.filter((a): a is string => a !== null);
    const withNone = f.agents.includes(null);
    query = query.where((eb) => {
      const terms: Expression<SqlBool>[] = [];
      if (named.length > 0) terms.push(eb('u.agent', 'in', named));
      if (withNone) terms.push(eb('u.agent', 'is', null));
      return terms.length > 0 ? eb.or(terms) : sql<SqlBool>`1 = 0`;
    });
  }
  const groups = [...(owner ? [sql.ref(`src.${owner}`)] : []), ...(quarter ? [day ?? bucket] : []), ...(agent ? [sql.ref('u.agent')] : []), ...(session ? [sql.ref('u.session_id')] : [])];
  const apartBy = [...(apart.kind ? [attr('kind')] : []), ...(apart.project ? [attr('project_id'), attr('directory')] : [])];
  return query.groupBy([...groups, sql.ref('u.provider_id'), sql.ref('u.model_id'), ...apartBy, tier]).compile();
}

/** Rows as the fold reads them: engines hand sums back as numbers or (PostgreSQL's bigint) strings. */

/** Below a billionth of a cent: a sum's rounding, not spend. */
const noDrift = (usd: number): number => (Math.abs(usd) < 1e-11 ? 0 : usd);

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
    // A total kept by adding and taking out sessions' sums drifts in its last bits: what should be 0 (every session of it gone) could read -4e-19, shown as "-<$0.0001".
    cost: noDrift(n(raw.cost)),
    unrecordedMessages: n(raw.unrecorded_messages),
    tokens: { input: n(raw.input), output: n(raw.output), reasoning: n(raw.reasoning), cacheRead: n(raw.cache_read), cacheWrite: n(raw.cache_write) },
  };
}
