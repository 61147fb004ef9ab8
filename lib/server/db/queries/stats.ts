import 'server-only';
import { sql } from 'kysely';
import { foldUsageRows, usageDimensions } from '@/lib/accounting/usage-rows';
import type { StatsInput, StatsResult } from '@/lib/accounting/compute-stats';
import { subtreeSessionIDs } from '@/lib/accounting/session-tree';
import { agentOf } from '@/lib/accounting/stats-grouping';
import { SOURCE_KINDS, matchesSource } from '@/lib/model/source';
import type { StatsQuery } from '@/lib/stats/stats-query';
import { queryBuilder, type Engine } from '../builders';
import type { QueryPlan } from '../query-plan';
import { ownedSessions } from './owned-sessions';
import { sessionHeads, sourceProjects } from './session-list';
import { toUsageRow, usageRowsQuery, type UsageFilters } from './usage-rows';

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

/**
 * `GET /api/stats` as queries: SQL sums the usage by what the grouping and pricing need, and a
 * pure fold (lib/accounting/usage-rows.ts) prices the rows and keys them by local time.
 */
export function* statsPlan(engine: Engine, query: StatsQuery, context: StatsContext): QueryPlan<StatsResult> {
  const sessions = yield* sessionHeads(engine, context.sourceIds);
  const filters: UsageFilters = {
    from: query.from,
    to: query.to,
    project: query.project,
    kinds: query.source === undefined ? undefined : SOURCE_KINDS.filter((kind) => matchesSource(kind, query.source!)),
    agents: query.agent === undefined ? undefined : yield* agentsMatching(engine, context.sourceIds, query.agent),
    sessionIDs: query.session ? [...subtreeSessionIDs(sessions, [query.session])] : undefined,
  };
  const rows = (yield usageRowsQuery(engine, context.sourceIds, usageDimensions(query.groupBy, query.split), filters)).map(toUsageRow);
  const projects = yield* sourceProjects(engine, context.sourceIds);
  return foldUsageRows(rows, { sessions, groupBy: query.groupBy, split: query.split, timeZone: query.timeZone, prices: context.prices, projects, roots: query.roots });
}
