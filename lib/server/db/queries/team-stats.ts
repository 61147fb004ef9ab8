import 'server-only';
import type { StatsInput, StatsResult } from '@/lib/accounting/compute-stats';
import { sortGroups, type StatsGroup } from '@/lib/accounting/stats-grouping';
import { foldUsageRows, usageDimensions, type UsageRow } from '@/lib/accounting/usage-rows';
import { SOURCE_KINDS, matchesSource } from '@/lib/model/source';
import type { StatsQuery } from '@/lib/stats/stats-query';
import type { TeamGrouping } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';
import { sourceProjects, type SessionHead } from './session-list';
import { statsPlan } from './stats';
import { toUsageRow, usageRowsQuery } from './usage-rows';
import { teamTotalsQuery } from './usage-totals';

export interface TeamStatsQuery {
  stats: StatsQuery;
  /** Set where the team view groups by machine or person (`stats.groupBy` is then unused). */
  teamGroupBy?: TeamGrouping;
  machine?: string;
  person?: string;
}

/** Ids per query: well under PostgreSQL's 65,535 parameters. */
const IDS_PER_QUERY = 10_000;

/** The heads of the sessions usage rows name (their representatives), not every session of the team. */
function* headsOf(sourceIds: readonly number[], ids: readonly string[]): QueryPlan<SessionHead[]> {
  const heads: SessionHead[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = yield queryBuilder('postgres')
      .selectFrom('session as s')
      .select(['s.id', 's.kind', 's.project_id', 's.directory', 's.parent_id', 's.title', 's.archived'])
      .where('s.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
      .where('s.id', 'in', ids.slice(i, i + IDS_PER_QUERY))
      .compile();
    for (const r of rows) heads.push({ id: String(r.id), source: String(r.kind) as SessionHead['source'], projectID: String(r.project_id), directory: String(r.directory), ...(r.parent_id !== null && r.parent_id !== undefined ? { parentID: String(r.parent_id) } : {}), title: String(r.title), time: r.archived !== null && r.archived !== undefined ? { archived: Number(r.archived) } : {} });
  }
  return heads;
}

/**
 * `GET /api/stats?scope=team`: this machine's stats over every machine's sources in the team's
 * PostgreSQL (or one machine's or person's), grouped as asked or by machine or person. The sums
 * are one SQL query over the usage rows (each machine published only the sessions it shows, so no
 * ownership query runs over the team), priced and labelled by the same fold as this machine's
 * stats, reading only the sessions the rows name. `prices` must not depend on the session (the
 * team view prices at models.dev's). Subtrees (`roots`, `session`) and agent names need whole
 * session trees: those go through statsPlan, slower on a large team.
 */
export function* teamStatsPlan(q: TeamStatsQuery, prices: StatsInput['prices']): QueryPlan<StatsResult & { scope: 'team' }> {
  let sources = queryBuilder('postgres').selectFrom('source').select(['id', 'machine', 'person']);
  if (q.machine !== undefined) sources = sources.where('machine', '=', q.machine);
  if (q.person !== undefined) sources = sources.where('person', '=', q.person);
  const ids = (yield sources.compile()).map((r) => Number(r.id));
  const s = q.stats;
  if (s.roots || s.session !== undefined || s.agent !== undefined) {
    if (!q.teamGroupBy) return { scope: 'team', ...(yield* statsPlan('postgres', s, { sourceIds: ids, prices })) };
    return { scope: 'team', ...(yield* groupedExactly(q, prices)) };
  }
  const kinds = s.source === undefined ? undefined : SOURCE_KINDS.filter((kind) => matchesSource(kind, s.source!));
  const groupBy = q.teamGroupBy ? 'model' : s.groupBy;
  const split = q.teamGroupBy ? undefined : s.split;
  // Team prices are models.dev's, the same for every session: rows are kept apart by kind or project only to group by them.
  const keepApart = { kind: groupBy === 'source' || split === 'source', project: groupBy === 'project' || split === 'project' };
  const dimensions = usageDimensions(groupBy, split);
  // Without time, agent or a grouping by kind or project, the totals above the session answer (the team view's first figures).
  const summed = dimensions.size === 0 && s.from === undefined && s.to === undefined && !keepApart.kind && !keepApart.project;
  const raw = yield summed ? teamTotalsQuery(ids, q.teamGroupBy, { project: s.project, kinds }) : usageRowsQuery('postgres', ids, dimensions, { from: s.from, to: s.to, project: s.project, kinds }, { owner: q.teamGroupBy, publishedOwned: true, keepApart });
  const rows = raw.map(toUsageRow);
  const sessions = yield* headsOf(ids, [...new Set(rows.map((r) => r.sessionID ?? r.rep))]);
  const projects = yield* sourceProjects('postgres', ids);
  const fold = (some: UsageRow[]) => foldUsageRows(some, { sessions, groupBy, split, timeZone: s.timeZone, prices, projects });
  if (!q.teamGroupBy) return { scope: 'team', ...fold(rows) };
  const byOwner = new Map<string, UsageRow[]>();
  raw.forEach((r, i) => {
    const key = String(r.owner);
    byOwner.set(key, [...(byOwner.get(key) ?? []), rows[i]!]);
  });
  const groups: StatsGroup[] = [...byOwner].map(([key, some]) => ({ key, label: key, figure: fold(some).total }));
  return { scope: 'team', total: fold(rows).total, groups: sortGroups(groups, 'model') };
}

/** By machine or person where a filter needs whole session trees: statsPlan over each one's sources. */
function* groupedExactly(q: TeamStatsQuery, prices: StatsInput['prices']): QueryPlan<StatsResult> {
  let sources = queryBuilder('postgres').selectFrom('source').select(['id', 'machine', 'person']);
  if (q.machine !== undefined) sources = sources.where('machine', '=', q.machine);
  if (q.person !== undefined) sources = sources.where('person', '=', q.person);
  const rows = (yield sources.compile()).map((r) => ({ id: Number(r.id), machine: String(r.machine), person: String(r.person) }));
  const totalsOnly: StatsQuery = { ...q.stats, groupBy: 'model', split: undefined };
  const by = new Map<string, number[]>();
  for (const r of rows) by.set(r[q.teamGroupBy!], [...(by.get(r[q.teamGroupBy!]) ?? []), r.id]);
  const groups: StatsGroup[] = [];
  for (const [key, ids] of by) {
    const figure = (yield* statsPlan('postgres', totalsOnly, { sourceIds: ids, prices })).total;
    if (figure.messages > 0 || figure.storedCost > 0) groups.push({ key, label: key, figure });
  }
  const total = (yield* statsPlan('postgres', totalsOnly, { sourceIds: rows.map((r) => r.id), prices })).total;
  return { total, groups: sortGroups(groups, 'model') };
}
