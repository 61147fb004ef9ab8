import 'server-only';
import type { StatsInput, StatsResult } from '@/lib/accounting/compute-stats';
import { sortGroups, type StatsGroup } from '@/lib/accounting/stats-grouping';
import type { StatsQuery } from '@/lib/stats/stats-query';
import type { TeamGrouping } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';
import { statsPlan } from './stats';

export interface TeamStatsQuery {
  stats: StatsQuery;
  /** Set where the team view groups by machine or person (`stats.groupBy` is then unused). */
  teamGroupBy?: TeamGrouping;
  machine?: string;
  person?: string;
}

/**
 * `GET /api/stats?scope=team`: the same stats as this machine's (statsPlan) over every machine's
 * sources in the team's PostgreSQL, or those of one machine or person. Grouped by machine or
 * person, each group is the stats of its sources: sums in SQL, one plan per machine or person.
 */
export function* teamStatsPlan(q: TeamStatsQuery, prices: StatsInput['prices']): QueryPlan<StatsResult & { scope: 'team' }> {
  let sources = queryBuilder('postgres').selectFrom('source').select(['id', 'machine', 'person']);
  if (q.machine !== undefined) sources = sources.where('machine', '=', q.machine);
  if (q.person !== undefined) sources = sources.where('person', '=', q.person);
  const rows = (yield sources.compile()).map((r) => ({ id: Number(r.id), machine: String(r.machine), person: String(r.person) }));
  const all = rows.map((r) => r.id);
  if (!q.teamGroupBy) return { scope: 'team', ...(yield* statsPlan('postgres', q.stats, { sourceIds: all, prices })) };
  // Totals only: any grouping of statsPlan gives the same total; 'model' has few groups to fold.
  const totalsOnly: StatsQuery = { ...q.stats, groupBy: 'model', split: undefined };
  const by = new Map<string, number[]>();
  for (const r of rows) by.set(r[q.teamGroupBy], [...(by.get(r[q.teamGroupBy]) ?? []), r.id]);
  const groups: StatsGroup[] = [];
  for (const [key, ids] of by) {
    const figure = (yield* statsPlan('postgres', totalsOnly, { sourceIds: ids, prices })).total;
    if (figure.messages > 0 || figure.storedCost > 0) groups.push({ key, label: key, figure });
  }
  const total = (yield* statsPlan('postgres', totalsOnly, { sourceIds: all, prices })).total;
  return { scope: 'team', total, groups: sortGroups(groups, 'model') };
}
