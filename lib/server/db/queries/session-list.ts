import 'server-only';
import type { GroupedSession } from '@/lib/accounting/stats-grouping';
import type { Project } from '@/lib/model/project';
import type { SourceKind } from '@/lib/model/source';
import { queryBuilder, type Engine } from '../builders';
import type { QueryPlan } from '../query-plan';
import { ownedSessions } from './owned-sessions';

export type SessionHead = GroupedSession & { time: { archived?: number } };

const HEAD_COLUMNS = ['s.id', 's.kind', 's.project_id', 's.directory', 's.parent_id', 's.title', 's.archived'] as const;

function headsQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine)
    .with((cte) => cte('owned').materialized(), () => ownedSessions(engine, sourceIds))
    .selectFrom('owned as o')
    .innerJoin('session as s', (join) => join.onRef('s.source_id', '=', 'o.source_id').onRef('s.id', '=', 'o.id'))
    .select(HEAD_COLUMNS)
    .compile();
}

/** One id's session from the source that owns it (the highest priority, then the first registered). */
function headQuery(engine: Engine, sourceIds: readonly number[], id: string) {
  return queryBuilder(engine)
    .selectFrom('session as s')
    .innerJoin('source as src', 'src.id', 's.source_id')
    .select(HEAD_COLUMNS)
    .where('s.id', '=', id)
    .where('s.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
    .orderBy('src.priority', 'desc')
    .orderBy('src.id')
    .limit(1)
    .compile();
}

function toHead(r: Record<string, unknown>): SessionHead {
  return {
    id: String(r.id),
    source: String(r.kind) as SourceKind,
    projectID: String(r.project_id),
    directory: String(r.directory),
    ...(r.parent_id !== null && r.parent_id !== undefined ? { parentID: String(r.parent_id) } : {}),
    title: String(r.title),
    time: r.archived !== null && r.archived !== undefined ? { archived: Number(r.archived) } : {},
  };
}

/** The sessions shown (one per id, see owned-sessions.ts) with what stats label and group them by. */
export function* sessionHeads(engine: Engine, sourceIds: readonly number[]): QueryPlan<SessionHead[]> {
  return (yield headsQuery(engine, sourceIds)).map(toHead);
}

export function* sessionHead(engine: Engine, sourceIds: readonly number[], id: string): QueryPlan<SessionHead | undefined> {
  const row = (yield headQuery(engine, sourceIds, id))[0];
  return row && toHead(row);
}

/** The projects of the sources, a higher-priority source's record winning (as the store merges them). */
export function* sourceProjects(engine: Engine, sourceIds: readonly number[]): QueryPlan<Pick<Project, 'id' | 'name' | 'worktree'>[]> {
  const rows = yield queryBuilder(engine)
    .selectFrom('project as p')
    .innerJoin('source as src', 'src.id', 'p.source_id')
    .select(['p.id', 'p.name', 'p.worktree'])
    .where('p.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
    .orderBy('src.priority')
    .orderBy('src.id')
    .compile();
  const byId = new Map<string, Pick<Project, 'id' | 'name' | 'worktree'>>();
  for (const r of rows) byId.set(String(r.id), { id: String(r.id), worktree: String(r.worktree), ...(r.name !== null && r.name !== undefined ? { name: String(r.name) } : {}) });
  return [...byId.values()];
}
