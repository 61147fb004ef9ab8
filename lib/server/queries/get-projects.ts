import 'server-only';
import type { Project } from '@/lib/model/project';
import type { SourceKind } from '@/lib/model/source';
import { projectFiguresPlan } from '../db/queries/session-summaries';
import { runSync } from '../db/query-plan';
import type { Store } from '../store/store';

export interface ProjectSummary extends Project {
  sessionCount: number;
  rootSessionCount: number;
  cost: number;
  lastActivity?: number;
}

/** Projects with session counts and cost (summed by the session database); sessions naming an unknown project still get one. */
export function getProjects(store: Store): ProjectSummary[] {
  const known = new Map(store.projects().map((p) => [p.id, p]));
  const out = new Map<string, ProjectSummary>();
  for (const f of store.summaryQuery((db, sourceIds) => runSync(db, projectFiguresPlan('sqlite', sourceIds))) ?? []) {
    const project = known.get(f.projectID) ?? { id: f.projectID, worktree: f.directory, source: f.kind as SourceKind };
    out.set(f.projectID, { ...project, sessionCount: f.sessions, rootSessionCount: f.roots, cost: f.cost, lastActivity: f.lastActivity });
  }
  for (const project of known.values()) if (!out.has(project.id)) out.set(project.id, { ...project, sessionCount: 0, rootSessionCount: 0, cost: 0 });
  return [...out.values()].sort((a, b) => (b.lastActivity ?? 0) - (a.lastActivity ?? 0));
}
