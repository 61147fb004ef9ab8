import 'server-only';
import { sql } from 'kysely';
import type { TeamToolRow, TeamToolsQuery } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** `GET /api/team/tools`: the team's tool calls per tool (most called first), summed in PostgreSQL. */
export function* teamToolsPlan(f: TeamToolsQuery): QueryPlan<{ scope: 'team'; tools: TeamToolRow[] }> {
  let q = queryBuilder('postgres').selectFrom('part as p').innerJoin('source as src', 'src.id', 'p.source_id').where('p.tool', 'is not', null);
  if (f.machine !== undefined) q = q.where('src.machine', '=', f.machine);
  if (f.person !== undefined) q = q.where('src.person', '=', f.person);
  if (f.from !== undefined) q = q.where('p.created', '>=', f.from);
  const rows = yield q
    .select([
      'p.tool',
      (eb) => eb.fn.countAll().as('calls'),
      sql<number>`count(*) filter (where p.status = 'error')`.as('errors'),
      (eb) => eb.fn.sum('p.rejected').as('rejected'),
      sql<number>`count(distinct src.person)`.as('people'),
      sql<number>`coalesce(sum(p.ended - p.created) filter (where p.ended >= p.created), 0)`.as('ms'),
    ])
    .groupBy('p.tool')
    .orderBy('calls', 'desc')
    .orderBy('p.tool')
    .limit(f.limit)
    .compile();
  return { scope: 'team', tools: rows.map((r) => ({ tool: String(r.tool), calls: n(r.calls), errors: n(r.errors), rejected: n(r.rejected), people: n(r.people), ms: n(r.ms) })) };
}
