import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import { agentOf } from '@/lib/accounting/stats-grouping';
import type { InsightDimension } from '@/lib/insights/insights-query';
import type { CallFigures, StepFigures } from '@/lib/insights/insight-rows';
import type { InsightGroup } from '@/lib/insights/insight-table';
import { queryBuilder, type Engine } from '../builders';
import type { QueryPlan } from '../query-plan';
import { ownedSessions } from './owned-sessions';

/** Filters of the insights: a message's time (`[from, to)`), its session's project and kinds. */
export interface InsightFilters {
  from?: number;
  to?: number;
  project?: string;
  kinds?: readonly string[];
}

/** The messages of owned sessions that pass the filters, with what a grouping reads. */
function filteredMessages(engine: Engine, sourceIds: readonly number[], f: InsightFilters) {
  let query = queryBuilder(engine)
    .with((cte) => cte('owned').materialized(), () => ownedSessions(engine, sourceIds))
    .selectFrom('message as m')
    .innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'm.source_id').onRef('o.id', '=', 'm.session_id'));
  if (f.from !== undefined) query = query.where('m.created', '>=', f.from);
  if (f.to !== undefined) query = query.where('m.created', '<', f.to);
  if (f.project !== undefined) query = query.where('o.project_id', '=', f.project);
  if (f.kinds) query = query.where('o.kind', 'in', f.kinds.length > 0 ? [...f.kinds] : ['']);
  return query;
}

/** Each raw agent value of the filtered messages, with the name groupings give it (lib/accounting/agent-name). */
function* agentKeys(engine: Engine, sourceIds: readonly number[], f: InsightFilters): QueryPlan<Map<string, { key: string; label: string }>> {
  const rows = yield filteredMessages(engine, sourceIds, f).select('m.agent').distinct().where('m.agent', 'is not', null).compile();
  const keys = new Map<string, { key: string; label: string }>();
  for (const row of rows) {
    const raw = String(row.agent);
    const agent = agentOf(raw);
    keys.set(raw, { key: agent?.key ?? '', label: agent?.label ?? '(no agent)' });
  }
  return keys;
}

/** The group key of a message row `m` (a part's tool when grouping by tool). */
function keyOf(dimension: InsightDimension, agents: ReadonlyMap<string, { key: string }>): RawBuilder<string> {
  if (dimension === 'tool') return sql<string>`coalesce(p.tool, '')`;
  if (dimension === 'model') return sql<string>`coalesce(m.provider_id, '') || '/' || coalesce(m.model_id, '')`;
  const cases = [...agents].map(([raw, { key }]) => sql`when m.agent = ${raw} then ${key}`);
  return cases.length > 0 ? sql<string>`case ${sql.join(cases, sql` `)} else '' end` : sql<string>`''`;
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const ms = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));

/**
 * Tool calls per group: counts, failures, and the durations' median and 95th percentile (nearest
 * rank over the calls that record a start and an end, ranked in SQL by a window function).
 */
function* callFigures(engine: Engine, sourceIds: readonly number[], f: InsightFilters, key: RawBuilder<string>): QueryPlan<Map<string, CallFigures>> {
  const calls = filteredMessages(engine, sourceIds, f)
    .innerJoin('part as p', (join) => join.onRef('p.source_id', '=', 'm.source_id').onRef('p.message_id', '=', 'm.id'))
    .where('p.type', '=', 'tool')
    .select([
      key.as('key'),
      'p.status',
      'p.rejected',
      sql<number | null>`case when p.status in ('completed', 'error') and p.ended >= p.created then p.ended - p.created end`.as('ms'),
    ]);
  const counted = yield queryBuilder(engine)
    .selectFrom(calls.as('c'))
    .select([
      'c.key',
      sql<number>`count(*)`.as('calls'),
      sql<number>`sum(case when c.status = 'error' and c.rejected = 0 then 1 else 0 end)`.as('errors'),
      sql<number>`sum(c.rejected)`.as('rejected'),
    ])
    .groupBy('c.key')
    .compile();
  const ranked = queryBuilder(engine)
    .selectFrom(calls.as('c'))
    .where('c.ms', 'is not', null)
    .select(['c.key', 'c.ms', sql<number>`row_number() over (partition by c.key order by c.ms)`.as('rn'), sql<number>`count(*) over (partition by c.key)`.as('n')]);
  // Nearest rank: the ceil(q * n)-th duration, in integer arithmetic both engines share.
  const picked = yield queryBuilder(engine)
    .selectFrom(ranked.as('r'))
    .select([
      'r.key',
      sql<number>`max(r.n)`.as('timed'),
      sql<number>`min(case when r.rn = (50 * r.n + 99) / 100 then r.ms end)`.as('p50'),
      sql<number>`min(case when r.rn = (95 * r.n + 99) / 100 then r.ms end)`.as('p95'),
    ])
    .groupBy('r.key')
    .compile();
  const out = new Map<string, CallFigures>();
  for (const row of counted) out.set(String(row.key), { calls: n(row.calls), errors: n(row.errors), rejected: n(row.rejected), timed: 0 });
  for (const row of picked) {
    const figures = out.get(String(row.key));
    if (!figures) continue;
    figures.timed = n(row.timed);
    figures.p50Ms = ms(row.p50);
    figures.p95Ms = ms(row.p95);
  }
  return out;
}

/** Replies per group: how many, their output tokens, those of the replies that record their end with the time they took, and the median time to first token where recorded. */
function* stepFigures(engine: Engine, sourceIds: readonly number[], f: InsightFilters, key: RawBuilder<string>): QueryPlan<Map<string, StepFigures>> {
  // Grouped outside: PostgreSQL would not take a select and a group by that differ in their parameters' numbers.
  const replies = filteredMessages(engine, sourceIds, f).where('m.role', '=', 'assistant').select([key.as('key'), 'm.output', 'm.created', 'm.completed', 'm.ttft']);
  const rows = yield queryBuilder(engine)
    .selectFrom(replies.as('r'))
    .select([
      'r.key',
      sql<number>`count(*)`.as('steps'),
      sql<number>`sum(r.output)`.as('output'),
      sql<number>`sum(case when r.completed > r.created then r.output else 0 end)`.as('timed_output'),
      sql<number>`sum(case when r.completed > r.created then r.completed - r.created else 0 end)`.as('timed_ms'),
    ])
    .groupBy('r.key')
    .compile();
  const ranked = queryBuilder(engine)
    .selectFrom(replies.as('r'))
    .where('r.ttft', 'is not', null)
    .select(['r.key', 'r.ttft', sql<number>`row_number() over (partition by r.key order by r.ttft)`.as('rn'), sql<number>`count(*) over (partition by r.key)`.as('n')]);
  const ttft = yield queryBuilder(engine)
    .selectFrom(ranked.as('t'))
    .select(['t.key', sql<number>`max(t.n)`.as('n'), sql<number>`min(case when t.rn = (50 * t.n + 99) / 100 then t.ttft end)`.as('p50')])
    .groupBy('t.key')
    .compile();
  const out = new Map<string, StepFigures>(rows.map((row) => [String(row.key), { steps: n(row.steps), output: n(row.output), timedOutput: n(row.timed_output), timedMs: n(row.timed_ms) }]));
  for (const row of ttft) {
    const figures = out.get(String(row.key));
    if (!figures) continue;
    figures.ttftCount = n(row.n);
    figures.ttftP50Ms = ms(row.p50);
  }
  return out;
}

/** Per tool: calls, failures, durations; per model or agent: replies, output speed, and the calls they made. */
export function* insightsPlan(engine: Engine, dimension: InsightDimension, sourceIds: readonly number[], f: InsightFilters): QueryPlan<InsightGroup[]> {
  const agents = dimension === 'agent' ? yield* agentKeys(engine, sourceIds, f) : new Map<string, { key: string; label: string }>();
  const key = keyOf(dimension, agents);
  const calls = yield* callFigures(engine, sourceIds, f, key);
  const steps = dimension === 'tool' ? new Map<string, StepFigures>() : yield* stepFigures(engine, sourceIds, f, key);
  const labels = new Map([...agents.values()].map((a) => [a.key, a.label]));
  const keys = new Set([...calls.keys(), ...steps.keys()]);
  return [...keys].map((k) => ({ key: k, label: labelOf(dimension, k, labels), calls: calls.get(k), steps: steps.get(k) }));
}

function labelOf(dimension: InsightDimension, key: string, agents: ReadonlyMap<string, string>): string {
  if (dimension === 'tool') return key || '(unnamed tool)';
  if (dimension === 'agent') return agents.get(key) ?? '(no agent)';
  const slash = key.indexOf('/');
  const provider = key.slice(0, slash);
  const model = key.slice(slash + 1);
  return `${model || '(unknown model)'} (${provider || 'unknown provider'})`;
}
