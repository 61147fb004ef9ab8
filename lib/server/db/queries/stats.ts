import 'server-only';
import { sql } from 'kysely';
import { foldUsageRows, usageDimensions } from '@/lib/accounting/usage-rows';
import type { StatsInput, StatsResult } from '@/lib/accounting/compute-stats';
import { subtreeSessionIDs } from '@/lib/accounting/session-tree';
import { agentOf } from '@/lib/accounting/stats-grouping';
import { SOURCE_KINDS, matchesSource } from '@/lib/model/source';
import type { StatsQuery } from '@/lib/stats/stats-query';
import { queryBuilder } from '../builders';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { ownedSessions } from './owned-sessions';
import { sessionHeads, sourceProjects } from './session-list';
import { toUsageRow, usageRowsQuery, type UsageFilters } from './usage-rows';

export interface StatsContext extends Pick<StatsInput, 'prices'> {
  sourceIds: readonly number[];
}

/** Raw agent values whose normalised name is `agent` (`null`: messages without one match ''). */
function agentsMatching(db: SqliteSessionDb, sourceIds: readonly number[], agent: string): (string | null)[] {
  const k = queryBuilder('sqlite');
  const wanted = agentOf(agent)?.key ?? '';
  const rows = db.all(
    k
      .with('owned', () => ownedSessions('sqlite', sourceIds))
      .selectFrom('message as m')
      .innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'm.source_id').onRef('o.id', '=', 'm.session_id'))
      .select(sql<string | null>`distinct m.agent`.as('agent'))
      .where('m.role', '=', 'assistant')
      .compile(),
  );
  return rows.map((r) => r.agent).filter((raw) => (agentOf(raw ?? undefined)?.key ?? '') === wanted);
}

/**
 * `GET /api/stats` as a query: SQL sums the messages by what the grouping and pricing need, and a
 * pure fold (lib/accounting/usage-rows.ts) prices the rows and keys them by local time.
 */
export function statsFromDb(db: SqliteSessionDb, query: StatsQuery, context: StatsContext): StatsResult {
  const filters: UsageFilters = {
    from: query.from,
    to: query.to,
    project: query.project,
    kinds: query.source === undefined ? undefined : SOURCE_KINDS.filter((kind) => matchesSource(kind, query.source!)),
    agents: query.agent === undefined ? undefined : agentsMatching(db, context.sourceIds, query.agent),
    sessionIDs: undefined as string[] | undefined,
  };
  const sessions = sessionHeads(db, context.sourceIds);
  if (query.session) filters.sessionIDs = [...subtreeSessionIDs(sessions, [query.session])];
  const compiled = usageRowsQuery('sqlite', context.sourceIds, usageDimensions(query.groupBy, query.split), filters);
  const rows = db.all<Record<string, unknown>>(compiled).map(toUsageRow);
  const projects = sourceProjects(db, context.sourceIds);
  return foldUsageRows(rows, { sessions, groupBy: query.groupBy, split: query.split, timeZone: query.timeZone, prices: context.prices, projects, roots: query.roots });
}
