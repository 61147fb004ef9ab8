import 'server-only';
import { sql } from 'kysely';
import { foldUsageRows, usageDimensions } from '@/lib/accounting/usage-rows';
import type { StatsInput, StatsResult } from '@/lib/accounting/compute-stats';
import { subtreeSessionIDs } from '@/lib/accounting/session-tree';
import { agentOf } from '@/lib/accounting/stats-grouping';
import { zoneOffsetSpans, type OffsetSpan } from '@/lib/accounting/time-keys';
import { SOURCE_KINDS, matchesSource } from '@/lib/model/source';
import type { StatsQuery } from '@/lib/stats/stats-query';
import { queryBuilder, type Engine } from '../builders';
import type { QueryPlan } from '../query-plan';
import { QUARTER_HOUR_MS } from '../usage-expressions';
import { ownedSessions } from './owned-sessions';
import { sessionHeads, sourceProjects } from './session-list';
import { quarterRangeQuery, toUsageRow, usageRowsQuery, type UsageFilters } from './usage-rows';
import { totalsAnswer, usageTotalsQuery } from './usage-totals';

export interface StatsContext extends Pick<StatsInput, 'prices'> {
  sourceIds: readonly number[];
}

/** Raw agent values whose normalised name is `agent` (`null`: messages without one match ''). */
function* agentsMatching(engine: Engine, sourceIds: readonly number[], agent: string): QueryPlan<(string | null)[]> {
  const wanted = agentOf(agent)?.key ?? '';
  const rows = yield queryBuilder(engine)
    .with((cte) => cte('owned').materialized(), () => ownedSessions(engine, sourceIds))
    .selectFrom('usage_rollup as u')
    .innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'u.source_id').onRef('o.id', '=', 'u.session_id'))
    .select(sql<string | null>`distinct u.agent`.as('agent'))
    .compile();
  return rows.map((r) => (r.agent === null || r.agent === undefined ? null : String(r.agent))).filter((raw) => (agentOf(raw ?? undefined)?.key ?? '') === wanted);
}

const BY_DAY = new Set<StatsQuery['groupBy'] | undefined>(['day', 'week', 'month']);

/**
 * Where a grouping wants time by local day only (day, week, month: unions of days), the zone's
 * offsets over the range asked or, open-ended, the usage rows' own: SQL then sums per local day
 * (a year of a busy history is 35,000 quarter hours, but 365 days).
 */
function* localDaysOf(engine: Engine, query: StatsQuery, sourceIds: readonly number[]): QueryPlan<OffsetSpan[] | undefined> {
  const timeGroupings = [query.groupBy, query.split].filter((g) => g === 'day' || g === 'week' || g === 'month' || g === 'hour');
  if (timeGroupings.length === 0 || !timeGroupings.every((g) => BY_DAY.has(g))) return undefined;
  let { from, to } = query;
  if (from === undefined || to === undefined) {
    const [range] = yield quarterRangeQuery(engine, sourceIds);
    if (range?.first === null || range?.first === undefined || range.last === null || range.last === undefined) return undefined;
    from ??= Number(range.first) * QUARTER_HOUR_MS;
    to ??= (Number(range.last) + 1) * QUARTER_HOUR_MS;
  }
  return zoneOffsetSpans(query.timeZone, from, to);
}

/**
 * `GET /api/stats` as queries: SQL sums the usage by what the grouping and pricing need, and a
 * pure fold (lib/accounting/usage-rows.ts) prices the rows and keys them by local time.
 */
export function* statsPlan(engine: Engine, query: StatsQuery, context: StatsContext): QueryPlan<StatsResult> {
  // The sessions name and group only by project, session or source, and a subtree is taken from them.
  const bySession = query.session !== undefined || [query.groupBy, query.split].some((g) => g === 'project' || g === 'session' || g === 'source');
  const sessions = bySession ? yield* sessionHeads(engine, context.sourceIds) : [];
  const filters: UsageFilters = {
    from: query.from,
    to: query.to,
    project: query.project,
    kinds: query.source === undefined ? undefined : SOURCE_KINDS.filter((kind) => matchesSource(kind, query.source!)),
    agents: query.agent === undefined ? undefined : yield* agentsMatching(engine, context.sourceIds, query.agent),
    sessionIDs: query.session ? [...subtreeSessionIDs(sessions, [query.session])] : undefined,
  };
  const dimensions = usageDimensions(query.groupBy, query.split);
  // Without time or sessions, the totals kept above the session answer (a restart's first figures).
  const summed = !bySession && totalsAnswer(dimensions, filters);
  const rows = (yield summed ? usageTotalsQuery(engine, context.sourceIds, dimensions, filters) : usageRowsQuery(engine, context.sourceIds, dimensions, filters, {}, yield* localDaysOf(engine, query, context.sourceIds))).map(toUsageRow);
  const projects = yield* sourceProjects(engine, context.sourceIds);
  return foldUsageRows(rows, { sessions, groupBy: query.groupBy, split: query.split, timeZone: query.timeZone, prices: context.prices, projects, roots: query.roots });
}
