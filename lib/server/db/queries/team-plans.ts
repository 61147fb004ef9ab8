import 'server-only';
import type { TeamPlanRow, TeamPlansQuery } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';

const n = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));

/** `GET /api/plans?scope=team`: every machine's plans, active works first, then the most recently updated. */
export function* teamPlansPlan(f: TeamPlansQuery): QueryPlan<{ scope: 'team'; plans: TeamPlanRow[] }> {
  let q = queryBuilder('postgres').selectFrom('plan').select(['machine', 'person', 'key', 'project_dir', 'name', 'status', 'active', 'done', 'total', 'started', 'updated', 'session_ids']);
  if (f.machine !== undefined) q = q.where('machine', '=', f.machine);
  if (f.person !== undefined) q = q.where('person', '=', f.person);
  const rows = yield q.orderBy('active', 'desc').orderBy('updated', (o) => o.desc().nullsLast()).orderBy('machine').orderBy('key').limit(f.limit).compile();
  return {
    scope: 'team',
    plans: rows.map((r) => ({
      machine: String(r.machine),
      person: String(r.person),
      key: String(r.key),
      projectDir: String(r.project_dir),
      name: String(r.name),
      ...(r.status ? { status: String(r.status) } : {}),
      active: Number(r.active) === 1,
      ...(n(r.done) !== undefined && n(r.total) !== undefined ? { progress: { done: n(r.done)!, total: n(r.total)! } } : {}),
      ...(n(r.started) ? { started: n(r.started) } : {}),
      ...(n(r.updated) ? { updated: n(r.updated) } : {}),
      sessions: String(r.session_ids ?? '') === '' ? 0 : String(r.session_ids).split(',').length,
    })),
  };
}
