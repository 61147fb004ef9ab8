import 'server-only';
import { modelKey } from '@/lib/accounting/model-key';
import { isSessionStatus } from '@/lib/status/session-status';
import type { TeamSessionGroup, TeamSessionPage, TeamSessionRow, TeamSessionsQuery } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';
import { afterCursor, decodeTeamCursor, encodeTeamCursor, groupColumn, teamSessionsMatching } from './team-session-filter';

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const sessionKey = (sourceId: unknown, id: unknown) => `${n(sourceId)}\u0000${String(id)}`;

interface PageFigures {
  messages: number;
  cost: number;
  tokens: TeamSessionRow['tokens'];
  models: Set<string>;
  agents: Set<string>;
}

/** The page's sessions' figures, models and agents from their usage rows (one row per model and agent). */
function* pageFigures(shown: readonly Record<string, unknown>[]): QueryPlan<Map<string, PageFigures>> {
  const out = new Map<string, PageFigures>();
  if (shown.length === 0) return out;
  const usage = yield queryBuilder('postgres')
    .selectFrom('usage_rollup as u')
    .select(['u.source_id', 'u.session_id', 'u.provider_id', 'u.model_id', 'u.agent', (eb) => eb.fn.sum('u.messages').as('messages'), (eb) => eb.fn.sum('u.cost').as('cost'), (eb) => eb.fn.sum('u.input').as('input'), (eb) => eb.fn.sum('u.output').as('output'), (eb) => eb.fn.sum('u.reasoning').as('reasoning'), (eb) => eb.fn.sum('u.cache_read').as('cache_read'), (eb) => eb.fn.sum('u.cache_write').as('cache_write')])
    .where('u.source_id', 'in', [...new Set(shown.map((r) => n(r.source_id)))])
    .where('u.session_id', 'in', shown.map((r) => String(r.id)))
    .groupBy(['u.source_id', 'u.session_id', 'u.provider_id', 'u.model_id', 'u.agent'])
    .compile();
  for (const u of usage) {
    const key = sessionKey(u.source_id, u.session_id);
    const f = out.get(key) ?? { messages: 0, cost: 0, tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, models: new Set<string>(), agents: new Set<string>() };
    f.messages += n(u.messages);
    f.cost += n(u.cost);
    f.tokens.input += n(u.input);
    f.tokens.output += n(u.output);
    f.tokens.reasoning += n(u.reasoning);
    f.tokens.cacheRead += n(u.cache_read);
    f.tokens.cacheWrite += n(u.cache_write);
    const model = modelKey({ providerID: (u.provider_id as string | null) ?? undefined, modelID: (u.model_id as string | null) ?? undefined });
    if (model) f.models.add(model);
    if (u.agent) f.agents.add(String(u.agent));
    out.set(key, f);
  }
  return out;
}

/** With `group=`: each person or machine on the page, with its count and spend over every matching session. */
function* pageGroups(f: TeamSessionsQuery, keys: string[]): QueryPlan<TeamSessionGroup[] | undefined> {
  if (!f.group) return undefined;
  if (keys.length === 0) return [];
  const column = groupColumn(f.group);
  const counts = yield teamSessionsMatching(f).select([`${column} as key`, (eb) => eb.fn.countAll().as('sessions')]).where(column, 'in', keys).groupBy(column).compile();
  const costs = yield teamSessionsMatching(f)
    .innerJoin('usage_rollup as u', (join) => join.onRef('u.source_id', '=', 's.source_id').onRef('u.session_id', '=', 's.id'))
    .select([`${column} as key`, (eb) => eb.fn.sum('u.cost').as('cost')])
    .where(column, 'in', keys)
    .groupBy(column)
    .compile();
  const cost = new Map(costs.map((c) => [String(c.key), n(c.cost)]));
  const count = new Map(counts.map((c) => [String(c.key), n(c.sessions)]));
  return keys.map((key) => ({ key, sessions: count.get(key) ?? 0, cost: cost.get(key) ?? 0 }));
}

/**
 * `GET /api/sessions?scope=team`: the team's sessions, most recently active first (within each
 * person or machine with `group=`), each naming its machine and person, paged by keyset. Figures
 * are summed from the usage rows of the page's sessions only: nothing of the team's history is
 * loaded beyond a page.
 */
export function* teamSessionsPlan(f: TeamSessionsQuery): QueryPlan<TeamSessionPage> {
  const after = decodeTeamCursor(f.cursor);
  let page = teamSessionsMatching(f).select(['s.source_id', 's.id', 'src.machine', 'src.person', 's.kind', 's.title', 's.directory', 's.project_id', 's.parent_id', 's.created', 's.updated', 's.archived', 'st.status']);
  if (after) page = page.where(afterCursor(f.group, after));
  if (f.group) page = page.orderBy(groupColumn(f.group), 'asc');
  const rows = yield page.orderBy('s.updated', 'desc').orderBy('s.source_id', 'desc').orderBy('s.id', 'desc').limit(f.limit + 1).compile();
  const shown = rows.slice(0, f.limit);
  const total = n((yield teamSessionsMatching(f).select((eb) => eb.fn.countAll().as('n')).compile())[0]?.n);
  const figures = yield* pageFigures(shown);
  const groupOf = (r: Record<string, unknown>) => String(f.group === 'person' ? r.person : r.machine);
  const groups = yield* pageGroups(f, [...new Set(shown.map(groupOf))]);
  const sessions = shown.map((r): TeamSessionRow => {
    const u = figures.get(sessionKey(r.source_id, r.id));
    return {
      id: String(r.id),
      machine: String(r.machine),
      person: String(r.person),
      source: String(r.kind),
      title: String(r.title),
      directory: String(r.directory),
      projectID: String(r.project_id),
      ...(r.parent_id !== null && r.parent_id !== undefined ? { parentID: String(r.parent_id) } : {}),
      created: n(r.created),
      updated: n(r.updated),
      ...(r.archived !== null && r.archived !== undefined ? { archived: n(r.archived) } : {}),
      ...(isSessionStatus(r.status) ? { status: r.status } : {}),
      messages: u?.messages ?? 0,
      models: [...(u?.models ?? [])].sort(),
      agents: [...(u?.agents ?? [])].sort(),
      cost: u?.cost ?? 0,
      tokens: u?.tokens ?? { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
    };
  });
  const last = rows.length > f.limit ? shown.at(-1) : undefined;
  const nextCursor = last ? encodeTeamCursor({ updated: n(last.updated), sourceId: n(last.source_id), id: String(last.id), ...(f.group ? { group: groupOf(last) } : {}) }) : undefined;
  return { scope: 'team', sessions, total, ...(groups ? { groups } : {}), ...(nextCursor ? { nextCursor } : {}) };
}
