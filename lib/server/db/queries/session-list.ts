import 'server-only';
import type { Project } from '@/lib/model/project';
import type { SourceKind } from '@/lib/model/source';
import { queryBuilder } from '../builders';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { ownedSessions } from './owned-sessions';

import type { GroupedSession } from '@/lib/accounting/stats-grouping';

type SessionHead = GroupedSession & { time: { archived?: number } };

function headsQuery(sourceIds: readonly number[], id?: string) {
  const k = queryBuilder('sqlite');
  let query = k
    .with('owned', () => ownedSessions('sqlite', sourceIds))
    .selectFrom('owned as o')
    .innerJoin('session as s', (join) => join.onRef('s.source_id', '=', 'o.source_id').onRef('s.id', '=', 'o.id'))
    .select(['s.id', 's.kind', 's.project_id', 's.directory', 's.parent_id', 's.title', 's.archived']);
  if (id !== undefined) query = query.where('o.id', '=', id);
  return query.compile();
}

/** The sessions shown (one per id, see owned-sessions.ts) with what stats label and group them by. */
export function sessionHeads(db: SqliteSessionDb, sourceIds: readonly number[]): SessionHead[] {
  return db.all(headsQuery(sourceIds)).map(toHead);
}

export function sessionHead(db: SqliteSessionDb, sourceIds: readonly number[], id: string): SessionHead | undefined {
  const row = db.all(headsQuery(sourceIds, id))[0];
  return row && toHead(row);
}

function toHead(r: { id: string; kind: string; project_id: string; directory: string; parent_id: string | null; title: string; archived: number | null }): SessionHead {
  return {
    id: r.id,
    source: r.kind as SourceKind,
    projectID: r.project_id,
    directory: r.directory,
    ...(r.parent_id !== null ? { parentID: r.parent_id } : {}),
    title: r.title,
    time: r.archived !== null ? { archived: Number(r.archived) } : {},
  };
}

/** The projects of the sources, a higher-priority source's record winning (as the store merges them). */
export function sourceProjects(db: SqliteSessionDb, sourceIds: readonly number[]): Pick<Project, 'id' | 'name' | 'worktree'>[] {
  const k = queryBuilder('sqlite');
  const rows = db.all(
    k
      .selectFrom('project as p')
      .innerJoin('source as src', 'src.id', 'p.source_id')
      .select(['p.id', 'p.name', 'p.worktree'])
      .where('p.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
      .orderBy('src.priority')
      .orderBy('src.id')
      .compile(),
  );
  const byId = new Map<string, Pick<Project, 'id' | 'name' | 'worktree'>>();
  for (const r of rows) byId.set(r.id, { id: r.id, worktree: r.worktree, ...(r.name !== null ? { name: r.name } : {}) });
  return [...byId.values()];
}
