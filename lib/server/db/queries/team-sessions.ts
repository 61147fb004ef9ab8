import 'server-only';
import { sql } from 'kysely';
import type { TeamSessionPage, TeamSessionRow, TeamSessionsQuery } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';

type Cursor = [updated: number, sourceId: number, id: string];

function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number' && typeof value[2] === 'string') return value as Cursor;
  } catch {
    // A cursor that is not ours starts at the top.
  }
  return undefined;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function filtered(f: TeamSessionsQuery) {
  let q = queryBuilder('postgres').selectFrom('session as s').innerJoin('source as src', 'src.id', 's.source_id');
  if (f.machine !== undefined) q = q.where('src.machine', '=', f.machine);
  if (f.person !== undefined) q = q.where('src.person', '=', f.person);
  if (f.roots) q = q.where('s.parent_id', 'is', null);
  if (f.activeSince !== undefined) q = q.where('s.updated', '>=', f.activeSince);
  if (f.q) q = q.where(sql<boolean>`strpos(lower(s.title), ${f.q.toLowerCase()}) > 0`);
  return q;
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * `GET /api/sessions?scope=team`: the team's sessions, most recently active first, each naming its
 * machine and person, paged by keyset (updated, source, id). Figures are summed from the usage rows
 * of the page's sessions only: nothing of the team's history is loaded beyond a page.
 */
export function* teamSessionsPlan(f: TeamSessionsQuery): QueryPlan<TeamSessionPage> {
  const after = decodeCursor(f.cursor);
  let page = filtered(f).select(['s.source_id', 's.id', 'src.machine', 'src.person', 's.kind', 's.title', 's.directory', 's.project_id', 's.parent_id', 's.created', 's.updated', 's.archived']);
  if (after) page = page.where(sql<boolean>`(s.updated, s.source_id, s.id) < (${after[0]}, ${after[1]}, ${after[2]})`);
  const rows = yield page.orderBy('s.updated', 'desc').orderBy('s.source_id', 'desc').orderBy('s.id', 'desc').limit(f.limit + 1).compile();
  const shown = rows.slice(0, f.limit);
  const total = n((yield filtered(f).select((eb) => eb.fn.countAll().as('n')).compile())[0]?.n);
  const sums = new Map<string, Record<string, unknown>>();
  if (shown.length > 0) {
    const usage = yield queryBuilder('postgres')
      .selectFrom('usage_rollup as u')
      .select(['u.source_id', 'u.session_id', (eb) => eb.fn.sum('u.messages').as('messages'), (eb) => eb.fn.sum('u.cost').as('cost'), (eb) => eb.fn.sum('u.input').as('input'), (eb) => eb.fn.sum('u.output').as('output'), (eb) => eb.fn.sum('u.reasoning').as('reasoning'), (eb) => eb.fn.sum('u.cache_read').as('cache_read'), (eb) => eb.fn.sum('u.cache_write').as('cache_write')])
      .where('u.source_id', 'in', [...new Set(shown.map((r) => n(r.source_id)))])
      .where('u.session_id', 'in', shown.map((r) => String(r.id)))
      .groupBy(['u.source_id', 'u.session_id'])
      .compile();
    for (const u of usage) sums.set(`${n(u.source_id)}\u0000${String(u.session_id)}`, u);
  }
  const sessions = shown.map((r): TeamSessionRow => {
    const u = sums.get(`${n(r.source_id)}\u0000${String(r.id)}`) ?? {};
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
      messages: n(u.messages),
      cost: n(u.cost),
      tokens: { input: n(u.input), output: n(u.output), reasoning: n(u.reasoning), cacheRead: n(u.cache_read), cacheWrite: n(u.cache_write) },
    };
  });
  const last = rows.length > f.limit ? shown.at(-1) : undefined;
  return { scope: 'team', sessions, total, ...(last ? { nextCursor: encodeCursor([n(last.updated), n(last.source_id), String(last.id)]) } : {}) };
}
