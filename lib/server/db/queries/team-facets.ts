import 'server-only';
import type { TeamFacets } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';

/** The people and machines that published (one `source` row per reader root and machine: a short table). */
export function* teamFacetsPlan(): QueryPlan<TeamFacets> {
  const rows = yield queryBuilder('postgres').selectFrom('source').select(['machine', 'person']).distinct().compile();
  const sorted = (values: Iterable<unknown>) => [...new Set([...values].map(String))].sort();
  return { people: sorted(rows.map((r) => r.person)), machines: sorted(rows.map((r) => r.machine)) };
}
